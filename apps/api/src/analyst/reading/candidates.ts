/**
 * Readings ranked over the plans the tags allow. The readers propose a first plan; from the tags, this module
 * checks which of them that plan actually uses (a tag is used when the plan holds what it says: a place in its
 * filter, a network in its subject, a number as its limit or threshold, a share as its measure, ...), then builds
 * the other plans the tags allow by editing that one: a place, a list of places, a network, a technology, a
 * grouping, a share, a limit the first plan left out; the other meaning of an ambiguous name ("CF": CityFibre or
 * the Cardiff postcode area); the other measure when the question did not name one. Each candidate is compiled
 * (a plan that does not compile is dropped) and scored by the tags it uses and the ones it leaves unused, in the
 * manner of a floating semantic parser: new combinations of known parts are read without a rule for each.
 *
 * The best candidate answers; its unused tags are said in the answer and lower the confidence; the next ones are
 * offered as "Did you mean".
 */
import {
  addMonths,
  DIMENSION_LIST,
  FULL_FIBRE,
  GIGABIT_DOWN_MBPS,
  SEGMENTS,
  takeUpTech,
  USO_DOWN_MBPS,
  USO_UP_MBPS,
} from '@qa/warehouse';
import { interpret, place } from '../compile/interpret.js';
import { SIDE_BY_SIDE_MEASURES } from '../compile/side-by-side.js';
import { buildQuery } from '../compile/sql-builder.js';
import { techWords } from '../compile/words.js';
import {
  type Dimension,
  GEO_COLUMNS,
  type GeoColumn,
  NETWORK_DIMENSIONS,
  nestsIn,
  PLACE_COLUMNS,
  PLACE_STATS,
  type PlaceStat,
  type Plan,
} from '../semantic/plan.js';
import type { TimeContext } from '../semantic/time-context.js';
import { NONE_NOW, noneNowThenForecast } from './leftover.js';
import type { Lexicon } from './lexicon.js';
import { PREMISES_THEN_SHARE, RANKED_FOR_SUBJECT } from './readers/measure.js';
import { TOP_TEN_ASSUMED } from './readers/ranking.js';
import { DEFAULT_TECHNOLOGY_ASSUMPTION } from './readers/technology.js';
import type { CandidateReading, Moment, Tag } from './reading-types.js';
import type { Tagging } from './tagger.js';
import { quarterOf } from './time-phrases.js';
import { AVAILABILITY_WORDS, JUDGEMENT_WORDS } from './vocabulary.js';

const SUPERFAST_MBPS = SEGMENTS.superfast.threshold.down;
const ULTRAFAST_MBPS = SEGMENTS.ultrafast.threshold.down;

/** Full fibre as the take-up tables spell it (the semantic model's). */
const FULL_FIBRE_TAKE_UP = takeUpTech(FULL_FIBRE);

const COUNT_MEASURES = new Set([
  'premises',
  'postcodes',
  'households',
  'business_sites',
  'population',
  'operator_count',
  'lines',
  'change_premises',
  'change_postcodes',
  'first_postcodes',
  'first_premises',
]);
const SHARE_MEASURES = new Set(['coverage_pct', 'change_pp', 'line_share_pct', 'share_of_subject_pct']);
const TIME_GRAINS = new Set(['month', 'quarter', 'half_year', 'year']);
/** Nations the warehouse also names as regions: a list mixing them with nations is a list of nations. */
const NATION_REGIONS = new Set(['Wales', 'Scotland', 'Northern Ireland']);

/** What a plan must hold for a tag to count as used (in any of its meanings: "CF" as CityFibre or Cardiff). */
export function tagUsed(tag: Tag, plan: Plan, tagging: Tagging, lexicon: Lexicon): boolean {
  if (tagMeaningUsed(tag, plan, tagging, lexicon)) return true;
  return (tag.alternatives ?? []).some((alt) =>
    tagMeaningUsed({ ...tag, ...alt, alternatives: [] }, plan, tagging, lexicon),
  );
}

function tagMeaningUsed(tag: Tag, plan: Plan, tagging: Tagging, lexicon: Lexicon): boolean {
  // The question's own speed bands hold their numbers and the words that cut them ("under 30", "1gbps+").
  if (plan.bandCuts && tagging.tags.some((t) => t.role === 'dimension' && t.value === 'speed_band')) {
    const written = bandCutsOf(tagging, true);
    if (
      tag.role === 'number' &&
      (written.includes(Number(tag.value)) || written.includes(Number(tag.value) * 1000))
    )
      return true;
    if (tag.role === 'comparator' || (tag.role === 'measure' && tag.value === 'speed')) return true;
    // "Counting premises without service in the lowest band": where the bands put no service.
    const after = tagging.text.slice(tag.end);
    if (tag.role === 'ranking' && /^ band\b/.test(after)) return true;
    if (tag.role === 'negation' && /^ (?:any )?(?:service|broadband|coverage|connection)\b/.test(after))
      return true;
    if (tag.role === 'technology' && /\d/.test(tag.text)) return true;
  }
  const s = plan.subject;
  const tu = plan.takeUp ?? {};
  const groupsOf = (operators: string[] | undefined) =>
    (operators ?? []).map((o) => lexicon.operators.find((row) => row.operator === o)?.operator_group ?? o);
  const anyThreshold = hasThreshold(s);
  switch (tag.role) {
    case 'time':
      // One date is the plan's time or said by the word check; each date of a list must be one of its dates.
      return !tag.moment || tagging.moments.length < 2 || momentUsed(tag.moment, plan, tagging.latest);
    case 'grammar':
      return true;
    case 'place': {
      if (tag.value === 'uk') return Boolean(plan.withUk) || (!plan.geo && !ukAsTotalRow(tag, tagging, plan));
      const values = placeValues(tag);
      // Places that name the groups of the answer ("each nation (England, Wales, ...)") are its rows.
      const column = placeColumn(tag);
      const groupsNamed =
        !plan.geo &&
        (plan.dimension === column ||
          (plan.dimension === 'country' && values.every((v) => NATION_REGIONS.has(v) || v === 'England')));
      return (
        groupsNamed ||
        Boolean(plan.geo?.values.some((v) => values.includes(v))) ||
        Boolean(plan.rankOf?.some((v) => values.includes(v))) ||
        // A place beside a wider one: the wider place is the second figure's.
        Boolean(plan.alongside?.some((part) => part.geo?.values.some((v) => values.includes(v))))
      );
    }
    case 'network':
      if (s.notGroups?.includes(tag.value) || s.exclude?.operatorGroups?.includes(tag.value)) return true;
      // Take-up counts lines by retail brand: a network that sells under no brand of its own ("Openreach's lines")
      // has no lines there, so no take-up plan holds it.
      if (
        plan.dataset === 'take_up' &&
        !lexicon.takeUpOperators.some((o) => o.toLowerCase() === tag.value.toLowerCase())
      )
        return false;
      return (
        [s, ...(plan.compare ?? []), ...(plan.within ? [plan.within] : [])].some((one) =>
          [...(one.operatorGroups ?? []), ...(one.allGroups ?? []), ...groupsOf(one.operators)].includes(
            tag.value,
          ),
        ) ||
        s.soleGroup === tag.value ||
        Object.keys(s.groupTech ?? {}).includes(tag.value) ||
        [...(tu.operators ?? []), tu.shareOf ?? ''].some((o) => o === tag.value || o.startsWith(tag.value))
      );
    case 'operator':
      return (
        [...(s.operators ?? []), ...(tu.operators ?? []), tu.shareOf ?? ''].includes(tag.value) ||
        (s.operatorGroups ?? []).includes(groupsOf([tag.value])[0] ?? '')
      );
    case 'technology':
      // "ADSL as the only technology, with no FTTC, full fibre or cable": the others a sole technology rules out.
      if (s.onlyTech && tag.value !== s.onlyTech && negatedListItem(tag, tagging)) return true;
      // Subjects side by side, or a share within a base: a technology is used by the subject that carries it.
      if (plan.compare?.length || plan.within)
        return [s, ...(plan.compare ?? []), ...(plan.within ? [plan.within] : [])].some((one) =>
          technologyUsed(tag.value, { ...plan, subject: one, compare: undefined }, hasThreshold(one)),
        );
      // "FF and gigabit coverage": two technologies listed are two figures (a row each, or side by side), never
      // one footprint that has both, unless the question says "both".
      if (listedAfter(tag, tagging) && plan.dimension !== 'tech') return false;
      return technologyUsed(tag.value, plan, anyThreshold);
    case 'measure': {
      // "postcodes (not premises)": a measure negated is used by a plan that does not count it.
      const negated = adjacent(tagging, tag, -1)?.role === 'negation';
      // "The 5 biggest LAs by premises": the measure a ranking is by must be the one the plan ranks by.
      if (rankedBy(tag, tagging) && (plan.order || plan.limit) && !negated) {
        if (tag.value === 'premises' && plan.rankBySize) return true;
        if (tag.value === 'premises' || tag.value === 'postcodes')
          return COUNT_MEASURES.has(plan.measure) && measureUsed(tag.value, plan, anyThreshold, tagging.text);
        if (tag.value === 'share') return SHARE_MEASURES.has(plan.measure);
      }
      // "Premises in postcodes with a deprivation score of 0.7+": the postcodes are where the premises are counted.
      // (Lines "in postcodes where FTTP is available" are a take-up answer the plan cannot filter so.)
      if (
        tag.value === 'postcodes' &&
        plan.measure !== 'postcodes' &&
        plan.dataset !== 'take_up' &&
        /\b(?:in|of|across|within) $/.test(tagging.text.slice(0, tag.start)) &&
        /^ (?:with|where|that|which|whose|scoring)\b/.test(tagging.text.slice(tag.end)) &&
        (COUNT_MEASURES.has(plan.measure) || plan.measure === 'coverage_pct')
      )
        return true;
      // "The slowest and fastest speed": the fastest on offer is no slowest, unless places are ranked lowest first.
      if (tag.value === 'speed' && /^(?:slowest|min|minimum)$/.test(tag.text))
        return plan.order === 'asc' && plan.limit !== undefined;
      // "Fastest download and upload": an upload-only answer leaves the download out.
      if (tag.value === 'speed' && /\bdown/.test(tag.text) && plan.measure === 'max_up' && !s.minDown)
        return negated;
      // "Digital deprivation" is one of the two scores: a plan of the other one leaves it out.
      if (tag.value === 'score' && /depriv/.test(tag.text))
        return (plan.measure === 'avg_deprivation' || plan.subject.score?.of === 'deprivation') !== negated;
      return measureUsed(tag.value, plan, anyThreshold, tagging.text) !== negated;
    }
    case 'dimension':
      return dimensionUsed(tag, plan, tagging);
    case 'ranking':
      // A count of places is one number: it ranks nothing ("altnets ranked by premises, with the number of LAs").
      if (plan.countGroups) return false;
      // "Which network added the most? Rank them": every row ranked, not the first alone.
      if (tag.value === 'rank' && plan.limit === 1 && RANK_THEM.test(tagging.text.slice(tag.start)))
        return false;
      // "A best download under 30mbps": the best speed at the postcode, which a speed threshold is about.
      if (
        /^(?:best|top|fastest)$/.test(tag.text) &&
        /^ (?:available )?(?:download|speed|broadband speed|down)\b/.test(tagging.text.slice(tag.end)) &&
        (s.bestDownBelow !== undefined || s.minDown !== undefined || plan.bandCuts !== undefined)
      )
        return true;
      // "Which LAs have the most altnets": places ranked by how many networks of the kind they have.
      if (countedKind(tag, tagging)) return plan.measure === 'operator_count' && Boolean(plan.order);
      // "In each nation, which altnet is biggest": the ranking is of the networks, so a plan that ranks the
      // places does not hold it.
      if (
        rankedNetworkKind(tag, tagging) &&
        GEO_DIMENSIONS_OF_PLAN.has(plan.dimension ?? '') &&
        !plan.leaderPerDimension
      )
        return false;
      // "Fastest", "max" name the measure itself; "min" or "slowest" ask for something it is not, unless ranked so.
      // ("Slowest and fastest ... for each technology" is not the fastest listed slowest first.)
      if (['max_down', 'max_up', 'max_speeds'].includes(plan.measure))
        return tag.value !== 'asc' || (plan.order === 'asc' && plan.limit !== undefined);
      // "Min, median and max": the lowest and highest of the places' figures.
      if (plan.placeStats && /^(?:min|minimum|max|maximum)$/.test(tag.text))
        return plan.placeStats.includes(tag.value === 'asc' ? 'min' : 'max');
      if (!(plan.order || plan.limit || plan.leaderPerDimension || plan.groupFilter)) return false;
      // One place listed alone ranks nothing: "what rank is Manchester" asks its position among the others.
      if (!plan.rankOf && !plan.compare?.length && oneRowOfPlaces(plan)) return false;
      // An order with nothing to order (no rows by anything) holds no ranking.
      if (!plan.dimension && !plan.leaderPerDimension && !plan.groupFilter) return false;
      // A direction word is used by a plan ranked that way ("the most premises still without" is descending).
      return (
        !plan.order || tag.value === 'rank' || limitWord(tag, tagging) || plan.order === direction(tag, plan)
      );
    case 'shape':
      return shapeUsed(tag, plan, tagging);
    case 'comparator': {
      // "at least one" is presence, which every plan of a subject holds.
      const next = tagging.tags.find(
        (t) => t.role === 'number' && t.start >= tag.end && t.start - tag.end <= 1,
      );
      if (next && (Number(next.value) === 0 || Number(next.value) === 1)) return true;
      return Boolean(
        plan.groupFilter ||
          s.minNetworks ||
          s.exactNetworks ||
          anyThreshold ||
          plan.limit ||
          plan.topBand ||
          s.score,
      );
    }
    case 'number':
      return numberUsed(Number(tag.value), tag, plan, tagging);
    case 'quantifier':
      return Boolean(s.minNetworks || s.exactNetworks || plan.groupFilter);
    case 'negation': {
      // "No FF today but forecast by 2027": the premises the forecast adds, which have none now.
      if (noneNowThenForecast(plan, tagging.text)) return !s.absent;
      const next = adjacent(tagging, tag, 1);
      if (next?.role === 'measure') return !measureUsed(next.value, plan, anyThreshold, tagging.text);
      // "Outside London", "excluding Wales": the place left out.
      if (next?.role === 'place') return Boolean(plan.geo?.not);
      // "Without cable-only gigabit": the named filter's own "no full fibre" is not this negation.
      if (next?.role === 'technology' && next.value === 'cable_only_gigabit') return Boolean(s.absent);
      // "Include the councils with none": a count per place lists the places with none at 0.
      if (
        /^(?:none|zero)$/.test(tag.text) &&
        /\binclud\w*\b[^.?]*\bwith\s*$/.test(tagging.text.slice(0, tag.start)) &&
        plan.measure === 'operator_count' &&
        GEO_DIMENSIONS_OF_PLAN.has(plan.dimension ?? '')
      )
        return true;
      return (
        Boolean(
          s.absent ||
            s.exclude ||
            s.notGroups?.length ||
            // "Lack decent broadband (below the USO)": the USO's own "no" is this negation.
            s.belowUso ||
            s.bestDownBelow !== undefined ||
            s.onlyTech ||
            s.soleGroup ||
            s.exactNetworks,
        ) ||
        (plan.groupFilter !== undefined && ['lt', 'lte'].includes(plan.groupFilter.op))
      );
    }
    case 'dataset':
      return plan.dataset === tag.value;
    default:
      return true;
  }
}

/** A measure right after "by" with a ranking word before it ("the biggest councils by premises"). */
/** Rows by a place level, filtered to one place of that level or inside one of its places: a single row. */
function oneRowOfPlaces(plan: Plan): boolean {
  const { geo, dimension } = plan;
  if (!geo || geo.values.length !== 1 || !dimension || !PLACE_COLUMNS.has(dimension)) return false;
  const level = dimension as GeoColumn;
  if (geo.column === level || nestsIn(geo.column, level)) return true;
  return level === 'country' && NATION_REGIONS.has(geo.values[0] ?? '');
}

function rankedBy(tag: Tag, tagging: Tagging): boolean {
  if (!/\bby\s*$/.test(tagging.text.slice(0, tag.start))) return false;
  return tagging.tags.some((t) => t.role === 'ranking' && t.end <= tag.start);
}

/** Whether the plan counts the postcodes of some subject (a technology, network, threshold or count). */
function hasSubjectOf(plan: Plan): boolean {
  return Object.keys(plan.subject).length > 0 || plan.dataset === 'upc_forecast';
}

/** A speed threshold in the subject (superfast and ultrafast are thresholds). */
const hasThreshold = (s: Plan['subject']) =>
  s.minDown !== undefined ||
  s.minUp !== undefined ||
  s.bestDownBelow !== undefined ||
  Boolean(s.belowUso || s.exclude?.minDown);

/** Whether the plan reads the data at this moment: its snapshot, an end of its window, a point of its series. */
export function momentUsed(moment: Moment, plan: Plan, latest: Moment): boolean {
  const t = plan.time;
  if (plan.dataset === 'take_up') {
    if (TIME_GRAINS.has(plan.dimension ?? '') || t.quarterYear || t.lastQuarters) return true;
    const at = t.quarter ?? latest.quarter!;
    const step = plan.takeUp?.change === 'yoy' ? -4 : plan.takeUp?.change === 'qoq' ? -1 : 0;
    const quarters = plan.takeUp?.fromQuarter ? [at, plan.takeUp.fromQuarter] : [at, shiftQuarter(at, step)];
    const quarter = moment.quarter ?? (moment.date ? quarterOf(moment.date) : undefined);
    if (quarter) return quarters.includes(quarter);
    return quarters.some((q) => q.startsWith(String(moment.year)));
  }
  const points = [t.at, t.from, t.to].filter((d): d is string => d !== undefined);
  // "..., and now": a series with the latest snapshot after it holds the latest.
  if (t.withLatest && latest.date) points.push(latest.date);
  const from = t.seriesFrom;
  const to = t.seriesTo ?? (from ? latest.date : undefined);
  if (points.length === 0 && !from) points.push(latest.date!);
  const inSeries = (start: string, end: string) => Boolean(from && to && end >= from && start <= to);
  // "To H2 2026" with the data ending in November 2026: a series that runs to the latest snapshot reaches it.
  const pastTheEnd = (d: string) =>
    plan.dataset === 'upc' &&
    Boolean(to && latest.date && to >= latest.date && d > latest.date) &&
    d <= addMonths(latest.date!, 6);
  if (moment.date)
    return points.includes(moment.date) || inSeries(moment.date, moment.date) || pastTheEnd(moment.date);
  if (moment.year !== undefined) {
    const year = String(moment.year);
    return points.some((d) => d.startsWith(year)) || inSeries(`${year}-01-01`, `${year}-12-01`);
  }
  return points.some((d) => quarterOf(d) === moment.quarter);
}

/** '2026Q4' moved by a number of quarters. */
function shiftQuarter(quarter: string, by: number): string {
  const [year, q] = quarter.split('Q').map(Number) as [number, number];
  const index = year * 4 + (q - 1) + by;
  return `${Math.floor(index / 4)}Q${(index % 4) + 1}`;
}

/** The tag right before (-1) or right after (1) this one, when only a space or a bracket lies between. */
function adjacent(tagging: Tagging, tag: Tag, side: -1 | 1): Tag | undefined {
  const other =
    side < 0
      ? tagging.tags.filter((t) => t.end <= tag.start).at(-1)
      : tagging.tags.find((t) => t.start >= tag.end);
  if (!other) return undefined;
  const gap = side < 0 ? tagging.text.slice(other.end, tag.start) : tagging.text.slice(tag.end, other.start);
  return gap.trim() === '' ? other : undefined;
}

const GEO_DIMENSIONS_OF_PLAN: ReadonlySet<string> = new Set(GEO_COLUMNS);

/** A word that names a kind of network ("altnet", "network", "operator", "full fibre networks"). */
function networkKind(tag: Tag): boolean {
  return (
    (tag.role === 'technology' && (tag.value === 'altnet' || tag.value === 'overbuild')) ||
    (tag.role === 'dimension' && NETWORK_DIMENSIONS.has(tag.value as Dimension) && tag.value !== 'tech')
  );
}

/** The network kind a ranking word ranks: "the biggest (full fibre) network", "which altnet is biggest". */
function rankedNetworkKind(ranking: Tag, tagging: Tagging): Tag | undefined {
  // "Sorted by altnet %", "ordered by network count": the rows are sorted by that figure, no network is ranked.
  if (/^(?:sort|order)/.test(ranking.text) && /^ by\b/.test(tagging.text.slice(ranking.end)))
    return undefined;
  const i = tagging.tags.indexOf(ranking);
  // "The biggest 5 FF networks", "top 3 altnets": the number between them is how many to list, not a count of
  // networks at a postcode.
  const count = tagging.tags[i + 1];
  const listed = tagging.tags[i + 2];
  if (
    count?.role === 'number' &&
    listed &&
    networkKind(listed) &&
    /(?:networks?|operators?|altnets?|providers?)$/.test(listed.text) &&
    tagging.text.slice(ranking.end, count.start).trim() === '' &&
    tagging.text.slice(count.end, listed.start).trim() === ''
  )
    return listed;
  const quantity = (t: Tag) => {
    const before = tagging.tags[tagging.tags.indexOf(t) - 1];
    return before?.role === 'number' || before?.role === 'comparator';
  };
  // "The highest overbuild" ranks places by how many networks overlap, not the networks.
  const after = [tagging.tags[i + 1], tagging.tags[i + 2]].find(
    (t) =>
      t !== undefined &&
      networkKind(t) &&
      !(t.role === 'technology' && t.value === 'overbuild') &&
      t.start - ranking.end <= 24,
  );
  // "The highest altnet coverage": the kind qualifies the measure right after it, which is what is ranked.
  // So does "the largest altnet footprint": the kind's footprint is what is ranked.
  const qualifies = (kind: Tag) => {
    const next = tagging.tags[tagging.tags.indexOf(kind) + 1];
    if (/^\s*(?:footprint|presence|rollout|roll-out|build)\b/.test(tagging.text.slice(kind.end))) return true;
    return next?.role === 'measure' && tagging.text.slice(kind.end, next.start).trim() === '';
  };
  if (after && !quantity(after) && !qualifies(after) && !countsKind(ranking, after)) return after;
  const before = tagging.tags[i - 1];
  // "Which altnet is biggest", or with a verb of reach: "which altnet passes the greatest number of premises".
  const between = before ? tagging.text.slice(before.end, ranking.start).trim() : '';
  const copula =
    before &&
    (COPULAS.has(between) || (/^[a-z]+ the$/.test(between) && AVAILABILITY_WORDS.has(between.slice(0, -4))));
  return before && networkKind(before) && copula && !quantity(before) ? before : undefined;
}

/** "The most altnets": most of a plural kind counts the networks, it does not rank them. */
function countsKind(ranking: Tag, kind: Tag): boolean {
  return /^(?:most|fewest|more|fewer|least)$/.test(ranking.text) && /s$/.test(kind.text);
}

/** "The most altnets", "the fewest FF networks": the network kind a ranking word right before it counts. */
function countedKind(ranking: Tag, tagging: Tagging): Tag | undefined {
  const kind = adjacent(tagging, ranking, 1);
  return kind && networkKind(kind) && countsKind(ranking, kind) ? kind : undefined;
}

/** "Which altnet is biggest": a ranking word after its network kind. */
const COPULAS = new Set([
  'is',
  'are',
  'was',
  'were',
  'is the',
  'are the',
  'with the',
  'has the',
  'have the',
  'had the',
  'that has the',
  'having the',
]);

/** "top 10", "bottom 5": a ranking word before a number says how many, whichever way the rest ranks. */
function limitWord(tag: Tag, tagging: Tagging): boolean {
  return (
    adjacent(tagging, tag, 1)?.role === 'number' &&
    tagging.tags.filter((t) => t.role === 'ranking').length > 1
  );
}

/**
 * The order a ranking word asks for. Judging places on what they lack turns it round: the worst places for
 * premises without full fibre are those with the most of them.
 */
function direction(tag: Tag, plan: Plan): 'asc' | 'desc' {
  const s = plan.subject;
  const lacking = Boolean(s.absent || s.belowUso || s.bestDownBelow !== undefined);
  const judged = JUDGEMENT_WORDS.worse.has(tag.text) || JUDGEMENT_WORDS.better.has(tag.text);
  const asked = tag.value === 'asc' ? 'asc' : 'desc';
  return lacking && judged ? (asked === 'asc' ? 'desc' : 'asc') : asked;
}

/** Words that join the items of a list ("FF and gigabit", "FTTP, cable", "cable vs full fibre"). */
const LIST_JOINERS = new Set(['and', '&', ',', 'or', 'vs', 'versus', 'and/or', '/']);

/** A technology in a list that a negation opens ("with no FTTC, full fibre, cable or fixed wireless"). */
function negatedListItem(tag: Tag, tagging: Tagging): boolean {
  const before = tagging.tags.filter((t) => t.end <= tag.start && t.role !== 'grammar').reverse();
  for (const t of before) {
    if (t.role === 'negation') return true;
    if (t.role !== 'technology') return false;
  }
  return false;
}

/** A technology listed after another one ("gigabit" in "FF and gigabit"), with no "both" in the question. */
function listedAfter(tag: Tag, tagging: Tagging): boolean {
  // "FTTP vs cable": the "vs" between them is tagged too (a comparison), and is the joiner.
  const before = tagging.tags
    .filter((t) => t.end <= tag.start && !(t.role === 'shape' && t.value === 'compare'))
    .at(-1);
  // "FF coverage and gigabit coverage": the first one's measure word may stand between them.
  const technology = tagging.tags
    .filter(
      (t) => t.end <= tag.start && !(t.role === 'shape' && t.value === 'compare') && t.role !== 'measure',
    )
    .at(-1);
  const first = before?.role === 'technology' ? before : technology;
  if (first?.role !== 'technology' || first.value === tag.value) return false;
  if (tagging.tags.some((t) => t.role === 'shape' && t.value === 'both')) return false;
  return LIST_JOINERS.has(listGap(first, tag, tagging));
}

/**
 * The words between two items of a list, without the measure words said with each ("FF %, gigabit % and % of
 * premises below the USO", "the FF coverage and the gigabit coverage"): a joiner, or nothing, when it is a list.
 */
function listGap(first: Tag, next: Tag, tagging: Tagging): string {
  const measures = tagging.tags.filter(
    (t) => t.role === 'measure' && t.start >= first.end && t.end <= next.start,
  );
  let between = tagging.text.slice(first.end, next.start);
  for (const m of measures) between = between.replace(m.text, ' ');
  // "The FF coverage and the gigabit coverage": an article after the joiner is still a list; a "%" or "% of
  // premises" written after each item is the measure said again.
  between = between
    .replace(/\b(?:the|its|their)\b/g, ' ')
    .replace(/%(?:\s*of\s+(?:all\s+)?(?:premises|homes|postcodes))?|\bof\s+(?:all\s+)?premises\b/g, ' ');
  const gap = between.replace(/\s+/g, ' ').trim();
  // "FF %, gigabit %": a comma with the measure said again is the list's joiner.
  return gap.replace(/^,\s*(?=(?:and|&|or)$)/, '');
}

/**
 * "Who has the biggest network footprint in Hull", "the region with the lowest FF coverage": a superlative
 * beside one place or network (a singular noun, or asked "who") wants the first row, not the whole ranking.
 */
