/**
 * The interpretation: one plain-English sentence, generated from the plan alone, that says which question the
 * answer is for ("Premises in Wales where no network offers a download speed of 30 Mbit/s or more, November 2026
 * snapshot"). It is shown above every answer so a reader sees at a glance what was answered, and it is written
 * from the same plan the SQL is compiled from, so a condition the plan lacks cannot appear here either: a dropped
 * condition becomes visible instead of silent.
 */
import { DIMENSION_LIST, SEGMENTS, speedBandsAt, TECHNOLOGY_SEGMENTS, takeUpTech } from '@qa/warehouse';
import {
  COMPARISON_WORDS,
  type Dimension,
  describeGroupFilter,
  GEO_DIMENSIONS,
  type Plan,
  type Subject,
  TIME_DIMENSIONS,
} from '../semantic/plan.js';
import type { TimeContext } from '../semantic/time-context.js';
import { alongsidePlans } from './alongside.js';
import { isForecastPoint } from './fast-paths.js';
import { excludedWords, monthName, techWords } from './words.js';

/** '2026-11-01' -> 'November 2026'. */
const formatMonth = (date: string) => `${monthName(Number(date.slice(5, 7)))} ${date.slice(0, 4)}`;

/** Technologies, dimensions and named speeds are said as the semantic model labels them. */
const TECH = Object.fromEntries(TECHNOLOGY_SEGMENTS.map((t) => [t.tech, t.label])) as Record<
  NonNullable<Subject['tech']>,
  string
>;

const SINGULAR = Object.fromEntries(DIMENSION_LIST.map((d) => [d.id, d.label])) as Record<Dimension, string>;

/** Plurals of the dimensions a ranking lists (not of time grains, urban/rural or network counts). */
const PLURAL: Partial<Record<Dimension, string>> = Object.fromEntries(
  DIMENSION_LIST.filter((d) => ['place', 'network', 'technology', 'segment'].includes(d.kind)).map((d) => [
    d.id,
    d.plural,
  ]),
);

const SERIES = TIME_DIMENSIONS;

/** A download threshold the model names (superfast, ultrafast), said with its name. */
const NAMED_SPEEDS = [SEGMENTS.superfast, SEGMENTS.ultrafast];
function downloadOfAtLeast(mbps: number): string {
  const named = NAMED_SPEEDS.find((s) => s.threshold.down === mbps);
  const speed = `a download speed of ${mbps} Mbit/s or more`;
  return named ? `${named.label} broadband (${speed})` : speed;
}

const joinOr = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const joinAnd = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

/** What is on offer: "full fibre", "gigabit-capable broadband", "a download speed of 300 Mbit/s or more". */
export function offering(s: Subject, forecast = false): string | null {
  const parts: string[] = [];
  // The forecast holds full-fibre footprints only, so a forecast subject is full fibre unless it says otherwise.
  if (forecast && !s.tech && !s.gigabit && !s.minDown && !s.minUp) parts.push('full fibre');
  if (s.tech) parts.push(TECH[s.tech]);
  if (s.gigabit)
    parts.push(s.symmetric ? 'symmetric gigabit broadband' : `${SEGMENTS.gigabit.label} broadband`);
  if (s.minDown) parts.push(downloadOfAtLeast(s.minDown));
  if (s.minUp) parts.push(`an upload speed of ${s.minUp} Mbit/s or more`);
  return parts.length ? parts.join(' with ') : null;
}

/** Who offers it: a network, an operator, an altnet, both of two networks, N networks. */
export function provider(s: Subject): { who: string; plural: boolean } | null {
  const bound = (group: string) => (s.groupTech?.[group] ? `${group} ${TECH[s.groupTech[group]!]}` : group);
  if (s.allGroups?.length)
    return {
      who: `${s.allGroups.length > 2 ? 'all of' : 'both'} ${joinAnd(s.allGroups.map(bound))}`,
      plural: true,
    };
  // Networks counted among the altnets only (the altnet table's rows) are altnets.
  const altnets = s.networksAreAltnets || s.altnet;
  if (s.minNetworks)
    return {
      who: `at least ${s.minNetworks} ${altnets ? 'altnets' : 'networks'}`,
      plural: true,
    };
  if (s.exactNetworks) {
    const noun = altnets ? 'altnet' : 'network';
    return s.exactNetworks === 1
      ? { who: `exactly one ${noun}`, plural: false }
      : { who: `exactly ${s.exactNetworks} ${noun}s`, plural: true };
  }
  if (s.operatorGroups?.length) return { who: joinOr(s.operatorGroups.map(bound)), plural: false };
  if (s.operators?.length) return { who: joinOr(s.operators), plural: false };
  const other = s.notGroups?.length ? ` other than ${joinAnd(s.notGroups)}` : '';
  if (s.altnet) return { who: `an altnet${other}`, plural: false };
  if (other) return { who: `a network${other}`, plural: false };
  return null;
}

