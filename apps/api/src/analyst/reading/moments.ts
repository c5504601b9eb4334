/**
 * One figure asked at several moments, as a KPI pack lists it: "UK FF coverage: latest, last month and same month
 * last year", "OR full fibre homes passed: latest figure, MoM net adds, YoY net adds", "Scottish councils - FF % now
 * and 12 months back". One plan holds one window, so the question's best reading keeps one moment (or reads a
 * monthly series) and leaves the others unused.
 *
 * Each earlier moment is answered as the change from it to the latest snapshot: that answer shows the figure at both
 * dates and the movement between them, so "last month" (a level) and "MoM" (a movement) are the same columns. The
 * changes stand side by side in one table (compile/alongside.ts), ranked as the figure is.
 *
 * The moments are data: each is the phrases that name it and how many months before the latest snapshot it lies.
 * Adding a wording is one phrase in MOMENTS.
 */
import { addMonths } from '@qa/warehouse';
import { buildQuery } from '../compile/sql-builder.js';
import type { Measure, Plan } from '../semantic/plan.js';
import { monthsApart, type TimeContext } from './time-phrases.js';

type Understand = (
  question: string,
) =>
  | { kind: 'data'; plan: Plan; confidence: number }
  | { kind: 'system_info' | 'unsupported'; confidence: number };

/** The moments a figure is listed at: months before the latest snapshot (0 = the latest itself). */
const MOMENTS: { monthsBack: number; phrases: string[] }[] = [
  {
    monthsBack: 0,
    phrases: [
      'latest figure',
      'latest month',
      'latest',
      'now',
      'current',
      'currently',
      'today',
      'this month',
    ],
  },
  {
    monthsBack: 1,
    phrases: [
      'last month',
      'a month ago',
      '1 month ago',
      'one month ago',
      '1m ago',
      'a month back',
      'previous month',
      'prev month',
      'the month before',
      'prior month',
      'mom',
      'm/m',
      'month on month',
      'month-on-month',
      'on last month',
      'vs last month',
      'versus last month',
    ],
  },
  {
    monthsBack: 3,
    phrases: [
      '3 months ago',
      'three months ago',
      '3m ago',
      '3 months back',
      'qoq',
      'q/q',
      'quarter on quarter',
    ],
  },
  {
    monthsBack: 6,
    phrases: ['6 months ago', 'six months ago', '6m ago', '6 months back', 'half a year ago'],
  },
  {
    monthsBack: 12,
    phrases: [
      'same month last year',
      'same month last yr',
      'same month a year ago',
      'this time last year',
      'a year ago',
      'a yr ago',
      '1 year ago',
      'one year ago',
      '1y ago',
      '12 months ago',
      '12m ago',
      '12 months back',
      '12 months earlier',
      'a year earlier',
      'a year back',
      'last year',
      'last yr',
      'yoy',
      'y/y',
      'year on year',
      'year-on-year',
      'on a year ago',
      'vs a year ago',
    ],
  },
];

const escapePhrase = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every phrase of the table, longest first, as one pattern (whole words only). */
const MOMENT_PATTERN = new RegExp(
  `(?<![a-z0-9])(?:${MOMENTS.flatMap((m) => m.phrases)
    .sort((a, b) => b.length - a.length)
    .map(escapePhrase)
    .join('|')})(?![a-z0-9])`,
  'g',
);

const MONTHS_BACK = new Map(MOMENTS.flatMap((m) => m.phrases.map((p) => [p, m.monthsBack] as const)));

/**
 * The words around a listed moment that say nothing of the figure: joiners ("and", "vs", "+"), movement words ("pp
 * move vs", "net adds", "chg") and counts of the answer ("3 figures", "one row"). A run of them that holds a moment
 * (marked §) goes with it; elsewhere they stay ("Openreach and CityFibre").
 */
const AROUND_A_MOMENT =
  /(?:(?:§|[,;:+&()/]|[-–—]|\b(?:and|plus|vs|versus|v|against|on|compared (?:with|to)|with|the|at|in|of|pp|pts?|points?|% ?pts?|chg|change|changes|move|movement|net adds|net add|adds|growth|diff|difference|delta|(?:one|a single) row|(?:two|three|four|\d) (?:figures|numbers|values)|figures|figure|numbers|both)\b)\s*)+/g;

