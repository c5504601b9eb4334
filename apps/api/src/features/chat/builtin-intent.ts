/**
 * What the built-in chat model makes of a user's message: whether they want a chart (and which kind), a map,
 * statistics for one local authority, or a description of the data; and the question to plan, adjusted so a
 * map or a chart has something to draw (a map needs places). A follow-up ("and in Bristol?", "which of those has
 * the lowest coverage?", "show that as a line chart") is read against the previous turn's context, which the
 * chat stores with each answer. The same reading is made on both steps of an answer (tool calls, then the
 * text), so it must be a pure function of the message and that context.
 *
 * Each answer from a fresh reading carries the reader's other readings ("Did you mean"); choosing one asks its
 * plan directly (`chosenAction`, see reading-choice.ts), without reading the words again.
 */
import { readingAlternatives } from '../../analyst/agent/builtin-planner.js';
import type { AnalystPlan, BuiltinAnalyst } from '../../analyst/reading/builtin-analyst.js';
import type { TurnContext } from '../../analyst/reading/followup.js';
import type { AlternativeReading } from '../../analyst/reading/reading-types.js';
import { PLACE_COLUMNS, TIME_DIMENSIONS as PLAN_TIME_DIMENSIONS } from '../../analyst/semantic/plan.js';
import type { ChartType } from '../../analyst/visuals/echarts-spec.js';

type Draw = { tool: 'create_chart'; type: ChartType } | { tool: 'create_map' };

/** What one answer leaves for the next message to refer to; saved with the answer (JSON). */
export type ChatTurnContext =
  | ({
      kind: 'query';
      draw?: Draw;
      /** The question the plan was read from (a chosen reading keeps the question it was chosen for). */
      question?: string;
      /** Other readings of that question, offered as "Did you mean" choices, addressed by index. */
      alternatives?: AlternativeReading[];
    } & TurnContext)
  | { kind: 'la_stats'; localAuthority: string };

export type BuiltinAction =
  | { kind: 'describe' }
  | { kind: 'la_stats'; localAuthority: string }
  | {
      kind: 'query';
      question: string;
      planned: AnalystPlan;
      /** Other readings of the question, offered under the answer. */
      alternatives: AlternativeReading[];
      sql: string;
      draw?: Draw;
      measure?: string;
      place?: string;
      title: string;
    }
  | { kind: 'unsupported'; reasoning: string };

const WANTS_MAP = /\b(maps?|mapped|choropleth)\b/i;
const NOT_A_MAP = /\broad ?maps?\b/i;
const WANTS_CHART =
  /\b(charts?|graphs?|plot(ted)?|visuali[sz]e|visuali[sz]ation|histogram|bar chart|line chart|pie)\b/i;
const WANTS_PIE = /\bpie\b/i;
const WANTS_STACKED = /\bstack(ed)?\b/i;
const WANTS_LINE = /\b(line|over time|trend|timeline|time series|growth of)\b/i;
const WANTS_PROFILE =
  /\b(tell me about|overview of|overview for|profile of|stats|statistics|summary of|summary for|how is .+ doing|broadband in)\b/i;
const ABOUT_DATA =
  /\b(what (data|datasets?|tables?|columns?|information)|which (data|datasets?|tables?)|describe (the )?(data|datasets?|tables?)|what can you (do|answer|tell))\b/i;

/** The places a map can colour (the plan's place levels) and the series a line chart draws. */
const GEO_DIMENSIONS: ReadonlySet<string> = PLACE_COLUMNS;
const TIME_DIMENSIONS: ReadonlySet<string> = PLAN_TIME_DIMENSIONS;

/** "Show me full fibre coverage by region as a chart" -> "Full fibre coverage by region". */
export function titleFromQuestion(question: string): string {
  const text = question
    .replace(/[?!.]+$/g, '')
    .replace(/^\s*(please\s+)?(can|could|would) you\s+/i, '')
    .replace(
      /^\s*(please\s+)?(show|give|draw|plot|chart|map|graph|visuali[sz]e|display|make|create)( me)?( a| an| the)?\s+/i,
      '',
    )
    .replace(/^(chart|graph|map|plot)s? of\s+/i, '')
    .replace(/\s+(as|in|on) (a |an )?(bar |line |pie |stacked )?(chart|graph|map|plot)\b.*$/i, '')
    .replace(/\s+please$/i, '')
    .trim();
  const title = text || question.trim();
  return (title.charAt(0).toUpperCase() + title.slice(1)).slice(0, 120);
}