/** The conditions a postcode must meet, as a clause after "where" (or null when every postcode counts). */
export function subjectClause(
  s: Subject,
  options: { forecast?: boolean; skipProvider?: boolean } = {},
): string | null {
  const clauses: string[] = [];
  const what = offering(s, options.forecast);
  const who = options.skipProvider ? null : provider(s);
  if (s.absent && s.exclude) {
    // NOT (present AND NOT excluded): where the subject is, so is the excluded service.
    const excluded = excludedWords(s.exclude);
    const cableOnly = s.gigabit && s.exclude.tech && !who && !s.minDown && !s.minUp;
    clauses.push(
      cableOnly
        ? `${SEGMENTS.cable_only_gigabit.label} is not available (no ${SEGMENTS.gigabit.label} broadband, or ${excluded} as well)`
        : `there is no ${what ?? 'service'}${who ? ` from ${who.who}` : ''} without ${excluded}`,
    );
    return joinAnd(clauses);
  }
  if (s.absent) {
    if (s.allGroups?.length)
      clauses.push(
        `${joinAnd(s.allGroups)} do not ${s.allGroups.length > 2 ? 'all' : 'both'} ${what ? `offer ${what}` : 'reach it'}`,
      );
    else if (s.minNetworks)
      clauses.push(`fewer than ${s.minNetworks} networks ${what ? `offer ${what}` : 'are present'}`);
    else if (who) clauses.push(`${who.who} ${what ? `does not offer ${what}` : 'is not present'}`);
    else clauses.push(what ? `no network offers ${what}` : 'no network is present');
  } else if (s.soleGroup) {
    // Said once below: "Virgin Media is the only network offering gigabit-capable broadband".
  } else if (who) {
    clauses.push(
      `${who.who} ${what ? `offer${who.plural ? '' : 's'} ${what}` : `${who.plural ? 'are' : 'is'} present`}`,
    );
  } else if (what) {
    clauses.push(`${what} is available`);
  }
  if (s.soleGroup) clauses.push(`${s.soleGroup} is the only network offering ${what ?? 'it'}`);
  if (s.onlyTech) clauses.push(`${TECH[s.onlyTech]} is the only technology`);
  if (s.bestDownBelow) clauses.push(`the best download speed is below ${s.bestDownBelow} Mbit/s`);
  if (s.belowUso) clauses.push(belowUsoClause());
  if (s.exclude) clauses.push(`there is no ${excludedWords(s.exclude)}`);
  if (s.score) {
    const test = COMPARISON_WORDS[s.score.op];
    const name = s.score.of === 'deprivation' ? 'digital deprivation' : 'attractiveness';
    clauses.push(`the ${name} score (latest quarter) is ${test} ${s.score.value}`);
  }
  return clauses.length ? joinAnd(clauses) : null;
}

/** "no service offers 10 Mbit/s down and 1 Mbit/s up (below the USO)", from the model's thresholds. */
function belowUsoClause(): string {
  const { down, up } = SEGMENTS.below_uso.threshold;
  return `no service offers ${down} Mbit/s down and ${up} Mbit/s up (${SEGMENTS.below_uso.label})`;
}