function singularSuperlative(tagging: Tagging): boolean {
  for (const [i, tag] of tagging.tags.entries()) {
    if (tag.role !== 'ranking' || tag.value === 'rank' || !SUPERLATIVE.test(tag.text)) continue;
    const next = tagging.tags[i + 1];
    if (next?.role === 'number') return false;
    // "Worst region first" orders the rows; "the worst region" asks for one.
    if (
      next?.role === 'dimension' &&
      next.start - tag.end <= 20 &&
      !/s$/.test(next.text) &&
      !/^ (?:first|last|to (?:best|worst|highest|lowest))\b/.test(tagging.text.slice(next.end))
    )
      return true;
    if (/^\s*who\b/.test(tagging.text) && !/\b(?:each|every|per)\b/.test(tagging.text)) return true;
    // "Which Welsh local authority has seen the biggest rise": the singular noun asked for before the superlative.
    const asked = tagging.tags.find(
      (t) =>
        (t.role === 'dimension' ||
          (t.role === 'grammar' &&
            (GEO_DIMENSIONS_OF_PLAN.has(String(t.value)) ||
              NETWORK_DIMENSIONS.has(String(t.value) as Dimension)))) &&
        t.end <= tag.start &&
        !/s$/.test(t.text) &&
        /\b(?:which|what)(?: [a-z'-]+){0,2} $/.test(tagging.text.slice(0, t.start)),
    );
    if (asked && !/\b(?:each|every|per)\b/.test(tagging.text)) return true;
  }
  return false;
}

const SUPERLATIVE =
  /^(?:biggest|largest|greatest|most|highest|lowest|smallest|fewest|least|leading|best|worst|top|main|dominant|widest|narrowest)$/;

/** A plain ranking of places or networks (not a series, leaders or ranks within groups) asked for its first row. */
function firstRowWanted(plan: Plan, tagging: Tagging): boolean {
  return Boolean(
    plan.order &&
      plan.dimension &&
      !TIME_GRAINS.has(plan.dimension) &&
      !plan.leaderPerDimension &&
      !plan.rankWithin &&
      (singularSuperlative(tagging) ||
        // "Who leads gig in Scotland": the one ahead.
        /^\s*who(?:'s| is)? (?:leads|leading|dominates|is ahead)\b/.test(tagging.text)),
  );
}

/** "List the postcodes ...", "which postcodes in SY1 have ...": a list tag right before the postcodes counted. */
function listsPostcodes(tag: Tag, tagging: Tagging): boolean {
  if (tag.role !== 'shape' || tag.value !== 'list') return false;
  // "Any postcodes there under the USO? list em with premises": the list asked after the postcodes named.
  const postcodesBefore = tagging.tags.some(
    (t) => t.end <= tag.start && t.role === 'measure' && t.value === 'postcodes',
  );
  if (postcodesBefore && /^\s*(?:(?:them|'?em|those|these|all)\b|$)/.test(tagging.text.slice(tag.end)))
    return true;
  // ("Which CF10 postcodes": the place they are in may come between.)
  const next = tagging.tags.find((t) => t.start >= tag.end && t.role !== 'grammar' && t.role !== 'place');
  if (next?.role !== 'measure' || next.value !== 'postcodes') return false;
  return tagging.text.slice(tag.end, next.start).trim().split(/\s+/).filter(Boolean).length <= 2;
}

/** "Which postcodes in SY1 have 3+ FF networks": the postcodes listed, a row each with their premises. */
function postcodesListed(base: Plan, tagging: Tagging): Edit[] {
  if (base.dimension || base.measure !== 'postcodes' || base.dataset !== 'upc') return [];
  if (!tagging.tags.some((t) => listsPostcodes(t, tagging))) return [];
  const plan = clone(base);
  plan.dimension = 'postcode' as Dimension;
  plan.measure = 'premises';
  return [{ plan, differs: 'the postcodes listed', prior: 1 }];
}

/** "Rank them", "rank them all", "rank all of them": the rows the question just asked about, every one. */
const RANK_THEM = /^rank(?:ed|ing)? (?:them|all of them|the lot|all)\b/;

/** "Who is the biggest network? Rank every network": the rows the plan ranks, all of them named. */
function everyRowAsked(plan: Plan, tagging: Tagging): boolean {
  if (!plan.dimension || plan.rankWithin || plan.leaderPerDimension) return false;
  if (
    tagging.tags.some(
      (t) => t.role === 'ranking' && t.value === 'rank' && RANK_THEM.test(tagging.text.slice(t.start)),
    )
  )
    return true;
  return tagging.tags.some((t) => {
    if (t.role !== 'shape' || t.value !== 'each') return false;
    const next = adjacent(tagging, t, 1);
    return (
      next?.role === 'dimension' &&
      next.value === plan.dimension &&
      /\b(?:rank|list|show|give|all)\w* $/.test(tagging.text.slice(Math.max(0, t.start - 12), t.start))
    );
  });
}

/** How analysts name a point of a series. */
const TIME_GRAIN_WORDS = 'months?|quarters?|years?|half[- ]years?|periods?';

/**
 * "Which month in the past year had the biggest FF net adds": a time grain asked with a ranking word is the
 * points of a series ranked by their figure, not a change over the window. Over the window the question gives
 * (or the last year): a gain becomes what each point added, a level stays a level; the first point (one when
 * asked "which month", else the number asked) is kept.
 */
function rankedPoints(base: Plan, unused: Tag[], tagging: Tagging): { plan: Plan; differs: string }[] {
  // The grain word may count as used by the window it sits in ("which 3 quarters since 2023"): any grain tag.
  const grain = tagging.tags.find((t) => t.role === 'dimension' && TIME_GRAINS.has(t.value));
  const ranking = tagging.tags.find((t) => t.role === 'ranking' && t.value !== 'rank');
  const number = unused.find((t) => t.role === 'number' && Number(t.value) >= 1);
  // A series already, ranked by a word it left unused ("monthly net adds over the past year, biggest first").
  if (
    ranking &&
    unused.includes(ranking) &&
    TIME_GRAINS.has(base.dimension ?? '') &&
    !base.order &&
    base.dataset === 'upc'
  ) {
    const plan = clone(base);
    plan.order = direction(ranking, base);
    const which = new RegExp(`\\bwhich (?:${TIME_GRAIN_WORDS})\\b`).test(tagging.text);
    if (number || which) plan.limit = number ? Number(number.value) : 1;
    return [{ plan, differs: plan.order === 'asc' ? 'lowest first' : 'highest first' }];
  }
  if (!grain || !ranking || base.dimension || base.dataset !== 'upc') return [];
  if (
    !['premises', 'postcodes', 'coverage_pct', 'change_premises', 'change_postcodes'].includes(base.measure)
  )
    return [];
  const plan = clone(base);
  plan.dimension = grain.value as Dimension;
  const step = { month: 1, quarter: 3, half_year: 6, year: 12 }[grain.value] ?? 1;
  // (A share's growth in points is not among them: it is not a flow the series can add up.)
  const change = base.measure.startsWith('change_');
  if (change) {
    plan.flow = true;
    plan.measure = base.measure === 'change_postcodes' ? 'postcodes' : 'premises';
  }
  const { from, to } = base.time;
  plan.time = { ...(base.time.phrase ? { phrase: base.time.phrase } : {}) };
  if (from && to) {
    // The points within the window: what each added since the one before, from the first point after `from`.
    plan.time.seriesFrom = change ? addMonths(from, step) : from;
    plan.time.seriesTo = to;
  }
  plan.order = direction(ranking, base);
  plan.limit = number ? Number(number.value) : 1;
  return [
    { plan, differs: `the ${grain.text} with the ${plan.order === 'asc' ? 'lowest' : 'highest'} figure` },
  ];
}

/** A technology word as a subject's condition, on top of the subject's networks (undefined when it is none). */
function withTechnology(subject: Plan['subject'], term: string): Plan['subject'] | undefined {
  const {
    tech: _tech,
    gigabit: _gigabit,
    minDown: _minDown,
    symmetric: _symmetric,
    exclude: _exclude,
    onlyTech: _onlyTech,
    bestDownBelow: _below,
    belowUso: _belowUso,
    altnet: _altnet,
    ...rest
  } = subject;
  switch (term) {
    case 'full_fibre':
      return { ...rest, tech: FULL_FIBRE };
    case 'gigabit':
      return { ...rest, gigabit: true };
    case 'superfast':
      return { ...rest, minDown: SUPERFAST_MBPS };
    case 'ultrafast':
      return { ...rest, minDown: ULTRAFAST_MBPS };
    case 'fttc':
    case 'adsl':
    case 'cable':
    case 'fwa':
      return { ...rest, tech: term };
    case 'cable_only_gigabit':
      return { ...rest, gigabit: true, exclude: { tech: FULL_FIBRE } };
    case 'altnet':
      return { ...rest, altnet: true };
    case 'below_uso':
      return { ...rest, belowUso: true };
    default:
      return undefined;
  }
}

/**
 * Subjects side by side: technologies listed ("FF and gigabit coverage by region", "superfast, ultrafast and
 * gigabit in Wales") are a column each, as are networks set against each other ("CityFibre vs Openreach FTTP
 * premises"), unless the question asks for both at once (an overlap) or for them combined.
 */
function sideBySide(base: Plan, unused: Tag[], tagging: Tagging): { plan: Plan; differs: string }[] {
  if (base.compare?.length || !SIDE_BY_SIDE_MEASURES.has(base.measure) || base.dataset === 'take_up')
    return [];
  if (base.dimension && !GEO_DIMENSIONS_OF_PLAN.has(base.dimension) && base.dimension !== 'urban_rural')
    return [];
  if (base.rankWithin || base.groupFilter || base.leaderPerDimension || base.flow) return [];
  const shapes = new Set(tagging.tags.filter((t) => t.role === 'shape').map((t) => t.value));
  // "On both FF and gigabit coverage" asks for two figures: "both" before technologies and their measure word.
  const bothFigures = tagging.tags.some((t) => {
    if (t.role !== 'shape' || t.value !== 'both') return false;
    const next = tagging.tags.filter((u) => u.start >= t.end && u.role !== 'grammar').slice(0, 3);
    return (
      next[0]?.role === 'technology' &&
      next[1]?.role === 'technology' &&
      next[2]?.role === 'measure' &&
      next[2].value === 'share'
    );
  });
  if ((shapes.has('both') && !bothFigures) || shapes.has('combined')) return [];
  const edits: { plan: Plan; differs: string }[] = [];
  // Technologies: the first of a list and each one listed after it.
  const techs = tagging.tags.filter((t) => t.role === 'technology');
  const listed = techs.filter((t) => listedAfter(t, tagging));
  // Two technologies compared in other words ("how does FTTP coverage compare with gigabit coverage").
  const distinct = techs.filter((t, i) => techs.findIndex((u) => u.value === t.value) === i);
  // The same figure asked again for a second technology ("what proportion can get superfast, and what proportion
  // can get ultrafast"): a measure word before each of them.
  const measures = tagging.tags.filter((t) => t.role === 'measure');
  const askedAgain =
    distinct.length === 2 &&
    measures.some(
      (m1) =>
        m1.end <= distinct[0]!.start &&
        measures.some(
          (m2) =>
            m2.value === m1.value &&
            m2.start >= distinct[0]!.end &&
            m2.end <= distinct[1]!.start &&
            /\band\b/.test(tagging.text.slice(distinct[0]!.end, m2.start)),
        ),
    );
  if (!listed.length && distinct.length >= 2 && (VERSUS.test(tagging.text) || askedAgain)) {
    const subjects = distinct.map((t) => withTechnology(base.subject, t.value));
    if (subjects.every((x) => x !== undefined)) {
      const plan = clone(base);
      plan.subject = subjects[0]!;
      plan.compare = subjects.slice(1) as Plan['subject'][];
      edits.push({ plan, differs: `${distinct.map((t) => t.text).join(', ')} side by side` });
    }
  }
  if (listed.length && listed.some((t) => unused.includes(t)) && !negatedListItem(listed[0]!, tagging)) {
    // The list's first item, and the ones before it written with only a comma (dropped when normalised) between.
    const chain = [...listed];
    for (let i = techs.indexOf(listed[0]!) - 1; i >= 0; i--) {
      const item = techs[i]!;
      const gap = listGap(item, chain[0]!, tagging);
      if (chain.length > listed.length && gap !== '' && !LIST_JOINERS.has(gap)) break;
      chain.unshift(item);
      if (gap !== '' && !LIST_JOINERS.has(gap)) break;
    }
    const chainOk = new Set(chain.map((t) => t.value)).size === chain.length;
    const subjects = chain.map((t) => withTechnology(base.subject, t.value));
    if (chainOk && subjects.every((x) => x !== undefined) && subjects.length >= 2) {
      const plan = clone(base);
      plan.subject = subjects[0]!;
      plan.compare = subjects.slice(1) as Plan['subject'][];
      edits.push({ plan, differs: `${chain.map((t) => t.text).join(', ')} side by side` });
    }
  }
  // Networks set against each other: one column each, the rest of the subject the same.
  const groups = base.subject.operatorGroups ?? [];
  if (groups.length >= 2 && !base.subject.allGroups?.length && !base.subject.soleGroup) {
    // "Openreach FTTP vs Virgin Media": a technology written right after the first network, before the next one,
    // is that network's; the others are measured whole. Offered first, so it wins the tie with the reading below.
    const named = tagging.tags.filter((t) => t.role === 'network');
    const techTags = tagging.tags.filter((t) => t.role === 'technology');
    const [firstNet, secondNet] = named;
    // The lexicon may hold the pair as one name ("Openreach FTTP"): the technology is then inside the tag.
    const techOfFirst =
      firstNet &&
      secondNet &&
      (techTags.length === 1
        ? techTags[0]!.start >= firstNet.end && techTags[0]!.end <= secondNet.start
        : techTags.length === 0 && /\b(?:fttp|ftth|full fibre|ff)\b/.test(firstNet.text));
    if (base.subject.tech && firstNet && techOfFirst) {
      const { tech: _tech, gigabit: _gigabit, ...whole } = base.subject;
      const ordered = groups.includes(firstNet.value)
        ? [firstNet.value, ...groups.filter((g) => g !== firstNet.value)]
        : groups;
      const plan = clone(base);
      plan.subject = { ...base.subject, operatorGroups: [ordered[0]!] };
      plan.compare = ordered.slice(1).map((group) => ({ ...whole, operatorGroups: [group] }));
      edits.push({
        plan,
        differs: `${ordered[0]} ${techWords(base.subject.tech)} vs ${ordered.slice(1).join(', ')} (whole network)`,
      });
    }
    const plan = clone(base);
    const [first, ...others] = groups.map((group) => ({ ...base.subject, operatorGroups: [group] }));
    plan.subject = first!;
    plan.compare = others;
    edits.push({ plan, differs: `${groups.join(' vs ')} side by side` });
  }
  return edits;
}

/** Words that set two things against each other: their figures are wanted side by side. */
const VERSUS = /\b(?:vs\.?|versus|v|against|compared? (?:to|with)|compare|side by side)\b/;

function placeValues(tag: Tag): string[] {
  return tag.value.slice(tag.value.indexOf(':') + 1).split('|');
}

function placeColumn(tag: Tag): string {
  return tag.value.slice(0, tag.value.indexOf(':'));
}

function technologyUsed(term: string, plan: Plan, anyThreshold: boolean): boolean {
  const s = plan.subject;
  const tu = plan.takeUp ?? {};
  const techs = [
    s.tech,
    s.onlyTech,
    s.exclude?.tech,
    ...Object.values(s.groupTech ?? {}),
    tu.tech,
    ...(tu.techs ?? []),
  ];
  switch (term) {
    case 'full_fibre':
      return (
        techs.includes(FULL_FIBRE) ||
        techs.includes(FULL_FIBRE_TAKE_UP) ||
        plan.dataset === 'upc_forecast' ||
        Boolean(s.minNetworks || s.exactNetworks || s.allGroups) ||
        plan.dimension === 'tech'
      );
    case 'gigabit':
      return Boolean(
        s.gigabit ||
          s.exclude?.gigabit ||
          s.symmetric ||
          (s.minDown ?? 0) >= GIGABIT_DOWN_MBPS ||
          s.bestDownBelow === GIGABIT_DOWN_MBPS,
      );
    case 'superfast':
    case 'ultrafast': {
      // The tier's own speed must be one of the plan's thresholds ("superfast, and ultrafast" is two figures).
      const speed = term === 'superfast' ? SUPERFAST_MBPS : ULTRAFAST_MBPS;
      const speeds = [s.minDown, s.exclude?.minDown, s.bestDownBelow, ...(plan.bandCuts ?? [])];
      return speeds.includes(speed) || (plan.dimension === 'speed_band' && !plan.bandCuts);
    }
    case 'below_uso':
      return Boolean(s.belowUso) || anyThreshold;
    case 'cable_only_gigabit':
      return Boolean(s.gigabit && (s.exclude?.tech || s.onlyTech)) || techs.includes('cable');
    case 'fttc':
    case 'adsl':
    case 'fwa':
    case 'cable':
      // Virgin Media's footprint is its cable and its own fibre: naming cable beside it describes that network.
      if (
        term === 'cable' &&
        [...(s.operatorGroups ?? []), ...(s.allGroups ?? [])].includes('Virgin Media') &&
        !s.tech &&
        !s.groupTech?.['Virgin Media']
      )
        return true;
      return techs.includes(term) || plan.dimension === 'tech';
    case 'altnet':
      return Boolean(s.altnet || s.networksAreAltnets);
    case 'overbuild':
      // "By how many full-fibre networks": the networks counted are the rows of the distribution.
      return (
        Boolean(s.minNetworks || s.exactNetworks || s.allGroups) ||
        plan.measure === 'operator_count' ||
        plan.dimension === 'networks' ||
        // "How much of CityFibre's footprint overlaps with Openreach": one network's share within another's.
        Boolean(plan.within?.operatorGroups?.length && (s.operatorGroups?.length || s.altnet)) ||
        // "The top 3 FF networks in each region": the full-fibre networks ranked in each place; "the biggest 5 FF
        // networks": the full-fibre networks ranked.
        Boolean(plan.leaderPerDimension && s.tech === FULL_FIBRE) ||
        Boolean(plan.dimension === 'operator_group' && s.tech === FULL_FIBRE && plan.order) ||
        // "Which FF networks overlap Community Fibre the most": each network's overlap with one footprint.
        Boolean(plan.within?.operatorGroups?.length && plan.dimension === 'operator_group')
      );
    case 'any':
      return !s.tech && !s.gigabit && !s.minDown && !s.onlyTech && !tu.tech && !tu.techs?.length;
    default:
      return true;
  }
}

function measureUsed(term: string, plan: Plan, anyThreshold: boolean, text: string): boolean {
  const m = plan.measure;
  switch (term) {
    case 'upload':
      // "100Mbps+ upload", "gigabit both ways", "10 down 1 up": the upload word is a threshold's direction.
      return (
        m === 'max_up' ||
        m === 'max_speeds' ||
        plan.subject.minUp !== undefined ||
        Boolean(plan.subject.symmetric || plan.subject.belowUso)
      );
    case 'both_speeds':
      return m === 'max_speeds';
    case 'premises':
      return (
        [
          'premises',
          'change_premises',
          'first_premises',
          'coverage_pct',
          'share_of_subject_pct',
          'change_pp',
        ].includes(m) || plan.groupFilter !== undefined
      );
    case 'postcodes':
      // "Which postcodes ...": the postcodes listed, a row each, are the postcodes asked for.
      if (plan.dimension === 'postcode' && (m === 'premises' || m === 'operator_count')) return true;
      // Postcodes reached for the first time are counted with their premises, and the other way round.
      if (m === 'first_premises' || m === 'first_postcodes') return true;
      // "How many postcodes & premises ...": a count of premises shows the postcodes they are in beside it.
      if (
        m === 'premises' &&
        plan.dimension !== 'postcode' &&
        /\bpostcodes (?:and|&|\+|plus) premises\b|\bpremises (?:and|&|\+|plus) postcodes\b/.test(text)
      )
        return true;
      // Scores are per postcode: "the average score of postcodes with ..." averages over postcodes.
      return [
        'postcodes',
        'change_postcodes',
        'first_postcodes',
        'avg_attractiveness',
        'avg_deprivation',
      ].includes(m);
    case 'households':
      return m === 'households';
    case 'business_sites':
      return m === 'business_sites';
    case 'population':
      // "How many people have signed up to full fibre": people who took a service up are its lines.
      return m === 'population' || (plan.dataset === 'take_up' && m === 'lines' && /\bpeople\b/.test(text));
    case 'share':
      return (
        SHARE_MEASURES.has(m) ||
        m === 'lines_change_pct' ||
        // "What share of households can get superfast": a count of another unit shows its share of all of them.
        (['households', 'postcodes', 'population', 'business_sites'].includes(m) && !plan.dimension) ||
        plan.groupFilter !== undefined ||
        // A count of premises per place shows each place's share beside it ("premises passed and % of the LA").
        (m === 'premises' &&
          GEO_DIMENSIONS_OF_PLAN.has(plan.dimension ?? '') &&
          PREMISES_THEN_SHARE.test(text)) ||
        // So does one count of premises in the forecast ("how many premises ... by 2028, and what share is that").
        (m === 'premises' &&
          plan.dataset === 'upc_forecast' &&
          !plan.dimension &&
          /\bhow many (?:premises|homes|properties)\b[^?.]*,? and (?:what|the) (?:share|%|proportion|percentage)\b/.test(
            text,
          ))
      );
    case 'lines':
      return plan.dataset === 'take_up';
    case 'market_share':
      return m === 'line_share_pct';
    case 'networks':
      return m === 'operator_count' || m === 'operator_list' || plan.dimension === 'networks';
    case 'places':
      return m === 'place_count';
    case 'change':
      return (
        TIME_GRAINS.has(plan.dimension ?? '') ||
        m.startsWith('change_') ||
        m.startsWith('first_') ||
        m === 'lines_change_pct' ||
        Boolean(plan.flow) ||
        Boolean(plan.takeUp?.change) ||
        Boolean(plan.takeUp?.fromQuarter) ||
        plan.time.from !== undefined ||
        plan.time.seriesFrom !== undefined
      );
    case 'points':
      return (
        m === 'change_pp' ||
        // "The urban-rural gap in pp", "the gap with the UK in points".
        Boolean(plan.urbanRuralGap || plan.withUk) ||
        // "Coverage each November with the pp change alongside": each point's change in points.
        (m === 'coverage_pct' && Boolean(plan.flow)) ||
        (m === 'line_share_pct' && (plan.takeUp?.change !== undefined || !!plan.takeUp?.fromQuarter))
      );
    case 'speed':
      return (
        ['max_down', 'max_up', 'max_speeds', 'avg_down'].includes(m) ||
        anyThreshold ||
        Boolean(plan.subject.gigabit)
      );
    case 'score':
      return m === 'avg_attractiveness' || m === 'avg_deprivation' || Boolean(plan.subject.score);
    case 'first_date':
      // "When did it go live", "first got FTTP": a date, or the postcodes reached for the first time.
      return m === 'first_date' || m === 'first_postcodes' || m === 'first_premises';
    case 'average':
      // "The median LA's coverage", "mean coverage across councils": a statistic of the places' figures.
      return (
        m.startsWith('avg_') ||
        Boolean(
          plan.placeStats &&
            (!/\bmedian\b/.test(text) || plan.placeStats.includes('median')) &&
            (!/\b(?:average|avg|mean)\b/.test(text) || plan.placeStats.includes('mean')) &&
            (!/\b(?:quartiles?|interquartile|iqr)\b/.test(text) || plan.placeStats.includes('p25')),
        )
      );
    default:
      return true;
  }
}

function dimensionUsed(tag: Tag, plan: Plan, tagging: Tagging): boolean {
  const value = tag.value;
  if (plan.dimension === value || plan.rankWithin === value || plan.placeLevel === value) return true;
  if (plan.thenBy === value) return true;
  // "The average of the fastest download per postcode": the postcodes averaged over, not a row each.
  if (
    value === 'postcode' &&
    plan.measure === 'avg_down' &&
    /\b(?:per|each|across|over)(?: the)?$/.test(tagging.text.slice(0, tag.start).trimEnd())
  )
    return true;
  // "The urban-rural gap": both settings are in the answer, side by side.
  if (value === 'urban_rural' && plan.urbanRuralGap) return true;
  if (value === 'speed_band') return false;
  // "No full fibre at the postcode", "present at their postcode": the unit every figure is counted over, named
  // in the singular after an article, is no grouping.
  if (value === 'postcode' && /\b(?:the|a|their|its|that|same|any) $/.test(tagging.text.slice(0, tag.start)))
    return true;
  if (
    (value === 'operator' || value === 'operator_group') &&
    ['operator', 'operator_group', 'networks'].includes(plan.dimension ?? '')
  )
    return true;
  // "By quarter", "each year", "which quarter": the grain is the rows, whatever window the question also gives.
  const before = tagging.text.slice(0, tag.start).trimEnd();
  if (TIME_GRAINS.has(value) && /\b(?:by|per|each|every|which|what)$/.test(before))
    return TIME_GRAINS.has(plan.dimension ?? '');
  // "Which month had the biggest net adds" asks for a month: a row per month, not a window.
  if (value === 'month' || value === 'half_year')
    return TIME_GRAINS.has(plan.dimension ?? '') || plan.time.seriesFrom !== undefined;
  if (TIME_GRAINS.has(value)) {
    return (
      TIME_GRAINS.has(plan.dimension ?? '') ||
      plan.time.from !== undefined ||
      plan.time.seriesFrom !== undefined ||
      Boolean(plan.takeUp?.change) ||
      plan.time.quarter !== undefined ||
      plan.time.lastQuarters !== undefined
    );
  }
  if (value === 'urban_rural') return plan.urbanRural !== undefined || Boolean(plan.splitUrbanRural);
  // Naming both segments ("resi + business") is no segment filter: every take-up plan counts both by default.
  // (A grouping by segment asked beside another, "by operator x segment", is a row for each pair: thenBy.)
  if (value === 'segment')
    return (
      plan.dataset === 'take_up' &&
      !(plan.dimension && /(?:\bx|\band|\bby|&|\/)\s*$/.test(tagging.text.slice(0, tag.start)))
    );
  if (value === 'tech') return Boolean(plan.subject.onlyTech || plan.subject.exclude);
  // "the average postcode attractiveness score": the scores are per postcode, their average is the measure.
  if (value === 'postcode')
    return (
      ['postcodes', 'change_postcodes', 'first_postcodes'].includes(plan.measure) ||
      ['avg_attractiveness', 'avg_deprivation'].includes(plan.measure)
    );
  if (value === 'operator_group' && !/s$/.test(tag.text)) {
    // "Passed by at least one gigabit network", "any FF network": presence, which every plan of a subject holds.
    const before = tagging.text.slice(0, tag.start);
    if (/\b(?:at least one|atleast one|any|a|one)\s+(?:[a-z-]+\s+){0,2}$/.test(before) && hasSubjectOf(plan))
      return true;
  }
  // "..., by network", "broken down by operator", "for each network": a row per network, which only a plan grouped by
  // network (or ranking networks in each place) holds.
  if (
    (value === 'operator_group' || value === 'operator') &&
    /\b(?:by|per|each|every|for each|broken down by|split by)(?: the)?$/.test(
      tagging.text.slice(0, tag.start).trimEnd(),
    )
  )
    return Boolean(plan.leaderPerDimension);
  if (value === 'operator_group') {
    // "networks" names the subject's kind ("3+ networks", "altnet networks", "which networks ..."), or the
    // networks ranked in each place ("the biggest network in each region").
    const s = plan.subject;
    if (
      plan.leaderPerDimension ||
      s.minNetworks ||
      s.exactNetworks ||
      s.altnet ||
      s.soleGroup ||
      s.operatorGroups?.length ||
      s.allGroups?.length ||
      plan.measure === 'operator_count' ||
      plan.measure === 'operator_list'
    )
      return true;
  }
  if (value === 'operator') {
    const s = plan.subject;
    if (
      s.operators?.length ||
      s.operatorGroups?.length ||
      plan.takeUp?.operators?.length ||
      plan.measure === 'operator_list'
    )
      return true;
  }
  // A level word beside a place of that level qualifies the name ("Leeds council", "the CF area").
  // A different level beside a place ("post sectors in Birmingham") is a grouping within it, not a qualifier.
  const near = tagging.tags.find(
    (t) =>
      t.role === 'place' &&
      Math.min(Math.abs(t.end - tag.start), Math.abs(tag.end - t.start)) <= 6 &&
      (GEO_COLUMNS as readonly string[]).includes(value) &&
      (placeColumn(t) === value || plan.dimension !== undefined),
  );
  if (near && plan.geo) return true;
  // "how many councils ..." counts places; "per region" groups them: both set the dimension.
  return Boolean(plan.countGroups && plan.dimension === value);
}

function shapeUsed(tag: Tag, plan: Plan, tagging: Tagging): boolean {
  const s = plan.subject;
  switch (tag.value) {
    case 'count': {
      // "How many LAs ...", "number of regions where ...": a count of places, not of premises.
      const next = adjacent(tagging, tag, 1);
      // "Give the LA count", "in how many LAs is each altnet present": the places each network is in.
      if (plan.measure === 'place_count' || plan.placeBands) return true;
      // "Which councils have 4+ altnets present, and how many in each": the networks counted in each place.
      if (
        plan.measure === 'operator_count' &&
        plan.groupFilter?.on === 'count' &&
        /\bin each\b/.test(tagging.text)
      )
        return true;
      // "How many ... have coverage above 90%": places passing a test, counted, not listed (unless a count of
      // premises or lines is what follows "how many").
      const following = tagging.tags.find((t) => t.start >= tag.end && t.role !== 'grammar');
      if (
        plan.groupFilter &&
        !plan.countGroups &&
        plan.dimension &&
        PLACE_COLUMNS.has(plan.dimension) &&
        following?.role !== 'measure'
      )
        return false;
      if (next?.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(next.value) && /s$/.test(next.text))
        // "How many unit postcodes ...": unit postcodes counted are the postcodes measure.
        return (
          Boolean(plan.countGroups) ||
          (next.value === 'postcode' &&
            ['postcodes', 'first_postcodes', 'change_postcodes'].includes(plan.measure))
        );
      return (
        COUNT_MEASURES.has(plan.measure) ||
        Boolean(plan.countGroups) ||
        SHARE_MEASURES.has(plan.measure) ||
        // "How many lines in 2021Q4 and 2026Q4, and the % change": both counts are shown beside the change.
        (plan.measure === 'lines_change_pct' && Boolean(plan.takeUp?.fromQuarter))
      );
    }
    case 'each':
      // "In each of Glasgow, Cardiff and Leeds": a row for each place named.
      if (eachOfNamedPlaces(tag, tagging))
        return Boolean(plan.geo && plan.geo.values.length >= 2 && plan.dimension === plan.geo.column);
      // "Rank every network": every row, not the first alone.
      if (plan.limit === 1 && everyRowAsked(plan, tagging)) return false;
      // "... in which each has any footprint": a count of places over all of them is not one figure for each.
      if (plan.countGroups) return false;
      return Boolean(plan.dimension || plan.leaderPerDimension);
    case 'series':
      return TIME_GRAINS.has(plan.dimension ?? '') || plan.time.seriesFrom !== undefined;
    case 'compare': {
      // "OR vs VMO2 vs CF": networks set against each other are not one figure for all of them.
      const networksAround =
        adjacent(tagging, tag, -1)?.role === 'network' && adjacent(tagging, tag, 1)?.role === 'network';
      return !(
        networksAround &&
        (s.operatorGroups?.length ?? 0) >= 2 &&
        !plan.dimension &&
        !plan.compare?.length &&
        !plan.leaderPerDimension
      );
    }
    case 'when':
      // "When did LS6 2YU first get FTTP": the answer is a date, which a figure at one snapshot does not give.
      return (
        TIME_GRAINS.has(plan.dimension ?? '') ||
        plan.time.seriesFrom !== undefined ||
        plan.measure === 'first_date'
      );
    case 'only': {
      // "Only" restricts the subject (the only network, the only technology, exactly one) or a place named
      // right after it ("only in Wales"); a plan that counts every postcode of the subject does not hold it.
      const next = tagging.tags.find((t) => t.start >= tag.end);
      const place = next?.role === 'place' && next.start - tag.end <= 4 && Boolean(plan.geo);
      // "Residential only", "rural only": a filter the plan holds, said right before it.
      const before = adjacent(tagging, tag, -1);
      if (
        (before?.role === 'dimension' && before.value === 'segment' && plan.takeUp?.segment) ||
        (before?.role === 'dimension' && before.value === 'urban_rural' && plan.urbanRural)
      )
        return true;
      return Boolean(s.onlyTech || s.soleGroup || s.exactNetworks === 1 || s.exclude || place);
    }
    case 'both':
      // "By Virgin Media, by Openreach, and by both": both is one more figure of a list, beside each alone.
      if (listItem(tag, tagging)) return false;
      // "Have both CityFibre and Openreach": the networks named right after it must all be present.
      if (adjacent(tagging, tag, 1)?.role === 'network')
        return Boolean(s.allGroups || (plan.within && s.operatorGroups?.length));
      // "Openreach vs CityFibre: premises where both have full fibre", "where X and Y are both present": the
      // networks named before, all present.
      if (
        (/^\s*(?:of them |networks? |operators? )?(?:have|has|offer|provide|serve|pass|cover|are (?:present|live|available|there))\b/.test(
          tagging.text.slice(tag.end),
        ) ||
          (/\b(?:are|is|were)\s*$/.test(tagging.text.slice(0, tag.start)) &&
            /^\s*(?:present|live|available|there|on offer|on)\b/.test(tagging.text.slice(tag.end)))) &&
        tagging.tags.some((t) => t.role === 'network' && t.end <= tag.start)
      )
        return Boolean(s.allGroups || plan.within);
      return Boolean(
        s.allGroups ||
          (s.operatorGroups?.length ?? 0) >= 2 ||
          plan.geo ||
          // "Both shares and the gap": the urban and the rural share beside their gap.
          plan.urbanRuralGap ||
          plan.ukGap ||
          (plan.withUk && !UK_GAP.test(tagging.text)) ||
          plan.alongside?.length ||
          (plan.within?.operatorGroups?.length && plan.dimension === 'operator_group') ||
          // "At 2025-11 and at 2026-11, both counts and the delta": a change shows the level at both dates.
          (/^change_/.test(plan.measure) && plan.time.from !== undefined && plan.time.to !== undefined),
      );
    case 'base': {
      // "Sky's base by technology": a brand's customer base is its lines.
      const owner = adjacent(tagging, tag, -1);
      if (plan.dataset === 'take_up' && (owner?.role === 'network' || owner?.role === 'operator'))
        return Boolean(plan.takeUp?.operators?.length || plan.takeUp?.shareOf);
      // "What % of those also have Openreach FF": a subject counted among the premises just named, which only a
      // share within a base answers.
      if (
        /\b(?:those|these|them)\b/.test(tag.text) &&
        tagging.tags.some((t) => t.start >= tag.end && (t.role === 'network' || t.role === 'technology'))
      )
        return plan.measure === 'share_of_subject_pct' || Boolean(plan.within);
      // "Of all premises that can get FTTP, what % ...": a share within a subject named before the question.
      return (
        plan.measure === 'share_of_subject_pct' ||
        Boolean(plan.within) ||
        !subjectBeforeQuestion(tag, tagging)
      );
    }
    case 'combined':
      // "Altnet footprint, deduped across networks": one figure for the class, not a row per network.
      return !listedAsRows(plan) && !(plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension));
    case 'list': {
      // "Which altnet passes the most premises", "what networks are in Leeds": the answer names networks, so a
      // plan with no network in its rows does not answer it. Technologies or a count of them are asked apart.
      const next = tagging.tags.find((t) => t.start >= tag.end && t.role !== 'grammar');
      const between = next ? tagging.text.slice(tag.end, next.start).trim() : '';
      // "List the postcodes in SY1 where ...": the postcodes themselves, a row each.
      if (listsPostcodes(tag, tagging)) return plan.dimension === 'postcode';
      if (!next || !networkKind(next) || next.value === 'overbuild' || between.split(' ').length > 2)
        return true;
      return (
        (plan.dimension !== undefined && NETWORK_DIMENSIONS.has(plan.dimension)) ||
        Boolean(plan.leaderPerDimension) ||
        plan.measure === 'operator_list' ||
        plan.measure === 'operator_count' ||
        Boolean(plan.subject.operatorGroups?.length || plan.subject.operators?.length)
      );
    }
    case 'gap':
      // "The urban-rural gap", "the gap with the UK", "the coverage gap" (what is not covered), "the gap closed".
      return Boolean(
        plan.urbanRuralGap ||
          plan.withUk ||
          plan.alongside?.length ||
          plan.compare?.length ||
          plan.subject.absent ||
          plan.subject.belowUso ||
          plan.measure.startsWith('change_'),
      );
    case 'total':
      // "Total premises passed by altnets": one figure for the class, not a row per network, unless the
      // question names the breakdown ("total by operator", "for each altnet").
      return !splitsTheClass(plan, tagging);
    default:
      return true;
  }
}

/** A row per network of a class the question asked about as a whole ("altnets"), with no word asking for it. */
function splitsTheClass(plan: Plan, tagging: Tagging): boolean {
  if (plan.dimension !== 'operator' && plan.dimension !== 'operator_group') return false;
  // Networks named one by one are rows of their own ("Virgin Media vs Sky on total lines").
  if (plan.dataset !== 'upc' || plan.subject.operatorGroups?.length || plan.subject.operators?.length)
    return false;
  if (/\b(?:by|per) (?:alt[- ]?net|network|operator|provider|brand)\b/.test(tagging.text)) return false;
  return !tagging.tags.some(
    (t) =>
      (t.role === 'shape' && t.value === 'each') ||
      (t.role === 'dimension' && NETWORK_DIMENSIONS.has(t.value as Dimension)),
  );
}

/** A word that is itself an item of a list ("..., and by both"). */
function listItem(tag: Tag, tagging: Tagging): boolean {
  const words = tagging.text
    .slice(Math.max(0, tag.start - 12), tag.start)
    .trim()
    .split(' ')
    .slice(-2);
  return (
    words.some((w) => LIST_JOINERS.has(w)) &&
    words.every((w) => LIST_JOINERS.has(w) || LIST_PREPOSITIONS.has(w))
  );
}

const LIST_PREPOSITIONS = new Set(['by', 'in', 'with', 'for', 'from']);

/**
 * A technology or network between a base word and the question that follows it ("of all premises that can get
 * FTTP, what % ..."): the share is within that subject. "What % of all premises have FTTP" asks nothing after.
 */
function subjectBeforeQuestion(tag: Tag, tagging: Tagging): boolean {
  const question = tagging.tags.find((t) => t.start >= tag.end && t.role === 'shape');
  if (!question) return false;
  return tagging.tags.some(
    (t) => t.start > tag.end && t.end <= question.start && (t.role === 'technology' || t.role === 'network'),
  );
}

/** The plan answers a row for each of the networks or places the question lists (not one figure for them all). */
function listedAsRows(plan: Plan): boolean {
  const s = plan.subject;
  const named = [...(s.operatorGroups ?? []), ...(s.operators ?? []), ...(plan.takeUp?.operators ?? [])];
  if (plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension) && named.length >= 2) return true;
  return Boolean(plan.geo && plan.geo.values.length >= 2 && plan.dimension === plan.geo.column);
}

function numberUsed(n: number, tag: Tag, plan: Plan, tagging: Tagging): boolean {
  const s = plan.subject;
  // "at least one altnet" is presence; "0, 1, 2 networks" are the rows of a count of networks.
  // A fraction ("deprivation > 0.8") is a threshold, which no plan of counts holds.
  if ((n === 0 || n === 1) && (!s.absent || plan.within)) return true;
  if (plan.dimension === 'networks') return true;
  // "In 10% bands": the width of the bands places are counted in.
  if (plan.placeBands === n) return true;
  // "Across the 361 local authorities": every place, which a statistic or a band of places takes.
  if ((plan.placeStats || plan.placeBands) && adjacent(tagging, tag, 1)?.role === 'dimension') return true;
  // "One figure per LA", "one row for each region": how the answer is laid out, with a row per place.
  if (
    n === 1 &&
    plan.dimension &&
    /^\s*(?:figure|row|number|value|line)s?\b/.test(tagging.text.slice(tag.end))
  )
    return true;
  // A speed the named condition already means ("1000 down and 1000 up" for symmetric gigabit).
  if (n === GIGABIT_DOWN_MBPS && (s.gigabit || s.symmetric)) return true;
  // "the four nations": the number counts the places the answer lists.
  const next = tagging.tags.find((t) => t.start >= tag.end && t.start - tag.end <= 1);
  if (next && (next.role === 'dimension' || next.role === 'grammar') && plan.dimension) return true;
  // A band of the number of networks set beside the subject's ("exactly one vs two or more").
  if ((plan.compare ?? []).some((c) => c.minNetworks === n || c.exactNetworks === n)) return true;
  // "Over 500 premises" is a test, never how many rows to keep.
  const compared = ['gt', 'gte', 'lt', 'lte'].includes(adjacent(tagging, tag, -1)?.value ?? '');
  const values = [
    // A limit keeps the first rows of a list: with one figure for an answer it keeps nothing.
    (plan.dimension || plan.leaderPerDimension) && !compared ? plan.limit : undefined,
    s.minNetworks,
    s.exactNetworks,
    s.minNetworks !== undefined ? s.minNetworks - 1 : undefined,
    s.exactNetworks !== undefined ? s.exactNetworks : undefined,
    s.minDown,
    s.minUp,
    s.minUp !== undefined ? s.minUp / 1000 : undefined,
    s.bestDownBelow,
    s.minDown !== undefined ? s.minDown / 1000 : undefined,
    // "Can't get decent broadband (10 down / 1 up)": the USO's own speeds.
    s.belowUso ? USO_DOWN_MBPS : undefined,
    s.belowUso ? USO_UP_MBPS : undefined,
    plan.groupFilter?.value,
    s.score?.value,
    plan.time.lastQuarters,
    plan.time.quarterNumber,
  ];
  return values.includes(n);
}

export interface Scored {
  plan: Plan;
  unusedTags: Tag[];
  used: number;
  score: number;
  differs?: string;
}

/** Used tags count for a plan; unused ones against it; a default the readers had to assume costs a little. */
export function scorePlan(plan: Plan, tagging: Tagging, lexicon: Lexicon, prior = 0): Scored {
  // The dates of a list count like any other tag; a single date is the time parser's and the word check's.
  const content = tagging.tags.filter(
    (t) => t.role !== 'grammar' && (t.role !== 'time' || (t.moment && tagging.moments.length >= 2)),
  );
  const unusedTags = content.filter((t) => !tagUsed(t, plan, tagging, lexicon));
  const used = content.length - unusedTags.length;
  const score = used - 1.2 * unusedTags.length - 0.25 * plan.assumptions.length + prior + fit(plan, tagging);
  return { plan, unusedTags, used, score };
}

/**
 * How well a plan fits the words around its tags, beyond using them: a number right after a ranking word ("the
 * biggest 3", "top five") is how many to show, not a count of networks per postcode.
 */
function fit(plan: Plan, tagging: Tagging): number {
  let bonus = 0;
  // A name that is a place or a network, right after "in", "across" or "within", reads as the place.
  for (const tag of tagging.tags) {
    const place = tag.role === 'place' ? tag : tag.alternatives?.find((a) => a.role === 'place');
    if (!place || !tag.alternatives?.length) continue;
    const before = tagging.text.slice(0, tag.start).trimEnd();
    if (!PLACE_PREPOSITIONS.has(before.slice(before.lastIndexOf(' ') + 1))) continue;
    bonus += plan.geo?.values.includes(place.value.slice(place.value.indexOf(':') + 1)) ? 0.3 : -0.3;
  }
  // "Every LA where Toob is live": the places are those where the network is present, not every place.
  if (wherePresent(plan, tagging))
    bonus += plan.groupFilter?.op === 'gt' && plan.groupFilter.value === 0 ? 0.8 : -0.3;
  // Places listed by name ("EH1, EH2 and EH3", "York vs Hull") are answered a row each, as the readers compare
  // two named places side by side.
  if (plan.geo && plan.geo.values.length >= 2 && !plan.geo.label) {
    if (plan.dimension === plan.geo.column) bonus += 0.3;
    // A series of places listed is a series for each (the edit that splits it weighs against it: outweigh it).
    else if (plan.thenBy === plan.geo.column) bonus += 0.6;
  }
  // "CityFibre vs Openreach": networks set against each other are compared, not added into one footprint.
  // Likewise technologies: "FTTP compared with gigabit" is two figures, not one footprint with both.
  const s = plan.subject;
  const conditions = [s.tech, s.gigabit, s.minDown, s.altnet].filter((c) => c !== undefined && c !== false);
  const combined = (s.operatorGroups?.length ?? 0) >= 2 || conditions.length >= 2;
  if (combined && !plan.compare?.length && !plan.thenBy && VERSUS.test(tagging.text)) bonus -= 0.5;
  if (plan.compare?.length && VERSUS.test(tagging.text)) bonus += 0.3;
  // "Who has the biggest network footprint": one row; a whole ranking answers more than was asked.
  if (firstRowWanted(plan, tagging)) bonus += plan.limit === 1 ? 0.5 : -0.3;
  // "Which month ...", "what quarter ...": the answer is points of that grain, not one figure over the window.
  const grainAsked = new RegExp(`\\b(?:which|what) (${TIME_GRAIN_WORDS})\\b`).exec(tagging.text);
  if (grainAsked) bonus += TIME_GRAINS.has(plan.dimension ?? '') ? 0.8 : -0.5;
  for (const [i, tag] of tagging.tags.entries()) {
    const next = tagging.tags[i + 1];
    if (tag.role !== 'ranking' || next?.role !== 'number' || next.start - tag.end > 1) continue;
    const n = Number(next.value);
    if (plan.subject.exactNetworks === n || plan.subject.minNetworks === n) bonus -= 0.8;
    else if (plan.limit === n) bonus += 0.8;
  }
  // "Each district in BS": within a postcode area, districts are postcode districts, not district councils.
  if (
    plan.geo?.column === 'postcode_area' &&
    tagging.tags.some((t) => t.role === 'dimension' && t.value === 'postcode_district')
  )
    bonus += plan.dimension === 'postcode_district' ? 0.3 : -0.3;
  return bonus;
}

const clone = (plan: Plan): Plan => structuredClone(plan);

/** Words before a name that make it a place ("in CF", "across Leeds"). */
const PLACE_PREPOSITIONS = new Set(['in', 'across', 'within', 'around']);

/**
 * A place grouping of a named network's coverage, asked "where" the network is ("every LA where Toob is live",
 * "councils in which CityFibre is present"): the rows are the places where it is present.
 */
function wherePresent(plan: Plan, tagging: Tagging): boolean {
  if (!GEO_DIMENSIONS_OF_PLAN.has(plan.dimension ?? '') || plan.measure !== 'coverage_pct') return false;
  if (!plan.subject.operatorGroups?.length || plan.subject.absent) return false;
  const network = tagging.tags.find((t) => t.role === 'network');
  if (!network) return false;
  const before = tagging.text.slice(0, network.start).trimEnd();
  return WHERE_WORDS.some((word) => before.endsWith(` ${word}`));
}

const WHERE_WORDS = ['where', 'in which', 'wherever'];

/** The plans the tags allow, as edits of the readers' plan: each fills in what that plan left unused. */
export function editsFor(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  const edits: Edit[] = [];
  const places = unused.filter((t) => t.role === 'place' && t.value !== 'uk');
  if (places.length > 0) {
    const byColumn = new Map<string, string[]>();
    const nations = places.every(
      (t) =>
        placeColumn(t) === 'country' ||
        (placeColumn(t) === 'government_region' && placeValues(t).every((v) => NATION_REGIONS.has(v))),
    );
    for (const tag of places) {
      const column = nations ? 'country' : placeColumn(tag);
      byColumn.set(column, [...(byColumn.get(column) ?? []), ...placeValues(tag)]);
    }
    for (const [column, values] of byColumn) {
      if (!(GEO_COLUMNS as readonly string[]).includes(column)) continue;
      const geoColumn = column as GeoColumn;
      const plan = clone(base);
      const previous = plan.geo;
      // Places of another level join a list of nations as nations ("Wales, Scotland, NI and England").
      const kept =
        previous?.column === geoColumn ||
        (geoColumn === 'country' && previous?.values.every((v) => NATION_REGIONS.has(v)))
          ? previous.values
          : [];
      plan.geo = { column: geoColumn, values: [...new Set([...kept, ...values])] };
      if (previous && plan.dimension === previous.column) plan.dimension = geoColumn;
      // The top 10 assumed of a national ranking: within a smaller place, every one of its places is listed.
      if (
        plan.assumptions.includes(TOP_TEN_ASSUMED) &&
        geoColumn !== 'government_region' &&
        geoColumn !== 'country'
      ) {
        delete plan.limit;
        plan.assumptions = plan.assumptions.filter((a) => a !== TOP_TEN_ASSUMED);
      }
      edits.push({ plan, differs: `for ${values.join(', ')}` });
      if (plan.geo.values.length >= 2 && !plan.dimension) {
        const each = clone(plan);
        each.dimension = geoColumn;
        edits.push({ plan: each, differs: `one row for each of ${plan.geo.values.join(', ')}` });
      }
    }
  }
  const networks = unused.filter((t) => t.role === 'network').map((t) => t.value);
  if (networks.length > 0) {
    const plan = clone(base);
    if (plan.dataset === 'take_up')
      plan.takeUp = { ...plan.takeUp, operators: [...(plan.takeUp?.operators ?? []), ...networks] };
    else plan.subject.operatorGroups = [...new Set([...(plan.subject.operatorGroups ?? []), ...networks])];
    edits.push({ plan, differs: `for ${networks.join(' and ')}` });
  }
  // "Sky share of lines 2025Q4 vs 2026Q4, pp change": a change in lines asked as a share is the share's change.
  const marketShare = unused.find((t) => t.role === 'measure' && t.value === 'market_share');
  const brand =
    base.takeUp?.shareOf ?? (base.takeUp?.operators?.length === 1 ? base.takeUp.operators[0] : undefined);
  if (marketShare && base.measure === 'lines_change_pct' && brand && base.takeUp?.change) {
    const plan = clone(base);
    plan.measure = 'line_share_pct';
    const { operators: _operators, rankByChange: _rank, ...rest } = plan.takeUp ?? {};
    plan.takeUp = { ...rest, shareOf: brand };
    // One brand's share: no row per operator.
    if (plan.dimension === 'operator' || plan.dimension === 'operator_group') delete plan.dimension;
    edits.push({ plan, differs: `the change in ${brand}'s share of lines` });
  }
  // "Which 5 brands gained the most share yoy, in pp", "how did Sky's and TalkTalk's share of lines move": the
  // change in each brand's share, a row per brand.
  const inPoints = unused.find(
    (t) => t.role === 'measure' && (t.value === 'market_share' || t.value === 'points'),
  );
  // A technology's own share ("FTTP share of lines, how many pp") is one figure: brands are rows only when named.
  const techShare =
    (base.takeUp?.tech || base.subject.tech) &&
    !unused.some((t) => t.role === 'dimension' && (t.value === 'operator' || t.value === 'operator_group'));
  if (
    inPoints &&
    techShare &&
    base.measure === 'lines_change_pct' &&
    (base.takeUp?.change || base.takeUp?.fromQuarter) &&
    !brand
  ) {
    const plan = clone(base);
    plan.measure = 'line_share_pct';
    edits.push({ plan, differs: 'the change in its share of lines, in points' });
  }
  if (inPoints && base.measure === 'lines_change_pct' && base.takeUp?.change && !brand && !techShare) {
    const plan = clone(base);
    plan.measure = 'line_share_pct';
    const { rankByChange, shareOf: _shareOf, ...rest } = plan.takeUp ?? {};
    plan.takeUp = rest;
    plan.dimension = 'operator';
    if (rankByChange && !plan.order) plan.order = 'desc';
    edits.push({ plan, differs: "the change in each brand's share of lines" });
  }
  const operators = unused.filter((t) => t.role === 'operator').map((t) => t.value);
  if (operators.length > 0 && base.dataset === 'take_up') {
    const share = clone(base);
    share.takeUp = { ...share.takeUp, shareOf: operators[0]! };
    if (share.measure !== 'line_share_pct') share.measure = 'line_share_pct';
    edits.push({ plan: share, differs: `the share of lines of ${operators[0]}` });
    const lines = clone(base);
    lines.takeUp = { ...lines.takeUp, operators: [...(lines.takeUp?.operators ?? []), ...operators] };
    edits.push({ plan: lines, differs: `lines of ${operators.join(' and ')}` });
  }
  if (unused.some((t) => t.role === 'technology' && t.value === 'any') && base.subject.tech) {
    const plan = clone(base);
    delete plan.subject.tech;
    plan.assumptions = plan.assumptions.filter((a) => a !== DEFAULT_TECHNOLOGY_ASSUMPTION);
    edits.push({ plan, differs: 'any technology' });
  }
  const tech = unused.find((t) => t.role === 'technology' && t.value !== 'any');
  const cableOnly = (s: Plan['subject']) => s.gigabit && s.exclude?.tech === FULL_FIBRE;
  if (tech?.value === 'cable_only_gigabit' && !cableOnly(base.subject) && base.dataset === 'upc') {
    // The model's cable-only gigabit: gigabit-capable, and no full fibre at the postcode. Its "no" is the no of
    // "no full fibre" ("gig capable but no FTTP"), not the absence of the whole subject.
    const plan = clone(base);
    const { tech: _tech, absent, ...rest } = plan.subject;
    const negatedBefore = tagging.tags.some((t) => t.role === 'negation' && t.end <= tech.start);
    // "Premises without cable-only gigabit": a negation right before the name is the absence of the whole subject.
    const negatedRightBefore = adjacent(tagging, tech, -1)?.role === 'negation';
    plan.subject = {
      ...rest,
      gigabit: true,
      exclude: { tech: FULL_FIBRE },
      ...((absent && negatedBefore) || negatedRightBefore ? { absent: true } : {}),
    };
    edits.push({ plan, differs: `with ${tech.text}` });
  } else if (tech && base.dataset === 'upc') {
    // The technology the words name, in place of the one the plan holds (perhaps a default it assumed: "SFBB
    // coverage in Cornwall" is superfast, not full fibre); a technology another word asked for loses that word.
    const subject = withTechnology(base.subject, tech.value);
    if (subject && JSON.stringify(subject) !== JSON.stringify(base.subject)) {
      const plan = clone(base);
      plan.subject = subject;
      plan.assumptions = plan.assumptions.filter((a) => a !== DEFAULT_TECHNOLOGY_ASSUMPTION);
      edits.push({ plan, differs: `with ${tech.text}` });
    }
  }
  const share = unused.find((t) => t.role === 'measure' && t.value === 'share');
  // "FF cov uk now vs a yr ago": a change of a share is in points.
  if (share && base.dataset !== 'take_up' && base.measure === 'change_premises') {
    const plan = clone(base);
    plan.measure = 'change_pp';
    edits.push({ plan, differs: 'the change in coverage, in points' });
  }
  if (share && base.dataset === 'upc' && ['premises', 'postcodes'].includes(base.measure)) {
    const plan = clone(base);
    plan.measure = 'coverage_pct';
    edits.push({ plan, differs: 'as a share of premises' });
  }
  // "The largest shares of broadband lines, with their line counts": the share of lines (which shows the lines).
  const lineShare = unused.find(
    (t) => t.role === 'measure' && (t.value === 'share' || t.value === 'market_share'),
  );
  if (lineShare && base.dataset === 'take_up' && base.measure === 'lines' && !base.takeUp?.change) {
    const plan = clone(base);
    plan.measure = 'line_share_pct';
    edits.push({ plan, differs: 'as a share of all lines' });
  }
  for (const measure of ['postcodes', 'households', 'population', 'business_sites'] as const) {
    if (
      unused.some((t) => t.role === 'measure' && t.value === measure) &&
      ['premises', 'coverage_pct', 'postcodes', 'households', 'population', 'business_sites'].includes(
        base.measure,
      )
    ) {
      const plan = clone(base);
      plan.measure = measure;
      edits.push({ plan, differs: `counting ${measure}` });
    }
  }
  // A grouping word the plan left out: a place level, or, for a ranking ("rank retail operators ... top 10"),
  // the networks, operators or technologies it ranks.
  // (Beside a split by technology that no word asked for, a grouping of networks or operators named is the one.)
  const namedNetworkGrouping =
    base.dimension === 'tech'
      ? unused.find(
          (t) => t.role === 'dimension' && t.value !== 'tech' && NETWORK_DIMENSIONS.has(t.value as Dimension),
        )
      : undefined;
  const dimension =
    namedNetworkGrouping ??
    unused.find(
      (t) =>
        t.role === 'dimension' &&
        ((GEO_COLUMNS as readonly string[]).includes(t.value) ||
          t.value === 'speed_band' ||
          // "Rural premises ..., and how does that compare with urban": both classes named are the rows.
          (t.value === 'urban_rural' &&
            (tagging.tags.filter((u) => u.role === 'dimension' && u.value === 'urban_rural').length >= 2 ||
              // "By urban_rural", "split by setting": the grouping asked by its name.
              /\b(?:by|per|each)$/.test(tagging.text.slice(0, t.start).trimEnd()))) ||
          (NETWORK_DIMENSIONS.has(t.value as Dimension) &&
            Boolean(
              base.order ||
                base.limit ||
                eachOf(t, tagging) ||
                tagging.tags.some((r) => r.role === 'ranking') ||
                // "..., broken down by the network concerned", "split by operator"; "which competitors are ...".
                /\b(?:by|broken down by|split by)(?: the)?$|^\s*(?:which|what)$/.test(
                  tagging.text.slice(0, t.start).trimEnd(),
                ) ||
                // "The retail providers' shares of lines", "operators' footprints": each one's figure.
                /^(?:'|’)/.test(tagging.text.slice(t.end)),
            ))),
    );
  // A place level named but not the plan's ("which 5 districts in the B postcode area" grouped by authority):
  // the level the question names, ranked the same way.
  const replacesLevel =
    dimension &&
    GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '') &&
    GEO_DIMENSIONS_OF_PLAN.has(dimension.value) &&
    !base.rankWithin &&
    !base.leaderPerDimension;
  // "Share of lines by provider (all techs)": the grouping named, not a split by technology no word asked for.
  const replacesTech =
    dimension &&
    base.dimension === 'tech' &&
    dimension.value !== 'tech' &&
    NETWORK_DIMENSIONS.has(dimension.value as Dimension) &&
    !tagging.tags.some((t) => t.role === 'dimension' && t.value === 'tech');
  if (dimension && (!base.dimension || replacesLevel || replacesTech)) {
    const plan = clone(base);
    plan.dimension = dimension.value as Dimension;
    // "Bottom 5 Belfast districts for gigabit": places of different sizes ranked for a subject, by their share.
    if (
      plan.measure === 'premises' &&
      PLACE_COLUMNS.has(plan.dimension) &&
      !tagging.tags.some((t) => t.role === 'measure') &&
      RANKED_FOR_SUBJECT.test(tagging.text)
    )
      plan.measure = 'coverage_pct';
    // "League table of full fibre networks": the rows the ranking word asks for, biggest first.
    const ranking = tagging.tags.find((r) => r.role === 'ranking');
    if (!plan.order && ranking && NETWORK_DIMENSIONS.has(plan.dimension))
      plan.order = ranking.value === 'asc' ? 'asc' : 'desc';
    edits.push({ plan, differs: `by ${dimension.text}` });
  }
  edits.push(...rankedPoints(base, unused, tagging));
  if (!base.limit && firstRowWanted(base, tagging)) {
    const plan = clone(base);
    plan.limit = 1;
    edits.push({ plan, differs: 'the first only' });
  }
  edits.push(...postcodesListed(base, tagging));
  if (base.limit === 1 && everyRowAsked(base, tagging)) {
    const plan = clone(base);
    delete plan.limit;
    edits.push({ plan, differs: 'every row, ranked' });
  }
  edits.push(...rankedWithinGroups(base, unused, tagging));
  edits.push(...rankOfNamedPlace(base, tagging));
  edits.push(...statsOverPlaces(base, tagging));
  edits.push(...linesByTwoKeys(base, unused));
  edits.push(...seriesForEachPlace(base, unused, tagging));
  edits.push(...urbanRuralGapOf(base, tagging));
  edits.push(...bandsOfPlaces(base, tagging));
  edits.push(...betweenMoments(base, unused, tagging));
  edits.push(...changeUntilForecast(base, unused, tagging));
  edits.push(...forecastWhereNoneNow(base, tagging));
  edits.push(...listOfPoints(base, unused, tagging));
  edits.push(...seriesPlusLatest(base, tagging));
  edits.push(...topBandOfNetworks(base, unused, tagging));
  edits.push(...networkBandsOfThoseWithIt(base, tagging));
  edits.push(...bandsOfTheQuestion(base, tagging));
  edits.push(...networkBandsSideBySide(base, tagging));
  edits.push(...placesWithACount(base, tagging));
  edits.push(...scoreTest(base, tagging));
  edits.push(...placesWithAShare(base, tagging));
  edits.push(...overlapWithEachNetwork(base, tagging));
  edits.push(...linesBetweenQuarters(base, tagging));
  edits.push(...seriesOverAWindow(base, unused, tagging));
  edits.push(...virginMediaWhole(base, tagging));
  edits.push(...urbanRuralOfEachPlace(base, unused));
  edits.push(...placesOfEachNetwork(base, tagging));
  edits.push(...shareWithin(base, tagging));
  edits.push(...shareOfNamedFootprint(base, tagging));
  edits.push(...amongThose(base, tagging));
  edits.push(...shareServedBy(base, tagging));
  edits.push(...shareOfPremisesWith(base, tagging));
  edits.push(...shareOfWhatWasCounted(base, tagging));
  edits.push(...bothNetworks(base, unused));
  edits.push(...rankedBySize(base, tagging));
  edits.push(...negatedSubject(base, unused, tagging));
  edits.push(...whereANetworkLacks(base, tagging));
  edits.push(...postcodesRankedByScore(base, tagging));
  edits.push(...placesWithNone(base, tagging));
  edits.push(...outsideAPlace(base, tagging));
  edits.push(...averageSpeed(base, unused));
  edits.push(...networkCount(base, unused, tagging));
  edits.push(...bothSpeeds(base, unused));
  edits.push(...onOfferAtAnAddress(base, tagging));
  edits.push(...speedsOfEach(base, unused));
  edits.push(...bothLineChanges(base, tagging));
  if (wherePresent(base, tagging) && !base.groupFilter) {
    const plan = clone(base);
    plan.groupFilter = { op: 'gt', value: 0 };
    edits.push({ plan, differs: 'only the places where it is present' });
  }
  const shapes = new Set(unused.filter((t) => t.role === 'shape').map((t) => t.value));
  // A direction word the plan ranks the other way ("most ... still without" read as ascending).
  const against = unused.find((t) => t.role === 'ranking' && t.value !== 'rank' && base.order);
  if (against && !rankedNetworkKind(against, tagging)) {
    const plan = clone(base);
    plan.order = direction(against, base);
    edits.push({ plan, differs: plan.order === 'asc' ? 'lowest first' : 'highest first' });
  }
  // "Which LAs have the most altnets": the places ranked by how many networks of the kind each has.
  const counting = unused.find((t) => t.role === 'ranking' && countedKind(t, tagging));
  const kind = counting && countedKind(counting, tagging);
  // "LAs with most altnets" first read as the altnets ranked: the places named are the rows.
  const placesNamed = unused.find((t) => t.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(t.value));
  // "Which CF10 postcodes have the most networks": the postcodes listed are the places.
  const postcodesNamed = !placesNamed && tagging.tags.some((t) => listsPostcodes(t, tagging));
  const rows =
    GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '') ||
    ((placesNamed || postcodesNamed) && NETWORK_DIMENSIONS.has(base.dimension as Dimension));
  if (counting && kind && base.dataset === 'upc' && rows) {
    const plan = clone(base);
    if (!GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '')) {
      plan.dimension = (placesNamed?.value ?? 'postcode') as Dimension;
      // A long list of places is shown as its first ten, said as an assumption (as the ranking reader does).
      if (!plan.limit && !['government_region', 'country'].includes(plan.dimension)) {
        plan.limit = 10;
        plan.assumptions.push(TOP_TEN_ASSUMED);
      }
    }
    plan.measure = 'operator_count';
    if (kind.value === 'altnet') plan.subject.altnet = true;
    plan.order = direction(counting, plan);
    edits.push({ plan, differs: `counting the ${kind.text} in each place` });
  }
  // "In each nation, which altnet is biggest": the leading network of that kind in each place.
  // The ranking word may be unused, or read as ranking the places: beside a network kind it ranks the networks.
  // ("Sorted by altnet %" sorts the places; it does not ask for a leader.)
  const ranked =
    unused.find((t) => t.role === 'ranking' && t.value !== 'rank' && rankedNetworkKind(t, tagging)) ??
    (base.order && !base.limit
      ? tagging.tags.find((t) => t.role === 'ranking' && t.value !== 'rank' && rankedNetworkKind(t, tagging))
      : undefined);
  if (ranked && GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '') && base.dataset === 'upc') {
    const plan = clone(base);
    plan.leaderPerDimension = true;
    plan.order = ranked.value === 'asc' ? 'asc' : 'desc';
    delete plan.limit;
    edits.push({ plan, differs: `the ${ranked.text} network in each place` });
  }
  edits.push(...topNetworksInEach(base, unused, tagging));
  edits.push(...leaderInEachNamedPlace(base, tagging));
  edits.push(...placeBesideTheUk(base, unused, tagging));
  edits.push(...rowsBesideTheUk(base, unused, tagging));
  edits.push(...placeBesideWiderPlace(base, unused, tagging));
  edits.push(...whenAShareIsReached(base, tagging));
  edits.push(...deprivationNamed(base, tagging));
  edits.push(...judgedByCoverage(base, tagging));
  edits.push(...rankedByLevelWithChange(base, tagging));
  edits.push(...rankedByGrowth(base, tagging));
  edits.push(...nthNetworkInEachPlace(base, tagging));
  edits.push(...kindListedBySize(base, tagging));
  edits.push(...networksRankedInEachPlace(base, unused, tagging));
  edits.push(...rankedNetworks(base, unused, tagging));
  edits.push(...networksLeagueTable(base, unused, tagging));
  edits.push(...countOfPlaces(base, unused, tagging));
  edits.push(...placesWithNetworks(base, tagging));
  edits.push(...networksLeftOut(base, unused, tagging));
  edits.push(...butNotNetwork(base, tagging));
  edits.push(...footprintShare(base, tagging));
  // "How many (different) full fibre networks ...": the count is of networks, not of premises.
  const countOf = tagging.tags.findIndex((t) => t.role === 'shape' && t.value === 'count');
  const counted = tagging.tags.slice(countOf + 1).find((t) => t.role === 'measure' || networkKind(t));
  if (
    countOf >= 0 &&
    counted &&
    networkKind(counted) &&
    unused.includes(counted) &&
    base.dataset === 'upc' &&
    ['premises', 'coverage_pct'].includes(base.measure)
  ) {
    const plan = clone(base);
    plan.measure = 'operator_count';
    if (counted.value === 'altnet') plan.subject.altnet = true;
    edits.push({ plan, differs: `counting the ${counted.text}` });
  }
  // "How many competitors in Leeds have FTTP": the model's phrase for a count of networks, not yet the measure.
  const networksCounted = unused.find((t) => t.role === 'measure' && t.value === 'networks');
  if (networksCounted && base.dataset === 'upc' && ['premises', 'coverage_pct'].includes(base.measure)) {
    const plan = clone(base);
    plan.measure = 'operator_count';
    if (/altnet/.test(networksCounted.text)) plan.subject.altnet = true;
    // "How many competitors does CityFibre have in Leeds": the other networks there, never CityFibre itself.
    const rivalsOf = plan.subject.operatorGroups;
    if (/\b(?:competitors?|rivals?|competing)\b/.test(networksCounted.text) && rivalsOf?.length === 1) {
      delete plan.subject.operatorGroups;
      plan.subject.notGroups = rivalsOf;
    }
    edits.push({ plan, differs: `counting the networks ("${networksCounted.text}")` });
  }
  // "Combined": one figure for all the networks or places listed, not a row each ("altnet footprint, deduped
  // across networks": one figure for the class).
  const classSplit =
    base.dimension !== undefined &&
    NETWORK_DIMENSIONS.has(base.dimension) &&
    !base.subject.operatorGroups?.length &&
    !base.subject.operators?.length;
  if (shapes.has('combined') && (listedAsRows(base) || classSplit)) {
    const plan = clone(base);
    delete plan.dimension;
    delete plan.order;
    delete plan.limit;
    edits.push({ plan, differs: 'one figure for all of them' });
  }
  // "Total premises passed by altnets": one figure for the class, not a row per network.
  if (shapes.has('total') && splitsTheClass(base, tagging)) {
    const plan = clone(base);
    delete plan.dimension;
    delete plan.order;
    delete plan.limit;
    edits.push({ plan, differs: 'one figure for them all' });
  }
  // "Premises where ADSL is the only technology available": the postcode's only technology.
  const onlyTech = base.subject.tech;
  if (
    shapes.has('only') &&
    (onlyTech === 'adsl' || onlyTech === 'fttc' || onlyTech === 'fwa') &&
    !base.subject.operatorGroups
  ) {
    const plan = clone(base);
    delete plan.subject.tech;
    plan.subject.onlyTech = onlyTech;
    edits.push({ plan, differs: `${onlyTech} as the only technology` });
  }
  // "Where Openreach is the sole full fibre network": the one network named is the only one there.
  if (shapes.has('only') && base.dataset === 'upc' && base.subject.operatorGroups?.length === 1) {
    const plan = clone(base);
    plan.subject.soleGroup = base.subject.operatorGroups[0];
    delete plan.subject.operatorGroups;
    edits.push({ plan, differs: `${plan.subject.soleGroup} as the only network` });
  }
  // "altnets in Wiltshire + premises passed by each": "each" of the altnets named is a row per altnet.
  if (
    !base.dimension &&
    base.subject.altnet &&
    unused.some((t) => t.role === 'shape' && t.value === 'each')
  ) {
    const plan = clone(base);
    plan.dimension = 'operator';
    plan.order ??= 'desc';
    edits.push({ plan, differs: 'one row for each altnet' });
  }
  edits.push(...sideBySide(base, unused, tagging));
  // "Sorted by altnet %", "ranked": rows in the order of their figure, highest first unless a word says lowest.
  const sortWord = unused.find((t) => t.role === 'ranking' && t.value === 'rank');
  if (
    sortWord &&
    base.dimension &&
    !base.order &&
    !TIME_GRAINS.has(base.dimension) &&
    base.dimension !== 'networks'
  ) {
    const plan = clone(base);
    plan.order = tagging.tags.some((t) => t.role === 'ranking' && t.value === 'asc') ? 'asc' : 'desc';
    edits.push({ plan, differs: `${sortWord.text} by the figure` });
  }
  // How many rows to keep is a whole number and a list's length: "0.8+" or "1m" is a threshold, never a limit.
  const number = unused.find(
    (t) =>
      t.role === 'number' &&
      Number.isInteger(Number(t.value)) &&
      Number(t.value) >= 1 &&
      Number(t.value) <= 500,
  );
  if (number && tagging.tags.some((t) => t.role === 'ranking') && base.dimension) {
    const plan = clone(base);
    plan.limit = Number(number.value);
    plan.order ??= tagging.tags.some((t) => t.role === 'ranking' && t.value === 'asc') ? 'asc' : 'desc';
    edits.push({ plan, differs: `the ${number.text} ${plan.order === 'asc' ? 'lowest' : 'highest'}` });
  }
  return edits;
}

/**
 * Group-wise answers: a ranking of places with a coarser level named for "each" of it ("for each region, which
 * local authority has the lowest coverage", "the worst LA per region") ranks the places within each group and
 * keeps the first of each (or as many as the number beside the ranking word says).
 */
function rankedWithinGroups(base: Plan, unused: Tag[], tagging: Tagging): { plan: Plan; differs: string }[] {
  if (base.rankWithin || base.groupFilter || base.leaderPerDimension) return [];
  const places = tagging.tags.filter(
    (t) => t.role === 'dimension' && (GEO_COLUMNS as readonly string[]).includes(t.value),
  );
  const out: { plan: Plan; differs: string }[] = [];
  for (const group of places.filter((t) => unused.includes(t) || base.dimension === t.value)) {
    if (!eachOf(group, tagging)) continue;
    const coarse = group.value as GeoColumn;
    // The places ranked: the plan's own grouping, or the finer level the question names beside the group.
    const fine = [base.dimension, ...places.map((t) => t.value)].find(
      (d): d is GeoColumn =>
        d !== undefined && (GEO_COLUMNS as readonly string[]).includes(d) && nestsIn(d as GeoColumn, coarse),
    );
    if (!fine) continue;
    const ranking = tagging.tags.find((t) => t.role === 'ranking' && t.value !== 'rank');
    if (!ranking) continue;
    const plan = clone(base);
    plan.dimension = fine;
    plan.rankWithin = coarse;
    plan.order = base.order ?? (ranking?.value === 'asc' ? 'asc' : 'desc');
    // How many in each group: the number beside the ranking word, else one ("which LA"), else three ("which LAs").
    const next =
      ranking && tagging.tags.find((t) => t.role === 'number' && Math.abs(t.start - ranking.end) <= 1);
    const fineTag = places.find((t) => t.value === fine);
    const plural = fineTag ? fineTag.text.endsWith('s') || fineTag.text.endsWith("s'") : false;
    plan.limit = next ? Number(next.value) : plural ? 3 : 1;
    plan.assumptions = plan.assumptions.filter((a) => !a.includes('top 10'));
    if (!next && plural)
      plan.assumptions.push(`showing the ${plan.order === 'asc' ? 'lowest' : 'top'} 3 in each`);
    out.push({ plan, differs: `ranked within each ${group.text}` });
  }
  return out;
}

/**
 * One place's position among its peers ("where does Cardiff rank among Welsh councils for full fibre", "what position
 * is Leeds for gigabit among LAs"): a rank word and a named place; the peers are the places of its level (the level
 * named, "among local authorities", else the place's own) within a coarser place the question names, else the UK.
 */
function rankOfNamedPlace(base: Plan, tagging: Tagging): Edit[] {
  if (base.rankOf || base.rankWithin || base.groupFilter || base.leaderPerDimension || base.compare?.length)
    return [];
  if (base.dimension && !PLACE_COLUMNS.has(base.dimension)) return [];
  if (!tagging.tags.some((t) => t.role === 'ranking' && t.value === 'rank')) return [];
  // "Leeds FF networks ranked by premises" ranks the networks in the place, not the place.
  if (
    tagging.tags.some(
      (t) => networkKind(t) || (t.role === 'dimension' && NETWORK_DIMENSIONS.has(t.value as Dimension)),
    )
  )
    return [];
  const places = tagging.tags.filter((t) => t.role === 'place' && t.value !== 'uk');
  if (places.length === 0) return [];
  const levels = tagging.tags
    .filter((t) => t.role === 'dimension' && (GEO_COLUMNS as readonly string[]).includes(t.value))
    .map((t) => t.value as GeoColumn);
  // Wales, Scotland and Northern Ireland are regions of the data as well as nations: ranked as nations unless the
  // question names regions.
  const columnOf = (t: Tag) =>
    (placeColumn(t) === 'government_region' &&
    placeValues(t).every((v) => NATION_REGIONS.has(v)) &&
    !levels.includes('government_region')
      ? 'country'
      : placeColumn(t)) as GeoColumn;
  const out: Edit[] = [];
  for (const level of new Set(places.map(columnOf))) {
    if (!(GEO_COLUMNS as readonly string[]).includes(level)) continue;
    if (levels.length && !levels.includes(level)) continue;
    const named = places.filter((t) => columnOf(t) === level).flatMap(placeValues);
    const peers = places.filter((t) => nestsIn(level, columnOf(t)));
    const plan = clone(base);
    plan.dimension = level;
    if (peers.length) {
      const column = columnOf(peers[0]!);
      plan.geo = { column, values: peers.filter((t) => columnOf(t) === column).flatMap(placeValues) };
    } else delete plan.geo;
    plan.rankOf = named;
    // Places of different sizes rank by their share: "where does Wales rank for full fibre" is its coverage.
    if (plan.measure === 'premises' && !tagging.tags.some((t) => t.role === 'measure'))
      plan.measure = 'coverage_pct';
    plan.order = tagging.tags.some((t) => t.role === 'ranking' && t.value === 'asc') ? 'asc' : 'desc';
    delete plan.limit;
    plan.assumptions = plan.assumptions.filter((a) => a !== TOP_TEN_ASSUMED);
    out.push({ plan, differs: `where ${named.join(', ')} ranks` });
  }
  return out;
}

/**
 * The urban-rural gap ("how wide is the urban-rural gap in FTTP in each nation", "urban share minus rural share in
 * pp"): the share in each setting and the gap in points, one row, or a row per place, widest first.
 */
function urbanRuralGapOf(base: Plan, tagging: Tagging): Edit[] {
  if (base.urbanRuralGap || base.dataset !== 'upc' || base.compare?.length || base.within || base.alongside)
    return [];
  if (!['coverage_pct', 'premises'].includes(base.measure) || base.placeStats || base.rankOf) return [];
  // "Gig coverage by nation, urban vs rural cols": the two settings as columns side by side are the gap's columns.
  const asColumns = /\b(?:cols?|columns?|side[- ]by[- ]side)\b/.test(tagging.text);
  if (!asColumns && !tagging.tags.some((t) => t.role === 'shape' && t.value === 'gap')) return [];
  if (!/\burban\b/.test(tagging.text) || !/\brural\b/.test(tagging.text)) return [];
  const plan = clone(base);
  plan.measure = 'coverage_pct';
  plan.urbanRuralGap = true;
  delete plan.splitUrbanRural;
  delete plan.urbanRural;
  if (plan.dimension && !PLACE_COLUMNS.has(plan.dimension)) delete plan.dimension;
  const level = placeLevelOf(plan, tagging);
  if (level && level !== ('urban_rural' as GeoColumn)) plan.dimension = level;
  if (plan.dimension === 'urban_rural') delete plan.dimension;
  const ranking = tagging.tags.find((t) => t.role === 'ranking' && t.value !== 'rank');
  plan.order = ranking?.value === 'asc' ? 'asc' : 'desc';
  if (!plan.dimension) delete plan.limit;
  // "Which region has the widest gap": the first place only.
  else if (!plan.limit && firstRowWanted(plan, tagging)) plan.limit = 1;
  return [{ plan, differs: 'the urban-rural gap', ...(asColumns ? { prior: 1 } : {}) }];
}

/** The groupings take-up lines can be counted by, a row for each pair of them. */
const LINE_GROUPINGS = new Set(['operator', 'operator_group', 'tech', 'segment', 'quarter']);

/** "Lines by operator x segment", "total lines by quarter and technology": a second grouping of the lines. */
function linesByTwoKeys(base: Plan, unused: Tag[]): Edit[] {
  if (base.dataset !== 'take_up' || base.measure !== 'lines' || base.thenBy || base.geo || base.urbanRural)
    return [];
  if (!base.dimension || !LINE_GROUPINGS.has(base.dimension)) return [];
  const key = (d: string) => (d === 'operator_group' ? 'operator' : d);
  const second = unused.find(
    (t) =>
      t.role === 'dimension' && LINE_GROUPINGS.has(t.value) && key(t.value) !== key(base.dimension ?? ''),
  );
  if (!second) return [];
  const plan = clone(base);
  plan.thenBy = second.value as Dimension;
  delete plan.order;
  delete plan.limit;
  return [{ plan, differs: `by ${second.text} as well` }];
}

/**
 * "Full fibre coverage in Leeds, Bradford and Wakefield each year", "gigabit % by region since 2021": a series for
 * each place, the places named (unless asked "combined") or every place of the level asked for.
 */
function seriesForEachPlace(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || !TIME_GRAINS.has(base.dimension ?? '') || base.thenBy) return [];
  if (base.order || base.flow || base.compare?.length || base.alongside?.length) return [];
  const level = unused.find((t) => t.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(t.value));
  const combined = tagging.tags.some((t) => t.role === 'shape' && t.value === 'combined');
  // "CF vs Netomnia vs brsk premises each quarter since Jan 24": networks named are a series each, as they are a
  // row each at one date.
  const networks = base.subject.operatorGroups ?? [];
  if (networks.length >= 2 && !base.subject.allGroups?.length && !combined && !level) {
    const plan = clone(base);
    plan.thenBy = 'operator_group';
    return [{ plan, differs: 'a series for each network named', prior: 1 }];
  }
  const named = base.geo && base.geo.values.length >= 2 && !base.geo.label && !combined;
  const by = level?.value ?? (named ? base.geo?.column : undefined);
  if (!by) return [];
  const plan = clone(base);
  plan.thenBy = by as Dimension;
  // Places listed are a row each at one date (readers/dimension.ts), and so a series each over time.
  return [
    { plan, differs: `a series for each ${level?.text ?? 'place named'}`, ...(level ? {} : { prior: 1 }) },
  ];
}

/** The place level a plan lists, or the one the question names ("across local authorities"). */
function placeLevelOf(base: Plan, tagging: Tagging): GeoColumn | undefined {
  if (base.dimension && PLACE_COLUMNS.has(base.dimension)) return base.dimension as GeoColumn;
  const named = tagging.tags.find(
    (t) => t.role === 'dimension' && (GEO_COLUMNS as readonly string[]).includes(t.value),
  );
  return named?.value as GeoColumn | undefined;
}

/** The measures a statistic or a band of places can be taken of: one figure per place. */
const PLACE_FIGURES = new Set([
  'coverage_pct',
  'premises',
  'postcodes',
  'change_pp',
  'change_premises',
  'operator_count',
]);

/**
 * A statistic of places ("the median local authority's full fibre coverage", "mean and median gigabit coverage
 * across LAs in Wales", "min, median and max"): each place's figure once, whatever its size; not the figure of all
 * their premises together.
 */
function statsOverPlaces(base: Plan, tagging: Tagging): Edit[] {
  if (base.placeStats || base.placeBands || base.rankOf || base.rankWithin || base.groupFilter) return [];
  if (!PLACE_FIGURES.has(base.measure) || base.dataset === 'take_up' || base.compare?.length) return [];
  const words = tagging.tags.filter((t) => t.role === 'measure' && t.value === 'average').map((t) => t.text);
  const text = tagging.text;
  const quartiles = /\b(?:quartiles?|interquartile|iqr)\b/.test(text);
  const percentiles = [
    ...text.matchAll(/\b(?:p|percentile )(10|25|50|75|90)\b|\b(10|25|75|90)(?:th)? percentile\b/g),
  ].map((m) => m[1] ?? m[2]);
  if (words.length === 0 && !quartiles && percentiles.length === 0) return [];
  const level = placeLevelOf(base, tagging);
  if (!level) return [];
  const wanted = new Set<PlaceStat>();
  if (/\b(?:min|minimum)\b/.test(text)) wanted.add('min');
  if (percentiles.includes('10')) wanted.add('p10');
  if (quartiles || percentiles.includes('25')) wanted.add('p25');
  if (words.some((w) => /median/.test(w)) || quartiles || percentiles.includes('50')) wanted.add('median');
  if (words.some((w) => /^(?:average|avg|mean)/.test(w))) wanted.add('mean');
  if (quartiles || percentiles.includes('75')) wanted.add('p75');
  if (percentiles.includes('90')) wanted.add('p90');
  if (/\b(?:max|maximum)\b/.test(text)) wanted.add('max');
  // In the order of the distribution, lowest first.
  const stats = PLACE_STATS.filter((stat) => wanted.has(stat));
  const plan = everyPlaceOf(base, level);
  plan.placeStats = stats;
  return [{ plan, differs: `the ${stats.join(', ')} of the places' figures` }];
}

/** The plan over every place of a level, none ranked or cut (what a statistic or bands of places are taken of). */
function everyPlaceOf(base: Plan, level: GeoColumn): Plan {
  const plan = clone(base);
  plan.dimension = level;
  delete plan.order;
  delete plan.limit;
  plan.assumptions = plan.assumptions.filter((a) => a !== TOP_TEN_ASSUMED);
  return plan;
}

/** "In 10% bands", "each 10 percentage point band", "in buckets of 5pp": the width of the bands. */
const BAND_WIDTH =
  /\b(\d+(?:\.\d+)?)\s*(?:%|pc|per ?cent|pp|percentage[- ]points?|points?)?[- ]?(?:point )?(?:wide )?(?:bands?|buckets?|bins?|brackets?|intervals?)\b|\b(?:bands?|buckets?|bins?) of (\d+(?:\.\d+)?)\s*(?:%|pp|percentage points?|points?)?/;

/** Places counted by bands of their figure ("distribution of LAs by gigabit coverage in 10% bands"). */
function bandsOfPlaces(base: Plan, tagging: Tagging): Edit[] {
  if (base.placeStats || base.placeBands || base.rankOf || base.rankWithin || base.groupFilter) return [];
  if (!PLACE_FIGURES.has(base.measure) || base.dataset === 'take_up' || base.compare?.length) return [];
  const band = BAND_WIDTH.exec(tagging.text);
  const width = Number(band?.[1] ?? band?.[2]);
  if (!band || !(width > 0)) return [];
  const level = placeLevelOf(base, tagging);
  if (!level) return [];
  const plan = everyPlaceOf(base, level);
  plan.placeBands = width;
  return [{ plan, differs: `places counted in bands of ${width}` }];
}

/** The change in each level: what a level asked at two moments is (its answer shows both and the change). */
const CHANGE_OF: Partial<Record<Plan['measure'], Plan['measure']>> = {
  premises: 'change_premises',
  postcodes: 'change_postcodes',
  coverage_pct: 'change_pp',
};

/**
 * Two moments named ("Nov 2023 vs today", "Jan 2021 compared with the latest snapshot", "2025Q4 vs 2026Q4"),
 * one of them unused: the level at both and the change between them. Take-up changes are a year or a quarter.
 */
function betweenMoments(base: Plan, unused: Tag[], tagging: Tagging): { plan: Plan; differs: string }[] {
  const { moments } = tagging;
  if (moments.length !== 2 || !unused.some((t) => t.moment) || base.groupFilter) return [];
  const plan = clone(base);
  if (TIME_GRAINS.has(base.dimension ?? '')) {
    // A series between two moments ("each half-year from H1 2027 to H2 2030", "each yr, 2021 thru 2025").
    if (base.dataset === 'take_up') return [];
    const starts = moments.map((m) => m.date ?? `${m.year}-01-01`).sort();
    const ends = moments.map((m) => m.date ?? `${m.year}-12-01`).sort();
    const latest = tagging.latest.date!;
    const last = ends[1]!;
    plan.time = {
      ...(base.time.seriesMonth ? { seriesMonth: base.time.seriesMonth } : {}),
      ...(base.time.seriesMonths ? { seriesMonths: base.time.seriesMonths } : {}),
      ...(base.time.quarterNumber ? { quarterNumber: base.time.quarterNumber } : {}),
      seriesFrom: starts[0]!,
      seriesTo:
        base.dataset === 'upc' && last > latest && last.slice(0, 4) <= latest.slice(0, 4) ? latest : last,
    };
    return [{ plan, differs: `from ${plan.time.seriesFrom} to ${plan.time.seriesTo}` }];
  }
  if (base.dataset === 'take_up') {
    const quarters = moments
      .map((m) => m.quarter ?? (m.date ? quarterOf(m.date) : m.year !== undefined ? `${m.year}Q4` : ''))
      .sort();
    const [first, last] = quarters as [string, string];
    const gap = quarterIndex(last) - quarterIndex(first);
    const change = gap === 4 ? 'yoy' : gap === 1 ? 'qoq' : undefined;
    if (!first || !change || !['lines', 'lines_change_pct', 'line_share_pct'].includes(base.measure))
      return [];
    // A share stays a share: its change is in points.
    if (base.measure !== 'line_share_pct' || !base.takeUp?.shareOf) plan.measure = 'lines_change_pct';
    plan.time = { quarter: last };
    plan.takeUp = { ...plan.takeUp, change };
    return [{ plan, differs: `the change from ${first} to ${last}` }];
  }
  // A year named alone is its end ("in 2023 vs now": December 2023), the latest snapshot for the current year.
  const latest = tagging.latest.date!;
  const yearEnd = (year: number) => {
    const end = `${year}-12-01`;
    return end > latest && end.slice(0, 4) === latest.slice(0, 4) && base.dataset === 'upc' ? latest : end;
  };
  const dates = moments.map((m) => m.date ?? (m.year !== undefined ? yearEnd(m.year) : '')).sort();
  const [from, to] = dates as [string, string];
  if (from === to) return [];
  const measure = base.measure.startsWith('change_') ? base.measure : CHANGE_OF[base.measure];
  // A forecast window may start at a snapshot ("now vs the 2030 forecast"): the compiler reads that end from the
  // availability data. Both ends in the past are not a forecast.
  if (!from || !measure || (base.dataset === 'upc_forecast' && to <= tagging.latest.date!)) return [];
  plan.measure = measure;
  plan.time = { from, to };
  return [{ plan, differs: `the change from ${from} to ${to}` }];
}

/**
 * Three or more moments a year, a half-year or a quarter apart ("at end of 2026, end of 2027 and end of 2028",
 * "Jun 2024, Jun 2025 and Jun 2026"): the level at each, as a series of that grain over their span.
 */
function listOfPoints(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  const dates = [
    ...new Set(tagging.moments.map((m) => m.date).filter((d): d is string => Boolean(d))),
  ].sort();
  if (dates.length < 3 || dates.length !== tagging.moments.length || !unused.some((t) => t.moment)) return [];
  if (base.dataset === 'take_up' || !SERIES_LEVELS.has(base.measure) || base.dimension) return [];
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  const steps = new Set(dates.slice(1).map((d, i) => months(d) - months(dates[i]!)));
  const step = steps.size === 1 ? [...steps][0]! : 0;
  const grain = ({ 12: 'year', 6: 'half_year', 3: 'quarter' } as const)[step as 12 | 6 | 3];
  if (!grain) return [];
  const plan = clone(base);
  plan.dimension = grain;
  plan.time = {
    seriesFrom: dates[0]!,
    seriesTo: dates[dates.length - 1]!,
    ...(grain === 'year' ? { seriesMonth: Number(dates[0]!.slice(5, 7)) } : {}),
  };
  return [{ plan, differs: `the level at each of ${dates.join(', ')}` }];
}

/**
 * A share within a base named first ("where Virgin Media's cable is available, what share of premises also have
 * Openreach full fibre?", "of the premises passed by an altnet, what % do not yet have Openreach FTTP?"): the
 * networks and technologies before the share word are the base, those after it what is counted among them.
 */
function shareWithin(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length) return [];
  const baseTag = tagging.tags.find((t) => t.role === 'shape' && t.value === 'base');
  const startsWhere =
    /^\s*(?:where|wherever|in places where|among (?:the )?premises|of (?:the )?premises)\b/.test(
      tagging.text,
    );
  if (!baseTag && !startsWhere) return [];
  const from = baseTag?.end ?? 0;
  const shareTag = tagging.tags.find((t) => t.start >= from && t.role === 'measure' && t.value === 'share');
  if (!shareTag) return [];
  // "..., what % can get Openreach FTTP?": the sign is read at the end; the question word marks the split.
  let share: { start: number; end: number } = shareTag;
  if (shareTag.text === '%') {
    const asked = /\b(?:what|how much)\b/.exec(tagging.text.slice(from));
    if (!asked) return [];
    share = { start: from + asked.index, end: from + asked.index + asked[0].length };
  }
  const within = subjectOfTags(tagging.tags.filter((t) => t.start >= from && t.end <= share.start));
  const subject = subjectOfTags(tagging.tags.filter((t) => t.start >= share.end && t !== shareTag));
  if (!within || !subject) return [];
  // The tags cannot tell a base from a footprint with both; the words before the share word can.
  const plan = shareOfBase(base, subject, within, tagging.text);
  return plan ? [{ plan, differs: 'a share within the subject named first', prior: 1 }] : [];
}

