/**
 * The words of a question that are not names, as data: for each role a tag can take, the term it stands for and
 * the phrases analysts write for it (GLOSSARY.md's usage). The tagger builds its patterns from these tables; a
 * synonym is one line here and one test sentence in tagger.test.ts. Names (places, networks, brands) come from
 * the warehouse through the lexicon, not from here. Phrases are lower case; a trailing `*` allows any ending
 * ("council*" reads council, councils); longer phrases win over shorter ones that overlap them.
 */
import { modelPhrases } from '@qa/warehouse';
import type { TagRole } from './reading-types.js';

/** Verbs and nouns of availability that restate the subject ("where X is available", "premises served by X"). */
export const AVAILABILITY_WORDS = new Set(
  `available availability offer offers offered offering present presence pass passes passed passing footprint
footprints reach reaches reached reachable serve serves served serving cover covers covering get gets getting got access
connected connect connectable built build builds building live enabled ready rfs capable have has covered
receive receives received receiving obtain obtains obtained obtaining accessible`.split(/\s+/),
);

type Vocabulary = Partial<Record<TagRole, Record<string, string[]>>>;

/**
 * The reading classes of the semantic model's terms: a tag says what kind of word it is (a technology, a
 * measure of premises, a share, a change, a speed, ...); which plan uses it is decided by candidates.ts.
 */
const SEGMENT_CLASS: Record<string, [TagRole, string]> = {
  full_fibre: ['technology', 'full_fibre'],
  fttc: ['technology', 'fttc'],
  adsl: ['technology', 'adsl'],
  cable: ['technology', 'cable'],
  fwa: ['technology', 'fwa'],
  gigabit: ['technology', 'gigabit'],
  cable_only_gigabit: ['technology', 'cable_only_gigabit'],
  superfast: ['technology', 'superfast'],
  ultrafast: ['technology', 'ultrafast'],
  below_uso: ['technology', 'below_uso'],
  altnet: ['technology', 'altnet'],
  full_fibre_networks: ['technology', 'overbuild'],
  forecast: ['dataset', 'upc_forecast'],
};
const MEASURE_CLASS: Record<string, [TagRole, string]> = {
  premises: ['measure', 'premises'],
  postcodes: ['measure', 'postcodes'],
  households: ['measure', 'households'],
  business_sites: ['measure', 'business_sites'],
  population: ['measure', 'population'],
  coverage_pct: ['measure', 'share'],
  share_of_subject_pct: ['measure', 'share'],
  change_premises: ['measure', 'change'],
  change_postcodes: ['measure', 'change'],
  first_postcodes: ['measure', 'change'],
  first_premises: ['measure', 'change'],
  lines_change_pct: ['measure', 'change'],
  change_pp: ['measure', 'points'],
  operator_count: ['measure', 'networks'],
  place_count: ['measure', 'places'],
  first_date: ['measure', 'first_date'],
  max_down: ['measure', 'speed'],
  max_up: ['measure', 'upload'],
  max_speeds: ['measure', 'both_speeds'],
  avg_down: ['measure', 'average'],
  lines: ['measure', 'lines'],
  line_share_pct: ['measure', 'market_share'],
  avg_attractiveness: ['measure', 'score'],
  avg_deprivation: ['measure', 'score'],
  // "which networks", "who serves": a list of networks is a grouping by network.
  operator_list: ['dimension', 'operator_group'],
};
const DATASET_CLASS: Record<string, [TagRole, string] | null> = {
  upc: null,
  upc_forecast: ['dataset', 'upc_forecast'],
  take_up: ['dataset', 'take_up'],
};

/**
 * Phrases of the model a reader must not tag on their own: "up" and "down" ("went up", "broken down by"), "build"
 * ("new build" and "build attractiveness" are tagged whole), and availability verbs ("passed", "built", "reach"),
 * which restate the subject rather than choose a measure.
 */
