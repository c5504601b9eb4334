/**
 * What the built-in chat model makes of a user's message: whether they want a chart (and which kind), a map,
 * statistics for one local authority, or a description of the data; and the question to plan, adjusted so a
 * map or a chart has something to draw (a map needs places). The same reading is made on both turns of an
 * answer (tool calls, then the text), so it must be a pure function of the message.
 */
import type { AnalystPlan, BuiltinAnalyst } from '../agent/builtin/builtin-analyst.js';
import type { ChartType } from '../charts/echarts-spec.js';

export type BuiltinAction =
  | { kind: 'describe' }
  | { kind: 'la_stats'; localAuthority: string }
  | {
      kind: 'query';
      question: string;
      planned: AnalystPlan;
      sql: string;
      draw?: { tool: 'create_chart'; type: ChartType } | { tool: 'create_map' };
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

const GEO_DIMENSIONS = new Set([
  'la_name',
  'government_region',
  'country',
  'postcode_area',
  'postcode_district',
]);
const TIME_DIMENSIONS = new Set(['month', 'quarter', 'half_year']);

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

function chartType(question: string, planned: AnalystPlan): ChartType {
  if (WANTS_PIE.test(question)) return 'pie';
  if (WANTS_STACKED.test(question)) return 'stacked';
  const dimension = planned.plan?.dimension;
  if ((dimension && TIME_DIMENSIONS.has(dimension)) || WANTS_LINE.test(question)) return 'line';
  return 'bar';
}

function measureColumn(planned: AnalystPlan): string | undefined {
  const measure = planned.plan?.measure;
  const columns = Object.keys(planned.built?.columns ?? {});
  if (measure && columns.includes(measure)) return measure;
  return columns.find((c) => /pct$/.test(c)) ?? undefined;
}

export function readMessage(analyst: BuiltinAnalyst, message: string): BuiltinAction {
  const wantsMap = WANTS_MAP.test(message) && !NOT_A_MAP.test(message);
  const wantsChart = !wantsMap && WANTS_CHART.test(message);

  let question = message;
  let planned = analyst.plan(question);
  if (planned.understanding.kind === 'system_info' || (ABOUT_DATA.test(message) && !planned.built)) {
    return { kind: 'describe' };
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
    const onlyPlace = !planned.plan || (planned.plan.measure === 'premises' && !planned.plan.subject.tech);
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
        ? ({ tool: 'create_chart', type: chartType(message, planned) } as const)
        : undefined;
  return {
    kind: 'query',
    question,
    planned,
    sql: planned.built.sql,
    ...(draw ? { draw } : {}),
    ...(measure ? { measure } : {}),
    ...(place ? { place } : {}),
    title: titleFromQuestion(message),
  };
}
