/**
 * A question with its slot values replaced by slot types, read by the built-in reading's tagger (the names come
 * from the warehouse through the lexicon, the dates from the time parser; nothing here lists a place): "Full
 * fibre coverage in Leeds?" and "full fibre coverage in Bristol" both become `#technology:full_fibre... <place>`.
 * Words the tagger gives another role are written as that role and value, so synonyms read alike ("FTTP" and
 * "full fibre"); untagged words stay as written, lower case, without punctuation.
 *
 * `fillPlan` moves a verified plan to a new question of the same slots: each slot value of the verified question
 * is replaced, where the plan holds it, by the value in the same position of the new question. A value that
 * differs but that the plan does not hold means the plan is not a template for that slot: no plan is filled.
 */
import { SEGMENTS } from '@qa/warehouse';
import type { AnalystKnowledge } from '../reading/builtin-analyst.js';
import { normaliseQuestion } from '../reading/lexicon.js';
import type { Tag } from '../reading/reading-types.js';
import { spellOutTimeUnits, tagQuestion } from '../reading/tagger.js';
import { parseTime } from '../reading/time-phrases.js';
import { FUNCTION_WORDS } from '../reading/vocabulary.js';
import type { GeoColumn, Plan, Tech, TimeSpec } from '../semantic/plan.js';
import { DATE_FIELDS, SLOT, type SlotType } from './plan-shape.js';

export interface Slot {
  type: SlotType;
  /** What the tagger read: a place value (`la_name:Leeds`, `uk`), a network or operator, a technology, a date. */
  value: string;
  /** The words of the question it covers. */
  text: string;
  /** For network slots: whether it names a network (operator group) or a retail operator. */
  role?: 'network' | 'operator';
}

export interface SlottedQuestion {
  /** Its terms in order: words, tags as `#role:value`, and slot types. */
  terms: string[];
  slots: Slot[];
  /** The dates the question said, read by the time parser (for filling date slots). */
  time: TimeSpec;
}

/** Technologies that are slots (one value of `Plan.subject.tech`); other technology words are terms. */
const TECH_OF: Record<string, Tech> = Object.fromEntries(
  ['full_fibre', 'fttc', 'adsl', 'cable', 'fwa'].map((id) => [id, SEGMENTS[id as 'fttc'].tech as Tech]),
);

const MONTH_OR_DIGIT = /\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/;

function slotOf(tag: Tag): Slot | null {
  switch (tag.role) {
    case 'place':
      return { type: 'place', value: tag.value, text: tag.text };
    case 'network':
    case 'operator':
      return { type: 'network', value: tag.value, text: tag.text, role: tag.role };
    case 'technology': {
      const tech = TECH_OF[tag.value];
      return tech ? { type: 'technology', value: tech, text: tag.text } : null;
    }
    case 'time':
      // A date ("in 2024", "last 6 months", "since March") is a slot; "month by month" is a term.
      return MONTH_OR_DIGIT.test(tag.text) ? { type: 'date', value: tag.text, text: tag.text } : null;
    default:
      return null;
  }
}