/** The counted thing or figure, as a noun phrase ("premises", "full-fibre coverage"). */
function measureNoun(plan: Plan): string {
  const what = offering(plan.subject, plan.dataset === 'upc_forecast') ?? 'the service';
  switch (plan.measure) {
    case 'premises':
      return 'premises';
    case 'postcodes':
      return 'postcodes';
    case 'households':
      return 'households';
    case 'business_sites':
      return 'business sites';
    case 'population':
      return 'population';
    case 'coverage_pct':
      return 'share of premises';
    // What is below the USO shrinks as networks are built: its change is a change, not a gain.
    case 'change_premises':
      return plan.subject.belowUso || plan.subject.absent ? 'change in premises' : 'premises gained';
    case 'change_postcodes':
      return plan.subject.belowUso || plan.subject.absent ? 'change in postcodes' : 'postcodes gained';
    case 'change_pp':
      return plan.subject.belowUso || plan.subject.absent
        ? 'change in share (percentage points)'
        : 'change in coverage (percentage points)';
    case 'first_postcodes':
      return 'postcodes first covered';
    case 'first_premises':
      return 'premises first covered';
    case 'operator_count':
      return plan.subject.altnet ? 'number of altnets present' : 'number of networks present';
    case 'place_count':
      return `number of ${PLURAL[plan.placeLevel ?? 'la_name'] ?? 'places'} where present`;
    case 'first_date':
      return plan.dataset === 'upc_forecast' ? 'first forecast date' : 'date first available';
    case 'max_down':
      return 'fastest download speed';
    case 'max_up':
      return 'fastest upload speed';
    case 'max_speeds':
      return 'fastest download and upload speeds';
    case 'avg_down':
      return 'average fastest download speed';
    case 'lines':
      return 'broadband lines';
    case 'line_share_pct':
      return (plan.takeUp?.change || plan.takeUp?.fromQuarter) && plan.dimension !== 'quarter'
        ? `change in the share of broadband lines (percentage points, ${plan.takeUp.fromQuarter ? `since ${plan.takeUp.fromQuarter.replace('Q', ' Q')}` : plan.takeUp.change === 'qoq' ? 'quarter on quarter' : 'year on year'})`
        : 'share of broadband lines';
    case 'avg_attractiveness':
      return 'average attractiveness score';
    case 'avg_deprivation':
      return 'average deprivation score';
    case 'share_of_subject_pct':
      // Take-up is lines over the premises that can get the service: a share of lines, not of premises.
      return plan.dataset === 'take_up'
        ? `take-up of ${what} (lines as a share of the premises that can get it)`
        : `share of ${what} premises`;
    case 'operator_list':
      return 'networks present';
    case 'lines_change_pct':
      // Ranked by the lines added, or by the change in per cent: the restatement says which.
      return `${plan.takeUp?.rankByChange && plan.order ? 'broadband lines added' : 'change in broadband lines'} (${plan.takeUp?.fromQuarter ? `since ${plan.takeUp.fromQuarter.replace('Q', ' Q')}` : plan.takeUp?.change === 'qoq' ? 'quarter on quarter' : 'year on year'})`;
  }
}

const quarterLabel = (quarter: string) => quarter.replace(/Q/, ' Q');
const year = (date: string) => date.slice(0, 4);
/** The quarter a date falls in, as take-up labels it in words: '2021-01-01' -> '2021 Q1'. */
const quarterOfDate = (date: string) => `${year(date)} Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`;

function timePhrase(plan: Plan, ctx: TimeContext): string {
  const t = plan.time;
  if (plan.measure === 'avg_attractiveness' || plan.measure === 'avg_deprivation') {
    // Over a window, the scores of the postcodes that newly have the subject.
    if (t.from && t.to && Object.keys(plan.subject).length > 0)
      return `latest scores, of postcodes that gained it between the ${formatMonth(t.from)} and ${formatMonth(t.to)} ${plan.dataset === 'upc_forecast' ? 'forecast points' : 'snapshots'}`;
    return plan.time.at && plan.dataset === 'upc_forecast' && Object.keys(plan.subject).length > 0
      ? `latest scores, at the ${formatMonth(plan.time.at)} forecast point`
      : 'latest scores';
  }
  if (plan.dataset === 'take_up') {
    // A series by quarter lists its quarters, whatever quarter it was read from (the compiler does so too).
    if (t.quarter && plan.dimension !== 'quarter') return quarterLabel(t.quarter);
    if (t.lastQuarters)
      return `${plan.dimension === 'quarter' ? 'each of ' : ''}the latest ${t.lastQuarters} quarters to ${quarterLabel(ctx.latestQuarter)}`;
    if (t.quarterYear) return `each quarter of ${t.quarterYear}`;
    if (plan.dimension === 'quarter') {
      const grain = t.quarterNumber ? `each Q${t.quarterNumber}` : 'quarterly';
      const from = t.seriesFrom
        ? ` from ${t.quarterNumber ? year(t.seriesFrom) : quarterOfDate(t.seriesFrom)}`
        : '';
      // The last quarter the compiler reads: the one the series ends in, else the latest.
      const to = t.seriesTo ? quarterOfDate(t.seriesTo) : quarterLabel(ctx.latestQuarter);
      return `${grain}${from} to ${to}`;
    }
    return quarterLabel(ctx.latestQuarter);
  }
  const forecast = plan.dataset === 'upc_forecast';
  const points = forecast ? 'forecast points' : 'snapshots';
  if (t.from && t.to) {
    const change = /^change_|^first_/.test(plan.measure);
    // "Now" in a forecast is the latest availability snapshot, not a forecast point (DATA.md).
    if (forecast && !isForecastPoint(t.from, ctx))
      return `${change ? 'between' : 'at'} the ${formatMonth(t.from)} snapshot and the ${formatMonth(t.to)} forecast point`;
    return `${change ? 'between' : 'at'} the ${formatMonth(t.from)} and ${formatMonth(t.to)} ${points}`;
  }
  if (plan.dimension && SERIES.has(plan.dimension) && t.points?.length) {
    const listed = t.points.map(formatMonth);
    return `at ${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]}${forecast ? ' (forecast)' : ''}`;
  }
  if (plan.dimension && SERIES.has(plan.dimension)) {
    const chosen = t.seriesMonth !== undefined || t.quarterNumber !== undefined;
    const grain =
      t.seriesMonth !== undefined
        ? `each ${monthName(t.seriesMonth)}`
        : t.seriesMonths?.length === 2
          ? `each ${monthName(t.seriesMonths[0]!)} and ${monthName(t.seriesMonths[1]!)}`
          : t.quarterNumber
            ? `each Q${t.quarterNumber}`
            : { month: 'monthly', quarter: 'quarterly', half_year: 'half-yearly', year: 'yearly' }[
                plan.dimension as 'month'
              ];
    const at = (date: string) => (chosen ? year(date) : formatMonth(date));
    const range =
      t.seriesFrom && t.seriesTo
        ? ` from ${at(t.seriesFrom)} to ${at(t.seriesTo)}`
        : t.seriesFrom
          ? ` from ${at(t.seriesFrom)}`
          : t.lastQuarters && plan.dimension === 'quarter'
            ? ` over the latest ${t.lastQuarters} quarters`
            : '';
    const latest = t.withLatest ? `, and the latest snapshot (${formatMonth(ctx.latest)})` : '';
    return `${grain}${range}${latest}${forecast ? ' (forecast)' : ''}`;
  }
  // A first forecast date is read over every forecast point, to the last.
  if (forecast && plan.measure === 'first_date' && !t.at)
    return `in the forecast to ${formatMonth(ctx.forecastLast)}`;
  if (forecast) return `forecast for ${formatMonth(t.at ?? ctx.forecastLast)}`;
  return `${formatMonth(t.at ?? ctx.latest)} snapshot`;
}