const UNTAGGED = new Set([
  'up',
  'down',
  'build',
  'passed',
  'built',
  'reach',
  'footprint',
  'coverage of',
  'availability',
]);

/** The semantic model's phrases, by reading class: the vocabulary of names for terms is the model's. */
function fromModel(): Vocabulary {
  const vocabulary: Vocabulary = {};
  for (const { phrase, kind, id } of modelPhrases()) {
    if (UNTAGGED.has(phrase) || AVAILABILITY_WORDS.has(phrase)) continue;
    const target =
      kind === 'segment'
        ? SEGMENT_CLASS[id]
        : kind === 'measure'
          ? MEASURE_CLASS[id]
          : kind === 'dimension'
            ? (['dimension', id] as [TagRole, string])
            : DATASET_CLASS[id];
    if (!target) continue;
    const [role, value] = target;
    const terms = vocabulary[role] ?? {};
    terms[value] = [...new Set([...(terms[value] ?? []), phrase])];
    vocabulary[role] = terms;
  }
  return vocabulary;
}

const MODEL_VOCABULARY = fromModel();

/** The words of a question that are not names, by role: the model's terms, then the reader's own grammar. */
export const VOCABULARY: Vocabulary = {
  ...MODEL_VOCABULARY,
  measure: {
    ...MODEL_VOCABULARY.measure,
    // Statistics of a distribution: of places' figures (placeStats) as the average is of speeds.
    average: [
      ...(MODEL_VOCABULARY.measure?.average ?? []),
      'median',
      'quartile',
      'quartiles',
      'interquartile',
      'iqr',
      'percentile',
      'percentiles',
      'p10',
      'p25',
      'p50',
      'p75',
      'p90',
    ],
  },
  technology: {
    ...MODEL_VOCABULARY.technology,
    // "Top networks by premises covered, any tech": no technology is a condition.
    any: [
      'any tech',
      'any techs',
      'any technology',
      'all tech',
      'all techs',
      'all technologies',
      'whatever the technology',
    ],
  },
  ranking: {
    desc: [
      'top',
      'most',
      'highest',
      'biggest',
      'largest',
      'best',
      'leading',
      'leader*',
      'lead*',
      'dominant',
      'strongest',
      'greatest',
      'max',
      'maximum',
      'fastest',
      'best to worst',
      'highest to lowest',
      'largest to smallest',
      'biggest to smallest',
      'most to least',
      'top to bottom',
      'widest',
      'newest first',
      'most recent first',
      'latest first',
    ],
    asc: [
      'worst to best',
      'lowest to highest',
      'smallest to largest',
      'least to most',
      'bottom to top',
      'lowest',
      'least',
      'worst',
      'bottom',
      'smallest',
      'weakest',
      'poorest',
      'fewest',
      'slowest',
      'narrowest',
      'min',
      'minimum',
    ],
    rank: ['rank*', 'league table', 'order*', 'sort*', 'position', 'league position'],
  },
  shape: {
    count: ['how many', 'number of', 'count', 'no. of', 'how much'],
    // 'by' and 'per' alone are often not a grouping ("passed by", "by how many"): the dimension word after them is.
    each: ['each', 'every', 'split by', 'broken down by', 'breakdown', 'for all', 'for each'],
    list: ['which', 'list', 'what are', 'name the', 'show'],
    series: ['over time', 'trend*', 'series', 'timeline', 'history', 'evolution', 'trajectory'],
    // A date asked for: "when did LS6 2YU first get FTTP", "when is Openreach forecast to arrive".
    when: [
      'when did',
      'when was',
      'when were',
      'when will',
      'when is',
      'when are',
      'when does',
      'when do',
      "when they'll",
      'when they will',
      "when we'll",
      "when it'll",
      'when can',
      'when could',
      "when i'll",
      'when i will',
      'when we will',
      'when it will',
      'what date',
      'which date',
      // "Is CityFibre on at CF10 1LZ? since when?", "who and when", "forecast to build FF there and from when".
      'since when',
      'from when',
      'and when',
      'live since',
    ],
    compare: ['compare*', 'compared', 'vs', 'versus', 'against', 'relative to'],
    only: ['only', 'sole', 'solely', 'alone', 'exclusive*'],
    both: ['both', 'all of', 'together', 'and also'],
    total: ['total', 'overall', 'in all', 'sum'],
    // The base of a share named first ("Of all premises that can get FTTP, what % ..."): a share within it.
    base: ['of all', 'out of all', 'of those', 'among those', 'of these', 'among these'],
    // One figure for everything named ("combined market share of BT and Sky"), not a row each.
    // The difference between two figures named ("the urban-rural gap", "urban share minus rural share").
    gap: ['gap', 'gaps', 'divide', 'minus'],
    combined: [
      'combined',
      'altogether',
      'in total',
      'put together',
      'between them',
      'collectively',
      'aggregate',
      // Each premises counted once, whichever networks pass it.
      'deduped',
      'de-duped',
      'deduplicated',
      'de-duplicated',
      'without double counting',
      'without double-counting',
      'no double counting',
    ],
  },
  comparator: {
    gt: ['more than', 'over', 'above', 'greater than', 'exceeding', 'higher than', '>'],
    // A '+' after a number ("3+") is read by the tagger; alone it is "and" ("cable + RFOG").
    gte: ['at least', 'or more', 'or above', 'or higher', 'or greater', 'and above', 'minimum of', '>='],
    lt: ['less than', 'fewer than', 'under', 'below', 'beneath', 'lower than', '<'],
    lte: [
      'at most',
      'or less',
      'or fewer',
      'or below',
      'or lower',
      'and below',
      'maximum of',
      'no more than',
      '<=',
    ],
    eq: ['exactly', 'precisely'],
  },
  time: {
    latest: [
      'latest quarter',
      'latest month',
      'latest year',
      'latest snapshot',
      'this quarter',
      'this month',
      'this year',
      'current quarter',
      'last quarter',
      'last month',
      'previous quarter',
      'most recent quarter',
      'most recent month',
      'at the moment',
      'atm',
      'today',
      'now',
      'currently',
      'at present',
      'the latest',
    ],
  },
  negation: {
    not: [
      'not',
      'no',
      'without',
      // A place left out: "Hyperoptic outside London".
      'outside of',
      'outside',
      'lacking',
      'lack*',
      'excluding',
      'except',
      'apart from',
      'aside from',
      'other than',
      'besides',
      'not counting',
      'ignoring',
      "can't",
      'cannot',
      'unable',
      'missing',
      'unserved',
      'never',
      'none',
      "doesn't",
      'does not',
      "don't",
      'do not',
      "isn't",
      "hasn't",
      'has not',
    ],
  },
};

