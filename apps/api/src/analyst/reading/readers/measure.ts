/** The measure: what is counted or computed (premises, postcodes, coverage, change, speeds, lines, scores). */
import { addMonths, FULL_FIBRE } from '@qa/warehouse';
import { type Measure, PLACE_COLUMNS } from '../../semantic/plan.js';
import { JUDGEMENT_WORDS, VOCABULARY } from '../vocabulary.js';
import { type Draft, has } from './draft.js';

/** The words of the question that decide the measure. */
interface MeasureWords {
  postcodes: boolean;
  households: boolean;
  businessSites: boolean;
  population: boolean;
  pct: boolean;
  growth: boolean;
  pp: boolean;
  first: boolean;
  operatorCount: boolean;
  upload: boolean;
  speed: boolean;
  avgSpeed: boolean;
}

function measureWords(draft: Draft): MeasureWords {
  const { text, subject } = draft;
  return {
    postcodes:
      has(text, /\bpostcodes?\b/) &&
      !has(text, /\bpremises|homes|properties\b/) &&
      !has(text, /postcode (?:area|district)s?\b/),
    households: has(text, /\bhouseholds\b/),
    businessSites: has(
      text,
      /\b(?:business|biz|commercial|sme) (?:sites?|premises|properties)\b|\bbusinesses\b(?! (?:lines|segment|broadband))/,
    ),
    population: has(text, /\b(population|people|residents|citizens)\b/),
    pct: has(
      text,
      /(%|\bper ?cent|\bpercentage\b|\bproportion\b|\bcoverage\b|\bshare of (?:the )?(?:uk'?s? )?(?:premises|homes|properties|postcodes)|\bwhat share\b|\bhow much of\b|\bpenetration\b|\bcovered\b.*\bshare\b)/,
    ),
    growth: has(
      text,
      /\b(gain(?:ed|s)?|add(?:ed|s)?|grow(?:n|th|s)?|grew|increase[ds]?|rise|rose|went up|go up|gone up|expan(?:d|ded|sion)|built|build[- ]?out|new premises|change[ds]?|progress|rolled out|delta|uplift|jump(?:ed|s)?|climb(?:ed|s)?|improve(?:d|ment|ments)?|boost(?:ed)?|how many more|more premises|more postcodes)\b/,
    ),
    pp: has(text, /\b(percentage points?|pp|ppts?|pts|points)\b/),
    first: has(
      text,
      /\b(for the first time|first[- ]time|first full[- ]fibre|newly|new to full[- ]fibre|went live|got full[- ]fibre|first (?:got|received|gained))\b/,
    ),
    operatorCount:
      has(
        text,
        /\b(how many|number of|no\.? of|count of|count) (?:different |distinct |separate |unique )?(?:full[- ]fibre |fttp |ff |gigabit[- ]capable |gigabit |fibre )?(alt[- ]?nets?|alternative networks|operators|networks|providers|isps)\b(?! (?:per|by|for) postcode)/,
      ) &&
      !subject.minNetworks &&
      !subject.exactNetworks &&
      // "Share of homes by number of FF networks": premises grouped by the count, not the count itself.
      !has(text, /\bpremises|\bpostcodes\b.*\b(with|have|can)\b|\b(?:by|per) (?:the )?number of\b/),
    upload: has(text, /\bupload\b/),
    speed: has(
      text,
      /\b(fastest|max(?:imum)?|top|highest|best|quickest) (?:available )?(?:upload |download |broadband )?speeds?\b|\bspeed on offer\b|\bfastest (?:upload|download)\b/,
    ),
    avgSpeed: has(text, /\baverage (?:max(?:imum)? |fastest |best |download |upload )*speeds?\b/),
  };
}

/**
 * "When did ...", "what date ...": the vocabulary's `when` phrases (one list for the tag and for this reader), a
 * "when" phrase opening the question or a clause of it ("constituent wants to know when they'll get it").
 */
const ASKS_A_DATE = (() => {
  const phrases = (VOCABULARY.shape?.when ?? []).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const opening = phrases.filter((p) => p.startsWith('when '));
  const anywhere = phrases.filter((p) => !p.startsWith('when '));
  // "... LS6 4ZG? when?": the word alone, as a question of its own.
  return new RegExp(
    `(?:^\\s*|[,;:?-] |\\bknow )(?:${opening.join('|')})\\b|\\b(?:${anywhere.join('|')})\\b|[?.,;-] ?when\\s*\\??\\s*$`,
  );
})();

/** Reads the measure; a question that names none counts premises. */
export function readMeasure(draft: Draft): MeasureWords {
  const words = measureWords(draft);
  draft.measure =
    draft.dataset === 'take_up' ? readTakeUpMeasure(draft, words) : readAvailabilityMeasure(draft, words);
  return words;
}

/**
 * Lines, a share of lines ("market share"), the change in lines year on year or quarter on quarter ("grew",
 * "QoQ"), or take-up as a share of premises ("take-up rate").
 */
function readTakeUpMeasure(draft: Draft, words: MeasureWords): Measure {
  const { text, parsed } = draft;
  let measure: Measure =
    (has(text, /\b(market share|share|percent|percentage|proportion|split)\b/) || text.includes('%')) &&
    !has(text, /\bsplit by\b/)
      ? 'line_share_pct'
      : 'lines';
  const qoq =
    has(
      text,
      /\b(qoq|q-o-q|quarter[- ]on[- ]quarter|since (?:the )?(?:previous|last|prior) quarter|vs\.? (?:the )?(?:previous|last|prior) quarter)\b/,
    ) ||
    // "Which retailer gained the most lines last quarter": the growth within that one quarter.
    (words.growth &&
      has(
        text,
        /\b(?:last|past|previous|most recent|this) quarter\b|\bq[1-4] ?20\d\d\b|\b20\d\d ?q[1-4]\b/,
      ) &&
      !has(text, /\b(?:yoy|year[- ]on[- ]year|same quarter|annual|last year|a year)\b/));
  if (
    qoq ||
    has(
      text,
      /\b(yoy|year[- ]on[- ]year|vs\.? (?:the )?same quarter|compared (?:with|to) (?:the )?same quarter|annual change|change on a year)\b/,
    ) ||
    (words.growth && !parsed.series && !has(text, /\bover time|each quarter|quarterly\b/))
  ) {
    measure = 'lines_change_pct';
    draft.takeUpChange = {
      change: qoq ? 'qoq' : 'yoy',
      // Growth in lines is lines added, unless a rate is asked ("% growth", "fastest growing").
      rankByChange:
        has(
          text,
          /\b(added|gained|grew|most new|increase|net adds?|net additions?)\b|\bgrowth in (?:[a-z-]+ ){0,2}lines\b|\blines? (?:growth|added|gained)\b/,
        ) && !has(text, /%|\b(?:percent(?:age)?|rate|relative|fastest)\b/),
    };
  }
  if (
    has(text, /\btake[- ]?up (?:rate|%|of)\b|\btake[- ]?up in\b|as a share of premises/) &&
    // "How many FTTP lines are there in Leeds": a count of lines, whatever the question calls its data.
    !has(text, /\b(?:how many|number of|count of) (?:[a-z-]+ ){0,2}lines\b/)
  )
    measure = 'share_of_subject_pct';
  return measure;
}

/**
 * "Premises passed and % of the LA": both figures asked, the count first (the ranking follows it). The tagger's
 * text has lost its "%" ("premises passed and of the LA"), so a share word may also be missing before "of".
 */
export const PREMISES_THEN_SHARE =
  /\b(?:premises|homes|properties)(?: passed| covered| reached)?,? (?:and|&|\+|with|plus) (?:the |their |its )?(?:%|pct|percent|share|coverage|(?=of\b))|\b(?:number|count) of (?:premises|homes|properties)\b[^?.]{0,60}?,? and (?:what |the |their |its )?(?:share|%|proportion|percentage)\b/;

/**
 * Scores, the operators of a network, premises below a speed, speeds, first-time premises, a count of
 * networks, the change over a window (in premises, postcodes or percentage points), a share of a footprint,
 * coverage, households, population, postcodes or premises. Growth or first-time premises with no period
 * read the last 12 months.
 */
function readAvailabilityMeasure(draft: Draft, words: MeasureWords): Measure {
  const { text, subject, parsed } = draft;
  const premisesWord = has(text, /\bpremises|homes|properties\b/);
  if (has(text, /\battractive(?:ness)?\b|\bbuild (?:score|potential|case)\b/)) return 'avg_attractiveness';
  if (has(text, /\bdepriv(?:ation|ed)\b/)) return 'avg_deprivation';
  if (
    draft.dataset === 'upc' &&
    draft.groups.length + draft.operators.length > 0 &&
    has(
      text,
      /\b(operator names?|operators|retailers?|retail (?:partners?|brands?)|brands?|resellers?|isps?|partners?|names?)\b/,
    ) &&
    has(text, /\b(which|what|list|name|who)\b/) &&
    !has(text, /\b(premises|postcodes|coverage|how many|footprint|lines)\b/)
  )
    return 'operator_list';
  // "% of premises under the USO" is the share that lacks the speed; "how many" is a count.
  // "The LAs with the largest number of premises below the USO, and what share": ranked by the count asked first.
  const countThenShare =
    Boolean(draft.dimension && PLACE_COLUMNS.has(draft.dimension)) && has(text, PREMISES_THEN_SHARE);
  if (subject.bestDownBelow || subject.belowUso)
    return words.pct && !has(text, /\bhow many\b/) && !countThenShare
      ? 'coverage_pct'
      : premisesWord
        ? 'premises'
        : 'postcodes';
  if (words.speed || words.avgSpeed)
    return words.avgSpeed ? 'avg_down' : words.upload ? 'max_up' : 'max_down';
  // "When did LS6 2YU first get FTTP", "when is Openreach forecast to land in BA22": a date, not a figure. (A level
  // crossed, "when did Leeds pass 50%", is the first snapshot at or above it: a series, read elsewhere.)
  if (
    has(text, ASKS_A_DATE) &&
    !has(
      text,
      /\b(?:pass|passed|reach|reached|hit|exceed|exceeded|cross|crossed|top|topped|get to|got to|go over|went over) (?:the |a )?(?:\d|half|one|two|three|a (?:million|quarter|third))|\d ?%|\bper ?cent\b/,
    )
  )
    return 'first_date';
  if (words.first) {
    if (!subject.tech && !subject.gigabit) subject.tech = FULL_FIBRE;
    if (!parsed.time.from) lastTwelveMonths(draft);
    return premisesWord ? 'first_premises' : 'first_postcodes';
  }
  if (words.operatorCount) {
    if (/alt/.test(text)) subject.altnet = true;
    return 'operator_count';
  }
  if (parsed.window && words.growth)
    return words.pp || (words.pct && !has(text, /\bpremises\b/))
      ? 'change_pp'
      : words.postcodes
        ? 'change_postcodes'
        : 'change_premises';
  if (words.growth && !parsed.series && has(text, /\bgrowth\b|\bgained|\badded\b/) && !parsed.time.at) {
    // "fastest full fibre growth" with no period: the last 12 months.
    lastTwelveMonths(draft);
    return words.pp || words.pct ? 'change_pp' : words.postcodes ? 'change_postcodes' : 'change_premises';
  }
  if (
    has(
      text,
      // "share of the UK's full fibre", "share of Wales's full fibre footprint": a place's footprint, possessive.
      /\bshare of (?:the )?(?:[a-z.]+(?: [a-z]+)?'s? |uk |national |all |total )?(?:full[- ]fibre|fttp|ff|gigabit)(?: premises| footprint)?\b/,
    ) &&
    (subject.operatorGroups || subject.operators)
  )
    return 'share_of_subject_pct';
  // "Top 10 LAs - premises passed and % of the LA": both figures are shown, ranked by the one asked first.
  if (words.pct && draft.dimension && PLACE_COLUMNS.has(draft.dimension) && has(text, PREMISES_THEN_SHARE))
    return 'premises';
  if (words.pct && !has(text, /\bhow many\b/)) return 'coverage_pct';
  // "The best region for full fibre", "the worst councils for gigabit": places judged on a subject, with no
  // measure named, are judged by how much of each has it (coverage), not by how big they are.
  if (
    draft.dimension &&
    PLACE_COLUMNS.has(draft.dimension) &&
    hasSubject(subject) &&
    !premisesWord &&
    !words.postcodes &&
    !words.households &&
    !words.businessSites &&
    !words.population &&
    !has(text, /\b(?:how many|number of|most|fewest)\b/) &&
    judges(text)
  ) {
    draft.assumptions.push('places judged by coverage (the share of their premises)');
    return 'coverage_pct';
  }
  if (words.households) return 'households';
  if (words.businessSites && draft.dataset !== 'take_up') return 'business_sites';
  if (words.population) return 'population';
  if (words.postcodes) return 'postcodes';
  return 'premises';
}

/** Whether the question judges places' broadband ("the worst council", "best served") rather than counts it. */
/** The first word of a subject written right after a level word ("lowest FF", "highest full fibre"). */
const SUBJECT_WORDS = new Set([
  'ff',
  'fttp',
  'ftth',
  'full',
  'gigabit',
  'gig',
  'superfast',
  'ultrafast',
  'sfbb',
  'ufbb',
]);

/** "Bottom 5 Belfast districts for gigabit", "top 10 councils for FTTP": places ranked for a subject, no count named. */
export const RANKED_FOR_SUBJECT =
  /\b(?:top|bottom)\b[^?.]{0,50}\bfor (?:ff|fttp|ftth|full[- ]fibre|gigabit|gig|superfast|ultrafast|altnets?)\b(?! (?:premises|homes|postcodes|build|lines))/;

function judges(text: string): boolean {
  if (RANKED_FOR_SUBJECT.test(text)) return true;
  const words = text.split(/[^a-z]+/);
  return words.some(
    (word, i) =>
      JUDGEMENT_WORDS.worse.has(word) ||
      JUDGEMENT_WORDS.better.has(word) ||
      (word === 'served' && ['well', 'badly', 'poorly', 'better', 'worse'].includes(words[i - 1] ?? '')) ||
      // "LAs with the lowest FF", "the highest gigabit": a level of the subject itself, which places have as a share.
      (['lowest', 'highest'].includes(word) && SUBJECT_WORDS.has(words[i + 1] ?? '')),
  );
}

function hasSubject(s: Draft['subject']): boolean {
  return Boolean(
    s.tech || s.gigabit || s.altnet || s.operatorGroups?.length || s.minDown || s.belowUso || s.bestDownBelow,
  );
}

function lastTwelveMonths(draft: Draft): void {
  const time = draft.parsed.time;
  time.from = addMonths(draft.ctx.latest, -12);
  time.to = draft.ctx.latest;
  time.phrase = 'in the last 12 months';
  draft.assumptions.push('no period given: the last 12 months');
}
