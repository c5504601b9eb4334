/**
 * Time phrases analysts use ("last 6 months", "since January 2024", "end of 2027", "Q3 2025", "month by month"),
 * resolved against the dates the data actually holds: the latest monthly snapshot, the half-yearly forecast
 * points and the take-up quarters. Relative phrases are anchored on the latest snapshot, not on today's date,
 * because "the last 6 months" means the last six months of data.
 */
import { addMonths } from '@qa/warehouse';
import type { Dimension, TimeSpec } from '../semantic/plan.js';
import { formatMonth, type TimeContext } from '../semantic/time-context.js';

export { formatMonth, type TimeContext };

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH_PATTERN =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  'twenty-four': 24,
  'twenty four': 24,
  'thirty-six': 36,
};

export function numberFrom(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word.toLowerCase()] ?? null;
}
const NUMBER_PATTERN =
  '\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty[- ]four|thirty-six';

export function isoDate(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function clamp(date: string, min: string, max: string): string {
  return compareDates(date, min) < 0 ? min : compareDates(date, max) > 0 ? max : date;
}

export function quarterOf(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return `${y}Q${Math.floor((m - 1) / 3) + 1}`;
}

export interface ParsedTime {
  time: TimeSpec;
  series?: Extract<Dimension, 'month' | 'quarter' | 'half_year' | 'year'>;
  /** True when the question looks beyond the latest snapshot (a forecast question). */
  future: boolean;
  /** True when a window (from -> to) was given: growth/change questions. */
  window: boolean;
  matched: string[];
}

/** The time phrases read so far, and the words they used. */
interface TimeReading {
  readonly text: string;
  readonly ctx: TimeContext;
  readonly latestYear: number;
  time: TimeSpec;
  matched: string[];
  series?: ParsedTime['series'];
  window: boolean;
  /** Matches later phrases give way to. */
  since?: RegExpMatchArray | null;
  between?: RegExpMatchArray | null;
  endOfYears?: RegExpMatchArray | null;
  /** Matches a pattern and records the words it used. */
  take(re: RegExp): RegExpMatchArray | null;
}

/** The last month of a year asked about: December, or the latest snapshot while the year is not over. */
function yearEnd(year: number, r: Pick<TimeReading, 'ctx' | 'latestYear'>): string {
  return compareDates(isoDate(year, 12), r.ctx.latest) > 0 && year <= r.latestYear
    ? r.ctx.latest
    : isoDate(year, 12);
}

/** Parses the time phrases of a lower-cased question. */
export function parseTime(question: string, ctx: TimeContext): ParsedTime {
  // "A download of 2000 Mbps": a speed, never the year 2000 (joined to its unit, no year pattern matches it).
  const text = question.replace(/\b(\d{4})\s+(mbps|mbit|mb\/s|mb\b|megs?\b|gbps|gbit)/g, '$1$2');
  const matched: string[] = [];
  const r: TimeReading = {
    text,
    ctx,
    latestYear: Number(ctx.latest.slice(0, 4)),
    time: {},
    matched,
    window: false,
    take: (re) => {
      const m = text.match(re);
      if (m) matched.push(m[0].trim());
      return m;
    },
  };
  readPointList(r);
  if (!r.series) readSeriesGrain(r);
  readQuarters(r);
  readRecentWindow(r);
  readSince(r);
  readAgo(r);
  readRanges(r);
  readPoint(r);
  readSeriesYear(r);
  const { time } = r;
  if (time.at && compareDates(time.at, ctx.latest) <= 0) time.at = clamp(time.at, ctx.earliest, ctx.latest);
  const future =
    (time.at !== undefined && compareDates(time.at, ctx.latest) > 0) ||
    (time.to !== undefined && compareDates(time.to, ctx.latest) > 0) ||
    (time.seriesTo !== undefined && compareDates(time.seriesTo, ctx.latest) > 0);
  return { time, series: r.series, future, window: r.window, matched };
}

/**
 * "month by month", "quarterly", "half-yearly", "on 1 Jan each year", "each January", "each Q4", "yearly";
 * "over time" or "trend" is monthly.
 */
function readSeriesGrain(r: TimeReading): void {
  const { text, time, take } = r;
  // "in each of the last 6 months": a row per month over that span (the span itself is read as a window next).
  const eachOfThe = take(
    /\b(?:in |for |over )?(?:each|every one) of the (?=(?:last|past|previous|next|first) \S+ (months?|quarters?|years?)\b)/,
  );
  // "The Jan and Jul snapshots", "each January and July": a half-yearly series at those two months. (The forecast's
  // points are half-yearly too: "at each forecast point" is that series.)
  const twoMonths = new RegExp(
    `\\b(?:each|every|the|at the|on the) (${MONTH_PATTERN}) and (${MONTH_PATTERN})(?: snapshots?| points?)(?! ?'?\\d)\\b|\\b(?:each|every) (${MONTH_PATTERN}) and (${MONTH_PATTERN})\\b(?! ?'?\\d)`,
  );
  const pair = text.match(twoMonths);
  const [m1, m2] = pair
    ? [pair[1] ?? pair[3], pair[2] ?? pair[4]].map((m) => MONTHS[(m ?? '').slice(0, 3)])
    : [];
  if (eachOfThe)
    r.series = eachOfThe[1]?.startsWith('q') ? 'quarter' : eachOfThe[1]?.startsWith('y') ? 'year' : 'month';
  else if (m1 && m2 && Math.abs(m1 - m2) === 6 && take(twoMonths)) {
    r.series = 'half_year';
    time.seriesMonths = [Math.min(m1, m2), Math.max(m1, m2)];
  } else if (
    take(/\b(month[- ]by[- ]month|monthly|each month|every month|per month|by month|month on month)\b/)
  )
    r.series = 'month';
  else if (
    take(
      /\b(quarter[- ]by[- ]quarter|quarterly|each quarter|every quarter|per quarter|by quarter|quarter on quarter)\b/,
    )
  )
    r.series = 'quarter';
  else if (
    take(
      /\b(half[- ]year(?:ly)?|each half[- ]year|half[- ]year points?|every six months|six[- ]monthly|(?:at )?(?:each|every|all(?: the)?) forecast (?:points?|dates?|horizons?))\b/,
    )
  )
    r.series = 'half_year';
  else if (take(SNAPSHOT_OF_EACH_YEAR)) {
    // "on 1 Jan each year", "at the 1 June snapshot of each year": a yearly series at that month's snapshot.
    r.series = 'year';
    const m = text.match(SNAPSHOT_OF_EACH_YEAR);
    time.seriesMonth = m?.[1] ? (MONTHS[m[1].slice(0, 3)] ?? 1) : 1;
  } else if (take(new RegExp(`\\b(?:each|every|as at each|as of each) (${MONTH_PATTERN})\\b`))) {
    // "each January": a yearly series at that month.
    r.series = 'year';
    const m = text.match(new RegExp(`\\b(?:each|every|as at each|as of each) (${MONTH_PATTERN})\\b`));
    time.seriesMonth = MONTHS[(m?.[1] ?? 'dec').slice(0, 3)] ?? 12;
  } else if (take(/\b(?:each|every) q([1-4])\b|\bq([1-4]) (?:of |in )?(?:each|every) (?:year|yr)\b/)) {
    // "each Q4", "Q4 of each year": a quarterly series of that quarter only.
    r.series = 'quarter';
    const m = text.match(/\b(?:each|every) q([1-4])\b|\bq([1-4]) (?:of |in )?(?:each|every) (?:year|yr)\b/);
    time.quarterNumber = Number(m?.[1] ?? m?.[2] ?? 4);
  } else if (
    take(
      /\b(?:(?:at )?(?:each|every) year[- ]ends?|(?:at )?the end of (?:each|every) year|at year[- ]ends?|year[- ]ends)\b/,
    )
  ) {
    // "At each year-end", "the December snapshots": December's snapshot each year, and no year-to-date point.
    r.series = 'year';
    time.seriesMonth = 12;
  } else if (
    take(/\b(each year|every year|yearly|annually|per year|by year|year by year|year on year trend)\b/)
  )
    r.series = 'year';
  else if (take(/\b(over time|trend|trajectory|timeline|history of|historically|time series|evolution)\b/))
    r.series = 'month';
}

/** One date of a list: "nov 2024", "h1 2027", "end of 2026", "2025 q3", or a month whose year the list gives once. */
const LISTED_POINT = `(?:(?:the )?(?:end|close|start|beginning|mid)[- ](?:of )?20\\d\\d|(?:${MONTH_PATTERN})\\.?(?: 20\\d\\d)?|h[12] 20\\d\\d|q[1-4] 20\\d\\d|20\\d\\d q[1-4])`;
/** Three or more dates listed ("Nov 2024, Nov 2025 and Nov 2026", "end H1 2027, H2 2027, H1 2028 and H2 2028"). */
const POINT_LIST = new RegExp(
  `\\b(?:at |on |for |as at |as of )?(?:the )?(?:end )?${LISTED_POINT}(?:\\s*(?:,|,? and|,? &|,? vs\\.?|,? versus|;)\\s*(?:the )?(?:end )?${LISTED_POINT}){2,}(?: (?:of |in )?(20\\d\\d))?(?! ?\\d)`,
);

/** A listed date as the first of its month; a month alone takes the list's year (or the one written near it). */
function listedDate(item: string, year: number | undefined): string | undefined {
  const q = item.match(/\bq([1-4]) (20\d\d)|(20\d\d) q([1-4])/);
  if (q) return isoDate(Number(q[2] ?? q[3]), 3 * Number(q[1] ?? q[4]) - 2);
  const h = item.match(/\bh([12]) (20\d\d)/);
  if (h) return isoDate(Number(h[2]), h[1] === '1' ? 6 : 12);
  const edge = item.match(/\b(end|close|start|beginning|mid)[- ](?:of )?(20\d\d)/);
  if (edge)
    return isoDate(Number(edge[2]), /^(?:start|beginning)/.test(edge[1]!) ? 1 : edge[1] === 'mid' ? 6 : 12);
  const m = item.match(new RegExp(`\\b(${MONTH_PATTERN})\\.?(?: (20\\d\\d))?`));
  const y = m?.[2] ? Number(m[2]) : year;
  return m && y ? isoDate(y, MONTHS[m[1]!.slice(0, 3)] ?? 1) : undefined;
}

/**
 * Dates listed one by one ("GC coverage at Nov 2024, Nov 2025 and Nov 2026", "premises at end H1 2027, H2 2027, H1
 * 2028 and H2 2028", "at 1 Jan, 1 Apr, 1 Jul and 1 Oct 2025"): a series of exactly those points, when they are evenly
 * spaced as a series' points are (a year, a half-year, a quarter or a month apart). Read before the grain, so a
 * word beside the list ("the 3-point trend") does not make it every month.
 */
function readPointList(r: TimeReading): void {
  const list = r.text.match(POINT_LIST);
  if (!list) return;
  // The year written once for the whole list: after it, on its last month ("1 Jan, 1 Apr and 1 Oct 2025"), or near it.
  const listYears = [...new Set(list[0].match(/20\d\d/g) ?? [])];
  const written =
    list[1] ??
    (listYears.length === 1 ? listYears[0] : undefined) ??
    r.text.match(/\b(?:of|in|during) (20\d\d)\b/)?.[1];
  const items = list[0]
    .replace(/ (?:of |in )?20\d\d$/, (tail) => (list[1] ? '' : tail))
    .split(/\s*(?:,|\band\b|&|\bvs\b\.?|\bversus\b|;)\s*/)
    .filter((item) => item.trim());
  const dates = [...new Set(items.map((item) => listedDate(item, written ? Number(written) : undefined)))];
  if (dates.length < 3 || dates.some((d) => !d)) return;
  const points = (dates as string[]).sort(compareDates);
  const gaps = points.slice(1).map((d, i) => monthsApart(points[i]!, d));
  const months = points.map((d) => Number(d.slice(5, 7)));
  const forecast = compareDates(points[points.length - 1]!, r.ctx.latest) > 0;
  // The grain whose points these all are; unevenly spaced ("end of 2026, 2028 and 2030") keeps only those listed.
  const grainOf = (g: number) =>
    gaps.every((x) => x % g === 0) && (g !== 3 || forecast || months.every((m) => m % 3 === 1));
  const gap = [12, 6, 3, 1].find(grainOf) ?? 1;
  if (!gaps.every((g) => g === gap)) r.time.points = points;
  r.matched.push(list[0].trim());
  r.series = gap === 12 ? 'year' : gap === 6 ? 'half_year' : gap === 3 ? 'quarter' : 'month';
  if (gap === 12) r.time.seriesMonth = months[0]!;
  if (gap === 6 && !forecast)
    r.time.seriesMonths = [Math.min(months[0]!, months[1]!), Math.max(months[0]!, months[1]!)];
  r.time.seriesFrom = points[0]!;
  r.time.seriesTo = points[points.length - 1]!;
  r.time.phrase = list[0].trim();
}

/** Months from one first-of-month date to another (negative when `b` is earlier). */
export const monthsApart = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/** "On 1 Jan each year", "at the 1 June snapshot of each year", "the start of every year" (January). */
const SNAPSHOT_OF_EACH_YEAR = new RegExp(
  `\\b(?:on |at )?(?:the )?(?:(?:1(?:st)?|first) (?:of )?)?(${MONTH_PATTERN})(?: snapshots?)? (?:of |in )?(?:each|every) (?:year|yr)\\b|\\b(?:at the )?(?:start|beginning) of (?:each|every) year\\b`,
);

/** Take-up quarters: "2025 Q3", "Q1 of 2024", "the last 4 quarters", "each quarter of 2025". */
function readQuarters(r: TimeReading): void {
  const { time, take } = r;
  const q1 = take(/\b(20\d\d)\s*-?\s*q([1-4])\b/);
  const q2 = q1 ? null : take(/\bq([1-4])\s*(?:of\s*)?(20\d\d)\b/);
  if (q1) time.quarter = `${q1[1]}Q${q1[2]}`;
  else if (q2) time.quarter = `${q2[2]}Q${q2[1]}`;
  const lastQuarters = take(
    new RegExp(`\\b(?:last|past|previous|latest|recent)\\s+(${NUMBER_PATTERN})\\s+quarters\\b`),
  );
  if (lastQuarters) time.lastQuarters = numberFrom(lastQuarters[1] as string) ?? 4;
  // "Each quarter of 2025 and 2026": every quarter from the first year's Q1 to the second year's Q4.
  const quartersOfYears = take(
    /\b(?:(?:each|every|all|the) )?quarters? (?:of|in) (20\d\d) (?:and|to|through|-) (20\d\d)\b/,
  );
  const quartersOfYear = quartersOfYears
    ? null
    : take(/\b(?:each|every|all|the) quarters? (?:of|in) (20\d\d)\b|\bquarters? of (20\d\d)\b/);
  if (quartersOfYears) {
    time.seriesFrom = `${quartersOfYears[1]}-01-01`;
    time.seriesTo = `${quartersOfYears[2]}-12-01`;
    r.series = 'quarter';
  } else if (quartersOfYear) {
    time.quarterYear = Number(quartersOfYear[1] ?? quartersOfYear[2]);
    r.series = 'quarter';
  }
}

/**
 * Windows ending at the latest snapshot: "the last 6 months", "the past 2 years", "year on year". With a
 * series, "the last 6 months" is the span of the series (6 snapshots up to the latest).
 */
function readRecentWindow(r: TimeReading): void {
  const { ctx, time, take } = r;
  const lastMonths = take(
    new RegExp(
      `\\b(?:last|past|previous|recent|over the last|over the past|in the last|in the past)\\s+(${NUMBER_PATTERN})\\s+months?\\b`,
    ),
  );
  const lastYears = take(new RegExp(`\\b(?:last|past|previous)\\s+(${NUMBER_PATTERN})\\s+years?\\b`));
  // "Added in the last quarter": growth over the last three monthly snapshots (a take-up quarter is read apart).
  const lastQuarter = GROWTH_WORDS.test(r.text)
    ? take(/\b(?:in |over |during )?(?:the )?(?:last|past|previous|most recent) quarter\b/)
    : null;
  const yearWindow = take(
    /\b(?:(?:in|over|during) the (?:last|past) year|(?:last|past) (?:12 months|twelve months|year)|year[- ]on[- ]year|yoy|over the year|annual growth|in a year|this past year)\b/,
  );
  if (lastQuarter) {
    if (!r.series) {
      r.window = true;
      time.from = addMonths(ctx.latest, -3);
      time.to = ctx.latest;
      time.phrase = 'in the last quarter';
    }
  } else if (lastMonths && r.series) {
    const n = numberFrom(lastMonths[1] as string) ?? 6;
    time.seriesFrom = addMonths(ctx.latest, -(n - 1));
    time.seriesTo = ctx.latest;
  } else if (lastMonths) {
    const n = numberFrom(lastMonths[1] as string) ?? 6;
    r.window = true;
    time.from = addMonths(ctx.latest, -n);
    time.to = ctx.latest;
    time.phrase = `in the last ${n} months`;
  } else if (lastYears && r.series) {
    const n = numberFrom(lastYears[1] as string) ?? 1;
    time.seriesFrom = addMonths(ctx.latest, -12 * n);
    time.seriesTo = ctx.latest;
  } else if (lastYears) {
    const n = numberFrom(lastYears[1] as string) ?? 1;
    r.window = true;
    time.from = addMonths(ctx.latest, -12 * n);
    time.to = ctx.latest;
    time.phrase = n === 1 ? 'in the last year' : `in the last ${n} years`;
  } else if (yearWindow && r.series && !/year[- ]on[- ]year|yoy|annual growth/.test(yearWindow[0])) {
    // "Each month in the past year": twelve points, as "the last 12 months" gives.
    time.seriesFrom = addMonths(ctx.latest, -11);
    time.seriesTo = ctx.latest;
  } else if (yearWindow && !r.series) {
    r.window = true;
    time.from = addMonths(ctx.latest, -12);
    time.to = ctx.latest;
    time.phrase = 'in the last 12 months';
  }
}

/** "since January 2024" / "since 2023": a window to the latest snapshot, or the start of a series. */
function readSince(r: TimeReading): void {
  const { ctx, time } = r;
  const since = r.take(
    new RegExp(`\\bsince (?:the )?(?:start of |beginning of )?(?:(${MONTH_PATTERN})\\s+)?(20\\d\\d)\\b`),
  );
  // "Since the start of the year", "year to date", "since the Jan snapshot": this year's (or the last such) month.
  const sinceNoYear = since
    ? null
    : r.take(
        new RegExp(
          `\\bsince (?:the )?(?:start|beginning) of (?:the |this )?year\\b|\\byear[- ]to[- ]date\\b|\\bytd\\b|\\bsince (?:the )?(${MONTH_PATTERN})(?:'s)?(?: snapshot| data| figures)?(?: (?:of )?(last|this) year)?\\b(?!\\s*(?:20)?\\d\\d)`,
        ),
      );
  r.since = since ?? sinceNoYear;
  if (!since && !sinceNoYear) return;
  // "Each calendar year 2022 to 2026 (2026 = YTD)": the years written span the series; "YTD" is its last point.
  if (r.series && sinceNoYear && /\b20\d\d ?(?:to|-|–|until|through) ?20\d\d\b/.test(r.text)) return;
  const latestYear = Number(ctx.latest.slice(0, 4));
  const latestMonth = Number(ctx.latest.slice(5, 7));
  const named = sinceNoYear?.[1] ? (MONTHS[sinceNoYear[1].slice(0, 3)] ?? 1) : 1;
  const month = since ? (since[1] ? (MONTHS[since[1].slice(0, 3)] ?? 1) : 1) : named;
  const which = sinceNoYear?.[2];
  const year = since
    ? Number(since[2])
    : which === 'last'
      ? latestYear - 1
      : which === 'this' || named <= latestMonth
        ? latestYear
        : latestYear - 1;
  const from = clamp(isoDate(year, month), ctx.earliest, ctx.latest);
  if (r.series) {
    time.seriesFrom = from;
    time.seriesTo = ctx.latest;
  } else {
    r.window = true;
    time.from = from;
    time.to = ctx.latest;
    time.phrase = since
      ? `since ${since[1] ? `${capitalise(since[1])} ` : ''}${since[2]}`
      : `since ${capitalise(MONTH_KEYS[month - 1] ?? 'jan')} ${year}`;
  }
}

/** Month keys in calendar order, for saying a month read from a number. */
const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "6 months ago" is that snapshot; compared with now ("more than a year ago") it is a window. */
function readAgo(r: TimeReading): void {
  const { text, ctx, time } = r;
  const ago = r.take(new RegExp(`\\b(${NUMBER_PATTERN}|a|one) (months?|years?) ago\\b`));
  if (!ago || time.at || time.from) return;
  const n = ago[1] === 'a' || ago[1] === 'one' ? 1 : (numberFrom(ago[1] as string) ?? 1);
  const months = (ago[2] as string).startsWith('year') ? 12 * n : n;
  if (
    /\b(now|today|currently|latest|at present)\b[^.?]*\b(compared|vs\.?|versus|than|against)\b|\bmore\b[^.?]*\bthan\b|\bsince\b/.test(
      text,
    )
  ) {
    r.window = true;
    time.from = addMonths(ctx.latest, -months);
    time.to = ctx.latest;
    time.phrase = `compared with ${n} ${(ago[2] as string).replace(/s$/, '')}${n === 1 ? '' : 's'} ago`;
  } else time.at = addMonths(ctx.latest, -months);
}

/**
 * "between end 2026 and mid 2028" is a window; "2022 to 2025" the span of a series; "at the end of 2027,
 * 2028 and 2029" a yearly series of year-end points.
 */
function readRanges(r: TimeReading): void {
  const { text, ctx, time, matched } = r;
  const nowTo = text.match(NOW_TO);
  if (nowTo && !time.from) {
    // "Between now and the end of 2030": now is the latest snapshot, the other end a point of its own.
    matched.push(nowTo[0]);
    r.between = nowTo;
    const other = pointOf(nowTo.slice(1, 1 + POINT_GROUPS));
    // "Now vs Jan 2024" looks back: the window runs from the earlier end.
    [time.from, time.to] = compareDates(other, ctx.latest) < 0 ? [other, ctx.latest] : [ctx.latest, other];
    r.window = true;
    time.phrase = `between ${formatMonth(time.from)} and ${formatMonth(time.to)}`;
    return;
  }
  const between = text.match(BETWEEN) ?? fromTo(r);
  r.between = between;
  if (between && !time.from) {
    matched.push(between[0]);
    time.from = pointOf(between.slice(1, 1 + POINT_GROUPS));
    time.to = pointOf(between.slice(1 + POINT_GROUPS));
    r.window = true;
    time.phrase = `between ${formatMonth(time.from)} and ${formatMonth(time.to)}`;
  }
  const yearRange = text.match(/\b(?:from )?(20\d\d) ?(?:to|-|–|until|through) ?(20\d\d)\b/);
  if (yearRange && r.series && !time.seriesFrom) {
    matched.push(yearRange[0]);
    time.seriesFrom = isoDate(Number(yearRange[1]), 1);
    // The last point of a yearly series is that year's month; never past the data within the data's years.
    const last = isoDate(Number(yearRange[2]), r.series === 'year' ? (time.seriesMonth ?? 12) : 12);
    time.seriesTo =
      Number(yearRange[2]) <= r.latestYear && compareDates(last, ctx.latest) > 0 ? ctx.latest : last;
  }
  const endOfYears = between
    ? null
    : text.match(/\b(?:end|close)[- ](?:of )?(20\d\d)((?:(?:,|,? and|,? &) ?20\d\d)+)\b/);
  r.endOfYears = endOfYears;
  if (endOfYears && !r.series) {
    matched.push(endOfYears[0]);
    const years = [endOfYears[1]!, ...(endOfYears[2]!.match(/20\d\d/g) ?? [])].map(Number).sort();
    r.series = 'year';
    time.seriesMonth = 12;
    // "At the end of 2026, 2028 and 2030": those year-ends only, not the ones between.
    if (years.some((y, i) => i > 0 && y - years[i - 1]! !== 1))
      time.points = years.map((y) => isoDate(y, 12));
    time.seriesFrom = isoDate(years[0]!, 1);
    time.seriesTo = isoDate(years[years.length - 1]!, 12);
  }
}

/**
 * One end of a window: "end of 2026", "mid 2028", "Jan 2024", "jun 27", "H1 2027" or a bare year (its end).
 * A two-digit year is accepted only after a month or a half ("jun 27", "h2 26").
 */
const POINT = `(?:(?:the )?(?:(end|close|start|beginning|mid|middle)[- ](?:of )?)?(20\\d\\d)|(${MONTH_PATTERN})\\.? '?(20\\d\\d|\\d\\d)|(h[12]) '?(20\\d\\d|\\d\\d))`;
const POINT_GROUPS = 6;
const BETWEEN = new RegExp(`\\bbetween (?:the )?${POINT} (?:and|to|until|till) (?:the )?${POINT}(?![\\d])`);
/** "between now and 2030", "from today to end-2030", "now vs dec 2030": now is the latest snapshot. */
const NOW_TO = new RegExp(
  `\\b(?:(?:between|from) )?(?:now|today|the latest snapshot|the latest data|currently|at present)\\s*(?:and|to|until|till|through|->|→|vs\\.?|versus|compared (?:to|with)) ${POINT}(?![\\d])`,
);
/** "from Dec 2026 to Dec 2027", "jun 27 -> dec 27": a window unless the question asks for a series. */
const FROM_TO = new RegExp(
  `(?:\\bfrom )?${POINT}\\s*(?:to|->|→|until|till|through|thru|-|–)\\s*${POINT}(?![\\d])`,
);

/** A window written with months or halves ("Dec 2026 to Dec 2027"); bare years ("2022 to 2025") span a series. */
function fromTo(r: TimeReading): RegExpMatchArray | null {
  if (r.series) return null;
  const m = r.text.match(FROM_TO);
  const named = (i: number) => Boolean(m?.[1 + i + 2] || m?.[1 + i + 4]);
  return m && (named(0) || named(POINT_GROUPS)) ? m : null;
}

function pointOf(groups: (string | undefined)[]): string {
  const [kind, year, month, monthYear, half, halfYear] = groups;
  const fullYear = (y: string) => Number(y.length === 2 ? `20${y}` : y);
  if (month && monthYear) return isoDate(fullYear(monthYear), MONTHS[month.slice(0, 3)] ?? 1);
  if (half && halfYear) return isoDate(fullYear(halfYear), half === 'h1' ? 6 : 12);
  const start = kind === 'start' || kind === 'beginning';
  return isoDate(Number(year), start ? 1 : kind === 'mid' || kind === 'middle' ? 6 : 12);
}

/** Points: "end of 2027", "by 2028", "mid 2027", "H1 2027", "H2 2027", "<month> <year>". */
function readPoint(r: TimeReading): void {
  const { time, take } = r;
  // The ends of a window are not points of their own.
  if (r.between) return;
  const endOf =
    r.between || r.endOfYears
      ? null
      : take(
          /\b(?:by |at |for )?(?:the )?(?:end|close)[- ](?:of )?(20\d\d)\b|\bby (?:the )?(?:end of )?(20\d\d)\b|\bye ?(20\d\d)\b/,
        );
  const mid = endOf ? null : take(/\b(?:mid[- ]?|middle of |h1 |first half of )(20\d\d)\b/);
  const h2 = endOf || mid ? null : take(/\b(?:h2 |second half of )(20\d\d)\b/);
  const startOf =
    endOf || mid || h2 ? null : take(/\b(?:at |by |for )?(?:the )?(?:start|beginning) of (20\d\d)\b/);
  const monthYear = take(new RegExp(`\\b(${MONTH_PATTERN})\\.?\\s+(20\\d\\d)\\b`));
  if (endOf) time.at = isoDate(Number(endOf[1] ?? endOf[2] ?? endOf[3]), 12);
  else if (startOf) time.at = isoDate(Number(startOf[1]), 1);
  else if (mid) time.at = isoDate(Number(mid[1]), 6);
  else if (h2) time.at = isoDate(Number(h2[1]), 12);
  if (monthYear && !r.since && !time.at) {
    time.at = isoDate(Number(monthYear[2]), MONTHS[(monthYear[1] as string).slice(0, 3)] ?? 1);
  }
}

/** Words of growth or of first arrival: a period named with them is a window, not a point. */
const GROWTH_WORDS =
  /\b(?:add|adds|added|adding|gain|gains|gained|grew|grow|growth|built|build|increase|increased|net adds|new|first|went live|rolled out|got(?! (?:the|a|an|any|more|less|most|least|highest|lowest|best|worst|biggest|largest)\b)|received)\b/;

/** "Added in H1 2026", "growth during the second half of 2025": a change within one half-year. */
const GROWTH_IN_A_HALF =
  /(?:^\s*|\b(?:in|during|over|across|for|through)\s+(?:the\s+)?)(h1|h2|first half of|second half of)\s*'?(20\d\d|\d\d)\b/;

/** "In 2025", "as of 2024", "for 2023": one year named alone, not the end of a range or a quarter. */
const YEAR_ALONE = /\b(?:in|during|for|as of|at|of)\s+(20\d\d)\b(?!\s*(?:-|–|to|and|vs|q[1-4]|\/))/;

/** "Added in 2025", "growth during 2024", "how much did X grow over 2025": a change within one calendar year. */
const YEAR_OF_GROWTH = /\b(?:in|during|throughout|over|across)\s+(20\d\d)\b(?!\s*(?:-|to|and|vs|q[1-4]))/;
const GROWTH_IN_A_YEAR = new RegExp(
  `${GROWTH_WORDS.source}[^.?]*${YEAR_OF_GROWTH.source}|${YEAR_OF_GROWTH.source}[^.?]*${GROWTH_WORDS.source}`,
);

/**
 * A calendar year for a series: "through 2025", "during 2025", "in 2025", "this year" (up to the latest
 * snapshot). Without a series, "this year" is the window since the end of last year.
 */
function readSeriesYear(r: TimeReading): void {
  const { text, ctx, time, matched, latestYear } = r;
  // "Every half year from here out to 2030", "from now on": a forecast series from the first point after today.
  const fromNow =
    r.series && !time.seriesFrom
      ? r.take(/\bfrom (?:here|now|today)(?: (?:out|on|onwards?))?\b|\bgoing forward\b/)
      : null;
  if (fromNow) time.seriesFrom = addMonths(ctx.latest, 1);
  // "Each quarter across 2025 and 2026", "monthly over 2024-2025": the two years, first to last.
  const twoYears =
    r.series && !time.seriesFrom
      ? r.take(
          /\b(?:in|during|through|throughout|over|across|for|of)\s+(20\d\d)\s*(?:and|&|to|through|-|–)\s*(20\d\d)\b/,
        )
      : null;
  if (twoYears && !time.at) {
    const [first, last] = [Number(twoYears[1]), Number(twoYears[2])].sort((a, b) => a - b) as [
      number,
      number,
    ];
    time.seriesFrom = isoDate(first, 1);
    time.seriesTo = yearEnd(last, r);
  }
  if (r.series && !time.seriesFrom) {
    const yearOf = text.match(/\b(?:in|during|through|throughout|over|across|for|of)\s+(20\d\d)\b/);
    const thisYear = /\bthis year\b/.test(text);
    if (yearOf && !time.at) {
      matched.push(yearOf[0]);
      const year = Number(yearOf[1]);
      time.seriesFrom = isoDate(year, 1);
      time.seriesTo = yearEnd(year, r);
    } else if (thisYear) {
      matched.push('this year');
      time.seriesFrom = isoDate(latestYear, 1);
      time.seriesTo = ctx.latest;
    }
  } else if (!r.series && !r.window && GROWTH_WORDS.test(text) && GROWTH_IN_A_HALF.test(text)) {
    // "Which altnets added the most premises in H1 2026": the half's growth, from the end of the half before to
    // the end of this one (or the latest snapshot), as the half-yearly points (June and December) read it.
    const [phrase, half, written] = text.match(GROWTH_IN_A_HALF) as RegExpMatchArray;
    const year = written!.length === 2 ? 2000 + Number(written) : Number(written);
    const first = /^(?:h1|first)/.test(half!);
    const from = first ? isoDate(year - 1, 12) : isoDate(year, 6);
    const to = first ? isoDate(year, 6) : isoDate(year, 12);
    if (compareDates(from, ctx.latest) < 0) {
      matched.push(phrase);
      delete time.at;
      r.window = true;
      time.from = from;
      time.to = compareDates(to, ctx.latest) > 0 ? ctx.latest : to;
      time.phrase = `in ${first ? 'H1' : 'H2'} ${year}`;
    }
  } else if (!r.series && !r.window && !time.at && GROWTH_IN_A_YEAR.test(text)) {
    // "How many premises did CityFibre add in 2025": the year's growth, from the end of the year before to the
    // end of that year (or the latest snapshot), as "this year" and the yearly series' December points read it.
    const yearOf = text.match(YEAR_OF_GROWTH) as RegExpMatchArray;
    const year = Number(yearOf[1]);
    matched.push(yearOf[0]);
    r.window = true;
    time.from = isoDate(year - 1, 12);
    time.to = yearEnd(year, r);
    time.phrase = `in ${year}`;
  } else if (!r.series && !r.window && !time.at && time.quarter && GROWTH_WORDS.test(text)) {
    // "Premises added in Q3 2026": from the quarter's first snapshot to the next quarter's (or the latest), as the
    // quarterly series' points are the quarters' first months.
    const [year, q] = time.quarter.split('Q').map(Number) as [number, number];
    const from = isoDate(year, 3 * q - 2);
    const next = addMonths(from, 3);
    if (compareDates(from, ctx.latest) < 0) {
      r.window = true;
      time.from = from;
      time.to = compareDates(next, ctx.latest) > 0 ? ctx.latest : next;
      time.phrase = `in ${year} Q${q}`;
    }
  } else if (!r.series && !r.window && !time.at && time.quarter && !time.lastQuarters) {
    // "FF coverage in Q3 2025": availability at the quarter's first snapshot, the quarterly series' point (take-up
    // reads the quarter itself).
    const [year, q] = time.quarter.split('Q').map(Number) as [number, number];
    const first = isoDate(year, 3 * q - 2);
    if (compareDates(first, ctx.latest) <= 0) time.at = first;
  } else if (!r.series && /\bthis year\b/.test(text) && !r.window && !time.at) {
    matched.push('this year');
    r.window = true;
    time.from = addMonths(isoDate(latestYear, 1), -1);
    time.to = ctx.latest;
    time.phrase = 'this year';
  } else if (!r.series && !r.window && !r.since && !time.at && !time.quarter && YEAR_ALONE.test(text)) {
    // "FF coverage in 2025": the year's end, as "end of 2025" (the latest snapshot for the current year).
    const yearOf = text.match(YEAR_ALONE) as RegExpMatchArray;
    const year = Number(yearOf[1]);
    matched.push(yearOf[0]);
    time.at = yearEnd(year, r);
  }
}

function capitalise(word: string): string {
  const month = MONTHS[word.slice(0, 3)];
  return month
    ? new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })
    : word;
}