/**
 * "What proportion of CityFibre's footprint does that overlap represent", "what share of Openreach's premises also
 * have an altnet": a share of a network's own footprint is a share within it, whatever else the question counts.
 */
function shareOfNamedFootprint(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length) return [];
  for (const share of tagging.tags.filter((t) => t.role === 'measure' && t.value === 'share')) {
    const named = tagging.tags.find((t) => t.start >= share.end && t.role !== 'grammar');
    // "Altnets' share of the FTTP footprint in Scotland": a technology's footprint is a base as a network's is.
    const footprint =
      named?.role === 'network' ||
      (named?.role === 'technology' && ['full_fibre', 'gigabit', 'cable', 'fwa'].includes(named.value));
    if (!named || !footprint) continue;
    // "share of the X" ("of" outside the tag) or "share of" "the X" (the tagger's "share of").
    const between = tagging.text.slice(share.end, named.start);
    if (!(/^ of (?:the )?$/.test(between) || (/ of$/.test(share.text) && /^ (?:the )?$/.test(between))))
      continue;
    if (
      !/^(?:'s?)? (?:footprint|premises|network|coverage|build|reach|homes)\b/.test(
        tagging.text.slice(named.end),
      )
    )
      continue;
    // "That overlap" is the share within the footprint itself, not a technology.
    const others = tagging.tags.filter(
      (t) =>
        (t.role === 'network' || (t.role === 'technology' && t.value !== 'overbuild')) &&
        t.value !== named.value,
    );
    const subject = subjectOfTags(others);
    const within = named.role === 'network' ? { operatorGroups: [named.value] } : subjectOfTags([named]);
    if (!subject || !within) continue;
    const plan = shareOfBase(base, subject, within, tagging.text);
    // The base written as the share's own ("what % of CityFibre's premises ...") is the plainest grammar there is:
    // it outranks the overlap of the two footprints that the same words allow.
    if (plan) return [{ plan, differs: `a share of ${named.text}'s footprint`, prior: 1.5 }];
  }
  // The base named first: "Of Netomnia's current footprint, what % of premises also have Openreach FF?"
  const first = tagging.tags.find((t) => t.role !== 'grammar');
  const share = tagging.tags.find((t) => t.role === 'measure' && t.value === 'share');
  if (
    first?.role === 'network' &&
    share &&
    share.start > first.end &&
    /^\s*of(?: the)?\s*$/.test(tagging.text.slice(0, first.start)) &&
    /^'s? (?:current |whole |total |entire |own |existing )?(?:footprint|network|premises|build|coverage)\b/.test(
      tagging.text.slice(first.end),
    )
  ) {
    const others = tagging.tags.filter(
      (t) =>
        (t.role === 'network' || (t.role === 'technology' && t.value !== 'overbuild')) &&
        t.value !== first.value,
    );
    const subject = subjectOfTags(others);
    const plan = subject && shareOfBase(base, subject, { operatorGroups: [first.value] }, tagging.text);
    if (plan) return [{ plan, differs: `a share of ${first.text}'s footprint`, prior: 1.5 }];
  }
  return [];
}

