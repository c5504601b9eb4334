/**
 * Two figures of different kinds asked in one question: "how many altnets operate in Wales, and how many premises do
 * they pass?", "what share of Scotland can get gigabit, and how many premises are below the USO?". One plan holds
 * one measure, so the best single reading answers one of them, or mixes both into one wrong condition ("premises
 * with full fibre and no superfast"). A second question word after "and" (or after a question mark) starts a second
 * question: each clause is read on its own, the second one taking from the first what it does not say itself (the
 * place, the time, the subject it points back to with "they" or "that"), and the two plans answer together
 * (compile/alongside.ts).
 */
import { alongsidePlans } from '../compile/alongside.js';
import { buildQuery } from '../compile/sql-builder.js';
import type { Plan } from '../semantic/plan.js';
import type { Lexicon } from './lexicon.js';
import type { CandidateReading } from './reading-types.js';
import type { Tagging } from './tagger.js';
import type { TimeContext } from './time-phrases.js';

/** A network said whole: "Virgin Media (cable or RFOG)", "CityFibre, any tech", "its whole network". */
const WHOLE_NETWORK =
  /\b(?:any|every|all) tech(?:nolog(?:y|ies))?s?\b|\bcable (?:or|and|\+|\/|&) ?rfog\b|\bwhole (?:network|footprint)\b/i;

/** The second clause speaks of each row of the first ("on each", "their coverage", "for those"). */
const ROWS_AGAIN = /\b(?:each|their|those|these|them|per)\b/i;

/** "..., and how many premises is that?": the same postcodes counted in another unit, a figure of its own. */
const UNIT_AGAIN =
  /^\s*how many (?:premises|homes|properties|postcodes|business sites|biz sites|households)\b(?: (?:is|are|does|do) (?:that|this|it|they|those)(?: represent| cover)?)?\s*\??\s*$/i;

/** The second clause asks for the first clause's figure itself: "what was the rise?", "how big was the increase?". */
const FIGURE_AGAIN =
  /^\s*(?:what|how (?:big|large|much))\s+(?:was|is|were|are)\s+(?:the|that|its|their|this)\s+(?:rise|increase|change|gain|growth|fall|drop|decline|figure|number|value|level|total|amount|difference|gap)\s*\??\s*$/i;

/** The second clause is about the first clause's figure: "is that", "of those", "compare". */
const REFERS_BACK =
  /\b(?:that|this|those|these)\b|\bcompar|\bhow (?:does|do|did|has|have) (?:it|they|she|he)\b/i;

/** A word that opens a question. After "and" only a wh-word does: "and have no full fibre" goes on the clause. */
const WH_WORD = String.raw`(?:what(?:'s|s)?|how|which|who|where|when)\b`;
const QUESTION_WORD = String.raw`(?:what(?:'s|s)?|how|which|who|where|when|is|are|does|do|did|has|have|can)\b`;
/** Where a second question starts: "..., and how many ...", "...? What share ...", "...; which ...". */
const SECOND_QUESTION = new RegExp(
  String.raw`(?:\s*[,;]\s*|\s+)(?:and|plus|&)\s+(?:also\s+)?(?=${WH_WORD})|\s*[?;]\s+(?:and\s+)?(?=${QUESTION_WORD})`,
  'gi',
);

/** The question's two clauses, when a second one starts with its own question word; null otherwise. */
export function splitTwoQuestions(question: string): [string, string] | null {
  const text = question
    .trim()
    // "How many postcodes + premises in SE15 have ...": one count, its premises with their postcodes beside them
    // (a count of premises shows the postcodes they are in), the conditions after it belonging to both.
    .replace(
      /\bhow many (?:postcodes\s*(?:\+|&|and|plus)\s*premises|premises\s*(?:\+|&|and|plus)\s*postcodes)\b(?=(?:\s+\S+){3})/gi,
      'how many premises',
    )
    // "How many postcodes + premises", "..., + premises": two counts, each asked.
    .replace(
      /\bhow many (postcodes|premises|business sites)\s*(?:\+|&|plus)\s*(premises|postcodes|business sites)\b/gi,
      'how many $1, and how many $2',
    )
    .replace(/,?\s*(?:\+|plus)\s*(premises|postcodes)\s*(\??)\s*$/i, ', and how many $1$2');
  for (const match of text.matchAll(SECOND_QUESTION)) {
    const first = text.slice(0, match.index).trim();
    const second = text.slice((match.index ?? 0) + match[0].length).trim();
    // Each clause must be a question of its own: a few words, not "how and where".
    if (first.split(/\s+/).length >= 3 && second.split(/\s+/).length >= 3) return [first, second];
  }
  return null;
}

