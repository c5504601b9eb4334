/**
 * Several figures of the same rows in one question, listed rather than asked one by one: "Cardiff, Swansea and
 * Newport: total premises, FF %, % reached by any altnet, and Virgin Media %", "Bottom 10 councils on gigabit
 * coverage, with their FF coverage and how many networks are present in each", "FF %, gigabit % and number of
 * altnets for Leeds, Bristol and Cardiff". One plan holds one measure, so the whole question's best reading keeps
 * one figure and leaves the others unused (or merges two of them into one condition).
 *
 * The list is split into its items. The item that carries the rows (a place, a grouping, a ranking) is the lead,
 * read with the words around the list that say which rows and when; every other figure is read on its own and
 * completed from the lead (its places, its grouping, its time), and the figures answer side by side in one table
 * (compile/alongside.ts), ranked as the lead is.
 */
import { buildQuery } from '../compile/sql-builder.js';
import { GEO_DIMENSIONS, NETWORK_DIMENSIONS, type Plan } from '../semantic/plan.js';
import type { Lexicon } from './lexicon.js';
import type { TagRole } from './reading-types.js';
import { type Tagging, tagQuestion } from './tagger.js';
import type { TimeContext } from './time-phrases.js';
import { completeFromFirst } from './two-figures.js';

type Understand = (
  question: string,
) =>
  | { kind: 'data'; plan: Plan; confidence: number; tagging?: Tagging }
  | { kind: 'system_info' | 'unsupported'; confidence: number };

/**
 * Where one item of a list ends: a comma, a semicolon or a colon, "and", "plus", "with their", "alongside". (Lists
 * of places or networks are split too, and joined again below.)
 */