/**
 * Words that judge a place's broadband rather than count it: the worse and the better end ("the worst council for
 * gigabit" is the one with the lowest coverage; for premises that lack something, the one with the most of them).
 */
export const JUDGEMENT_WORDS = {
  worse: new Set(['worst', 'poorest', 'weakest', 'lagging', 'laggard', 'laggards']),
  better: new Set(['best', 'strongest']),
};

/** Words every question has: they never need a role. */
export const FUNCTION_WORDS = new Set(
  `a an the of in on at to for from with and or but as is are was were be been being do does did has have had
having can could would should will shall may might must i me my we our you your it its they them their this that
these those there here what who whom whose how when where why whats whos please pls plz thanks thank just about
into than then so if also any some all give show tell find get got gets see look looking want need know like
same such other others very much many there's it's what's i'd i'm im let lets make made use using used
right back according seen rn currently current now today still yet already ever again etc eg ie whole entire
whereas while whilst ones one's anyone anybody everyone someone atm whatsoever measured provide provided provides
providing supply supplied mix classed classified counted`.split(/\s+/),
);

/** How to show the answer: presentation, not a condition on the figures (read by the visuals, not the plan). */
export const PRESENTATION_WORDS = new Set(
  `chart charts graph graphs map maps mapped mapping plot plots plotted visualise visualize visualisation
visualization draw drawn display bar bars pie stacked choropleth heatmap table tables line-chart row rows column
columns`.split(/\s+/),
);