export function slotQuestion(question: string, knowledge: AnalystKnowledge): SlottedQuestion {
  const tagging = tagQuestion(question, knowledge.lexicon, knowledge.time);
  const terms: string[] = [];
  const slots: Slot[] = [];
  const tags = [...tagging.tags].sort((a, b) => a.start - b.start);
  let next = 0;
  for (const token of tagging.tokens) {
    if (token.start < next) continue;
    const tag = tags.find((t) => t.start <= token.start && t.end > token.start && t.end > t.start);
    if (!tag) {
      terms.push(token.text.replace(/[.']+$/, ''));
      continue;
    }
    next = tag.end;
    const slot = slotOf(tag);
    if (slot) {
      slots.push(slot);
      terms.push(SLOT[slot.type]);
    } else if (tag.role === 'grammar') {
      terms.push(tag.text);
    } else {
      terms.push(`#${tag.role}:${tag.value}`);
    }
  }
  // Tags without words of their own ("%" read as a share) count too.
  for (const tag of tags) if (tag.start === tag.end) terms.push(`#${tag.role}:${tag.value}`);
  const text = normaliseQuestion(question);
  const time = parseTime(` ${spellOutTimeUnits(text)} `, knowledge.time).time;
  return { terms, slots, time };
}

/** The terms that carry meaning (function words left out), for comparing two questions. */
export function contentTerms(terms: readonly string[]): string[] {
  return terms.filter((term) => term.length > 0 && !FUNCTION_WORDS.has(term));
}

/** The slot types in order, e.g. `<technology> <place>`. */
export function slotSignature(slotted: SlottedQuestion): string {
  return slotted.slots.map((s) => SLOT[s.type]).join(' ');
}

function placeOf(value: string): { column: GeoColumn; values: string[] } | 'uk' | null {
  if (value === 'uk') return 'uk';
  const at = value.indexOf(':');
  if (at < 0) return null;
  return { column: value.slice(0, at) as GeoColumn, values: value.slice(at + 1).split('|') };
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** Replaces one string by another wherever a network, operator or technology can stand in the plan. */
function replaceName(plan: Plan, from: string, to: string, kind: 'network' | 'technology'): boolean {
  let replaced = false;
  const swap = (value: string) => {
    if (value !== from) return value;
    replaced = true;
    return to;
  };
  const s = plan.subject;
  if (kind === 'network') {
    if (s.operatorGroups) s.operatorGroups = s.operatorGroups.map(swap);
    if (s.allGroups) s.allGroups = s.allGroups.map(swap);
    if (s.operators) s.operators = s.operators.map(swap);
    if (s.soleGroup) s.soleGroup = swap(s.soleGroup);
    if (s.groupTech) {
      s.groupTech = Object.fromEntries(
        Object.entries(s.groupTech).map(([group, tech]) => [swap(group), tech]),
      );
    }
    if (plan.takeUp?.operators) plan.takeUp.operators = plan.takeUp.operators.map(swap);
    if (plan.takeUp?.shareOf) plan.takeUp.shareOf = swap(plan.takeUp.shareOf);
  } else {
    if (s.tech) s.tech = swap(s.tech) as Tech;
    if (s.groupTech) {
      s.groupTech = Object.fromEntries(
        Object.entries(s.groupTech).map(([group, tech]) => [group, swap(tech) as Tech]),
      );
    }
  }
  return replaced;
}

function replacePlace(plan: Plan, from: Slot, to: Slot): boolean {
  const old = placeOf(from.value);
  const next = placeOf(to.value);
  if (!old || !next) return false;
  // The plan must hold the question's place; by its name, not its level: Scotland, Wales and Northern Ireland are
  // nations and, in the warehouse, regions too, and a reviewer may have put the tagger's region at the nation level.
  if (old === 'uk' ? plan.geo !== undefined : !plan.geo || !sameValues(plan.geo.values, old.values))
    return false;
  if (next === 'uk') delete plan.geo;
  else
    plan.geo = {
      column: next.column,
      values: next.values,
      ...(next.values.length > 1 ? { label: to.text } : {}),
    };
  return true;
}

function replaceDates(plan: Plan, from: TimeSpec, to: TimeSpec): boolean {
  const time: Record<string, unknown> = { ...plan.time };
  let replaced = false;
  for (const field of DATE_FIELDS) {
    if (from[field] !== undefined && time[field] === from[field]) {
      delete time[field];
      replaced = true;
    }
  }
  if (!replaced) return false;
  for (const field of DATE_FIELDS) if (to[field] !== undefined) time[field] = to[field];
  if (to.phrase) time.phrase = to.phrase;
  else delete time.phrase;
  plan.time = time as TimeSpec;
  return true;
}

/**
 * The verified plan with the new question's slot values, or null when the slots do not line up (another number
 * or order of slot types) or a value that differs is not one the plan holds.
 */
export function fillPlan(verified: Plan, from: SlottedQuestion, to: SlottedQuestion): Plan | null {
  if (slotSignature(from) !== slotSignature(to)) return null;
  const plan = structuredClone(verified);
  let datesDone = false;
  for (const [index, old] of from.slots.entries()) {
    const next = to.slots[index];
    if (!next) return null;
    if (old.value.toLowerCase() === next.value.toLowerCase()) continue;
    switch (old.type) {
      case 'place':
        if (!replacePlace(plan, old, next)) return null;
        break;
      case 'network':
        if (old.role !== next.role || !replaceName(plan, old.value, next.value, 'network')) return null;
        break;
      case 'technology':
        if (!replaceName(plan, old.value, next.value, 'technology')) return null;
        break;
      case 'date':
        // Every date of the question is read together by the time parser, so they are replaced together.
        if (datesDone) break;
        if (!replaceDates(plan, from.time, to.time)) return null;
        datesDone = true;
        break;
    }
  }
  return plan;
}