const ITEM_BREAK =
  /\s*[,;:]\s*(?:and\s+|plus\s+|&\s+)?(?:with\s+)?|\s+plus\s+(?=each\b)|\s+(?:and|plus|&)\s+(?:also\s+)?(?:with\s+)?|\s+(?:with|alongside|next to|as well as)\s+(?=(?:their|its|each(?: [a-z]+)?['’]s)\s)|\s+[-–—]\s+/gi;

/** Words that only say how the answer should look: no figure, no rows. */
const LAYOUT =
  /^(?:(?:pls|please|thanks|ta)\b.*|(?:in )?(?:one|a) (?:row|line|table) (?:per|for each|for every|each) .*|side by side|(?:as )?(?:a )?table|(?:as )?columns?|cols?|biggest first|smallest first|highest first|lowest first|in that order|latest snapshot|(?:at )?(?:the )?latest(?: (?:one|snapshot|data|position))?|today|now|currently)$/i;

const ROW_ROLES = new Set<TagRole>(['place', 'dimension', 'ranking']);

interface Item {
  text: string;
  tagging: Tagging;
  /** It names a figure: a measure, a technology or condition, a count. */
  figure: boolean;
  /** It names the rows: a place, a grouping, a ranking. */
  rows: boolean;
  /** Only names (places, networks): part of a list of names the split cut up. */
  namesOnly: boolean;
  /** The words before the list's colon. */
  leadIn?: boolean;
}

function describe(text: string, lexicon: Lexicon, ctx: TimeContext): Item {
  const tagging = tagQuestion(text, lexicon, ctx);
  const roles = tagging.tags.map((t) => t.role).filter((r) => r !== 'grammar');
  const figure =
    roles.some((r) => r === 'measure' || r === 'technology' || r === 'filter') ||
    tagging.tags.some((t) => t.role === 'shape' && t.value === 'count') ||
    /%|\bpct\b|\bhow many\b|\bnumber of\b/i.test(text);
  return {
    text,
    tagging,
    figure,
    rows: roles.some((r) => ROW_ROLES.has(r)),
    namesOnly: roles.length > 0 && roles.every((r) => r === 'place' || r === 'network' || r === 'operator'),
  };
}

const NAME_ROLES: ReadonlySet<string> = new Set(['place', 'network', 'operator']);

/** The item ends with a name: a list of names may go on in the next item. */
function endsWithNames(item: Item): boolean {
  const last = item.tagging.tags.filter((t) => t.role !== 'grammar').at(-1);
  return (
    item.namesOnly ||
    (last !== undefined && NAME_ROLES.has(last.role) && last.end >= item.tagging.text.trimEnd().length)
  );
}

/** The question's items, with the lists of names the split cut up joined again ("Leeds, Bristol and Cardiff"). */
function itemsOf(question: string, lexicon: Lexicon, ctx: TimeContext): Item[] {
  // "Competitor snapshot for Bristol and Cardiff: ...", "Scottish councils with the biggest gaps: top 10 by ...": the
  // words before the list's colon say which rows (a title's figure words are no figure of their own).
  const colon = /:\s|\s[-–—]\s/.exec(question);
  const leadIn = colon && colon.index < question.length * 0.6 ? question.slice(0, colon.index).trim() : '';
  const items: Item[] = [];
  if (leadIn) {
    items.push({ ...describe(leadIn, lexicon, ctx), figure: false, leadIn: true });
    question = question.slice(colon!.index + colon![0].length);
  }
  const pieces: string[] = [];
  let from = 0;
  // Nothing inside brackets ends an item: "(1, 2, 3 and so on)" is one aside.
  const depth = (at: number) => {
    const before = question.slice(0, at);
    return (before.match(/\(/g) ?? []).length - (before.match(/\)/g) ?? []).length;
  };
  for (const match of question.matchAll(ITEM_BREAK)) {
    if (depth(match.index ?? 0) > 0) continue;
    pieces.push(question.slice(from, match.index));
    from = (match.index ?? 0) + match[0].length;
  }
  pieces.push(question.slice(from));
  for (const piece of pieces.map((p) => p.trim().replace(/[?.!]+$/, ''))) {
    if (!piece) continue;
    const item = describe(piece, lexicon, ctx);
    const previous = items.length > (leadIn ? 1 : 0) ? items.at(-1) : undefined;
    // A name after an item that ends with names ("for Leeds", "Bristol") continues that list, as does an item that
    // opens with one ("in each of London, the North West and the South East by premises").
    const opensWithName = NAME_ROLES.has(item.tagging.tags.find((t) => t.role !== 'grammar')?.role ?? '');
    if (previous && (item.namesOnly || opensWithName) && endsWithNames(previous)) {
      items[items.length - 1] = describe(`${previous.text}, ${piece}`, lexicon, ctx);
      continue;
    }
    items.push(item);
  }
  return items;
}

/**
 * An item's words without those that point at the lead's rows ("how many networks are present in each", "their FF
 * coverage", "which altnet is biggest there"): the rows are the lead's.
 */
function ofEachRow(text: string): string {
  return (
    text
      .replace(/^(?:their|its|each(?: [a-z]+)?['’]s|the)\s+/i, '')
      .replace(
        /\s+(?:(?:in|for|of|at|on|per)\s+)?(?:each|every)(?:\s+(?:one|council|area|la|region|nation|authority|place|city|town|district|postcode area))?\s*$/i,
        '',
      )
      .replace(/\s+there\b/i, '')
      .replace(/\s+(?:alongside|beside (?:it|them)|next to (?:it|them)|as well|too)\s*$/i, '')
      .trim() || text
  );
}

/**
 * Reads a list of figures of the same rows, or returns null when the question is not one (fewer than two figures
 * listed, an item that is no data question, or figures that cannot share one table).
 */
export function readFigureList(
  question: string,
  lexicon: Lexicon,
  ctx: TimeContext,
  understand: Understand,
): { plan: Plan; confidence: number } | null {
  const items = itemsOf(question, lexicon, ctx);
  // "..., defined as 500 Mbps or more", "break them down by ...": an item that defines or points back at another is
  // part of one figure, not a figure of its own.
  if (
    items.some(
      (i, k) =>
        k > 0 &&
        /^(?:defined as|i\.?e\.?|meaning|that is|(?:measured|counted|expressed|weighted|calculated|based) (?:in|as|by|on))\b|\b(?:them|those|these|they|that figure)\b/i.test(
          i.text,
        ),
    )
  )
    return null;
  const figures = items.filter((i) => i.figure && !LAYOUT.test(i.text));
  if (figures.length < 2) return null;
  // Two figures joined by a plain "and" ("postcodes with Virgin Media and at least one altnet") are one figure's
  // conditions more often than two figures: a list is written with commas, a colon, or three items.
  if (figures.length === 2 && !/[,;:]|\s[-–—]\s|\b(?:with|plus) (?:their|its|each)\b/i.test(question))
    return null;
  // "Across the ten largest councils by premises, what is Virgin Media's coverage in each?": one question with the
  // rows said first, not two figures.
  if (figures.length === 2 && figures.some((f) => /^(?:what|which|how|where|who)\b/i.test(f.text)))
    return null;
  // The rows: the figure said with them, else the first figure said with the items that name them.
  const lead =
    figures.find((f) => f.tagging.tags.some((t) => t.role === 'ranking')) ??
    figures.find((f) => f.tagging.tags.some((t) => t.role === 'place' || t.role === 'dimension')) ??
    figures.find((f) => f.rows) ??
    figures[0]!;
  const context = items.filter((i) => !i.figure && !LAYOUT.test(i.text));
  const [opening, ...rest] = items.filter((i) => i === lead || context.includes(i));
  // A lead-in keeps its colon: the words of a title before it need no role of their own.
  const leadText =
    opening?.leadIn && rest.length
      ? `${opening.text}: ${rest.map((i) => i.text).join(', ')}`
      : [opening, ...rest].map((i) => i!.text).join(', ');
  const first = understand(leadText);
  if (first.kind !== 'data' || first.confidence < 0.5) return null;
  const leadPlan = first.plan;
  // Ranks within groups keep several rows per group: no other figure can be looked up for them.
  if (
    leadPlan.alongside?.length ||
    leadPlan.rankWithin ||
    (leadPlan.leaderPerDimension && (leadPlan.limit ?? 1) > 1)
  )
    return null;
  const inOrder: Plan[] = [];
  let confidence = first.confidence;
  for (const item of figures) {
    if (item === lead) {
      inOrder.push(leadPlan);
      continue;
    }
    const words = ofEachRow(item.text);
    const read = understand(words);
    if (read.kind !== 'data' || read.confidence < 0.5) return null;
    const plan = completeFromFirst(
      { plan: read.plan, confidence: read.confidence, tagging: read.tagging },
      leadPlan,
      words,
    );
    // A count of networks says which networks it counts ("how many networks (any tech)" counts every one, whatever
    // the lead's technology); another figure that names no subject is of the lead's ("postcodes passed" by the
    // networks the lead names). The places and the time are the lead's.
    if (plan.measure === 'operator_count') plan.subject = structuredClone(read.plan.subject);
    // "..., with coverage %": the lead's own share, which its answer shows beside its count.
    if (
      plan.measure === 'coverage_pct' &&
      leadPlan.measure === 'premises' &&
      // A leading network's share is of its own premises, not the share asked.
      !leadPlan.leaderPerDimension &&
      !(leadPlan.dimension && NETWORK_DIMENSIONS.has(leadPlan.dimension) && leadPlan.limit) &&
      JSON.stringify(plan.subject) === JSON.stringify(leadPlan.subject) &&
      JSON.stringify(plan.geo) === JSON.stringify(leadPlan.geo)
    )
      continue;
    // "Worst 10 LAs for gigabit: gigabit %, FF % and premises": the lead's own figure, or a count its answer shows
    // beside its share (premises passed, all premises, postcodes), is no further column.
    const sameRows = (['subject', 'geo', 'time', 'urbanRural', 'within'] as const).every(
      (key) => JSON.stringify(plan[key]) === JSON.stringify(leadPlan[key]),
    );
    if (
      sameRows &&
      !leadPlan.leaderPerDimension &&
      (plan.measure === leadPlan.measure ||
        (leadPlan.measure === 'coverage_pct' &&
          (plan.measure === 'premises' || plan.measure === 'postcodes')))
    )
      continue;
    // "Which altnet is biggest there": the leading network of each of the lead's rows.
    const leader =
      plan.limit === 1 &&
      plan.dimension !== undefined &&
      NETWORK_DIMENSIONS.has(plan.dimension) &&
      leadPlan.dimension !== undefined &&
      GEO_DIMENSIONS.has(leadPlan.dimension);
    if (leader) {
      plan.leaderPerDimension = true;
      plan.dimension = leadPlan.dimension;
    }
    // Each figure for each of the lead's rows: its grouping and places, never a ranking of its own.
    if (leadPlan.dimension && !plan.dimension) plan.dimension = leadPlan.dimension;
    if (plan.dimension !== leadPlan.dimension) return null;
    delete plan.order;
    delete plan.limit;
    delete plan.alongside;
    inOrder.push(plan);
    confidence = Math.min(confidence, read.confidence);
  }
  // The figures in the order asked, unless the lead ranks and keeps its rows (its ranking is the table's).
  const [main, ...parts] = leadPlan.limit ? [leadPlan, ...inOrder.filter((p) => p !== leadPlan)] : inOrder;
  if (!parts.length) return null;
  // "FF %, gigabit %, SFBB % per nation and UK total": the UK row said with one figure is a row of the whole table.
  const ukRow = inOrder.some((p) => p.withUk && !p.geo);
  for (const part of parts) delete part.withUk;
  const plan: Plan = {
    ...structuredClone(main!),
    ...(ukRow ? { withUk: true } : {}),
    alongside: parts,
    // Each figure's unused words once, whichever figure leads the table.
    unknowns: [...new Set(inOrder.flatMap((p) => p.unknowns))],
    assumptions: [
      ...leadPlan.assumptions,
      `read as a list of ${figures.length} figures of the same rows: ${figures.map((f) => `"${f.text}"`).join(', ')}`,
    ],
  };
  try {
    buildQuery(plan, ctx);
  } catch {
    return null;
  }
  // Read in pieces: a little less sure than any piece.
  return { plan, confidence: Number(Math.max(0.15, confidence - 0.05).toFixed(2)) };
}