/** The level a change measure moves ("premises gained" is of premises), or the measure itself. */
const LEVEL_OF: Partial<Record<Measure, Measure>> = {
  change_premises: 'premises',
  change_pp: 'coverage_pct',
  first_premises: 'premises',
};

/** The change of a level between two dates. */
const CHANGE_OF: Partial<Record<Measure, Measure>> = {
  premises: 'change_premises',
  coverage_pct: 'change_pp',
};

/** The earlier moments a question lists, in months before the latest snapshot, and the text without them. */
export function listedMoments(question: string): { earlier: number[]; latest: boolean; rest: string } {
  const text = question.toLowerCase();
  const found = [...text.matchAll(MOMENT_PATTERN)].map((m) => MONTHS_BACK.get(m[0]) ?? -1);
  const earlier = [...new Set(found.filter((n) => n > 0))].sort((a, b) => a - b);
  const marked = text.replace(MOMENT_PATTERN, ' § ');
  const rest = marked.replace(AROUND_A_MOMENT, (run) => (run.includes('§') ? ' ' : run));
  return { earlier, latest: found.includes(0), rest: rest.replace(/\s+/g, ' ').trim() };
}

/**
 * Reads a figure listed at several moments, or returns null when the question is not one: fewer than two earlier
 * moments (or one, without the latest named beside it), a figure that is no level of premises or coverage, or a
 * reading that already answers the one window asked.
 */
export function readMoments(
  question: string,
  best: Plan,
  ctx: TimeContext,
  understand: Understand,
  /** How many dates other than the latest the question names: one may be an earlier moment, several are a list. */
  datesNamed = 0,
): { plan: Plan; confidence: number } | null {
  if (best.dataset !== 'upc' || best.alongside?.length || best.compare?.length) return null;
  const listed = listedMoments(question);
  const { latest, rest } = listed;
  // "Latest and Nov 25": a date named beside the latest is an earlier moment too (the reading took it as the time).
  const named =
    datesNamed === 1 && best.time.at && best.time.at < ctx.latest && latest
      ? monthsApart(best.time.at, ctx.latest)
      : 0;
  const earlier =
    named && !listed.earlier.includes(named)
      ? [...listed.earlier, named].sort((a, b) => a - b)
      : listed.earlier;
  if (earlier.length === 0 || (earlier.length === 1 && !latest)) return null;
  // "Now vs a year ago" that the reading already answers as that change.
  if (
    earlier.length === 1 &&
    best.time.from === addMonths(ctx.latest, -earlier[0]!) &&
    best.time.to === ctx.latest &&
    !best.flow
  )
    return null;
  const base = understand(rest);
  if (base.kind !== 'data' || base.confidence < 0.5) return null;
  const figure = structuredClone(base.plan);
  if (figure.dataset !== 'upc' || figure.flow || figure.within || figure.compare?.length) return null;
  const level = LEVEL_OF[figure.measure] ?? figure.measure;
  const change = CHANGE_OF[level];
  if (!change) return null;
  const dimension = figure.dimension;
  if (dimension && ['month', 'quarter', 'half_year', 'year'].includes(dimension)) return null;
  const changes = earlier.map((monthsBack): Plan => {
    const plan = structuredClone(figure);
    plan.measure = change;
    plan.time = { from: addMonths(ctx.latest, -monthsBack), to: ctx.latest };
    delete plan.groupFilter;
    return plan;
  });
  const [main, ...parts] = changes as [Plan, ...Plan[]];
  // A ranking is of the figure now, with each movement beside it ("top 5 FF networks, latest, + MoM net adds").
  if (figure.order || figure.limit) main.rankByLevel = true;
  for (const part of parts) {
    delete part.order;
    delete part.limit;
    delete part.withUk;
  }
  const plan: Plan = {
    ...main,
    ...(parts.length ? { alongside: parts } : {}),
    unknowns: [...figure.unknowns],
    assumptions: [
      ...figure.assumptions,
      `read as one figure at the latest snapshot and ${earlier.length === 1 ? 'an earlier one' : `${earlier.length} earlier ones`} (${earlier.map((m) => `${m} month${m === 1 ? '' : 's'} before`).join(', ')}), each with its change to the latest`,
    ],
  };
  try {
    buildQuery(plan, ctx);
  } catch {
    return null;
  }
  return { plan, confidence: Math.min(base.confidence, 0.84) };
}