interface Reading {
  plan: Plan;
  confidence: number;
  tagging?: Tagging;
}

type Understand = (
  question: string,
) =>
  | { kind: 'data'; plan: Plan; confidence: number; tagging?: Tagging; candidates?: CandidateReading[] }
  | { kind: 'system_info' | 'unsupported'; confidence: number };

const has = (tagging: Tagging | undefined, roles: string[]) =>
  Boolean(tagging?.tags.some((t) => roles.includes(t.role)));

/**
 * The second clause's plan, completed from the first: a place, a time, or a subject it does not name itself is the
 * first clause's ("and how many premises do they pass" counts the altnets' premises in Wales).
 */
export function completeFromFirst(second: Reading, first: Plan, clause: string): Plan {
  const plan = structuredClone(second.plan);
  const tags = second.tagging;
  // "And what is the UK figure?": no measure of its own is the first clause's measure, for the place it names.
  if (tags && !has(tags, ['measure']) && !tags.tags.some((t) => t.role === 'shape' && t.value === 'count')) {
    plan.measure = first.measure;
    if (first.takeUp && plan.dataset === first.dataset) plan.takeUp = structuredClone(first.takeUp);
  }
  // "And how many are below the USO": a count with no unit counts what the first clause counted, premises.
  if (plan.measure === 'postcodes' && !/\bpost ?codes?\b|\bpcds?\b/i.test(clause)) plan.measure = 'premises';
  // "How many lines does Sky have, and what is its market share": the operator it points back to.
  if (
    plan.dataset === 'take_up' &&
    first.dataset === 'take_up' &&
    !has(tags, ['network', 'operator']) &&
    first.takeUp?.operators?.length
  ) {
    plan.takeUp = { ...plan.takeUp, operators: [...first.takeUp.operators] };
    if (plan.dimension === 'operator') delete plan.dimension;
  }
  // A figure read inside the second clause has no tags here: what it lacks is what it did not say.
  const saysPlace = tags ? has(tags, ['place']) : Boolean(plan.geo);
  const saysSubject = tags
    ? has(tags, ['technology', 'network', 'operator'])
    : Object.keys(plan.subject).length > 0;
  // "Of CityFibre's footprint, what % also has Openreach FTTP and what % also has Virgin Media": the second share is
  // of the same footprint.
  if (first.within && !plan.within && plan.measure === 'coverage_pct' && /\balso\b/i.test(clause))
    plan.within = structuredClone(first.within);
  if (!saysPlace) {
    if (first.geo) plan.geo = structuredClone(first.geo);
    if (first.urbanRural && !plan.urbanRural) plan.urbanRural = first.urbanRural;
  }
  if (tags && !has(tags, ['time', 'dataset']) && plan.dataset === first.dataset)
    plan.time = structuredClone(first.time);
  if (!saysSubject && plan.dataset === first.dataset && !plan.within)
    plan.subject = structuredClone(first.subject);
  else if (!saysSubject && plan.dataset === 'upc_forecast' && first.dataset === 'upc' && !plan.within) {
    // "How many premises does CityFibre pass today, and how many is it forecast to pass by 2028": the forecast of
    // the same networks (the forecast is by network and full fibre throughout).
    const { operatorGroups, operators, altnet } = first.subject;
    plan.subject = {
      ...plan.subject,
      ...(operatorGroups?.length ? { operatorGroups: [...operatorGroups] } : {}),
      ...(operators?.length ? { operators: [...operators] } : {}),
      ...(altnet ? { altnet } : {}),
    };
  } else if (
    has(tags, ['network', 'operator']) &&
    !has(tags, ['technology']) &&
    first.subject.tech &&
    !plan.subject.tech &&
    // "And Virgin Media (cable or RFOG)", "any tech": the whole network, said so.
    !WHOLE_NETWORK.test(clause)
  )
    // "What's Openreach's FTTP coverage, and what is CityFibre's?": the network named alone keeps the technology.
    plan.subject.tech = first.subject.tech;
  return plan;
}