function measureColumn(planned: AnalystPlan): string | undefined {
  const measure = planned.plan?.measure;
  const columns = Object.keys(planned.built?.columns ?? {});
  if (measure && columns.includes(measure)) return measure;
  return columns.find((c) => /pct$/.test(c)) ?? undefined;
}

function chartTypeAsked(message: string): ChartType | undefined {
  if (WANTS_PIE.test(message)) return 'pie';
  if (WANTS_STACKED.test(message)) return 'stacked';
  if (/\bline\b/i.test(message)) return 'line';
  if (/\bbar\b/i.test(message)) return 'bar';
  return undefined;
}

const ONLY_A_PLACE = /^\s*(?:and|now|also|then|ok(?:ay)?|so|what about|how about)?\s*(?:in|for)?\s*/i;

/** A follow-up read against the previous answer, or null when the message stands alone. */
function readFollowUp(
  analyst: BuiltinAnalyst,
  message: string,
  previous: ChatTurnContext,
  wantsMap: boolean,
  wantsChart: boolean,
): BuiltinAction | null {
  if (previous.kind === 'la_stats') {
    // "and in Bristol?" after Leeds's statistics: the same statistics for the place named, and nothing else.
    const places = analyst.lexicon.find(message).filter((m) => m.entity.kind === 'la');
    const rest = message
      .replace(ONLY_A_PLACE, '')
      .replace(/[?.!\s]+$/, '')
      .toLowerCase();
    const only = places[0];
    if (places.length === 1 && only?.entity.kind === 'la' && rest === only.text.toLowerCase())
      return { kind: 'la_stats', localAuthority: only.entity.name };
    return null;
  }
  const planned = analyst.followUp(previous, message);
  if (!planned?.plan || !planned.built) return null;
  let { plan, built, interpretation } = planned;
  let carried = planned.carried;
  // What to draw: what this message asks for, else what the previous answer drew, unless the follow-up narrowed
  // it to one figure (a map or chart of one value says nothing).
  const asked = chartTypeAsked(message);
  let draw: Draw | undefined;
  if (wantsMap) draw = { tool: 'create_map' };
  else if (wantsChart) draw = { tool: 'create_chart', type: asked ?? chartTypeFor(message, plan.dimension) };
  else if (previous.draw && plan.limit !== 1 && plan.dimension) draw = previous.draw;
  if (wantsMap || wantsChart) {
    const what = wantsMap
      ? 'a map'
      : `a ${draw?.tool === 'create_chart' ? draw.type : ''} chart`.replace('  ', ' ');
    carried = carried === 'Same as before' ? `Same as before, as ${what}` : `${carried}, as ${what}`;
  }
  // A map needs one value per place: by local authority when the plan has no places to colour.
  if (draw?.tool === 'create_map' && !(plan.dimension && GEO_DIMENSIONS.has(plan.dimension))) {
    const replanned = analyst.fromPlan({ ...plan, dimension: 'la_name', order: 'desc' });
    plan = replanned.plan;
    built = replanned.built;
  }
  interpretation = `${carried} — ${analyst.restate(plan)}`;
  const withContext: AnalystPlan = { ...planned, plan, built, interpretation };
  return queryAction(message, withContext, draw);
}

function chartTypeFor(message: string, dimension: string | undefined): ChartType {
  if (WANTS_PIE.test(message)) return 'pie';
  if (WANTS_STACKED.test(message)) return 'stacked';
  if ((dimension && TIME_DIMENSIONS.has(dimension)) || WANTS_LINE.test(message)) return 'line';
  return 'bar';
}