/**
 * A subject counted among the premises of another: "FWA footprint in premises - and how many of those have no full
 * fibre?" (the second subject among the first, said back with "of those"), "what % of FF premises have an altnet
 * present?" (a subject qualifying "premises" after "of" is the base). The answer gives the base, the count among
 * it and the share.
 */
function amongThose(base: Plan, tagging: Tagging): Edit[] {
  // A network's share of a footprint ("what share of the UK's FF premises does CityFibre have") is read already.
  if (
    base.dataset !== 'upc' ||
    base.within ||
    base.compare?.length ||
    base.measure === 'share_of_subject_pct'
  )
    return [];
  const subjectTags = (from: number, to: number) =>
    tagging.tags.filter(
      (t) => t.start >= from && t.end <= to && ['network', 'technology', 'negation'].includes(t.role),
    );
  const split = (baseFrom: number, baseTo: number, countedFrom: number): Edit[] => {
    const within = subjectOfTags(subjectTags(baseFrom, baseTo));
    const counted = subjectOfTags(subjectTags(countedFrom, tagging.text.length));
    if (!within || !counted || within.absent) return [];
    const plan = shareOfBase(base, counted, within, tagging.text);
    return plan ? [{ plan, differs: 'counted among the premises named first', prior: 1 }] : [];
  };
  const those = /\b(?:of|among|amongst) (?:those|them|these|which)\b/.exec(tagging.text);
  if (those) return split(0, those.index, those.index + those[0].length);
  // "What % of FF premises have ...": the sign was read apart, so "what of" is left in the text.
  const ofQualified =
    /(\b(?:what|which)(?: (?:share|proportion|percentage|fraction|per ?cent))? of (?:the |all )?)(\S.*?) (?:premises|homes|properties)\b/.exec(
      tagging.text,
    );
  if (!ofQualified) return [];
  const from = ofQualified.index + ofQualified[1]!.length;
  return split(from, from + ofQualified[2]!.length, ofQualified.index + ofQualified[0].length);
}

