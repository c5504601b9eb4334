/**
 * Follow-up questions in a conversation: "which of those has the lowest coverage?", "now the same for gigabit",
 * "and in Bristol?", "show that as a line chart". A follow-up is read against the previous turn's plan: what
 * the new message states (a place, a subject, a measure, a time, a grouping, a ranking) replaces that part of
 * the previous plan, and everything it does not state is carried over. The merge works on plans, never on
 * sentences, so the SQL, the interpretation and the analysis all follow the merged plan; and it says what it
 * carried ("Same as before, for Bristol"), so the reader can see which question was answered.
 */

import { offering, provider } from '../compile/interpret.js';
import { type Dimension, type GeoColumn, type Measure, PLACE_COLUMNS, type Plan } from '../semantic/plan.js';
import type { EntityMatch, Lexicon } from './lexicon.js';
import { parseTime, type TimeContext } from './time-phrases.js';

/** What a turn leaves for the next one: its plan and what it showed. Stored with the chat turn. */
export interface TurnContext {
  /** The plan the turn was answered from. */
  plan: Plan;
  /** The places (or other groups) the answer listed, in order: what "those" refers to next. */
  shown?: string[];
}

export interface FollowUpReading {
  plan: Plan;
  /** What was carried over and what changed, in words ("Same as before, for Bristol"). */
  carried: string;
}

/**
 * Words that point back at the previous answer. Plain "that" and "it" are too common in whole questions
 * ("premises that cannot get ...") to count on their own; they count after a verb of showing or before "as".
 */
const REFERENCE =
  /\b(?:those|these|them)\b|\bthe same\b|\bsame (?:for|but|again|as before|thing)\b|\binstead\b|^\s*(?:and|now|also|then|ok(?:ay)?|so|what about|how about|same)\b|\b(?:show|draw|plot|chart|map|make|put|turn|display|graph) (?:that|this|it)\b|\b(?:that|this|it) (?:as|on|in) (?:a |an )?(?:bar |line |pie |stacked )?(?:chart|graph|map|plot|table)\b/;

/** A technology, a speed, a kind of network: the subject of the question. */
const SUBJECT_WORDS =
  /\b(?:full[- ]?fib(?:re|er)|fttp|ftth|fttc|vdsl|superfast|adsl|copper|fwa|fixed wireless|wireless|cable|docsis|gigabit|gig[- ]capable|symmetric(?:al)?|alt[- ]?nets?|alternative networks?|independent networks?|overbuil[dt]|\d+\s*(?:mbps|mbit|mb\/s|gbps|gbit|meg)|networks? (?:each|competing)|competing networks?)\b/;
/** What is counted or computed. */
const MEASURE_WORDS =
  /%|\b(?:coverage|covered|share|percent(?:age)?|proportion|premises|homes|properties|postcodes|households|population|how many|number of|count|speeds?|growth|grew|gain(?:ed|s)?|added|change[ds]?|increase[ds]?|attractiveness|deprivation|lines|take[- ]?up)\b/;
const RANKING_WORDS =
  /\b(?:lowest|highest|most|least|fewest|top|bottom|best|worst|biggest|largest|smallest|rank(?:ed|ing)?|ascending|descending)\b/;
/** "which of those has ...", "which one is ...": one answer is wanted. */
const ONE_OF_THEM =
  /\b(?:which|what) (?:one|(?:\w+ )?of (?:those|these|them)(?: \w+)?) (?:has|is|had|was|gets|got|offers|comes)\b|\bthe (?:single )?(?:lowest|highest|best|worst|biggest|largest|smallest) one\b/;
const THOSE = /\b(?:those|these|them)\b/;
const DRAWING_WORDS =
  /^"(?:charts?|graphs?|maps?|plot(?:ted)?|line|bar|pie|stacked|stack|visuali[sz]e|visuali[sz]ation|table|choropleth|instead|show|draw)"$/;

const PLACE_KINDS = new Set(['la', 'region', 'country', 'area', 'county', 'uk']);
const SERIES = new Set<Dimension>(['month', 'quarter', 'half_year', 'year', 'networks']);

const MEASURE_LABEL: Partial<Record<Measure, string>> = {
  coverage_pct: 'the share of premises',
  change_premises: 'premises gained',
  change_postcodes: 'postcodes gained',
  change_pp: 'the change in coverage in percentage points',
  first_premises: 'premises first covered',
  first_postcodes: 'postcodes first covered',
  operator_count: 'networks',
  place_count: 'places',
  max_down: 'the fastest download speed',
  max_up: 'the fastest upload speed',
  avg_down: 'the average fastest download speed',
  line_share_pct: 'the share of lines',
};

const normalise = (message: string) =>
  ` ${message.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim()} `;

/** The message points back at the previous answer, or says too little to stand alone. */
export function isFollowUp(message: string, fresh: Plan | undefined, lexicon: Lexicon): boolean {
  const text = normalise(message);
  if (REFERENCE.test(text)) return true;
  // "Bristol?" alone asks about Bristol; "in Bristol?" or "for 2025?" names neither a measure nor a subject,
  // so it is too thin to stand alone and continues the previous question.
  if (!fresh || !/^\s*(?:in|for|at|across|by|over|during|since)\b/.test(text)) return false;
  const named = lexicon.find(message).some((m) => !PLACE_KINDS.has(m.entity.kind));
  return !MEASURE_WORDS.test(text) && !SUBJECT_WORDS.test(text) && !named && text.split(' ').length <= 8;
}

const joinAnd = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