/**
 * Words of the grammar that carry no condition of their own, or whose condition the readers and the checks of
 * leftover.ts read in context ("different", "common", "live", "rollout"): they never count as unplaced.
 */
const GRAMMAR_WORDS = `premises premise homes home properties property postcodes postcode households household
population people residents citizens lines line subscribers subscriber subscriptions customers connections base
include includes including included figure figures
coverage covered cover covers covering coverages share shares percent percentage percentages proportion
penetration rate rates count counts number numbers total totals totalled overall whole entire
fibre fiber full fttp ftth fttponly fttc vdsl adsl copper cable docsis fwa fixed wireless gigabit gig gigabits
capable superfast ultrafast uso broadband speed speeds mbps mbit mb gbps gbit meg download downloads upload uploads
fastest quickest max maximum best top highest lowest slowest worst bottom biggest largest smallest greatest
leading leader leaders leads lead dominant strongest weakest main major poorest
network networks operator operators provider providers isp isps builder builders retailer retailers brand brands
reseller resellers partner partners company companies group groups infrastructure altnet altnets alt net nets
alternative independent openreach virgin media
overbuild overbuilt overbuilding overlap overlaps overlapping compete competing competition competitor competitors
rival rivals choice choose option options both common shared head sole alone exclusive
symmetric symmetrical symetric
region regions regional nation nations country countries local authority authorities council councils borough
boroughs district districts area areas place places town towns city cities county counties unitary
urban rural postcode postcodes
market take takeup uptake retail residential resi res business businesses consumer enterprise smb sme segment segments
forecast forecasts forecasted expected projected projection predicted planned outlook plan plans
attractive attractiveness deprivation deprived score scores build potential case
gain gained gains gaining add added adds adding addition additions grow grown growth grew grows growing increase
increased increases rise rose risen went gone climb climbed jump jumped improve improved improvement boost
boosted uplift delta change changed changes progress rolled rollout roll expand expanded expansion built
new newly first time times live
month months monthly quarter quarters quarterly year years yearly annual annually week half daily
series trend trends timeline history historically evolution trajectory over time since until through during
ago last past previous prior latest recent recently lately next snapshot snapshots date dates period periods
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec h1 h2 q1 q2 q3 q4 yoy qoq
rank ranked ranking ranks league table order sorted sort split breakdown broken grouped distribution
average avg mean median
without lack lacking unserved missing cannot cant unable reach receive access available availability
offer offers offered offering present presence pass passes passed passing footprint footprints
different distinct separate unique multiple several
at least exactly above below under over than more fewer plus
points point pp down up tech technology technologies own names name digital digitally start end left yr yrs
mth mths qtr ff rfog la las data report reports reported service services`;

/**
 * Words that carry no condition in these questions ("right now", "back in 2023", "according to the forecast"), and
 * the chat around a question ("hiya, quick one", "tbh", "lol", "I'm guessing"): greetings, hedges, discourse markers.
 */
const FILLER_WORDS = `right back according saw see seen rn move moved moving go going goes went operate operates
operating able break anyway actually overall roughly approximately around about ie eg thing things thru
hiya hey um uh erm say finally eventually constituent constituents side basically genuinely obviously honestly literally really pls plz thx cheers tbh lol fyi btw
asap imo quick quickly fine wanna gonna kinda sorta guess guessing reckon reckons suspect curious wondering
wonder assume assuming maybe perhaps probably hopefully alright sure cool great ta held hold holds holding contain contains containing represent represents representing comprise comprises constitute constitutes
distribute distributed distributing counting concerned involved respective scorecard scorecards dashboard
factsheet kpi kpis headline headlines alongside too`;