/** The plan of a share within a base: the subject's share of the base's premises, the base's service inherited. */
function shareOfBase(
  base: Plan,
  named: Plan['subject'],
  within: Plan['subject'],
  text: string,
): Plan | undefined {
  const subject = withoutBaseNetworks(named, within);
  if (!subject) return undefined;
  // "What % can also get Virgin Media, any tech": the network's whole footprint, said so.
  if (!/\bany tech(?:nology)?\b/.test(text)) inheritService(subject, within);
  const plan = clone(base);
  plan.measure = 'coverage_pct';
  plan.subject = subject;
  plan.within = within;
  plan.assumptions = plan.assumptions.filter((a) => a !== DEFAULT_TECHNOLOGY_ASSUMPTION);
  return plan;
}

const SIZE_WORDS = /^(?:largest|biggest|smallest|most populous|least populous)$/;

/**
 * "Virgin Media's coverage in the ten largest local authorities": a size word right before the places (with the
 * number on either side of it) ranks the places by their own premises, not by the measure asked for each.
 */
function rankedBySize(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || !base.limit || !base.order || base.rankBySize) return [];
  if (!GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '') || base.dimension === 'urban_rural') return [];
  if (base.rankWithin || base.leaderPerDimension || base.groupFilter || base.compare?.length) return [];
  if (base.within || base.footprintShare || Object.keys(base.subject).length === 0) return [];
  if (!['coverage_pct', 'premises', 'postcodes'].includes(base.measure)) return [];
  const place = tagging.tags.find((t) => t.role === 'dimension' && t.value === base.dimension);
  if (!place) return [];
  const before = adjacent(tagging, place, -1);
  const size = before?.role === 'number' ? adjacent(tagging, before, -1) : before;
  if (size?.role !== 'ranking' || !SIZE_WORDS.test(size.text)) return [];
  // "Gigaclear's 10 biggest LAs by premises passed": ranked by the subject's own premises, as first read.
  const rankedBy = /^\s*(?:by|in terms of|on)\s+(?:the\s+)?(?:number of\s+)?(\w+)(?:\s+(\w+))?/.exec(
    tagging.text.slice(place.end),
  );
  if (
    rankedBy &&
    (/^(?:coverage|footprint|share|percentage|proportion)$/.test(rankedBy[1]!) ||
      /^(?:passed|covered|reached|served|connected|with)$/.test(rankedBy[2] ?? ''))
  )
    return [];
  const plan = clone(base);
  plan.rankBySize = true;
  plan.order = /smallest|least/.test(size.text) ? 'asc' : 'desc';
  return [{ plan, differs: `the ${base.limit} ${size.text} ${place.text} by premises`, prior: 1 }];
}

/** "Premises with both CityFibre and Openreach": the networks listed after "both" must all be present. */
function bothNetworks(base: Plan, unused: Tag[]): Edit[] {
  const groups = base.subject.operatorGroups ?? [];
  // "Where do CityFibre and Openreach overlap": networks named with an overlap word are where both are.
  const both = unused.some(
    (t) => (t.role === 'shape' && t.value === 'both') || (t.role === 'technology' && t.value === 'overbuild'),
  );
  if (!both || groups.length < 2) return [];
  if (base.compare?.length || base.dataset === 'take_up') return [];
  const plan = clone(base);
  const { operatorGroups: _listed, ...rest } = plan.subject;
  plan.subject = { ...rest, allGroups: groups };
  // "VM vs OR head-to-head: premises where both ...": the overlap is one figure, not a row for each network.
  if (plan.dimension === 'operator_group') {
    delete plan.dimension;
    delete plan.order;
    delete plan.limit;
  }
  return [{ plan, differs: `both ${groups.join(' and ')}` }];
}

/**
 * What is counted within a base, without the base's own network: "within VM's footprint, how many can also get an
 * altnet" counts the altnets (VM is the base, not a second network, and is no altnet); "premises with both CityFibre
 * and Openreach, as a % of CityFibre's footprint" counts Openreach. Undefined when nothing is left to count.
 */
function withoutBaseNetworks(counted: Plan['subject'], within: Plan['subject']): Plan['subject'] | undefined {
  const base = within.operatorGroups ?? [];
  if (!base.length) return counted;
  const { allGroups, operatorGroups, groupTech, ...rest } = counted;
  const others = [...(allGroups ?? []), ...(operatorGroups ?? [])].filter((g) => !base.includes(g));
  const tech = Object.fromEntries(Object.entries(groupTech ?? {}).filter(([g]) => !base.includes(g)));
  const subject: Plan['subject'] = {
    ...rest,
    ...(others.length === 1 ? { operatorGroups: others } : others.length > 1 ? { allGroups: others } : {}),
    ...(Object.keys(tech).length ? { groupTech: tech } : {}),
  };
  const named =
    subject.operatorGroups || subject.allGroups || subject.altnet || subject.tech || subject.gigabit;
  return named ? subject : undefined;
}

/**
 * "How many premises have both CityFibre and Openreach FF, and what % of CityFibre's footprint is that?": the share
 * refers back to what was counted before it, within the premises named after "of".
 */
function shareOfWhatWasCounted(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length) return [];
  const asked =
    // "What % of" is normalised to "what of" (the sign is read as a share tag at the end).
    /\b(?:what|which)\s+(?:(?:per ?cent(?:age)?|share|proportion|fraction)\s+)?of\b(.*?)\b(?:is|are) (?:that|this|those|these|they|it)\b/.exec(
      tagging.text,
    ) ??
    // "..., premises and % of CF's footprint": the share named last, of a network's own footprint.
    (tagging.tags.some((t) => t.role === 'measure' && t.value === 'share')
      ? /\b(?:and|with)\s+(?:(?:per ?cent(?:age)?|share|proportion|fraction)\s+)?of\b(\s+(?:the\s+)?\S+?'s\s+(?:footprint|premises|network|base))\s*$/.exec(
          tagging.text,
        )
      : null);
  if (!asked) return [];
  const baseStart = asked.index + asked[0].length - asked[0].slice(asked[0].indexOf(' of') + 3).length;
  const baseEnd = asked.index + asked[0].length;
  const within = subjectOfTags(tagging.tags.filter((t) => t.start >= baseStart && t.end <= baseEnd));
  // "Overlaps with" says both are present, which the networks counted together already are.
  const counted = subjectOfTags(
    tagging.tags.filter((t) => t.end <= asked.index && !(t.role === 'technology' && t.value === 'overbuild')),
  );
  if (!within || !counted) return [];
  // "Within VM's footprint, how many also have Openreach FF, and what share of VM's footprint is that": the base's
  // own network is the base, not a second network of what is counted.
  const plan = shareOfBase(base, counted, within, tagging.text);
  return plan ? [{ plan, differs: 'a share of what was counted first', prior: 1 }] : [];
}

/**
 * "What % of gigabit premises are served by Virgin Media", "share of FTTP premises covered by altnets": the share
 * of the premises with the first subject that the one after "served by" reaches.
 */
function shareServedBy(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length) return [];
  // "What % of ..." leaves no share word among the tags (the sign is read as the share): read from the start.
  const word = tagging.tags.find((t) => t.role === 'measure' && t.value === 'share' && t.text !== '%');
  const sign = tagging.tags.some((t) => t.role === 'measure' && t.value === 'share' && t.text === '%');
  const share = word ?? (sign ? { end: 0 } : undefined);
  if (!share) return [];
  const rest = tagging.text.slice(share.end);
  // "... are served by Virgin Media", "... (that) also has Openreach FTTP", or "... does Openreach pass".
  const passive =
    rest.match(
      /\b(?:are|is|that are|which are|get|getting)?\s*(?:served|covered|passed|reached|provided|offered|overbuilt)\s+by\b/,
    ) ??
    rest.match(/\b(?:(?:that|which|where) )?(?:(?:also|too) (?:ha(?:s|ve)|gets?|can get)|(?:is|are) also)\b/);
  const active = passive
    ? null
    : rest.match(/\b(?:does|do|did|will)\b(.+?)\b(?:pass|cover|reach|serve|offer)\b/);
  const verb = passive ?? active;
  if (!verb || verb.index === undefined) return [];
  const at = share.end + verb.index;
  const end = at + verb[0].length;
  const within = subjectOfTags(tagging.tags.filter((t) => t.start >= share.end && t.end <= at));
  const subject = subjectOfTags(
    tagging.tags.filter((t) => (active ? t.start >= at && t.end <= end : t.start >= end)),
  );
  if (!within || !subject) return [];
  const plan = shareOfBase(base, subject, within, tagging.text);
  if (!plan) return [];
  // "Covered by altnets": the network kind is the subject now, not a grouping of the answer.
  if (plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension)) delete plan.dimension;
  return [{ plan, differs: 'a share of the premises named first', prior: 1 }];
}

/** The premises a share is of, named by what they have ("premises with full fibre", "all homes that can get"). */
const PREMISES_WITH = String.raw`(?:all |the )?(?:premises|homes|properties|postcodes|households) (?:with|that have|which have|having|that can get|able to get|that get|where there is)(?: any| some)?`;
/** "What % of premises with FF have Openreach FTTP": the base, then what is counted after its verb. */
const BASE_THEN_COUNTED = new RegExp(
  String.raw`(?<lead>(?:%|\bshare|\bproportion|\bpercentage|\bper ?cent) of ${PREMISES_WITH}\b)(?<what>.+?)\b(?:have|has|get|gets|can get|are on|are passed by|are covered by)\b`,
);
/** "Openreach FTTP premises as a % of all premises that have any full fibre": what is counted, then the base. */
const COUNTED_THEN_BASE = new RegExp(
  String.raw`\bas an? (?:%|share|percentage|proportion|per ?cent) of ${PREMISES_WITH}\b`,
);

/**
 * "What % of premises with full fibre have Openreach FTTP" (the base, then what it has), and "Openreach FTTP premises
 * as a % of all premises that have any full fibre" (what is counted, then its base): a share within the base.
 */
function shareOfPremisesWith(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length || base.footprintShare) return [];
  const text = tagging.text;
  const subjectIn = (from: number, to: number) =>
    subjectOfTags(tagging.tags.filter((t) => t.start >= from && t.end <= to));
  let counted: Plan['subject'] | undefined;
  let within: Plan['subject'] | undefined;
  const first = BASE_THEN_COUNTED.exec(text);
  const after = COUNTED_THEN_BASE.exec(text);
  if (first?.groups) {
    const baseAt = first.index + (first.groups.lead?.length ?? 0);
    const verbAt = baseAt + (first.groups.what?.length ?? 0);
    within = subjectIn(baseAt, verbAt);
    counted = subjectIn(verbAt, text.length);
  } else if (after) {
    counted = subjectIn(0, after.index);
    within = subjectIn(after.index + after[0].length, text.length);
  }
  if (!within || !counted) return [];
  const plan = shareOfBase(base, counted, within, text);
  if (!plan) return [];
  if (plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension)) delete plan.dimension;
  return [{ plan, differs: 'a share of the premises named as its base', prior: 1 }];
}

/**
 * "What % of FF premises does Openreach pass", "of all premises that can get FTTP, what % are passed by an altnet":
 * a network named with no service of its own is measured on the base's full fibre, gigabit or speed (never on a
 * technology only some networks have, as cable).
 */
function inheritService(subject: Plan['subject'], within: Plan['subject']): void {
  if (subject.tech || subject.gigabit || subject.minDown || subject.absent) return;
  if (!(subject.operatorGroups?.length || subject.operators?.length || subject.altnet)) return;
  if (within.tech === FULL_FIBRE) subject.tech = FULL_FIBRE;
  if (within.gigabit) subject.gigabit = true;
  if (within.minDown) subject.minDown = within.minDown;
}

/** A full-fibre word inside a network's own tag ("openreach fttp"). */
const NETWORK_TECH = /\b(?:fttp|ftth|full[- ]fibre|ff)\b/;