/** What a plan answers, without the reading's bookkeeping: two plans with the same key are the same figure. */
const key = (plan: Plan) => {
  const { notes: _n, unknowns: _u, assumptions: _a, alongside: _s, ...rest } = plan;
  return JSON.stringify(rest);
};

/** The rows and what they count, whatever the figure or its order: two plans alike here answer in one table. */
const rowsKey = (plan: Plan) =>
  JSON.stringify([
    plan.dataset,
    plan.subject,
    plan.geo,
    plan.dimension,
    plan.urbanRural,
    plan.within,
    plan.takeUp,
  ]);

/** A level and its change: the change's answer shows the level at both ends. */
const CHANGE_OF_LEVEL: Partial<Record<Plan['measure'], Plan['measure']>> = {
  coverage_pct: 'change_pp',
  premises: 'change_premises',
  postcodes: 'change_postcodes',
};

/** The same level at two availability snapshots, as its change between them; null when they are not that. */
function changeBetween(first: Plan, second: Plan): Plan | null {
  const change = CHANGE_OF_LEVEL[first.measure];
  const [x, y] = [first.time.at, second.time.at];
  if (!change || first.measure !== second.measure || first.dataset !== 'upc' || !x || !y || x === y)
    return null;
  if (rowsKey(first) !== rowsKey(second) || first.limit || first.compare?.length) return null;
  const [from, to] = x < y ? [x, y] : [y, x];
  const { alongside: _s, ...rest } = structuredClone(first);
  return { ...rest, measure: change, time: { from, to } };
}

/** A count and its share answered as one: the share's answer shows the count beside it. */
const ONE_ANSWER: [Plan['measure'], Plan['measure']][] = [
  ['premises', 'coverage_pct'],
  ['lines', 'line_share_pct'],
];

/**
 * Two plans one answer already holds: the same figure, a count and its share, or a level and its change (the whole
 * question's reading gives that answer).
 */
function sameFigure(a: Plan, b: Plan): boolean {
  if (key(a) === key(b)) return true;
  if (rowsKey(a) !== rowsKey(b)) return false;
  const pair = new Set([a.measure, b.measure]);
  return (
    ONE_ANSWER.some(([count, share]) => pair.has(count) && pair.has(share)) ||
    CHANGE_OF_LEVEL[a.measure] === b.measure ||
    CHANGE_OF_LEVEL[b.measure] === a.measure
  );
}

/** Measures of a change: "and what is the change in points?" asks of the first figure, which the whole reads. */
const CHANGES = new Set<Plan['measure']>([
  'change_pp',
  'change_premises',
  'change_postcodes',
  'lines_change_pct',
]);

/**
 * Reads a question of two figures, or returns null when it is not one (no second question word, a clause that is
 * not a data question, or the second clause asking for the same figure again: "and what share is that").
 * `whole` is the best reading of the whole question; `understand` reads a clause.
 */