/** The function words of the older word check, kept so no question reads worse than before. */
const MORE_FUNCTION_WORDS = `a an the of in on at to for from by with and or but as is are was were be been being do does did
has have had having can could would should will shall may might must i me my we our you your it its they them their
this that these those there here what which who whom whose how when where why whats whos please pls plz thanks
thank just about into than then so if also any some all each every per vs v versus via me give show tell list
find get got gets see look looking want need know like compare compared between across within among out up
same such other others only very much many more most less least few fewer one ones s t don doesn isn aren
not no nor yes ok okay hey hi hello currently current now today still yet already ever again etc eg ie
let lets make made use using used`;

export const NUMBER_WORDS =
  /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|first|second|third|half|quarter|dozen)$/;

/** Every word the vocabulary accounts for: function, filler, presentation and availability words, and every word
 * of a phrase of any role. */
const KNOWN = new Set(
  [
    ...`${GRAMMAR_WORDS} ${FILLER_WORDS} ${MORE_FUNCTION_WORDS}`.split(/\s+/),
    ...FUNCTION_WORDS,
    ...PRESENTATION_WORDS,
    ...AVAILABILITY_WORDS,
    ...Object.values(VOCABULARY).flatMap((terms) =>
      Object.values(terms ?? {}).flatMap((phrases) =>
        phrases.flatMap((p) => p.replace(/\*$/, '').split(/[\s-]+/)),
      ),
    ),
  ]
    .map((w) => w.trim())
    .filter(Boolean),
);

/** Typos are forgiven only against the grammar's own longer words ("premisses"). */
const GRAMMAR = new Set([...KNOWN].filter((w) => w.length >= 5));

/** A word of the vocabulary itself, in any of its simple forms ("leading", "regions"): never a misspelt name. */
export function isVocabularyWord(word: string): boolean {
  return stem(word).some((form) => KNOWN.has(form));
}

/** A word the vocabulary accounts for, in any of its simple forms, or one letter away from a longer one. */
export function isAccountedWord(word: string): boolean {
  return stem(word).some((form) => KNOWN.has(form)) || closeToKnown(word);
}

/**
 * The one grammar word a typo stands for ("regoin" -> "region", "premisses" -> "premises"): a word the vocabulary
 * does not know, one letter missing, doubled or swapped from exactly one of its longer words. Undefined when the
 * word is known, too short to judge, or close to several words.
 */
export function typoOf(word: string): string | undefined {
  if (word.length < 6 || isVocabularyWord(word)) return undefined;
  const close = [...GRAMMAR].filter(
    (known) =>
      (Math.abs(known.length - word.length) === 1 && withinOneEdit(word, known)) ||
      (known.length === word.length && swapped(word, known)),
  );
  return close.length === 1 ? close[0] : undefined;
}

/** Known words one edit away from `word` ("premisses", "coverge"): a typo of a grammar word is that word. */
function closeToKnown(word: string): boolean {
  if (word.length < 6) return false;
  for (const known of GRAMMAR) {
    // A letter missing, doubled or swapped; a different letter would make another word ("charge", "change").
    if (Math.abs(known.length - word.length) === 1 && withinOneEdit(word, known)) return true;
    if (known.length === word.length && swapped(word, known)) return true;
  }
  return false;
}

function swapped(a: string, b: string): boolean {
  const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
  return (
    diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
  );
}

function withinOneEdit(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function stem(word: string): string[] {
  const forms = [word, word.replace(/'/g, '')];
  if (word.endsWith("'s")) forms.push(word.slice(0, -2));
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  if (word.endsWith('ed')) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) forms.push(word.slice(0, -3));
  return forms;
}