/** The subject a run of tags names: its networks, technologies and named filters, negated after a negation. */
function subjectOfTags(tags: Tag[]): Plan['subject'] | undefined {
  let subject: Plan['subject'] = {};
  const networks = tags.filter((t) => t.role === 'network').map((t) => t.value);
  if (networks.length === 1) subject.operatorGroups = networks;
  else if (networks.length > 1) subject.allGroups = [...new Set(networks)];
  // "Openreach FTTP" is one network tag: its technology is in its words.
  if (tags.some((t) => t.role === 'network' && NETWORK_TECH.test(t.text))) subject.tech = FULL_FIBRE;
  for (const tech of tags.filter((t) => t.role === 'technology')) {
    const next = withTechnology(subject, tech.value);
    if (!next) return undefined;
    // Technologies keep what was read before them (a network, another technology's threshold is replaced).
    subject = { ...next, ...(subject.altnet && tech.value !== 'altnet' ? { altnet: true } : {}) };
  }
  if (Object.keys(subject).length === 0) return undefined;
  const negation = tags.find((t) => t.role === 'negation');
  const named = tags.find((t) => t.role === 'network' || t.role === 'technology');
  if (negation && named && negation.start < named.start) subject.absent = true;
  return subject;
}

/**
 * A negation the plan leaves unused, right before the technology or network its subject holds ("rural premises
 * still forecast to have no ff at all"): the premises without it.
 */
function negatedSubject(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  const s = base.subject;
  // A subject that is itself a lack (below the USO, a best speed below) is negated already.
  if (s.absent || s.exclude || s.belowUso || s.bestDownBelow !== undefined || s.onlyTech) return [];
  if (base.within || base.compare?.length || base.dataset === 'take_up') return [];
  // "Apart from", "other than" leave rows out; "no", "without" say what the premises lack.
  const negation = unused.find(
    (t) =>
      t.role === 'negation' &&
      /^(?:no|without|not|lack|lacking|don't|do not|doesn't|does not|can't|cannot|can not|unable to)\b/.test(
        t.text,
      ),
  );
  // "No full fibre", "do not have FF", "don't yet get gigabit": the verb between is no condition of its own.
  const following = negation && tagging.tags.find((t) => t.start >= negation.end);
  const gap = following && negation ? tagging.text.slice(negation.end, following.start).trim() : '';
  const next =
    following &&
    /^(?:(?:yet|currently|even|still) )?(?:(?:have|get|receive|access)(?: to)?(?: any| a)?)?$/.test(gap)
      ? following
      : undefined;
  if (!next || (next.role !== 'technology' && next.role !== 'network')) return [];
  if (next.role === 'technology' && ['below_uso', 'cable_only_gigabit', 'any'].includes(next.value))
    return [];
  // Scores are kept per postcode: "the average score of postcodes with no FF yet" averages those without it.
  if (
    !['premises', 'postcodes', 'coverage_pct', 'avg_attractiveness', 'avg_deprivation'].includes(base.measure)
  )
    return [];
  const plan = clone(base);
  plan.subject = { ...s, absent: true };
  return [{ plan, differs: `without ${next.text}` }];
}

/** "The average of the fastest download speed per postcode": the mean best download, not the fastest of all. */
function averageSpeed(base: Plan, unused: Tag[]): Edit[] {
  if (base.dataset !== 'upc' || (base.measure !== 'max_down' && base.measure !== 'max_speeds')) return [];
  if (!unused.some((t) => t.role === 'measure' && t.value === 'average')) return [];
  if (base.dimension && !GEO_DIMENSIONS_OF_PLAN.has(base.dimension)) return [];
  const plan = clone(base);
  plan.measure = 'avg_down';
  // Averaged "per postcode" over the places asked: the place level named, not a row per postcode.
  if (plan.dimension === 'postcode') {
    const level = unused.find(
      (t) => t.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(t.value) && t.value !== 'postcode',
    );
    if (level) plan.dimension = level.value as Dimension;
    else delete plan.dimension;
  }
  return [{ plan, differs: 'the average best download' }];
}

/** "Hyperoptic outside London - premises by region", "FF coverage excluding London": every place but those named. */
function outsideAPlace(base: Plan, tagging: Tagging): Edit[] {
  if (!base.geo || base.geo.not || base.withUk || base.alongside?.length || base.dataset === 'take_up')
    return [];
  const named = tagging.tags.filter(
    (t) => t.role === 'place' && placeValues(t).some((v) => base.geo?.values.includes(v)),
  );
  const outside = named.length > 0 && named.every((t) => OUTSIDE.test(tagging.text.slice(0, t.start)));
  if (!outside) return [];
  const plan = clone(base);
  plan.geo = { ...base.geo, not: true };
  // The places left are listed by the level asked, never by the one left out.
  if (plan.dimension === base.geo.column) delete plan.dimension;
  return [{ plan, differs: `outside ${base.geo.values.join(', ')}`, prior: 1 }];
}

/** A place named right after these words is left out. */
const OUTSIDE =
  /\b(?:outside(?: of)?|excluding|except(?: for)?|apart from|other than|beyond|ex\.?|not counting|bar)\s+(?:the\s+)?$/;

/**
 * "Which Scottish council areas have no altnet presence whatsoever": the places where the subject is nowhere, a
 * share of 0, not each place's premises without it (which every place has). A postcode is a place where it is
 * absent already.
 */
function placesWithNone(base: Plan, tagging: Tagging): Edit[] {
  const s = base.subject;
  if (base.dataset !== 'upc' || !s.absent || s.exclude || base.groupFilter || base.limit) return [];
  if (!base.dimension || !GEO_DIMENSIONS_OF_PLAN.has(base.dimension) || base.dimension === 'postcode')
    return [];
  if (!['premises', 'coverage_pct', 'postcodes'].includes(base.measure)) return [];
  // Asked as a list of the places: "which council areas have no ...", "list the LAs with no ...".
  if (!/^\s*(?:which|what|list|name|show)\b/.test(tagging.text)) return [];
  // The places have none ("have no altnet presence"), not premises in them ("have premises with no FF").
  if (
    !/(?<!(?:premises|homes|properties|postcodes) )\b(?:have|has|with) (?:no|zero|not a single)\b/.test(
      tagging.text,
    )
  )
    return [];
  const plan = clone(base);
  delete plan.order;
  plan.subject = { ...s, absent: undefined };
  plan.measure = 'coverage_pct';
  plan.groupFilter = { op: 'lte', value: 0 };
  return [{ plan, differs: 'the places where it is nowhere', prior: 1 }];
}

/**
 * "Top 10 postcodes in LS6 by attractiveness score", "the 20 least deprived postcodes in M14": scores are kept per
 * postcode, so postcodes ranked by a score are the postcodes listed, not one average over them.
 */
function postcodesRankedByScore(base: Plan, tagging: Tagging): Edit[] {
  if (base.measure !== 'avg_attractiveness' && base.measure !== 'avg_deprivation') return [];
  if (base.dimension) return [];
  const postcodes = tagging.tags.some((t) => t.role === 'measure' && t.value === 'postcodes');
  const ranking = tagging.tags.find((t) => t.role === 'ranking' && (t.value === 'desc' || t.value === 'asc'));
  if (!postcodes || !ranking) return [];
  const number = adjacent(tagging, ranking, 1) ?? adjacent(tagging, ranking, -1);
  const plan = clone(base);
  plan.dimension = 'postcode' as Dimension;
  plan.order = ranking.value as 'asc' | 'desc';
  plan.limit = number?.role === 'number' ? Number(number.value) : 10;
  if (number?.role !== 'number') plan.assumptions.push(TOP_TEN_ASSUMED);
  return [{ plan, differs: `postcodes ranked by the score` }];
}

/**
 * "How many homes does Netomnia pass where OR hasn't got FTTP": the first network's premises, less those where the
 * network named before the negation offers the technology after it (the second network is no subject of its own).
 */
function whereANetworkLacks(base: Plan, tagging: Tagging): Edit[] {
  const groups = base.subject.operatorGroups ?? [];
  if (groups.length < 2 || base.dataset !== 'upc' || base.subject.exclude || base.compare?.length) return [];
  for (const negation of tagging.tags.filter((t) => t.role === 'negation')) {
    const lacking = adjacent(tagging, negation, -1);
    if (lacking?.role !== 'network' || !groups.includes(lacking.value)) continue;
    const following = tagging.tags.find((t) => t.start >= negation.end);
    const gap = following ? tagging.text.slice(negation.end, following.start).trim() : '';
    if (following?.role !== 'technology' || !/^(?:(?:got|get|have|offer|offers|any|a|yet) ?)*$/.test(gap))
      continue;
    if (following.value !== 'full_fibre' && following.value !== 'gigabit') continue;
    const plan = clone(base);
    plan.subject.operatorGroups = groups.filter((g) => g !== lacking.value);
    plan.subject.exclude = {
      operatorGroups: [lacking.value],
      ...(following.value === 'gigabit' ? { gigabit: true } : { tech: FULL_FIBRE }),
    };
    delete plan.subject.tech;
    if (plan.dimension === 'operator_group') delete plan.dimension;
    return [{ plan, differs: `where ${lacking.text} has no ${following.text}` }];
  }
  return [];
}

/**
 * "Two or more altnets", "3+ full-fibre networks" left unused: the postcodes with at least (or exactly) that many
 * networks of the subject's kind.
 */
function networkCount(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  const s = base.subject;
  if (s.minNetworks || s.exactNetworks || base.dataset === 'take_up' || base.dimension === 'networks')
    return [];
  const number = unused.find((t) => t.role === 'number' && Number(t.value) >= 2 && Number(t.value) <= 6);
  if (!number) return [];
  // "The two biggest networks", "top 3 altnets": a number beside a ranking word is how many rows.
  const beside = [adjacent(tagging, number, -1), adjacent(tagging, number, 1)];
  if (beside.some((t) => t?.role === 'ranking')) return [];
  // "Which five independent networks added the most": a number after a question word is how many rows too.
  if (/\b(?:which|what|the|list|name|show)\s*$/.test(tagging.text.slice(0, number.start))) return [];
  // The networks counted are named within a few words after the number.
  const after = tagging.tags.filter((t) => t.start >= number.end && t.start - number.end <= 40);
  const counted = after.find(
    (t) =>
      (t.role === 'technology' && (t.value === 'overbuild' || t.value === 'altnet')) ||
      (t.role === 'dimension' && t.value === 'operator_group') ||
      (t.role === 'measure' && t.value === 'networks'),
  );
  if (!counted) return [];
  const exactly = tagging.tags.some(
    (t) => t.role === 'comparator' && t.value === 'eq' && t.end <= number.start,
  );
  const plan = clone(base);
  const altnets = Boolean(s.altnet) || after.some((t) => t.role === 'technology' && t.value === 'altnet');
  plan.subject = {
    ...s,
    ...(exactly ? { exactNetworks: Number(number.value) } : { minNetworks: Number(number.value) }),
    ...(altnets ? { altnet: true, networksAreAltnets: true } : {}),
  };
  if (!plan.subject.tech && !plan.subject.gigabit) plan.subject.tech = FULL_FIBRE;
  return [
    {
      plan,
      differs: `${exactly ? 'exactly' : 'at least'} ${number.value} ${altnets ? 'altnets' : 'networks'}`,
    },
  ];
}

/**
 * "Which 5 altnets are present in the most local authorities", "in how many LAs is each network present": the
 * places of a level each network is present in, counted (and ranked, if asked).
 */
function placesOfEachNetwork(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.measure === 'place_count' || base.compare?.length || base.within)
    return [];
  const place = tagging.tags.find(
    (t) =>
      t.role === 'dimension' &&
      GEO_DIMENSIONS_OF_PLAN.has(t.value) &&
      !['urban_rural', 'postcode'].includes(t.value) &&
      /s$/.test(t.text),
  );
  if (!place) return [];
  const before = tagging.text.slice(0, place.start);
  const most =
    /\b(?:in|across|covers?|covering|reach(?:es)?)\s+(?:the\s+)?(most|fewest|highest number of|largest number of|lowest number of|more|fewer)\s*$/.exec(
      before,
    );
  const howMany =
    /\bhow many\s*$/.test(before) &&
    (/^\s*(?:\w+\s+){0,2}?(?:is|are|does|do|has|have)\s+(?:each|every)\b/.test(
      tagging.text.slice(place.end),
    ) ||
      // "For each altnet, in how many local authorities does it have any footprint?"
      /\b(?:for )?(?:each|every)\s+(?:[a-z-]+\s+)?(?:altnets?|networks?|operators?|providers?|isps?)\b[^.?]*$/.test(
        before,
      ));
  if (!most && !howMany) return [];
  const kind = tagging.tags.find(
    (t) => networkKind(t) && !(t.role === 'technology' && t.value === 'overbuild'),
  );
  const named = base.subject.operatorGroups?.length;
  if (!kind && !named) return [];
  const plan = clone(base);
  const altnets = kind?.role === 'technology' && kind.value === 'altnet';
  plan.measure = 'place_count';
  plan.placeLevel = place.value as GeoColumn;
  plan.dimension = altnets ? 'operator' : 'operator_group';
  if (altnets) plan.subject = { ...plan.subject, altnet: true };
  for (const key of ['groupFilter', 'countGroups', 'rankWithin', 'leaderPerDimension', 'rankBySize'] as const)
    delete plan[key];
  if (most) plan.order = /fewest|lowest|fewer/.test(most[1]!) ? 'asc' : 'desc';
  // The assumed full fibre of a bare network is no condition here: present means any technology.
  if (
    plan.assumptions.includes(DEFAULT_TECHNOLOGY_ASSUMPTION) &&
    !tagging.tags.some((t) => t.role === 'technology' && t.value !== 'altnet')
  ) {
    delete plan.subject.tech;
    plan.assumptions = plan.assumptions.filter((a) => a !== DEFAULT_TECHNOLOGY_ASSUMPTION);
  }
  return [{ plan, differs: `the number of ${place.text} each network is present in`, prior: 1 }];
}

/**
 * "Urban vs rural FTTP coverage in each of the four nations": both groupings named, the place's rows split into their
 * urban and rural parts.
 */
function urbanRuralOfEachPlace(base: Plan, unused: Tag[]): Edit[] {
  if (base.dataset !== 'upc' || base.splitUrbanRural || base.urbanRural) return [];
  if (base.compare?.length || base.within || base.rankWithin || base.leaderPerDimension || base.groupFilter)
    return [];
  if (!['premises', 'postcodes', 'coverage_pct'].includes(base.measure) || base.footprintShare) return [];
  const place = unused.find(
    (t) => t.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(t.value) && t.value !== 'urban_rural',
  );
  const split = unused.find((t) => t.role === 'dimension' && t.value === 'urban_rural');
  const plan = clone(base);
  if (base.dimension === 'urban_rural' && place) plan.dimension = place.value as Dimension;
  else if (!(split && GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '') && base.dimension !== 'urban_rural'))
    return [];
  plan.splitUrbanRural = true;
  return [{ plan, differs: 'urban and rural apart in each place' }];
}

/**
 * "For premises that have FTTP today, break them down by how many full fibre networks (1, 2, 3 and so on)": the
 * premises with it, so the bands start at one.
 */
function networkBandsOfThoseWithIt(base: Plan, tagging: Tagging): Edit[] {
  if (base.dimension !== 'networks' || base.bandsFromOne || base.topBand) return [];
  const withIt =
    /\b(?:for|of|among|across) (?:the |all )?(?:premises|homes|postcodes|properties) (?:that|which|with|where)(?: (?:already |currently )?(?:have|has|can get|get))? (?:fttp|ff|full fibre|ftth)\b/.test(
      tagging.text,
    ) || /\b1 2 3 (?:and so on|etc|and up|and more)\b/.test(tagging.text);
  if (!withIt || /\b(?:0|zero|none)\b/.test(tagging.text)) return [];
  const plan = clone(base);
  plan.bandsFromOne = true;
  return [{ plan, differs: 'the premises that have it, from one network', prior: 1 }];
}

/** "By how many FF networks: 0, 1, 2, 3 or more": the number before "or more" is the last band. */
function topBandOfNetworks(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dimension !== 'networks' || base.topBand) return [];
  const more = unused.find(
    (t) => t.role === 'comparator' && t.value === 'gte' && /more|\+|above/.test(t.text),
  );
  const number = more && adjacent(tagging, more, -1);
  if (number?.role !== 'number' || Number(number.value) < 1 || Number(number.value) > 10) return [];
  const plan = clone(base);
  plan.topBand = Number(number.value);
  // "1, 2, 3, 4+": the bands listed start at one, so the premises with none are not a band of the answer.
  const listed = tagging.tags
    .filter((t) => t.role === 'number' && t.end <= number.start)
    .map((t) => Number(t.value));
  const fromOne = listed.length >= 1 && listed[0] === 1 && !/\b(?:0|zero|none|no)\b/.test(tagging.text);
  if (fromOne) plan.bandsFromOne = true;
  return [{ plan, differs: `${number.value} or more as one band${fromOne ? ', from one' : ''}` }];
}

/**
 * "VM + OR FTTP head-to-head", "where Virgin Media and Openreach FTTP are both available": full fibre written beside
 * another network leaves Virgin Media's whole footprint (its cable and its own fibre, as the contract defines it);
 * only written right after Virgin Media does it narrow Virgin Media to its fibre.
 */
function virginMediaWhole(base: Plan, tagging: Tagging): Edit[] {
  const s = base.subject;
  const groups = s.allGroups ?? [];
  if (!groups.includes('Virgin Media') || groups.length !== 2 || s.tech !== FULL_FIBRE || s.groupTech)
    return [];
  const vm = tagging.tags.find((t) => t.role === 'network' && t.value === 'Virgin Media');
  const tech = tagging.tags.find(
    (t) =>
      (t.role === 'technology' && t.value === 'full_fibre') ||
      (t.role === 'network' && NETWORK_TECH.test(t.text)),
  );
  const other = groups.find((g) => g !== 'Virgin Media')!;
  // No full fibre written at all ("where CF and Virgin overlap"): full fibre came from the overlap word alone, and
  // Virgin Media's footprint is its whole network, as the contract defines it. Beside Openreach, whose whole
  // network is everywhere, the overlap stays the full fibre one.
  if (!tech && other === 'Openreach') return [];
  if (!vm || NETWORK_TECH.test(vm.text) || (tech && adjacent(tagging, vm, 1) === tech)) return [];
  const plan = clone(base);
  const { tech: _tech, ...rest } = plan.subject;
  plan.subject = { ...rest, groupTech: { [other]: FULL_FIBRE } };
  return [{ plan, differs: `Virgin Media's whole footprint with ${other} full fibre`, prior: 1 }];
}

/** The level a change is of. */
const LEVEL_OF: Partial<Record<Plan['measure'], Plan['measure']>> = {
  change_pp: 'coverage_pct',
  change_premises: 'premises',
  change_postcodes: 'postcodes',
};

/**
 * "Gigabit coverage by year from 2022 to 2025": a grain asked "by" over a window is a series over it (a point per
 * year), not the change between its ends.
 */
function seriesOverAWindow(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || !base.time.from || !base.time.to || base.dimension) return [];
  // "Which quarter had the lowest growth" ranks the points by their change: not a series of levels.
  if (tagging.tags.some((t) => t.role === 'ranking')) return [];
  const grain = unused.find(
    (t) =>
      t.role === 'dimension' &&
      TIME_GRAINS.has(t.value) &&
      /\b(?:by|per|each|every)$/.test(tagging.text.slice(0, t.start).trimEnd()),
  );
  const level = LEVEL_OF[base.measure];
  if (!grain || !level) return [];
  const plan = clone(base);
  plan.measure = level;
  plan.dimension = grain.value as Dimension;
  plan.time = {
    seriesFrom: grain.value === 'year' ? `${base.time.from.slice(0, 4)}-01-01` : base.time.from,
    seriesTo: base.time.to,
    ...(base.time.phrase ? { phrase: base.time.phrase } : {}),
  };
  return [{ plan, differs: `a point per ${grain.text} from ${base.time.from} to ${base.time.to}` }];
}

/**
 * "ADSL lines in Q4 2021 and Q4 2026, and the % decline", "% change in FTTP lines between 2023Q1 and 2026Q4": lines
 * in two named quarters and the change between them.
 */
function linesBetweenQuarters(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'take_up' || base.takeUp?.fromQuarter) return [];
  if (TIME_GRAINS.has(base.dimension ?? '')) return [];
  const quarters = [
    ...new Set(
      tagging.moments
        .map((m) => m.quarter ?? (m.date ? quarterOf(m.date) : undefined))
        .filter(Boolean) as string[],
    ),
  ].sort();
  // "Change in share since Q4 2025": from that quarter to the latest one.
  const since =
    quarters.length === 1 &&
    tagging.latest.quarter &&
    quarters[0]! < tagging.latest.quarter &&
    tagging.tags.some(
      (t) =>
        t.role === 'time' &&
        t.moment?.quarter === quarters[0] &&
        /\bsince $/.test(tagging.text.slice(0, t.start)),
    );
  if (since) quarters.push(tagging.latest.quarter!);
  if (quarters.length !== 2) return [];
  // Two quarters a year or a quarter apart are year on year or quarter on quarter: one answer, said as such.
  const [year, q] = quarters[1]!.split('Q').map(Number) as [number, number];
  const apart =
    quarters[0] === `${year - 1}Q${q}`
      ? ('yoy' as const)
      : quarters[0] === (q === 1 ? `${year - 1}Q4` : `${year}Q${q - 1}`)
        ? ('qoq' as const)
        : undefined;
  const between = (t: NonNullable<Plan['takeUp']>) =>
    apart
      ? { ...t, change: apart, fromQuarter: undefined }
      : { ...t, change: undefined, fromQuarter: quarters[0] };
  // A share of lines in two quarters ("FTTP % of lines 2021Q4 vs 2026Q4, how many pp"): the share in each and the
  // change in points, when the question says share of lines or points (a bare "%" may be the change's own).
  const shareWords = tagging.tags.some(
    (t) =>
      t.role === 'measure' && (t.value === 'points' || t.value === 'market_share' || t.value === 'share'),
  );
  if (base.measure === 'line_share_pct' && shareWords) {
    const plan = clone(base);
    plan.time = { quarter: quarters[1] };
    plan.takeUp = between(plan.takeUp ?? {});
    return [
      {
        plan,
        differs: `the share in ${quarters[0]} and ${quarters[1]}, and its change in points`,
        ...(since ? { prior: 1 } : {}),
      },
    ];
  }
  // "The percentage decline" reads as a share; with a change word it is the change in per cent.
  const changeWord = tagging.tags.some((t) => t.role === 'measure' && t.value === 'change');
  const measures = changeWord
    ? ['lines', 'lines_change_pct', 'line_share_pct']
    : ['lines', 'lines_change_pct'];
  if (!measures.includes(base.measure)) return [];
  const plan = clone(base);
  plan.measure = 'lines_change_pct';
  plan.time = { quarter: quarters[1] };
  // A share of one technology's lines read from "percentage" is that technology's lines.
  const { shareOf, ...filters } = plan.takeUp ?? {};
  const tech = shareOf?.startsWith('tech:') ? shareOf.slice(5) : undefined;
  if (shareOf && !tech) return [];
  plan.takeUp = between({ ...filters, ...(tech ? { tech } : {}) });
  return [
    { plan, differs: `the change from ${quarters[0]} to ${quarters[1]}`, ...(since ? { prior: 1 } : {}) },
  ];
}

/**
 * "Which 5 FF networks overlap Community Fibre the most", "overbuild of CityFibre by network": every other network's
 * overlap with one network's footprint, a row each, ranked.
 */
function overlapWithEachNetwork(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length || base.leaderPerDimension) return [];
  const overlap = tagging.tags.find(
    (t) => t.role === 'technology' && t.value === 'overbuild' && /overlap|overbuil/.test(t.text),
  );
  const networks = [...new Set(tagging.tags.filter((t) => t.role === 'network').map((t) => t.value))];
  if (!overlap || networks.length !== 1) return [];
  // The rows are networks: "which networks", "5 FF networks", "by network".
  const rows = tagging.tags.some(
    (t) =>
      (t.role === 'dimension' && t.value === 'operator_group') ||
      (t.role === 'technology' && t.value === 'overbuild' && /networks|operators|providers/.test(t.text)),
  );
  if (!rows) return [];
  const fullFibre =
    tagging.tags.some((t) => t.role === 'technology' && t.value === 'full_fibre') ||
    /\b(?:ff|fttp|full[- ]fibre) networks?\b/.test(tagging.text);
  const tech = fullFibre ? { tech: FULL_FIBRE } : {};
  const plan = clone(base);
  plan.measure = plan.measure === 'coverage_pct' ? 'coverage_pct' : 'premises';
  plan.dimension = 'operator_group';
  plan.subject = { ...tech, notGroups: [networks[0]!] };
  plan.within = { ...tech, operatorGroups: [networks[0]!] };
  plan.order = 'desc';
  const limit = tagging.tags.find(
    (t) => t.role === 'number' && Number.isInteger(Number(t.value)) && Number(t.value) >= 1,
  );
  if (limit) plan.limit = Number(limit.value);
  else delete plan.limit;
  plan.assumptions = plan.assumptions.filter((a) => a !== TOP_TEN_ASSUMED);
  return [{ plan, differs: `each network's overlap with ${networks[0]}` }];
}

/**
 * "LAs with over 90% FTTP": the places whose share passes the test, once the rows are places (the group-filter
 * reader reads it when the places are named before the test; here they came from a grouping read later).
 */
function placesWithAShare(base: Plan, tagging: Tagging): Edit[] {
  if (base.measure !== 'coverage_pct' || base.groupFilter || base.compare?.length || base.within) return [];
  // The places are the plan's rows, or the place level the question names ("LAs with over 90% FTTP").
  const level =
    base.dimension ??
    tagging.tags.find((t) => t.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(t.value) && !base.geo)
      ?.value;
  if (!GEO_DIMENSIONS_OF_PLAN.has(level ?? '') || base.dataset === 'take_up') return [];
  for (const number of tagging.tags.filter((t) => t.role === 'number')) {
    const comparator = adjacent(tagging, number, -1);
    const value = Number(number.value);
    if (comparator?.role !== 'comparator' || !['gt', 'gte', 'lt', 'lte'].includes(comparator.value)) continue;
    // A percentage: "90%" (the sign, read as a share at the end), "90 per cent", "90 pct".
    const percent =
      /^\s*(?:per ?cent|pct)\b/.test(tagging.text.slice(number.end)) ||
      tagging.tags.some((t) => t.role === 'measure' && t.text === '%');
    if (!(value > 0 && value <= 100) || !percent) continue;
    const plan = clone(base);
    plan.dimension = level as Dimension;
    plan.groupFilter = { op: comparator.value as 'gt', value };
    plan.order ??= ['lt', 'lte'].includes(comparator.value) ? 'asc' : 'desc';
    if (!tagging.tags.some((t) => t.role === 'ranking' && limitWord(t, tagging))) {
      delete plan.limit;
      plan.assumptions = plan.assumptions.filter((a) => a !== TOP_TEN_ASSUMED);
    }
    return [{ plan, differs: `the places with ${comparator.text} ${value}%` }];
  }
  return [];
}

/**
 * "Premises in postcodes with a digital deprivation score of 0.7 or higher", "postcodes scoring 0.8+ on
 * attractiveness with no FF today": a test on the postcode's score (0 to 1), counting premises or postcodes.
 */