export function place(plan: Plan): string {
  const parts: string[] = [];
  if (plan.urbanRural) parts.push(`in ${plan.urbanRural} areas`);
  if (plan.geo)
    parts.push(
      plan.geo.column === 'postcode_area' && !plan.geo.label
        ? `in the ${joinAnd(plan.geo.values)} postcode ${plan.geo.values.length > 1 ? 'areas' : 'area'}`
        : `${plan.geo.not ? 'outside' : 'in'} ${plan.geo.label ?? joinAnd(plan.geo.values)}`,
    );
  // Places grouped with the UK as one more row are said by interpret(); with no place named there is nothing here.
  if (plan.withUk && plan.geo)
    parts.push(
      `${plan.ukRest ? 'and in the rest of the UK' : 'and in the UK as a whole'}${plan.ukGap ? ' (with the gap in points)' : ''}`,
    );
  return parts.join(' ');
}

/** The take-up filters in words: "of BT on full fibre (business)". */
export function takeUpFilters(plan: Plan): string {
  const t = plan.takeUp;
  if (!t) return '';
  const parts: string[] = [];
  // Brands that are each a row of a share (a series of their shares, or the change in each one's) are "each of".
  const eachBrand =
    (t.operators?.length ?? 0) >= 2 &&
    ((plan.measure === 'line_share_pct' && (plan.dimension === 'quarter' || Boolean(t.change))) ||
      // Lines of several brands each quarter are a series for each (the compiler's brand series).
      (plan.measure === 'lines' && plan.dimension === 'quarter'));
  if (t.operators?.length)
    parts.push(eachBrand ? `of each of ${joinAnd(t.operators)}` : `of ${joinOr(t.operators)}`);
  // Take-up technology codes ('fttp', 'adsl') are said by the model's labels, as availability's are.
  // A technology read as the subject is the take-up technology (the compiler reads it so too).
  const subjectTech =
    !t.tech && !t.techs?.length && !t.shareOf?.startsWith('tech:') && plan.subject.tech
      ? takeUpTech(plan.subject.tech)
      : undefined;
  if (t.techs?.length) parts.push(`on ${joinOr(t.techs.map(techWords))}`);
  else if (t.tech ?? subjectTech) parts.push(`on ${techWords((t.tech ?? subjectTech)!)}`);
  if (t.segment) parts.push(`(${t.segment})`);
  if (t.shareOf)
    parts.push(
      t.shareOf.startsWith('tech:')
        ? `on ${techWords(t.shareOf.slice(5))}`
        : t.shareOf.startsWith('segment:')
          ? `that are ${t.shareOf.slice(8)} lines`
          : `of ${t.shareOf}`,
    );
  return parts.join(' ');
}