function placeLabel(plan: Plan): string {
  if (!plan.geo) return 'the UK';
  return plan.geo.label ?? joinAnd(plan.geo.values);
}

function subjectLabel(plan: Plan): string {
  const s = plan.subject;
  const what = offering(s, plan.dataset === 'upc_forecast');
  const who = provider(s)?.who;
  if (s.absent) return `places without ${[who, what].filter(Boolean).join(' ') || 'the service'}`;
  if (who && what) return `${who} with ${what}`;
  return who ?? what ?? 'every premises';
}

/**
 * Reads `message` against the previous turn: the parts it states replace the previous plan's, the rest is
 * carried. `fresh` is the message read alone (undefined when it was not a data question on its own).
 * Returns null when the two cannot be combined (a different dataset), so the message is read alone.
 */
export function readFollowUp(
  previous: TurnContext,
  message: string,
  fresh: Plan | undefined,
  lexicon: Lexicon,
  ctx: TimeContext,
): FollowUpReading | null {
  const text = normalise(message);
  const before = previous.plan;
  if (fresh && fresh.dataset !== before.dataset && fresh.dataset !== 'upc') return null;
  const plan: Plan = structuredClone(before);
  plan.notes = [...before.notes];
  plan.unknowns = [];
  plan.assumptions = before.assumptions.filter((a) => !/^showing the top/.test(a));
  const changes: string[] = [];

  const entities: EntityMatch[] = lexicon.find(message);
  const places = entities.filter((m) => PLACE_KINDS.has(m.entity.kind));
  const namesNetwork = entities.some((m) => m.entity.kind === 'group' || m.entity.kind === 'operator');

  // ---- the place
  let placesFromThose = false;
  if (places.length > 0) {
    plan.geo = fresh?.geo;
    if (places.every((m) => m.entity.kind === 'uk')) delete plan.geo;
    // A place named where the previous answer ranked places keeps the ranking within the new place.
    changes.push(`for ${placeLabel(plan)}`);
  } else if (
    THOSE.test(text) &&
    before.dimension &&
    PLACE_COLUMNS.has(before.dimension) &&
    before.limit &&
    previous.shown?.length
  ) {
    // "those" after a top-N list means the places listed, not every place the list was chosen from.
    plan.geo = { column: before.dimension as GeoColumn, values: [...previous.shown] };
    delete plan.limit;
    placesFromThose = true;
  }

  // ---- the subject: a technology or speed replaces the whole subject; a network named alone keeps the
  // technology ("the same for Openreach" after full fibre coverage is Openreach full fibre).
  if (fresh && (SUBJECT_WORDS.test(text) || namesNetwork)) {
    const explicit = { ...fresh.subject };
    if (!SUBJECT_WORDS.test(text) && before.subject.tech && !explicit.tech)
      explicit.tech = before.subject.tech;
    plan.subject = explicit;
    if (JSON.stringify(explicit) !== JSON.stringify(before.subject))
      changes.push(`for ${subjectLabel(plan)}`);
  }

  // ---- the measure
  if (fresh && MEASURE_WORDS.test(text) && fresh.measure !== before.measure) {
    plan.measure = fresh.measure;
    if (fresh.dataset !== before.dataset) plan.dataset = fresh.dataset;
    changes.push(`counting ${MEASURE_LABEL[fresh.measure] ?? fresh.measure.replace(/_/g, ' ')}`);
  }

  // ---- the time
  const parsed = parseTime(text, ctx);
  if (fresh && parsed.matched.length > 0) {
    plan.time = { ...fresh.time };
    if (fresh.dimension && SERIES.has(fresh.dimension)) plan.dimension = fresh.dimension;
    changes.push(fresh.time.phrase ?? parsed.matched.join(' '));
  }

  // ---- the grouping
  if (fresh?.dimension && fresh.dimension !== plan.dimension && !SERIES.has(fresh.dimension)) {
    plan.dimension = fresh.dimension;
    changes.push(`by ${fresh.dimension.replace(/_name$/, '').replace(/_/g, ' ')}`);
  }

  // ---- the ranking: a new measure or grouping without ranking words ranks the usual way (largest first).
  const ranked = RANKING_WORDS.test(text) && fresh?.order;
  if (!ranked && plan.dimension && (plan.measure !== before.measure || plan.dimension !== before.dimension))
    plan.order = 'desc';
  if (ranked) {
    plan.order = fresh.order;
    const one = ONE_OF_THEM.test(text) && !fresh.limit;
    plan.limit = fresh.limit ?? (one ? 1 : placesFromThose ? undefined : before.limit);
    const direction = plan.order === 'asc' ? 'lowest' : 'highest';
    changes.push(plan.limit === 1 ? `the ${direction} one` : `${direction} first`);
  }
  if (plan.dimension && SERIES.has(plan.dimension)) {
    delete plan.order;
    delete plan.limit;
  }
  // A ranking needs something to rank: a single place has nothing to order.
  if (!plan.dimension) {
    delete plan.order;
    delete plan.limit;
  }
  for (const assumption of fresh?.assumptions ?? []) {
    if (assumption.startsWith('read "')) plan.assumptions.push(assumption);
  }
  // Words of the message that nothing read stay visible; words about the drawing are the chat's to read.
  for (const unknown of fresh?.unknowns ?? []) {
    if (/^"/.test(unknown) && !DRAWING_WORDS.test(unknown)) plan.unknowns.push(unknown);
  }

  const lead = placesFromThose ? 'Same places as before' : 'Same as before';
  return { plan, carried: changes.length ? `${lead}, ${changes.join(', ')}` : lead };
}