function scoreTest(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || base.subject.score || base.compare?.length || base.within) return [];
  const named = tagging.tags.find(
    (t) => t.role === 'measure' && t.value === 'score' && /depriv|attract/.test(t.text),
  );
  if (!named) return [];
  const of = /depriv/.test(named.text)
    ? 'deprivation'
    : /attract/.test(named.text)
      ? 'attractiveness'
      : undefined;
  if (!of) return [];
  for (const number of tagging.tags.filter((t) => t.role === 'number')) {
    const value = Number(number.value);
    if (
      !(value > 0 && value <= 1) ||
      Math.abs(tagging.tags.indexOf(number) - tagging.tags.indexOf(named)) > 4
    )
      continue;
    const before = adjacent(tagging, number, -1);
    const after = adjacent(tagging, number, 1);
    const comparator =
      after?.role === 'comparator' && ['gte', 'lte'].includes(after.value)
        ? after
        : before?.role === 'comparator'
          ? before
          : undefined;
    if (!comparator || !['gt', 'gte', 'lt', 'lte'].includes(comparator.value)) continue;
    const plan = clone(base);
    plan.dataset = 'upc';
    plan.subject = { ...base.subject, score: { of, op: comparator.value as 'gt', value } };
    const counts = tagging.tags.filter(
      (t) => t.role === 'measure' && ['premises', 'postcodes'].includes(t.value),
    );
    const share = tagging.tags.some((t) => t.role === 'measure' && t.value === 'share');
    plan.measure = share
      ? 'coverage_pct'
      : counts[0]?.value === 'postcodes' && counts.length === 1
        ? 'postcodes'
        : 'premises';
    if (!plan.dimension || !GEO_DIMENSIONS_OF_PLAN.has(plan.dimension)) {
      delete plan.dimension;
      delete plan.order;
      delete plan.limit;
    }
    plan.time = {};
    return [{ plan, differs: `the ${of} score ${comparator.text} ${value}` }];
  }
  return [];
}

/**
 * "Postcode areas with over 500 premises below the USO", "how many LAs have 10,000+ premises with no FF": the places
 * whose count passes the test, not the first 500 of them nor a share.
 */
function placesWithACount(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || base.groupFilter || base.compare?.length || base.leaderPerDimension)
    return [];
  // Places, or networks: "networks forecast to pass over 1m premises by 2030" are those whose count passes.
  if (
    !GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '') &&
    !NETWORK_DIMENSIONS.has(base.dimension as Dimension)
  )
    return [];
  for (const number of tagging.tags.filter((t) => t.role === 'number')) {
    const before = adjacent(tagging, number, -1);
    const after = adjacent(tagging, number, 1);
    const plus = after?.role === 'comparator' && after.value === 'gte' && after.text === '+';
    const comparator = plus ? after : before?.role === 'comparator' ? before : undefined;
    const counted = plus ? adjacent(tagging, after!, 1) : after;
    if (!comparator || !['gt', 'gte', 'lt', 'lte'].includes(comparator.value)) continue;
    if (counted?.role !== 'measure' || !['premises', 'postcodes'].includes(counted.value)) continue;
    const plan = clone(base);
    plan.measure = counted.value as Plan['measure'];
    plan.groupFilter = {
      op: comparator.value as 'gt' | 'gte' | 'lt' | 'lte',
      value: Number(number.value),
      on: 'count',
    };
    const ranking = tagging.tags.find((t) => t.role === 'ranking');
    plan.order = ranking ? direction(ranking, plan) : 'desc';
    if (!tagging.tags.some((t) => t.role === 'ranking' && limitWord(t, tagging))) {
      delete plan.limit;
      plan.assumptions = plan.assumptions.filter((a) => a !== TOP_TEN_ASSUMED);
    }
    if (tagging.tags.some((t) => t.role === 'shape' && t.value === 'count' && t.end <= number.start)) {
      plan.countGroups = true;
      delete plan.order;
      delete plan.limit;
    }
    return [{ plan, differs: `the places with ${comparator.text} ${number.value} ${counted.text}` }];
  }
  return [];
}

/**
 * Bands of the number of networks set against each other ("exactly one FF network vs two or more", "1 altnet and
 * 2+ altnets by region"): a column each, the rest of the subject the same.
 */
function networkBandsSideBySide(base: Plan, tagging: Tagging): Edit[] {
  const s = base.subject;
  if (base.compare?.length || (s.minNetworks === undefined && s.exactNetworks === undefined)) return [];
  if (!SIDE_BY_SIDE_MEASURES.has(base.measure) || base.dataset === 'take_up') return [];
  if (!VERSUS.test(tagging.text) && !/\b(?:and|compared|against)\b/.test(tagging.text)) return [];
  const numbers = tagging.tags.filter(
    (t) =>
      t.role === 'number' &&
      Number.isInteger(Number(t.value)) &&
      Number(t.value) >= 1 &&
      Number(t.value) <= 10,
  );
  if (numbers.length !== 2) return [];
  // The two bands are one phrase: "one FF network vs two or more", not a count and an unrelated top 10.
  const between = tagging.text.slice(numbers[0]!.end, numbers[1]!.start);
  if (
    !/\b(?:vs\.?|versus|v|and|or|against|compared (?:to|with))\b/.test(between) ||
    between.trim().split(' ').length > 10
  )
    return [];
  const bands = numbers.map((n) => {
    const value = Number(n.value);
    const before = adjacent(tagging, n, -1);
    const after = adjacent(tagging, n, 1);
    if (after?.role === 'comparator' && after.value === 'gte') return { minNetworks: value };
    if (before?.role === 'comparator' && before.value === 'gte') return { minNetworks: value };
    if (before?.role === 'comparator' && before.value === 'gt') return { minNetworks: value + 1 };
    if (before?.role === 'comparator' && before.value !== 'eq') return undefined;
    return { exactNetworks: value };
  });
  if (bands.some((b) => b === undefined)) return [];
  const { minNetworks: _min, exactNetworks: _exact, ...rest } = s;
  const plan = clone(base);
  plan.subject = { ...rest, ...bands[0] };
  plan.compare = [{ ...rest, ...bands[1] }];
  // A list by place in its own order: no ranking was asked.
  if (!tagging.tags.some((t) => t.role === 'ranking')) {
    plan.order = undefined;
    plan.limit = undefined;
  }
  return [{ plan, differs: 'the bands of the number of networks side by side' }];
}

/**
 * The speeds that cut the question's own bands ("premises by speed band: under 30, 30-300, 300-1000, 1Gbps+"):
 * every speed it gives, in Mbit/s, ascending; a speed written as gigabit ("1gbps") is 1,000.
 */
function bandCutsOf(tagging: Tagging, written = false): number[] {
  // A number with a unit of gigabits after it ("1 Gbit/s") is in thousands of Mbit/s.
  const speeds = tagging.tags.flatMap((t) =>
    t.role === 'number'
      ? [Number(t.value) * (/^ (?:gbit|gbps|gb\b|gig)/.test(tagging.text.slice(t.end)) ? 1000 : 1)]
      : t.role === 'technology' && /^1 ?g/.test(t.text)
        ? [GIGABIT_DOWN_MBPS]
        : [],
  );
  const cuts = [...new Set(speeds.filter((n) => n > 1 && n <= 100_000))].sort((a, b) => a - b);
  if (written) return cuts;
  // "30 to 299, 300 to 999": a band's last speed written out is the next band's first, less one.
  return cuts.filter((n) => !cuts.includes(n + 1));
}

/** Speed bands asked with the question's own cut points: one band per range, the model's bands otherwise. */
function bandsOfTheQuestion(base: Plan, tagging: Tagging): Edit[] {
  if (base.bandCuts || base.dataset !== 'upc') return [];
  if (!tagging.tags.some((t) => t.role === 'dimension' && t.value === 'speed_band')) return [];
  const cuts = bandCutsOf(tagging);
  if (cuts.length === 0) return [];
  const plan = clone(base);
  plan.dimension = 'speed_band';
  plan.bandCuts = cuts;
  plan.subject = {};
  plan.compare = undefined;
  plan.within = undefined;
  plan.order = undefined;
  plan.limit = undefined;
  if (!['premises', 'postcodes', 'coverage_pct'].includes(plan.measure)) plan.measure = 'premises';
  return [{ plan, differs: `bands cut at ${cuts.join(', ')} Mbit/s` }];
}

/** "Each January from 2022 to 2026, plus the latest figure": the series and the latest snapshot after it. */
function seriesPlusLatest(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.time.withLatest || !TIME_GRAINS.has(base.dimension ?? '')) return [];
  const to = base.time.seriesTo;
  const latest = tagging.latest.date ?? to;
  // "At the start of each quarter in 2026 and now": a quarterly series up to the latest ends at its last quarter's
  // snapshot, before the latest.
  const quarterly = base.dimension === 'quarter' && latest && Number(latest.slice(5, 7)) % 3 !== 1;
  if (!to || (to >= (latest ?? to) && !quarterly)) return [];
  if (
    !/\b(?:plus|and|with|as well as|also)\s+(?:also\s+)?(?:at\s+|as (?:at|of)\s+)?(?:the\s+)?(?:latest|current|today'?s?|now)\b/.test(
      tagging.text,
    ) &&
    // "..., and what is the figure at the latest snapshot?", "and the figure now".
    !/\band (?:what(?:'s| is| was)? )?(?:the )?(?:figure|number|level|position|count|total) (?:at|in|for|as of|as at)? ?(?:the )?(?:latest|current|today|now)\b/.test(
      tagging.text,
    )
  )
    return [];
  const plan = clone(base);
  plan.time = { ...plan.time, withLatest: true };
  return [{ plan, differs: 'and the latest snapshot', prior: 1 }];
}

/** Levels a series of points can show. */
const SERIES_LEVELS: ReadonlySet<string> = new Set(['premises', 'postcodes', 'coverage_pct']);

/**
 * A forecast level with a change word left unused ("how much will full fibre coverage grow by 2030"): the change
 * from now (the latest snapshot, as DATA.md defines "now" in forecasts) to that forecast point.
 */
function changeUntilForecast(base: Plan, unused: Tag[], tagging: Tagging): { plan: Plan; differs: string }[] {
  const measure = CHANGE_OF[base.measure];
  const now = tagging.latest.date;
  if (base.dataset !== 'upc_forecast' || !base.time.at || !measure || !now) return [];
  if (!unused.some((t) => t.role === 'measure' && t.value === 'change')) return [];
  const plan = clone(base);
  plan.measure = measure;
  plan.time = { from: now, to: base.time.at };
  return [{ plan, differs: `the change from now to ${base.time.at}` }];
}

/**
 * "Premises with no full fibre today but forecast to have it by 2027": the premises the forecast adds between now and
 * that date. (Every postcode with full fibre now is in every later forecast point, so the gain is exactly the
 * premises without it now that have it then.)
 */
function forecastWhereNoneNow(base: Plan, tagging: Tagging): Edit[] {
  const now = tagging.latest.date;
  if (base.dataset !== 'upc_forecast' || !now || !NONE_NOW.test(tagging.text)) return [];
  const to = base.time.at ?? base.time.to;
  const measure = CHANGE_OF[base.measure] ?? base.measure;
  if (!to || !['change_premises', 'change_postcodes'].includes(measure)) return [];
  const plan = clone(base);
  plan.measure = measure;
  plan.subject = { ...plan.subject, absent: undefined };
  plan.time = { from: now, to, phrase: plan.time.phrase };
  return [{ plan, differs: `without it now, forecast by ${to}` }];
}

/** A plan the tags allow, and what it does differently; `prior` favours a reading the tags alone cannot tell. */
interface Edit {
  plan: Plan;
  differs: string;
  prior?: number;
}

/**
 * "What can I get at SW1A 1AA", "what broadband is available at LS1 4AP": one address asked about with no measure
 * or service named wants what is on offer there, each network and its fastest speeds, rather than the address's
 * count of premises. Both readings use the same tags, so this one is favoured by a prior above the readers' own.
 */
function onOfferAtAnAddress(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.geo?.column !== 'postcode' || base.geo.values.length !== 1) return [];
  const subject = Object.values(base.subject).some((v) => v !== undefined && v !== false);
  if (base.measure !== 'premises' || base.dimension || subject) return [];
  const asked = ['measure', 'technology', 'filter', 'dimension', 'network', 'operator', 'dataset', 'time'];
  if (tagging.tags.some((t) => asked.includes(t.role))) return [];
  const plan = clone(base);
  plan.measure = 'max_speeds';
  plan.dimension = 'operator_group';
  return [{ plan, differs: 'the networks there and their fastest speeds', prior: 1 }];
}

/**
 * "Which networks are at M14 4JX and what speeds?", "what techs can they get and best down/up on each": networks
 * or technologies listed with a speed asked of each are their fastest speeds, not their premises.
 */
function speedsOfEach(base: Plan, unused: Tag[]): Edit[] {
  if (
    base.dataset !== 'upc' ||
    !base.dimension ||
    !NETWORK_DIMENSIONS.has(base.dimension) ||
    base.measure !== 'premises'
  )
    return [];
  const speed = unused.find(
    (t) => t.role === 'measure' && ['speed', 'both_speeds', 'upload'].includes(t.value),
  );
  if (!speed) return [];
  const plan = clone(base);
  plan.measure = speed.value === 'upload' ? 'max_up' : 'max_speeds';
  delete plan.order;
  return [{ plan, differs: `the fastest ${speed.value === 'upload' ? 'upload' : 'speeds'} of each` }];
}

/**
 * "VMO2 fixed lines 2026Q4 plus QoQ and YoY net adds": the change on the quarter before and on the same quarter a
 * year before, side by side (two figures of one brand's lines, each compiled as asked alone).
 */
function bothLineChanges(base: Plan, tagging: Tagging): Edit[] {
  const change = base.takeUp?.change;
  if (base.dataset !== 'take_up' || !change || base.dimension || base.alongside?.length) return [];
  if (!/\b(?:qoq|q-o-q|quarter[- ]on[- ]quarter)\b/.test(tagging.text)) return [];
  if (!/\b(?:yoy|y-o-y|year[- ]on[- ]year)\b/.test(tagging.text)) return [];
  const plan = clone(base);
  const other = clone(base);
  other.takeUp = { ...other.takeUp, change: change === 'qoq' ? 'yoy' : 'qoq' };
  const { notes: _n, unknowns: _u, assumptions: _a, ...part } = other;
  plan.alongside = [{ ...part, notes: [], unknowns: [], assumptions: [] }];
  return [
    { plan, differs: 'the change on the quarter before and on the year before, side by side', prior: 1 },
  ];
}

/** The fastest download asked with the upload, or the other way round: both speeds, side by side. */
function bothSpeeds(base: Plan, unused: Tag[]): { plan: Plan; differs: string }[] {
  if (base.measure !== 'max_down' && base.measure !== 'max_up') return [];
  const other = unused.some(
    (t) =>
      t.role === 'measure' &&
      (t.value === 'both_speeds' || t.value === 'upload' || (t.value === 'speed' && /\bdown/.test(t.text))),
  );
  if (!other) return [];
  const plan = clone(base);
  plan.measure = 'max_speeds';
  return [{ plan, differs: 'both the download and the upload' }];
}

function quarterIndex(quarter: string): number {
  const [year, q] = quarter.split('Q').map(Number) as [number, number];
  return year * 4 + q;
}

/**
 * "How many LAs have at least one altnet", "number of regions where CityFibre is present": the places of that
 * level where the subject is (or that pass the test the question sets), counted.
 */
function countOfPlaces(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.countGroups || base.dataset !== 'upc' || base.compare?.length || base.leaderPerDimension)
    return [];
  const count = unused.find((t) => t.role === 'shape' && t.value === 'count');
  const level = count ? adjacent(tagging, count, 1) : undefined;
  if (level?.role !== 'dimension') return [];
  if (!GEO_DIMENSIONS_OF_PLAN.has(level.value)) return [];
  if (!['premises', 'postcodes', 'coverage_pct'].includes(base.measure)) return [];
  const plan = clone(base);
  plan.dimension = level.value as Dimension;
  plan.measure = 'coverage_pct';
  plan.countGroups = true;
  if (base.subject.absent && !base.groupFilter) {
    // "How many postcode areas have no Hyperoptic": the places where it is nowhere, not those it misses a bit of.
    const { absent: _absent, ...present } = base.subject;
    plan.subject = present;
    plan.groupFilter = { op: 'lte', value: 0 };
  } else plan.groupFilter = base.groupFilter ?? { op: 'gt', value: 0 };
  delete plan.order;
  delete plan.limit;
  return [{ plan, differs: `the number of ${level.text}` }];
}

/**
 * "Which councils have 4 or more different altnets present": the places whose count of altnets (or networks) passes
 * the test, listed with the count; not the premises where that many are present. No premises or postcodes are asked.
 */
function placesWithNetworks(base: Plan, tagging: Tagging): Edit[] {
  const s = base.subject;
  const n = s.minNetworks ?? s.exactNetworks;
  if (!n || base.dataset !== 'upc' || !base.dimension || !GEO_DIMENSIONS_OF_PLAN.has(base.dimension))
    return [];
  if (base.groupFilter || base.compare?.length || base.within || s.absent) return [];
  if (tagging.tags.some((t) => t.role === 'measure' && ['premises', 'postcodes', 'share'].includes(t.value)))
    return [];
  // A heading before the question ("Altnet hotspots: which councils ...") is no part of it.
  if (!/^\s*(?:[a-z0-9'-]+ ){0,3}(?:which|what|list|show|name)\b/.test(tagging.text)) return [];
  const plan = clone(base);
  const { minNetworks: _min, exactNetworks: _exact, networksAreAltnets, ...rest } = s;
  plan.subject = networksAreAltnets ? { ...rest, altnet: true } : rest;
  plan.measure = 'operator_count';
  plan.groupFilter = { op: s.exactNetworks ? 'lte' : 'gte', value: n, on: 'count' };
  // "Exactly 2": at most 2 and at least 2 cannot be one test; only "N or more" is read this way.
  if (s.exactNetworks) return [];
  plan.order = 'desc';
  delete plan.limit;
  // Asked of the places ("which councils have ..."), with no premises named: the places are the answer.
  return [
    {
      plan,
      differs: `the places with ${n} or more`,
      prior: 1,
    },
  ];
}

/**
 * "The altnet with the largest footprint in the South West", "which network is biggest in Leeds": a ranking word
 * beside a kind of network, with nothing else ranked, ranks the networks of that kind (the first, for a singular).
 */
function rankedNetworks(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dimension || base.leaderPerDimension || base.dataset === 'take_up' || base.compare?.length)
    return [];
  const ranking = unused.find((t) => t.role === 'ranking' && t.value !== 'rank');
  // "Which five independent networks added the most": the networks asked for by number, ranked by the measure.
  const asked = ranking && askedNetworks(tagging, ranking);
  const kind = ranking && (rankedNetworkKind(ranking, tagging) ?? asked?.kind);
  if (!ranking || !kind) return [];
  const plan = clone(base);
  const altnets = kind.role === 'technology' && kind.value === 'altnet';
  // "The biggest 5 FF networks": full fibre networks ranked, not postcodes with 5 of them.
  if (kind.role === 'technology' && kind.value === 'overbuild') {
    const { exactNetworks: _exactly, minNetworks: _atLeast, ...rest } = plan.subject;
    plan.subject = { ...rest, tech: rest.tech ?? FULL_FIBRE };
  }
  plan.dimension = altnets ? 'operator' : 'operator_group';
  if (altnets) plan.subject = { ...plan.subject, altnet: true };
  plan.order = direction(ranking, plan);
  const count = adjacent(tagging, ranking, 1);
  plan.limit =
    count?.role === 'number'
      ? Number(count.value)
      : asked
        ? asked.limit
        : /s$/.test(kind.text)
          ? plan.limit
          : 1;
  const measures = ['premises', 'postcodes', 'coverage_pct', ...(asked ? ['change_premises'] : [])];
  if (!measures.includes(plan.measure)) return [];
  // A singular kind ("the network with the most ...") is one answer: it beats the bare grouping by networks.
  return [{ plan, differs: `the ${ranking.text} ${kind.text}`, prior: plan.limit === 1 ? 0.25 : 0 }];
}

/**
 * "Altnet league table, premises passed now", "Scotland FF networks ranked by premises": the networks of the kind
 * named, every one of them, ranked by the measure (largest first).
 */
function networksLeagueTable(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dimension || base.leaderPerDimension || base.dataset === 'take_up' || base.compare?.length)
    return [];
  if (!['premises', 'postcodes', 'coverage_pct', 'change_premises'].includes(base.measure)) return [];
  const ranked = unused.find((t) => t.role === 'ranking' && t.value === 'rank');
  const kind = tagging.tags.find((t) => networkKind(t) && /s\b|s$/.test(t.text));
  const altnetKind = tagging.tags.find((t) => t.role === 'technology' && t.value === 'altnet');
  if (!ranked || !(kind ?? altnetKind)) return [];
  const plan = clone(base);
  // "FF networks ranked": the full-fibre networks, not the premises with several of them.
  if (kind?.value === 'overbuild') {
    if (adjacent(tagging, kind, -1)?.role === 'number') return [];
    const { minNetworks: _min, exactNetworks: _exact, networksAreAltnets: _alt, ...rest } = plan.subject;
    plan.subject = { ...rest, tech: FULL_FIBRE };
  }
  const altnets = Boolean(altnetKind) && !kind?.text.match(/\bnetworks?\b/);
  plan.dimension = altnets ? 'operator' : 'operator_group';
  if (altnets) plan.subject = { ...plan.subject, altnet: true };
  plan.order = 'desc';
  delete plan.limit;
  return [{ plan, differs: `the ${(kind ?? altnetKind)!.text} ranked` }];
}

/** "Which five independent networks ... most": a number after a question word, right before a network kind. */
function askedNetworks(tagging: Tagging, ranking: Tag): { kind: Tag; limit: number } | undefined {
  const number = tagging.tags.find(
    (t) =>
      t.role === 'number' &&
      t.end <= ranking.start &&
      /\b(?:which|what|the|top|list|name|show)\s*$/.test(tagging.text.slice(0, t.start)),
  );
  const kind = number && adjacent(tagging, number, 1);
  if (!kind || !networkKind(kind) || !/s$/.test(kind.text)) return undefined;
  return { kind, limit: Number(number.value) };
}

/**
 * "Leaving Openreach aside, who is the largest FF network in each home nation": networks ranked, with a place level
 * said with "each" left over, are ranked within each place (the first N of each).
 */
function networksRankedInEachPlace(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.leaderPerDimension || base.compare?.length || !base.order) return [];
  if (base.dimension !== 'operator_group' && base.dimension !== 'operator') return [];
  if (!['premises', 'postcodes'].includes(base.measure) || (base.limit ?? 1) > 10) return [];
  const place = unused.find(
    (t) => t.role === 'dimension' && GEO_DIMENSIONS_OF_PLAN.has(t.value) && eachOf(t, tagging),
  );
  if (!place) return [];
  const plan = clone(base);
  plan.dimension = place.value as Dimension;
  plan.leaderPerDimension = true;
  return [
    { plan, differs: `the ${base.order === 'asc' ? 'smallest' : 'largest'} network in each ${place.text}` },
  ];
}

/** "Each of" right before a list of places ("in each of Glasgow City, Cardiff and Leeds"). */
function eachOfNamedPlaces(tag: Tag, tagging: Tagging): boolean {
  const next = tagging.tags.find((t) => t.start >= tag.end && t.role !== 'grammar');
  return (
    next?.role === 'place' &&
    /^ (?:of )?(?:the )?$/.test(tagging.text.slice(tag.end, next.start)) &&
    // Places named one by one, or several by one name ("the devolved nations").
    tagging.tags
      .filter((t) => t.role === 'place')
      .reduce((n, t) => n + String(t.value).split('|').length, 0) >= 2
  );
}

/** "Altnets in Leeds by premises": the altnets are the rows, ranked by the premises each passes. */
function kindListedBySize(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.dimension || base.measure !== 'premises') return [];
  const kind =
    /^\s*(altnets?|(?:ff |fttp |full fibre |gigabit )?networks) (?:in|across|within) .*\bby (?:premises|footprint|size|postcodes|homes)\b/.exec(
      tagging.text,
    );
  if (!kind) return [];
  const altnets = kind[1]!.startsWith('altnet');
  if (altnets && !base.subject.altnet) return [];
  const plan = clone(base);
  plan.dimension = altnets ? 'operator' : 'operator_group';
  plan.order = 'desc';
  return [{ plan, differs: `the ${altnets ? 'altnets' : 'networks'} a row each, largest first`, prior: 1 }];
}

/**
 * "Top 5 altnets by premises passed and their yoy growth": the ranking is by the level named after "by", and the
 * change is shown beside it, not ranked.
 */
function rankedByLevelWithChange(base: Plan, tagging: Tagging): Edit[] {
  // A brand's share of lines at two quarters ("top 5 ISPs by share, with the pp change QoQ") ranks like a level.
  const shareOfLines =
    base.dataset === 'take_up' && base.measure === 'line_share_pct' && Boolean(base.takeUp?.change);
  const share = base.measure === 'change_pp' || shareOfLines;
  if (
    !(['change_premises', 'change_postcodes', 'change_pp'].includes(base.measure) || shareOfLines) ||
    !base.order ||
    base.rankByLevel
  )
    return [];
  // "Top 5 altnets by premises passed", "bottom 10 councils on gigabit coverage today": the level ranked on.
  const level = tagging.tags.find(
    (t) =>
      t.role === 'measure' &&
      (share
        ? t.value === 'share' || t.value === 'market_share'
        : ['premises', 'postcodes'].includes(t.value)) &&
      /\b(?:by|on) (?:the )?(?:most |number of )?(?:[a-z-]+ ){0,2}$/.test(tagging.text.slice(0, t.start)),
  );
  // "With their Nov 25 % next to it": the earlier level said by its date, beside the ranked one.
  const change =
    tagging.tags.find((t) => t.role === 'measure' && t.value === 'change') ??
    tagging.tags.find(
      (t) =>
        t.role === 'time' &&
        level !== undefined &&
        t.start > level.end &&
        /\b(?:with|plus|and|beside|alongside|next to)\s+(?:their|its|the|each [a-z]+'s)?\s*$/.test(
          tagging.text.slice(0, t.start),
        ),
    );
  // "By premises and their growth", "on coverage today, plus the YoY pp change": a second figure joined on; "by FTTP
  // premises added" is the change itself.
  if (!level || !change || change.start < level.end) return [];
  if (!/\b(?:and|plus|with|w\/)\b|[,:;]/.test(tagging.text.slice(level.end, change.start))) return [];
  const plan = clone(base);
  plan.rankByLevel = true;
  return [{ plan, differs: `ranked by ${level.text}, the change beside it`, prior: 1 }];
}

/**
 * "The second biggest FF network in each nation", "who is number 2 in each region": the network at that position in
 * each place's ranking, not the leader.
 */
function nthNetworkInEachPlace(base: Plan, tagging: Tagging): Edit[] {
  if (!base.leaderPerDimension || base.leaderPosition || (base.limit ?? 1) > 1) return [];
  const ordinal = /\b(second|2nd|third|3rd|runner[- ]up)\b/.exec(tagging.text);
  if (!ordinal) return [];
  const plan = clone(base);
  plan.leaderPosition = /^(?:third|3rd)$/.test(ordinal[1] ?? '') ? 3 : 2;
  return [{ plan, differs: `the ${ordinal[1]} network in each place`, prior: 1.5 }];
}

/** "% growth", "growth rate", "in percentage terms": a change said as a per cent of where it started. */
const GROWTH_IN_PER_CENT =
  /(?:%|\bper ?cent(?:age)?|\bshare)\s*(?:growth|increase|change|rise|gain)|\b(?:growth|increase|rise)\s*(?:%|\bper ?cent\b|\brate\b)|\bin (?:%|per ?cent(?:age)?|relative|share) terms\b|\brelative (?:growth|increase)\b/;