/** Opening words of a restatement that are not names, lower-cased when it continues a sentence. */
const COMMON_OPENING = new Set([
  'Share',
  'Premises',
  'Postcodes',
  'Number',
  'The',
  'Change',
  'Coverage',
  'Networks',
  'Broadband',
  'Lines',
  'Average',
  'Fastest',
  'Forecast',
  'Places',
  'Local',
  'Regions',
  'Nations',
  'Each',
  'Which',
  'Growth',
  'Top',
  'Of',
]);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One sentence restating the plan; no trailing full stop (it reads as a heading). */
/** A network's position in a place, in words ("the second largest network"). */
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

export function interpret(plan: Plan, ctx: TimeContext): string {
  // "FF % by nation plus a UK total row": the rows as asked, then the UK's.
  if (plan.withUk && !plan.geo && plan.dimension && GEO_DIMENSIONS.has(plan.dimension)) {
    const { withUk: _withUk, ...rows } = plan;
    return `${interpret(rows, ctx)}, with the UK as a whole as one more row${plan.ukGap ? " and each place's gap to it in points" : ''}`;
  }
  // Figures of different kinds in one question: each restated, in the question's order.
  if (plan.alongside?.length)
    return alongsidePlans(plan)
      .map((part, i) => {
        const sentence = interpret(part, ctx);
        return i === 0
          ? sentence
          : sentence.replace(/^(\w+)/, (w) => (COMMON_OPENING.has(w) ? w.toLowerCase() : w));
      })
      .join('; and ');
  const dimension = plan.dimension;
  const noun = measureNoun(plan);
  const forecast = plan.dataset === 'upc_forecast';
  // "Top 10 altnets", "number of altnets": the altnet condition is already in the noun.
  const altnetsNamed =
    plan.subject.altnet &&
    (plan.measure === 'operator_count' || dimension === 'operator' || dimension === 'operator_group');
  const byNetworks = dimension === 'networks';
  const condition =
    plan.dataset === 'take_up' ||
    byNetworks ||
    ((plan.measure === 'avg_attractiveness' || plan.measure === 'avg_deprivation') &&
      Object.keys(plan.subject).length === 0)
      ? null
      : subjectClause(plan.subject, { forecast, skipProvider: Boolean(altnetsNamed) });
  const where = place(plan);
  const extra = plan.dataset === 'take_up' ? takeUpFilters(plan) : '';
  if (plan.groupFilter && dimension) return placesPassing(plan, plan.groupFilter, condition, where, ctx);

  let head: string;
  if (plan.measure === 'place_count') {
    // "The 5 altnets present in the most local authorities", "Local authorities each network is present in".
    const places = PLURAL[plan.placeLevel ?? 'la_name'] ?? 'places';
    const kind = plan.subject.altnet ? 'altnet' : 'network';
    const most = plan.order === 'asc' ? 'fewest' : 'most';
    head = plan.limit
      ? `The ${plan.limit === 1 ? kind : `${plan.limit} ${kind}s`} present in the ${most} ${places}${where ? ` ${where}` : ''}`
      : `Number of ${places} each ${kind} is present in${where ? ` ${where}` : ''}`;
  } else if (plan.measure === 'operator_list') {
    head = `Networks present${where ? ` ${where}` : ''}`;
  } else if (plan.leaderPerDimension && dimension) {
    // Ranked among the altnets only, the leaders are altnets.
    const kind = plan.subject.altnet ? 'altnet' : 'network';
    const leaders = plan.leaderPosition
      ? `${ORDINALS[plan.leaderPosition] ?? `number ${plan.leaderPosition}`} largest ${kind}`
      : (plan.limit ?? 1) > 1
        ? `top ${plan.limit} ${kind}s`
        : `${plan.order === 'asc' ? 'smallest' : 'leading'} ${kind}`;
    head = `The ${leaders} in each ${SINGULAR[dimension]} by premises${where ? ` ${where}` : ''}`;
  } else if (dimension && SERIES.has(dimension) && plan.order && plan.limit) {
    // A series ranked: "The month with the most new premises added ...", "The 3 quarters with the highest ...".
    const points = plan.limit === 1 ? SINGULAR[dimension] : `${plan.limit} ${SINGULAR[dimension]}s`;
    const most = plan.order === 'asc' ? 'fewest' : 'most';
    const what = plan.flow
      ? `${most} new ${noun} added`
      : /share|coverage/.test(noun)
        ? `${plan.order === 'asc' ? 'lowest' : 'highest'} ${noun}`
        : `${most} ${noun}`;
    head = `The ${points} with the ${what}${where ? ` ${where}` : ''}`;
  } else if (plan.flow && plan.measure === 'coverage_pct') {
    head = `Change in the ${noun} from each point to the next (percentage points)${where ? ` ${where}` : ''}`;
  } else if (plan.flow) {
    // With the growth asked beside each point, the level leads and what each point added follows the subject.
    head = plan.growthPct
      ? `${capitalise(noun)}${where ? ` ${where}` : ''}`
      : `New ${noun} added each period${where ? ` ${where}` : ''}`;
  } else if (dimension && plan.rankWithin) {
    // "For each region, the local authority with the lowest share of premises ...": one winner per group.
    const n = plan.limit ?? 1;
    const places = n === 1 ? SINGULAR[dimension] : `${n} ${PLURAL[dimension] ?? SINGULAR[dimension]}`;
    const by = `with the ${plan.order === 'asc' ? 'lowest' : 'highest'} ${noun}`;
    head = `For each ${SINGULAR[plan.rankWithin]}${where ? ` ${where}` : ''}, the ${places} ${by}`;
  } else if (plan.urbanRuralGap) {
    // "The urban-rural gap in the share of premises ... (urban minus rural, in points), by nation, widest first".
    const by = dimension
      ? `, ${plan.limit === 1 ? `the ${SINGULAR[dimension]} with the ${plan.order === 'asc' ? 'narrowest' : 'widest'} gap` : `by ${SINGULAR[dimension]}, ${plan.order === 'asc' ? 'narrowest' : 'widest'} first`}`
      : '';
    head = `The urban-rural gap in the ${noun}${where ? ` ${where}` : ''} (urban minus rural, in points)${by}`;
  } else if (dimension && plan.placeStats?.length) {
    // "The median of the local authorities' share of premises ... (each counted once)".
    const stats = plan.placeStats;
    const named =
      stats.length === 1 ? (stats[0] as string) : `${stats.slice(0, -1).join(', ')} and ${stats.at(-1)}`;
    // Over a change: the statistic of the level at each date and its change, not the statistic of the changes.
    const level =
      plan.measure === 'change_pp'
        ? 'share of premises'
        : plan.measure === 'change_postcodes'
          ? 'postcodes'
          : 'premises';
    head = plan.measure.startsWith('change_')
      ? `The ${named} of the ${PLURAL[dimension] ?? `${SINGULAR[dimension]} values`}' ${level}${where ? ` ${where}` : ''} at each date and its change (each counted once)`
      : `The ${named} of the ${PLURAL[dimension] ?? `${SINGULAR[dimension]} values`}' ${noun}${where ? ` ${where}` : ''} (each counted once)`;
  } else if (dimension && plan.placeBands) {
    const unit = plan.measure === 'coverage_pct' ? '%' : '';
    head = `Number of ${PLURAL[dimension] ?? `${SINGULAR[dimension]} values`}${where ? ` ${where}` : ''} in each band of ${plan.placeBands}${unit} of ${noun}`;
  } else if (dimension && plan.rankOf?.length) {
    // "Where Cardiff ranks among local authorities in Wales by share of premises ..." (1 = the highest).
    const verb = plan.rankOf.length === 1 ? 'ranks' : 'rank';
    const by = plan.order === 'asc' ? `by ${noun}, lowest first` : `by ${noun}`;
    head = `Where ${plan.rankOf.join(' and ')} ${verb} among ${PLURAL[dimension] ?? `${SINGULAR[dimension]} values`}${where ? ` ${where}` : ''} ${by}`;
  } else if (dimension && plan.rankBySize && plan.limit) {
    // "Share of premises where Virgin Media is present in the 10 largest local authorities (by premises)".
    const size = plan.order === 'asc' ? 'smallest' : 'largest';
    const places =
      plan.limit === 1
        ? `${size} ${SINGULAR[dimension]}`
        : `${plan.limit} ${size} ${PLURAL[dimension] ?? SINGULAR[dimension]}`;
    head = `${capitalise(noun)}${where ? ` ${where}` : ''} in the ${places} by premises`;
  } else if (dimension && !SERIES.has(dimension) && plan.limit && plan.order) {
    // The rows are altnets only when the answer is by network ("the 10 LAs with the highest number of altnets").
    const rowsAreAltnets = altnetsNamed && (dimension === 'operator' || dimension === 'operator_group');
    const many = rowsAreAltnets ? 'altnets' : (PLURAL[dimension] ?? `${SINGULAR[dimension]} values`);
    const most = plan.order === 'asc' ? 'fewest' : 'most';
    const by = plan.rankByGrowth
      ? `with the ${plan.order === 'asc' ? 'slowest' : 'fastest'} growth in per cent (${noun})`
      : plan.rankByLevel
        ? // Ranked by the level reached, the change beside it.
          plan.measure === 'change_pp' || plan.dataset === 'take_up'
          ? `with the ${plan.order === 'asc' ? 'lowest' : 'highest'} ${plan.dataset === 'take_up' ? 'share of lines' : 'coverage'} at the later date, and the ${noun}`
          : `with the ${most} ${plan.measure === 'change_postcodes' ? 'postcodes' : 'premises'}, and the ${noun}`
        : /share|score|speed|change|coverage|number/.test(noun)
          ? `with the ${plan.order === 'asc' ? 'lowest' : 'highest'} ${noun}`
          : `with the ${most} ${noun}`;
    head =
      plan.limit === 1
        ? `The ${rowsAreAltnets ? 'altnet' : SINGULAR[dimension]} ${by}${where ? ` ${where}` : ''}`
        : `The ${plan.limit} ${many} ${by}${where ? ` ${where}` : ''}`;
  } else {
    head = `${capitalise(noun)}${extra ? ` ${extra}` : ''}${where ? ` ${where}` : ''}`;
    if (byNetworks) {
      const what = offering(plan.subject, forecast) ?? 'service';
      head += ` by the number of ${plan.subject.networksAreAltnets || plan.subject.altnet ? 'altnets' : 'networks'} offering ${what}`;
      if (plan.topBand) head += ` (${plan.topBand} or more as one band)`;
      if (plan.bandsFromOne) head += ', where there is at least one';
    } else if (dimension && !SERIES.has(dimension))
      head += ` by ${altnetsNamed && dimension === 'operator' ? 'altnet' : SINGULAR[dimension]}${plan.splitUrbanRural ? ', urban and rural apart' : ''}`;
    // The question's own bands are said, so a reader sees where they were cut.
    if (dimension === 'speed_band' && plan.bandCuts?.length)
      head += ` (${speedBandsAt(plan.bandCuts)
        .map((b) => b.label)
        .join('; ')})`;
  }
  // A second grouping of lines: "by operator and segment".
  const seriesByPlace =
    plan.dataset !== 'take_up' &&
    Boolean(plan.thenBy && (GEO_DIMENSIONS.has(plan.thenBy) || plan.thenBy === 'operator_group'));
  if (plan.thenBy && SINGULAR[plan.thenBy] && !seriesByPlace) {
    head =
      /\bquarterly\b/.test(head) || !dimension || SERIES.has(dimension)
        ? `${head}, by ${SINGULAR[plan.thenBy]}`
        : `${head} and ${SINGULAR[plan.thenBy]}`;
  }
  // The take-up filters ("on full fibre", "of Sky"), whichever way the head was said.
  if (extra && !head.includes(extra)) head += ` ${extra}`;
  let sentence = [head, condition ? `where ${condition}` : ''].filter(Boolean).join(' ');
  // The subject's own premises: "Share of the premises where CityFibre is present that are in rural areas".
  // Its own premises split by class or place: "The premises where Gigaclear is present by urban or rural setting, ...".
  const noSubject = Object.values(plan.subject).every((v) => v === undefined || v === false);
  if (plan.footprintShare && dimension && plan.urbanRural && noSubject) {
    // "Share of each nation's premises that are in rural areas".
    sentence = `Share of each ${SINGULAR[dimension]}'s premises${where.replace(/^in (?:urban|rural) areas\s*/, ' ').trimEnd()} that are in ${plan.urbanRural} areas`;
  } else if (plan.footprintShare && dimension) {
    sentence = `The premises${where ? ` ${where}` : ''} where ${condition ?? 'any service is present'} by ${SINGULAR[dimension]}, each part's share of them all`;
  }
  if (plan.footprintShare && where && !dimension) {
    const { premises, part } = footprintParts(plan);
    sentence = `Share ${premises} that are ${part}`;
  }
  // A share within a base: "Of the premises where Virgin Media offers cable, share where Openreach offers ...".
  if (plan.within) {
    const base = subjectClause(plan.within, { forecast }) ?? 'any service is present';
    sentence =
      dimension === 'operator_group'
        ? `${plan.limit ? `The ${plan.limit} networks` : 'Networks'} overlapping most with the premises${where ? ` ${where}` : ''} where ${base}: for each, the premises where it offers ${offering(plan.subject, forecast) ?? 'service'} there too, and their share`
        : `Of the premises${where ? ` ${where}` : ''} where ${base}, the share where ${condition ?? 'any service is present'}${dimension && !SERIES.has(dimension) ? ` by ${SINGULAR[dimension]}` : ''}`;
  }
  if (plan.flow && plan.growthPct && plan.measure !== 'coverage_pct')
    sentence += ', with what each point added and its % growth since the one before';
  // Subjects side by side: "... where full fibre is available, side by side with where gigabit-capable ...".
  const others = (plan.compare ?? []).map((s) => subjectClause(s, { forecast }) ?? 'any service');
  if (others.length) sentence += `, side by side with where ${others.join(' and with where ')}`;
  // A series for each place: "..., by local authority, yearly from ...".
  if (seriesByPlace && plan.thenBy) sentence += `, by ${SINGULAR[plan.thenBy]}`;
  // A series listed by its figure rather than by date says so; so does a whole list asked lowest first ("gigabit %
  // by LA, Scotland, lowest first"), as highest first is what every other list is.
  const ranked = dimension && SERIES.has(dimension) && plan.order && !plan.limit;
  const lowestFirst =
    dimension &&
    !SERIES.has(dimension) &&
    plan.order === 'asc' &&
    !plan.limit &&
    !plan.groupFilter &&
    !plan.rankWithin &&
    !plan.leaderPerDimension &&
    dimension !== 'networks' &&
    dimension !== 'speed_band';
  const order = ranked
    ? `, ${plan.order === 'asc' ? 'lowest' : 'highest'} first`
    : lowestFirst
      ? ', lowest first'
      : '';
  return `${sentence}, ${timePhrase(plan, ctx)}${order}`.replace(/\s+/g, ' ').trim();
}