export function readTwoFigures(
  question: string,
  whole: Plan,
  understand: Understand,
  ctx: TimeContext,
): { plan: Plan; confidence: number } | null {
  const clauses = splitTwoQuestions(question);
  if (!clauses) return null;
  // "What networks serve YO31 4AE and what is the top speed on each?": a figure for each row of the first answer
  // is one table of those rows, which the whole question's reading gives; two figures side by side would not.
  if (whole.dimension && whole.limit !== 1 && ROWS_AGAIN.test(clauses[1])) return null;
  // "..., and what % of CityFibre's footprint is that?", "how many of those have no FF", "how does that compare
  // with the UK": a figure of the first one (a share within it, a comparison), which one reading holds.
  if (REFERS_BACK.test(clauses[1]) && !UNIT_AGAIN.test(clauses[1])) return null;
  // "..., and what was the rise?", "and what is that figure": the first clause's own figure asked for, one answer.
  if (FIGURE_AGAIN.test(clauses[1])) return null;
  const a = understand(clauses[0]);
  const b = understand(clauses[1]);
  if (a.kind !== 'data' || b.kind !== 'data') return null;
  // "Which council area has the most premises without superfast, and how many premises is that?": the unit the
  // first figure already counts, asked again, is that figure.
  const unitAgain = UNIT_AGAIN.exec(clauses[1])?.[0] ?? '';
  const premisesAgain = /\b(?:premises|homes|properties)\b/i.test(unitAgain) && a.plan.measure === 'premises';
  const postcodesAgain = /\bpostcodes\b/i.test(unitAgain) && a.plan.measure === 'postcodes';
  // Postcodes reached for the first time are counted with their premises beside them, one answer.
  const firstAgain = Boolean(unitAgain) && ['first_postcodes', 'first_premises'].includes(a.plan.measure);
  if (premisesAgain || postcodesAgain || firstAgain) return null;
  // "..., and how many points did it change by?": the change of the first figure, nothing new of its own.
  if (
    CHANGES.has(b.plan.measure) &&
    !has(b.tagging, ['place', 'technology', 'network', 'operator', 'dataset'])
  )
    return null;
  const [firstOfA] = alongsidePlans(a.plan);
  // The second clause may itself hold several figures ("... ? and what about gigabit? and how many postcodes?"):
  // each is a figure of the whole question, completed from the first.
  const [firstOfB, ...restOfB] = alongsidePlans(b.plan);
  const second = completeFromFirst({ ...b, plan: firstOfB! }, firstOfA!, clauses[1]);
  const further = restOfB.map((part) =>
    completeFromFirst({ plan: part, confidence: b.confidence }, firstOfA!, clauses[1]),
  );
  // "What % had superfast in Jan 2021, and what % in Nov 2026?": one figure at two dates is its change, whose answer
  // shows the level at both (a column per date) and the change between them.
  const atTwoDates = !restOfB.length && !a.plan.alongside?.length ? changeBetween(firstOfA!, second) : null;
  if (atTwoDates)
    return {
      plan: {
        ...atTwoDates,
        notes: [...a.plan.notes, ...b.plan.notes],
        unknowns: [...a.plan.unknowns, ...second.unknowns],
        assumptions: [
          ...a.plan.assumptions,
          'the same figure at two dates: both shown, and the change between them',
        ],
      },
      confidence: Number(Math.max(0.15, Math.min(a.confidence, b.confidence) - 0.05).toFixed(2)),
    };
  if (sameFigure(firstOfA!, second)) return null;
  // "What's Openreach's FF coverage and what's CityFibre's?": one measure of two subjects, which the whole reading
  // already answers side by side.
  if (whole.compare?.length && second.measure === firstOfA!.measure) return null;
  // The forecast holds full-fibre plans only: a gigabit figure carried into it would be another figure.
  const notForecast = second.dataset === 'upc_forecast' && second.subject.gigabit;
  if (notForecast) second.unknowns.push('gigabit in the forecast (the forecast holds full fibre plans only)');
  const plan: Plan = {
    ...structuredClone(a.plan),
    alongside: [...(a.plan.alongside ?? []), second, ...further],
    notes: [...a.plan.notes, ...b.plan.notes],
    unknowns: [...a.plan.unknowns, ...second.unknowns],
    assumptions: [
      ...a.plan.assumptions,
      ...b.plan.assumptions,
      `read as two questions: "${clauses[0]}" and "${clauses[1]}"`,
    ],
  };
  // A pair that cannot share one table (two lists of different rows) is not answered this way.
  try {
    buildQuery(plan, ctx);
  } catch {
    return null;
  }
  // Two readings, each with its own doubt: the answer is as sure as the less sure of them, a little less.
  const confidence = Math.min(a.confidence, b.confidence) - (notForecast ? 0.4 : 0.05);
  return { plan, confidence: Number(Math.max(0.15, confidence).toFixed(2)) };
}