/**
 * "Top 5 altnets by YoY % growth in premises passed", "fastest growing networks in percentage terms": ranked by the
 * change as a per cent of the earlier level, not by the change in premises.
 */
function rankedByGrowth(base: Plan, tagging: Tagging): Edit[] {
  if (!['change_premises', 'change_postcodes'].includes(base.measure) || !base.order) return [];
  if (base.rankByGrowth || base.rankByLevel || base.flow || !GROWTH_IN_PER_CENT.test(tagging.text)) return [];
  const plan = clone(base);
  plan.rankByGrowth = true;
  return [{ plan, differs: 'ranked by the growth in per cent', prior: 1.5 }];
}

/**
 * "LAs with the lowest FF", "regions with the highest gigabit": places ranked by a level of the subject, no
 * measure named, are judged by how much of each has it (its coverage), as the measure reader judges "the worst".
 */
function judgedByCoverage(base: Plan, tagging: Tagging): Edit[] {
  if (
    base.dataset !== 'upc' ||
    base.measure !== 'premises' ||
    !GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '')
  )
    return [];
  // "Lowest FF" (the level of the subject), or a judgement of the places ("worst 5 las gig") with no measure named.
  const level =
    /\b(?:lowest|highest)\s+(?:ff|fttp|ftth|full[- ]fibre|gigabit|gig|superfast|ultrafast|sfbb|ufbb)\b/;
  const judged = tagging.tags.some(
    (t) => t.role === 'ranking' && /^(?:worst|best|poorest|weakest|strongest)$/.test(t.text),
  );
  const s = base.subject;
  const condition =
    Boolean(s.tech || s.gigabit || s.minDown || s.belowUso) && !s.operatorGroups && !s.operators && !s.altnet;
  if (!(level.test(tagging.text) || (judged && condition))) return [];
  if (
    tagging.tags.some(
      (t) => t.role === 'measure' && ['premises', 'postcodes', 'population'].includes(t.value),
    )
  )
    return [];
  const plan = clone(base);
  plan.measure = 'coverage_pct';
  plan.assumptions.push('places judged by coverage (the share of their premises)');
  return [{ plan, differs: 'judged by coverage', prior: 1 }];
}

/**
 * "Using the latest attractiveness scores, which councils have the highest average digital deprivation score": the
 * attractiveness data holds both scores, and the one named for the ranking is deprivation.
 */
function deprivationNamed(base: Plan, tagging: Tagging): Edit[] {
  if (base.measure !== 'avg_attractiveness') return [];
  if (!tagging.tags.some((t) => t.role === 'measure' && t.value === 'score' && /depriv/.test(t.text)))
    return [];
  const plan = clone(base);
  plan.measure = 'avg_deprivation';
  return [{ plan, differs: 'the digital deprivation score' }];
}

/**
 * "When is Wales forecast to pass 95% full fibre coverage?", "when did Leeds reach 50% FTTP": the first point of
 * the series (the forecast's points, or the monthly snapshots from the first) whose share is at least the one
 * named.
 */
function whenAShareIsReached(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || base.measure !== 'coverage_pct' || base.dimension || base.groupFilter)
    return [];
  if (!/^\s*(?:when|by when|in which (?:month|year)|what (?:month|year|date))\b/.test(tagging.text))
    return [];
  const reached =
    /\b(?:pass(?:es)?|reach(?:es)?|hit|hits|exceed(?:s)?|cross(?:es)?|top|get to|gets to|surpass(?:es)?|go above|be above|be over)\s+(\d{1,3}(?:\.\d+)?)\b/.exec(
      tagging.text,
    );
  const value = Number(reached?.[1]);
  if (!reached || !(value > 0 && value <= 100)) return [];
  const plan = clone(base);
  const forecast = base.dataset === 'upc_forecast';
  plan.dimension = forecast ? 'half_year' : 'month';
  plan.time = forecast ? {} : { seriesFrom: tagging.earliest };
  plan.groupFilter = { op: 'gte', value };
  plan.order = 'asc';
  plan.limit = 1;
  return [{ plan, differs: `the first point at ${value}% or more`, prior: 1 }];
}

/**
 * "Gigabit coverage in Wales right now, and how does that compare with the UK as a whole?": the place named and
 * the UK, a row each, the same figure for both.
 */
/** "The gap to the UK", "NE minus UK", "the difference in points": each place's figure less the UK's. */
const UK_GAP = /\b(?:gap|difference|diff|minus|less)\b/;

/** "The rest of the UK", "the rest of the country", "elsewhere in the UK". */
const REST_OF_UK =
  /\b(?:rest of (?:the )?(?:uk|united kingdom|country|britain|great britain|gb)|elsewhere in (?:the )?(?:uk|united kingdom|country))\b/;

function placeBesideTheUk(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || !base.geo || base.withUk) return [];
  if (!unused.some((t) => t.role === 'place' && t.value === 'uk')) return [];
  if (!['coverage_pct', 'premises', 'postcodes'].includes(base.measure)) return [];
  if (base.dimension && base.dimension !== base.geo.column) return [];
  const shaped =
    base.compare?.length ||
    base.within ||
    base.rankWithin ||
    base.leaderPerDimension ||
    base.groupFilter ||
    base.footprintShare ||
    base.subject.score ||
    base.splitUrbanRural;
  if (shaped) return [];
  const plan = clone(base);
  plan.withUk = true;
  // "Scotland versus the rest of the UK": the UK less the places named.
  if (REST_OF_UK.test(tagging.text)) plan.ukRest = true;
  // "..., and the gap (NE minus UK) in pts": each place's figure less the UK's.
  if (UK_GAP.test(tagging.text) && base.measure === 'coverage_pct') plan.ukGap = true;
  delete plan.dimension;
  delete plan.order;
  delete plan.limit;
  return [{ plan, differs: 'beside the UK as a whole' }];
}

/**
 * "FF % by nation plus a UK total row", "by region + UK", "each nation and the UK as a whole": the UK named beside the
 * rows of a place grouping is one more row, not the scope the places lie in ("by region across the UK").
 */
function ukAsTotalRow(tag: Tag, tagging: Tagging, plan: Plan): boolean {
  if (!plan.dimension || !GEO_DIMENSIONS_OF_PLAN.has(plan.dimension) || plan.geo) return false;
  const before = tagging.text.slice(0, tag.start).trimEnd();
  const after = tagging.text.slice(tag.end).trimStart();
  if (
    /^(?:'s\b|wide\b)/.test(after) ||
    /\b(?:in|across|of|for|throughout|within|around|all over)(?: the)?$/.test(before)
  )
    return false;
  return (
    /^(?:total|totals|as a whole|overall|average|avg|row|level|figure|wide total|in total|combined)\b/.test(
      after,
    ) ||
    /(?:\b(?:plus|and|with|vs|versus|against|compared (?:with|to)|beside|alongside|incl|including|nations?|regions?|countries|council|councils|las?|authorities)|\+|&)(?: the| a| an)?$/.test(
      before,
    )
  );
}

function rowsBesideTheUk(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || base.geo || base.withUk || !base.dimension) return [];
  if (!GEO_DIMENSIONS_OF_PLAN.has(base.dimension)) return [];
  const uk = unused.find((t) => t.role === 'place' && t.value === 'uk');
  if (!uk || !ukAsTotalRow(uk, tagging, base)) return [];
  if (base.rankWithin || base.leaderPerDimension || base.groupFilter || base.placeStats || base.placeBands)
    return [];
  if (base.rankOf || base.countGroups || base.splitUrbanRural || base.thenBy) return [];
  const plan = clone(base);
  plan.withUk = true;
  if (UK_GAP.test(tagging.text) && base.measure === 'coverage_pct') plan.ukGap = true;
  return [{ plan, differs: 'with the UK as one more row' }];
}

/**
 * A place beside a wider place it lies in ("how does Belfast's full fibre coverage compare with Northern Ireland as
 * a whole", "Leeds vs Yorkshire on gigabit"): the same figure for both, one row, each place's figures in columns of
 * their own (two figures of one question, `alongside`).
 */
/** A place level's rank in the model: 1 for a nation, growing finer down to the unit postcode. */
const placeRank = (column: string) =>
  (DIMENSION_LIST.find((d) => d.id === column) as { rank?: number } | undefined)?.rank ?? 0;

function placeBesideWiderPlace(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || !base.geo || base.geo.values.length !== 1 || base.alongside?.length)
    return [];
  if (base.dimension || base.withUk || base.compare?.length || base.within || base.groupFilter) return [];
  if (!['coverage_pct', 'premises', 'postcodes', 'households'].includes(base.measure)) return [];
  if (!VERSUS.test(tagging.text) && !/\bas a whole\b/.test(tagging.text)) return [];
  const wider = unused.find((t) => {
    if (t.role !== 'place' || t.value === 'uk') return false;
    const column = (
      placeColumn(t) === 'government_region' && placeValues(t).every((v) => NATION_REGIONS.has(v))
        ? 'country'
        : placeColumn(t)
    ) as GeoColumn;
    return (
      (GEO_COLUMNS as readonly string[]).includes(column) &&
      // "SE15 compared with Southwark as a whole": a postcode district is not inside one authority, but said "as
      // a whole", the authority is the wider place it is set against.
      (nestsIn(base.geo!.column, column) ||
        (/\bas a whole\b/.test(tagging.text) && placeRank(column) < placeRank(base.geo!.column)))
    );
  });
  if (!wider) return [];
  const values = placeValues(wider);
  if (values.some((v) => base.geo?.values.includes(v))) return [];
  const column = (
    placeColumn(wider) === 'government_region' && values.every((v) => NATION_REGIONS.has(v))
      ? 'country'
      : placeColumn(wider)
  ) as GeoColumn;
  const plan = clone(base);
  const other = clone(base);
  other.geo = { column, values };
  plan.alongside = [other];
  return [{ plan, differs: `beside ${values.join(', ')} as a whole` }];
}

/**
 * "Which altnet passes the most premises in each of Glasgow City, Cardiff and Leeds": the leading network in each
 * place named, not the one leading across them all.
 */
function leaderInEachNamedPlace(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.leaderPerDimension || base.compare?.length) return [];
  if (!base.geo || base.geo.values.length < 2) return [];
  if (base.dimension !== 'operator_group' && base.dimension !== 'operator') return [];
  if (!['premises', 'postcodes'].includes(base.measure) || (base.limit ?? 1) > 10) return [];
  if (!tagging.tags.some((t) => t.role === 'shape' && t.value === 'each' && eachOfNamedPlaces(t, tagging)))
    return [];
  const plan = clone(base);
  plan.dimension = base.geo.column;
  plan.leaderPerDimension = true;
  plan.order = base.order ?? 'desc';
  if (base.limit === 1) delete plan.limit;
  return [{ plan, differs: 'the leading network in each place named' }];
}

/**
 * "The top 3 networks by full fibre premises in each region": the first N networks of each place. The first plan
 * ranks the places and leaves the network kind unused; the limit is then the number of networks kept per place.
 */
function topNetworksInEach(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.leaderPerDimension || base.rankWithin || base.compare?.length) return [];
  if (!base.limit || base.limit > 10 || !GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '')) return [];
  if (!['premises', 'postcodes'].includes(base.measure)) return [];
  // "Top 3 FF networks": networks counted by a ranking ("3+ FF networks" is overbuild, a count of them).
  const ranked = (t: Tag) => {
    const n = adjacent(tagging, t, -1);
    return n?.role === 'number' && adjacent(tagging, n, -1)?.role === 'ranking';
  };
  const kind = unused.find(
    (t) =>
      networkKind(t) &&
      /s$/.test(t.text) &&
      (!(t.role === 'technology' && t.value === 'overbuild') || ranked(t)),
  );
  const place = tagging.tags.find(
    (t) => t.role === 'dimension' && t.value === base.dimension && eachOf(t, tagging),
  );
  if (!kind || !place) return [];
  const plan = clone(base);
  plan.leaderPerDimension = true;
  plan.order = 'desc';
  if (kind.role === 'technology' && kind.value === 'altnet') plan.subject = { ...plan.subject, altnet: true };
  return [{ plan, differs: `the top ${base.limit} ${kind.text} in each ${place.text}` }];
}

/**
 * "What share of CityFibre's footprint is rural", "what % of Openreach FTTP premises are in Scotland": the place
 * or class comes after the subject's own premises and a verb of being, so the share is of the subject's premises
 * (those there over all of them), not of the place's premises covered.
 */
function footprintShare(base: Plan, tagging: Tagging): Edit[] {
  // "Gigaclear's urban/rural mix ... as a % of its total footprint": a row per class or place, each its share.
  if (
    base.dataset === 'upc' &&
    base.measure === 'coverage_pct' &&
    (base.dimension === 'urban_rural' || GEO_DIMENSIONS_OF_PLAN.has(base.dimension ?? '')) &&
    !base.within &&
    !base.compare?.length &&
    !base.footprintShare &&
    (base.subject.operatorGroups?.length || base.subject.altnet) &&
    /\b(?:%|share|percent(?:age)?|proportion|split|mix) of (?:its|their|the|[a-z.]+'s?) (?:total |whole |own |overall )?(?:footprint|premises|network|build|coverage)\b|\b(?:mix|split)\b/.test(
      tagging.text,
    )
  ) {
    const plan = clone(base);
    plan.footprintShare = true;
    return [{ plan, differs: "each part's share of its own premises", prior: 1 }];
  }
  // "What proportion of premises in each nation is rural": no subject, each place's share of rural premises.
  if (
    base.dataset === 'upc' &&
    base.measure === 'coverage_pct' &&
    base.urbanRural &&
    base.dimension !== undefined &&
    PLACE_COLUMNS.has(base.dimension) &&
    !base.footprintShare &&
    !base.within &&
    !base.compare?.length &&
    base.assumptions.includes(DEFAULT_TECHNOLOGY_ASSUMPTION) &&
    !tagging.tags.some((t) => t.role === 'technology' || t.role === 'network') &&
    /\b(?:premises|homes|properties)\b[^.?]*\b(?:is|are)(?: classed as| classified as| counted as)? (?:rural|urban)\b/.test(
      tagging.text,
    )
  ) {
    const plan = clone(base);
    plan.subject = {};
    plan.footprintShare = true;
    plan.assumptions = plan.assumptions.filter((a) => a !== DEFAULT_TECHNOLOGY_ASSUMPTION);
    return [{ plan, differs: `the share of each place's premises that are ${base.urbanRural}`, prior: 1 }];
  }
  if (base.dataset !== 'upc' || base.measure !== 'coverage_pct' || base.dimension || base.within) return [];
  if (base.compare?.length || base.footprintShare || !(base.geo || base.urbanRural)) return [];
  const s = base.subject;
  // "What % of Scottish premises are rural": no subject, so no default technology either.
  const assumedTech =
    base.assumptions.includes(DEFAULT_TECHNOLOGY_ASSUMPTION) &&
    !tagging.tags.some((t) => t.role === 'technology');
  if (!(s.operatorGroups?.length || s.operators?.length || s.altnet || s.tech || s.gigabit)) return [];
  if (assumedTech && !base.urbanRural) return [];
  const part =
    tagging.tags.find((t) => t.role === 'dimension' && t.value === 'urban_rural') ??
    tagging.tags.find((t) => t.role === 'place');
  if (!part) return [];
  const before = tagging.text.slice(0, part.start);
  if (!FOOTPRINT_THEN_PLACE.test(before)) return [];
  const plan = clone(base);
  plan.footprintShare = true;
  if (assumedTech) {
    const { tech: _tech, ...rest } = plan.subject;
    plan.subject = rest;
    plan.assumptions = plan.assumptions.filter((a) => a !== DEFAULT_TECHNOLOGY_ASSUMPTION);
  }
  return [{ plan, differs: `the share of its own premises that are ${place(plan)}`, prior: 1 }];
}
const FOOTPRINT_THEN_PLACE =
  /\b(?:footprint|premises|network|build|rollout|roll-out|homes|postcodes|coverage)\b[^.?]*\b(?:is|are|lies?|lie|sits?|falls?|located|based|found)(?: (?:with)?in| in)?(?: the)?\s*$/;

/**
 * "CityFibre but no Openreach FTTP", "premises where Openreach has FTTP but Virgin doesn't": what is named before the
 * negation is present, and the network named with it (and its technology) is not.
 */
function butNotNetwork(base: Plan, tagging: Tagging): Edit[] {
  if (base.dataset !== 'upc' || base.within || base.compare?.length || base.subject.exclude) return [];
  const negation = tagging.tags.find((t) => t.role === 'negation' && !LEAVE_OUT.test(t.text));
  if (!negation) return [];
  const content = (t: Tag) => t.role === 'network' || t.role === 'technology';
  const before = tagging.tags.filter((t) => t.end <= negation.start && content(t));
  // "... but Virgin doesn't": the network named right before a negated verb is the one lacking.
  const trailing = /^(?:doesn't|does not|don't|do not|isn't|is not|hasn't|has not|haven't|have not)$/.test(
    negation.text,
  );
  // "VM cable (the docsis network, not rfog), what % also have OR FF": what is negated is what follows the negation
  // first (VM's own FTTP, a clarification), not a network named later.
  const firstAfter = tagging.tags.find((t) => t.start >= negation.end);
  if (!trailing && firstAfter && !content(firstAfter)) return [];
  const lacking = trailing
    ? before.filter((t) => t.role === 'network').slice(-1)
    : tagging.tags.filter((t) => t.start >= negation.end && content(t));
  const present = trailing ? before.filter((t) => !lacking.includes(t)) : before;
  const has = subjectOfTags(present);
  const lacks = subjectOfTags(lacking);
  if (!has || !lacks?.operatorGroups?.length || has.absent || lacks.absent) return [];
  const plan = clone(base);
  plan.subject = {
    ...has,
    exclude: {
      operatorGroups: lacks.operatorGroups,
      ...(lacks.tech === FULL_FIBRE ? { tech: FULL_FIBRE } : {}),
      ...(lacks.gigabit ? { gigabit: true } : {}),
    },
  };
  if (plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension)) delete plan.dimension;
  return [{ plan, differs: `without ${lacks.operatorGroups.join(' or ')}`, prior: 0.25 }];
}

/** Words that leave a named network out of the count, rather than say what the premises lack. */
const LEAVE_OUT = /^(?:other than|excluding|except|apart from|aside from|besides|not counting|ignoring)$/;

/**
 * "Which network other than Openreach leads in each region", "FF coverage excluding Openreach": the named network's
 * rows are left out, and every other network counts.
 */
function networksLeftOut(base: Plan, unused: Tag[], tagging: Tagging): Edit[] {
  if (base.dataset === 'take_up' || base.compare?.length || base.within) return [];
  const negation = unused.find((t) => t.role === 'negation' && LEAVE_OUT.test(t.text));
  const named: string[] = [];
  let next = negation && adjacent(tagging, negation, 1);
  while (next?.role === 'network') {
    named.push(next.value);
    const end = next.end;
    const after = tagging.tags.find((t) => t.start >= end);
    const joined = after && LIST_JOINERS.has(tagging.text.slice(next.end, after.start).trim());
    next = joined ? after : undefined;
  }
  if (!named.length) return [];
  const plan = clone(base);
  // A network left out is none of the networks that must be present: never both kept and left out.
  const both = (plan.subject.allGroups ?? []).filter((g) => !named.includes(g));
  const kept = [...(plan.subject.operatorGroups ?? []), ...(both.length === 1 ? both : [])].filter(
    (g) => !named.includes(g),
  );
  plan.subject = { ...plan.subject, operatorGroups: kept.length ? kept : undefined, notGroups: named };
  if (both.length >= 2) plan.subject.allGroups = both;
  else delete plan.subject.allGroups;
  if (plan.subject.groupTech) {
    for (const g of named) delete plan.subject.groupTech[g];
    if (Object.keys(plan.subject.groupTech).length === 0) delete plan.subject.groupTech;
  }
  if (!kept.length) delete plan.subject.operatorGroups;
  return [{ plan, differs: `every network other than ${named.join(' and ')}` }];
}

/** Words that ask for a row for each place of a level ("each region", "per region", "by region"). */
const EACH_WORDS = new Set(['each', 'every', 'per', 'by']);

/** A grouping word asked "for each" of ("each region", "every nation", "per region", "by region"). */
function eachOf(tag: Tag, tagging: Tagging): boolean {
  const before = tagging.text.slice(Math.max(0, tag.start - 22), tag.start);
  // "each of the four nations": the count of them is not the grouping's; "by retail brand": nor the kind of brand.
  const words = before
    .replace(/ retail\s*$/, '')
    .replace(/ (?:two|three|four|five|six|seven|eight|nine|ten|twelve|\d+)\s*$/, '')
    .trim()
    .split(' ');
  // "each of the regions", "every single region": the words between are not the grouping's.
  const last =
    words.at(-1) === 'single'
      ? words.at(-2)
      : words.at(-1) === 'the' && words.at(-2) === 'of'
        ? words.at(-3)
        : words.at(-1);
  return EACH_WORDS.has(last ?? '');
}

/** Other readings of the same words: the other meaning of an ambiguous name, the other measure. */
export function otherMeanings(base: Plan, tagging: Tagging): { plan: Plan; differs: string }[] {
  const out: { plan: Plan; differs: string }[] = [];
  for (const tag of tagging.tags) {
    for (const alt of tag.alternatives ?? []) {
      if (tag.role === 'network' && alt.role === 'place') {
        const plan = clone(base);
        const groups = (plan.subject.operatorGroups ?? []).filter((g) => g !== tag.value);
        if (groups.length) plan.subject.operatorGroups = groups;
        else delete plan.subject.operatorGroups;
        const column = alt.value.slice(0, alt.value.indexOf(':')) as GeoColumn;
        plan.geo = { column, values: [alt.value.slice(alt.value.indexOf(':') + 1)] };
        out.push({
          plan,
          differs: `"${tag.text.toUpperCase()}" read as the ${plan.geo.values[0]} postcode area`,
        });
      }
      if (tag.role === 'place' && alt.role === 'network' && base.geo) {
        const plan = clone(base);
        const values = base.geo.values.filter((v) => !placeValues(tag).includes(v));
        if (values.length) plan.geo = { ...base.geo, values };
        else delete plan.geo;
        plan.subject.operatorGroups = [...new Set([...(plan.subject.operatorGroups ?? []), alt.value])];
        out.push({ plan, differs: `"${tag.text}" read as ${alt.value}` });
      }
    }
  }
  // "The smallest 5 altnets": a number after a ranking word is how many to show, not how many networks a
  // postcode has.
  const s = base.subject;
  if (base.limit !== undefined && (s.exactNetworks === base.limit || s.minNetworks === base.limit)) {
    const plan = clone(base);
    delete plan.subject.exactNetworks;
    delete plan.subject.minNetworks;
    delete plan.subject.networksAreAltnets;
    out.push({ plan, differs: `the ${base.limit} ${base.order === 'asc' ? 'smallest' : 'biggest'}` });
  }
  const namedMeasure = tagging.tags.some(
    (t) =>
      t.role === 'measure' &&
      ['premises', 'share', 'postcodes', 'households', 'business_sites', 'population', 'lines'].includes(
        t.value,
      ),
  );
  if (!namedMeasure && base.dataset === 'upc' && !base.countGroups) {
    if (base.measure === 'premises') {
      const plan = clone(base);
      plan.measure = 'coverage_pct';
      out.push({ plan, differs: 'as a share of premises' });
    } else if (base.measure === 'coverage_pct') {
      const plan = clone(base);
      plan.measure = 'premises';
      out.push({ plan, differs: 'as a number of premises' });
    }
  }
  return out;
}

/** Compiles a candidate; a plan the compiler cannot turn into SQL is not a reading. */
export function compiles(plan: Plan, time: TimeContext): boolean {
  return compiledSql(plan, time) !== undefined;
}

function compiledSql(plan: Plan, time: TimeContext): string | undefined {
  try {
    return buildQuery(plan, time).sql;
  } catch {
    return undefined;
  }
}

/** The readers' plan and every plan the tags allow, compiled, scored, best first. */
export function rankReadings(
  base: Plan,
  tagging: Tagging,
  lexicon: Lexicon,
  time: TimeContext,
): CandidateReading[] {
  // The readers' plan holds what the grammar knows beyond the tags (windows, flows, leaders): it wins ties.
  const first = scorePlan(base, tagging, lexicon, 0.5);
  // The SQL each reading compiles to: two readings with the same SQL are one answer said two ways.
  const sqlOf = new Map<Plan, string>();
  const baseSql = compiledSql(base, time);
  if (baseSql !== undefined) sqlOf.set(first.plan, baseSql);
  // The readers' plan is a reading only if it compiles; its edits are considered either way.
  const scored: Scored[] = baseSql !== undefined ? [first] : [];
  const seen = new Set([signature(base)]);
  // What the edits a reading took favour it by, kept through composed edits (a ranking by the level, then a row
  // for each network, is still that ranking).
  const priorOf = new Map<Plan, number>();
  const consider = (plan: Plan, differs: string, prior = 0) => {
    const key = signature(plan);
    if (seen.has(key)) return;
    const sql = compiledSql(plan, time);
    if (sql === undefined) return;
    seen.add(key);
    const candidate = { ...scorePlan(plan, tagging, lexicon, prior), differs };
    priorOf.set(candidate.plan, prior);
    sqlOf.set(candidate.plan, sql);
    scored.push(candidate);
  };
  for (const edit of editsFor(base, first.unusedTags, tagging)) consider(edit.plan, edit.differs, edit.prior);
  if (scored.length === 0) scored.push(first);
  // Edits compose: a plan that took one edit may allow the next (a place and then its list's grouping).
  for (const round of [1, 2]) {
    void round;
    for (const candidate of [...scored]) {
      for (const edit of editsFor(candidate.plan, candidate.unusedTags, tagging)) {
        consider(
          edit.plan,
          [candidate.differs, edit.differs].filter(Boolean).join(', '),
          (priorOf.get(candidate.plan) ?? 0) + (edit.prior ?? 0),
        );
      }
    }
  }
  for (const other of otherMeanings(base, tagging)) consider(other.plan, other.differs, -0.6);
  scored.sort((a, b) => b.score - a.score);
  // A reading whose SQL a better one already has is no other answer ("year on year" and "since 2025 Q4").
  const answers = new Set<string>();
  const distinct = scored.filter((candidate) => {
    const sql = sqlOf.get(candidate.plan);
    if (sql === undefined) return true;
    if (answers.has(sql)) return false;
    answers.add(sql);
    return true;
  });
  return distinct.map((candidate) => ({
    plan: candidate.plan,
    interpretation: interpret(candidate.plan, time),
    score: Number(candidate.score.toFixed(2)),
    unused: candidate.unusedTags.map(describeTag),
    ...(candidate.differs ? { differs: candidate.differs } : {}),
  }));
}

function signature(plan: Plan): string {
  const { notes: _notes, unknowns: _unknowns, assumptions: _assumptions, ...rest } = plan;
  return JSON.stringify(rest);
}

export function describeTag(tag: Tag): string {
  const what: Record<string, string> = {
    place: 'a place',
    network: 'a network',
    operator: 'an operator',
    technology: 'a technology or condition',
    measure: 'a measure',
    dimension: 'a grouping',
    ranking: 'a ranking',
    shape: 'the shape of the answer',
    number: 'a number',
    comparator: 'a comparison',
    quantifier: 'a quantity',
    negation: 'a negation',
    dataset: 'the dataset',
  };
  return `"${tag.text}" (${what[tag.role] ?? tag.role})`;
}