/**
 * The two halves of a share of a footprint: the premises it is of ("of the premises in Scotland where CityFibre is
 * present", "of premises in Scotland") and the part asked about ("in rural areas"). The part is the urban/rural
 * class when one is asked (of the place's premises), else the place.
 */
export function footprintParts(plan: Plan): { premises: string; part: string } {
  const condition = subjectClause(plan.subject);
  const part = plan.urbanRural ? `in ${plan.urbanRural} areas` : place(plan);
  const of = plan.urbanRural && plan.geo ? ` ${place({ ...plan, urbanRural: undefined })}` : '';
  return { premises: condition ? `of the premises${of} where ${condition}` : `of premises${of}`, part };
}

/** "Number of local authorities whose share of premises where full fibre is available is above 90%, ...". */
function placesPassing(
  plan: Plan,
  filter: NonNullable<Plan['groupFilter']>,
  condition: string | null,
  where: string,
  ctx: TimeContext,
): string {
  const dimension = plan.dimension as Dimension;
  const places = PLURAL[dimension] ?? `${SINGULAR[dimension]} values`;
  // A count of networks present ("councils with 4 or more altnets"): the networks, of the kind asked.
  const networksCounted =
    plan.measure === 'operator_count'
      ? `number of ${plan.subject.altnet ? 'altnets' : 'networks'} present`
      : null;
  const share =
    filter.on === 'count'
      ? (networksCounted ??
        `number of ${plan.measure === 'postcodes' ? 'postcodes' : 'premises'}${condition ? ` where ${condition}` : ''}`)
      : `share of premises${condition ? ` where ${condition}` : ''}`;
  const test = describeGroupFilter(filter);
  // The points of a series that pass ("when is Wales forecast to pass 95%"): the first one, or all in date order.
  if (['month', 'quarter', 'half_year', 'year'].includes(dimension)) {
    const point =
      plan.dataset === 'upc_forecast'
        ? 'forecast point'
        : dimension === 'month'
          ? 'monthly snapshot'
          : SINGULAR[dimension];
    const head =
      plan.limit === 1
        ? `The first ${point} at which the ${share}${where ? ` ${where}` : ''} is ${test}`
        : `The ${point}s at which the ${share}${where ? ` ${where}` : ''} is ${test}`;
    return `${head}${plan.dataset === 'upc_forecast' ? '' : `, from ${formatMonth(plan.time.seriesFrom ?? ctx.earliest)}`}`
      .replace(/\s+/g, ' ')
      .trim();
  }
  // Above 0%: the places where it is at all ("number of regions where CityFibre is present"); at most 0%: nowhere.
  const nowhere = filter.op === 'lte' && filter.value === 0;
  if ((filter.op === 'gt' && filter.value === 0) || nowhere) {
    const what = condition ?? 'any service is present';
    const which = `${places}${where ? ` ${where}` : ''} ${nowhere ? `with no premises where ${what}` : `where ${what}`}`;
    const head = plan.countGroups
      ? `Number of ${which}`
      : `${capitalise(which)}, ${plan.order === 'asc' ? 'lowest' : 'highest'} share first`;
    return `${head}, ${timePhrase(plan, ctx)}`.replace(/\s+/g, ' ').trim();
  }
  const head = plan.countGroups
    ? `Number of ${places}${where ? ` ${where}` : ''} whose ${share} is ${test}`
    : `${capitalise(places)}${where ? ` ${where}` : ''} whose ${share} is ${test}, ${plan.order === 'asc' ? 'lowest' : 'highest'} first`;
  return `${head}, ${timePhrase(plan, ctx)}`.replace(/\s+/g, ' ').trim();
}