function queryAction(
  message: string,
  planned: AnalystPlan,
  draw: Draw | undefined,
  alternatives: AlternativeReading[] = [],
): BuiltinAction {
  if (!planned.built) return { kind: 'unsupported', reasoning: planned.understanding.reasoning };
  const measure = measureColumn(planned);
  const place =
    planned.plan?.dimension && GEO_DIMENSIONS.has(planned.plan.dimension)
      ? planned.plan.dimension
      : undefined;
  const drawn =
    draw?.tool === 'create_map' && !place ? ({ tool: 'create_chart', type: 'bar' } as const) : draw;
  return {
    kind: 'query',
    question: message,
    planned,
    alternatives,
    sql: planned.built.sql,
    ...(drawn ? { draw: drawn } : {}),
    ...(measure ? { measure } : {}),
    ...(place ? { place } : {}),
    title: titleFromQuestion(message),
  };
}

export function readMessage(
  analyst: BuiltinAnalyst,
  message: string,
  previous?: ChatTurnContext | null,
): BuiltinAction {
  const wantsMap = WANTS_MAP.test(message) && !NOT_A_MAP.test(message);
  const wantsChart = !wantsMap && WANTS_CHART.test(message);
  if (previous) {
    const followUp = readFollowUp(analyst, message, previous, wantsMap, wantsChart);
    if (followUp) return followUp;
  }

  let question = message;
  let planned = analyst.plan(question);
  if (planned.understanding.kind === 'system_info' || (ABOUT_DATA.test(message) && !planned.built)) {
    return { kind: 'describe' };
  }

  // Something the data does not hold ("the weather in Leeds") is refused even when it names a place.
  if (planned.understanding.kind === 'unsupported' && planned.understanding.confidence > 0.8) {
    return { kind: 'unsupported', reasoning: planned.understanding.reasoning };
  }
  const places = analyst.lexicon.find(message).filter((match) => match.entity.kind === 'la');
  const dimension = planned.plan?.dimension;
  if (
    places.length === 1 &&
    places[0]?.entity.kind === 'la' &&
    !wantsMap &&
    !wantsChart &&
    (WANTS_PROFILE.test(message) || !dimension)
  ) {
    // Only a place named ("Leeds?"): its statistics. A condition ("premises in Cardiff with gigabit") is a query.
    const onlyPlace =
      !planned.plan ||
      (planned.plan.measure === 'premises' && Object.keys(planned.plan.subject).length === 0);
    if (WANTS_PROFILE.test(message) || onlyPlace) {
      return { kind: 'la_stats', localAuthority: places[0].entity.name };
    }
  }

  // A map needs one value per place: ask by local authority when the question named no places.
  if (wantsMap && planned.built && !(dimension && GEO_DIMENSIONS.has(dimension))) {
    const retry = analyst.plan(`${message} by local authority`);
    if (retry.built && retry.plan?.dimension && GEO_DIMENSIONS.has(retry.plan.dimension)) {
      question = `${message} by local authority`;
      planned = retry;
    }
  }
  if (!planned.built || planned.understanding.kind !== 'data') {
    return { kind: 'unsupported', reasoning: planned.understanding.reasoning };
  }

  const measure = measureColumn(planned);
  const place =
    planned.plan?.dimension && GEO_DIMENSIONS.has(planned.plan.dimension)
      ? planned.plan.dimension
      : undefined;
  const draw =
    wantsMap && place
      ? ({ tool: 'create_map' } as const)
      : wantsChart || wantsMap
        ? ({ tool: 'create_chart', type: chartTypeFor(message, planned.plan?.dimension) } as const)
        : undefined;
  return {
    kind: 'query',
    question,
    planned,
    alternatives: readingAlternatives(planned),
    sql: planned.built.sql,
    ...(draw ? { draw } : {}),
    ...(measure ? { measure } : {}),
    ...(place ? { place } : {}),
    title: titleFromQuestion(message),
  };
}

/**
 * A reading chosen under "Did you mean" (already checked and compiled): answered as it is, for the question it
 * was chosen for, with the readings to offer beside it. Nothing is drawn: the choice is about the figures.
 */
export function chosenAction(
  question: string,
  planned: AnalystPlan,
  alternatives: AlternativeReading[],
): BuiltinAction {
  return queryAction(question, planned, undefined, alternatives);
}
