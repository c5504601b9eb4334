/**
 * The words of a question that are not names, as data: for each role a tag can take, the term it stands for and
 * the phrases analysts write for it (GLOSSARY.md's usage). The tagger builds its patterns from these tables; a
 * synonym is one line here and one test sentence in tagger.test.ts. Names (places, networks, brands) come from
 * the warehouse through the lexicon, not from here. Phrases are lower case; a trailing `*` allows any ending
 * ("council*" reads council, councils); longer phrases win over shorter ones that overlap them.
 */
import type { TagRole } from './reading-types.js';

type Vocabulary = Partial<Record<TagRole, Record<string, string[]>>>;

export const VOCABULARY: Vocabulary = {
  technology: {
    full_fibre: [
      'full fibre',
      'full-fibre',
      'full fiber',
      'fttp',
      'ftth',
      'fibre to the premises',
      'fibre to the home',
      'pure fibre',
      'ff',
      'fttponly',
    ],
    gigabit: [
      'gigabit',
      'gigabit-capable',
      'gigabit capable',
      'gig-capable',
      'gc',
      '1gbps+',
      '1gbps',
      '1 gbps',
      'gig',
    ],
    superfast: ['superfast', 'sfbb', '30mbps+', '30 mbps+'],
    ultrafast: ['ultrafast', 'ufbb', '300mbps+', '300 mbps+'],
    below_uso: [
      'uso',
      'decent broadband',
      'below 10 meg',
      'slow broadband',
      'not-spots',
      'notspots',
      'not spots',
      'universal service',
    ],
    fttc: ['fttc', 'part fibre', 'vdsl', 'copper-to-the-cabinet', 'fibre to the cabinet'],
    adsl: ['adsl', 'copper', 'legacy'],
    cable: ['cable', 'docsis', 'hfc'],
    fwa: ['fwa', 'fixed wireless', '5g home broadband'],
    altnet: [
      'altnet*',
      'alt-net*',
      'alt net*',
      'alternative network*',
      'independent network*',
      'challenger*',
    ],
    overbuild: ['overbuil*', 'overlap*', 'competition', 'competing', 'compete*'],
  },
  measure: {
    premises: [
      'premises',
      'premise',
      'homes',
      'home',
      'properties',
      'addresses',
      'homes passed',
      'premises passed',
    ],
    postcodes: ['postcodes'],
    households: ['households', 'household'],
    population: ['population', 'people', 'residents'],
    // "Coverage" of an area is a share (DATA.md); "covered" is only availability ("premises covered").
    share: ['share', 'percent*', '%', 'proportion', 'coverage', 'pct', 'rate'],
    lines: [
      'lines',
      'line',
      'subscribers',
      'subs',
      'connections',
      'customers',
      'take-up',
      'take up',
      'takeup',
      'uptake',
      'penetration',
      'adoption',
    ],
    market_share: ['market share', 'share of lines'],
    networks: ['how many networks', 'number of networks', 'networks per', 'network count'],
    change: [
      'gain*',
      'grow*',
      'growth',
      'grew',
      'increase*',
      'rise',
      'rose',
      'added',
      'net adds',
      'new build',
      'rollout pace',
      'change*',
      'delta',
      'uplift',
      'progress',
      'expan*',
      'jump*',
      'climb*',
    ],
    points: ['pp', 'percentage points', 'points', 'pts'],
    speed: [
      'speed*',
      'mbps',
      'mbit/s',
      'mb',
      'meg',
      'gbps',
      'download*',
      'upload*',
      'fastest',
      'slowest',
      'quickest',
    ],
    score: ['attractiveness', 'attractive', 'deprivation', 'deprived', 'score*'],
    average: ['average', 'avg', 'mean', 'median'],
  },
  dimension: {
    country: ['nation*', 'countr*', 'home nations', 'devolved nations'],
    government_region: ['region*'],
    la_name: [
      'local authorit*',
      'la',
      'las',
      "la's",
      'council*',
      'district council*',
      'unitar*',
      'borough*',
      'authorit*',
    ],
    postcode_area: ['postcode area*', 'area*'],
    postcode_district: ['postcode district*', 'outward code*', 'district*'],
    post_sector: ['post sector*', 'postcode sector*', 'sector*'],
    postcode: ['unit postcode*', 'postcode', 'postcodes'],
    urban_rural: ['urban', 'rural', 'towns', 'countryside', 'urban/rural', 'urban vs rural'],
    operator_group: ['network*', 'infrastructure', 'wholesale network*', 'builder*'],
    operator: ['isp*', 'retailer*', 'brand*', 'provider*', 'operator*', 'cp', 'cps'],
    tech: ['technolog*', 'tech'],
    segment: ['segment*', 'residential', 'business*', 'resi', 'consumer', 'sme'],
    month: ['month*', 'mom', 'month by month', 'each month'],
    quarter: ['quarter*', 'qoq'],
    half_year: ['half-year*', 'half year*', 'six-monthly'],
    year: ['year*', 'annual*', 'yoy', 'year on year'],
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
    ],
    asc: [
      'lowest',
      'least',
      'worst',
      'bottom',
      'smallest',
      'weakest',
      'poorest',
      'fewest',
      'slowest',
      'min',
      'minimum',
    ],
    rank: ['rank*', 'league table', 'order*', 'sort*'],
  },
  shape: {
    count: ['how many', 'number of', 'count', 'no. of', 'how much'],
    // 'by' and 'per' alone are often not a grouping ("passed by", "by how many"): the dimension word after them is.
    each: ['each', 'every', 'split by', 'broken down by', 'breakdown', 'for all', 'for each'],
    list: ['which', 'list', 'what are', 'name the', 'show'],
    series: ['over time', 'trend*', 'series', 'timeline', 'history', 'evolution', 'trajectory'],
    compare: ['compare*', 'compared', 'vs', 'versus', 'against', 'relative to'],
    only: ['only', 'sole', 'solely', 'alone', 'exclusive*', 'just'],
    both: ['both', 'all of', 'together', 'and also'],
    total: ['total', 'overall', 'altogether', 'in all', 'combined', 'sum'],
  },
  comparator: {
    gt: ['more than', 'over', 'above', 'greater than', 'exceeding', 'higher than', '>'],
    // A '+' after a number ("3+") is read by the tagger; alone it is "and" ("cable + RFOG").
    gte: ['at least', 'or more', 'or above', 'minimum of', '>='],
    lt: ['less than', 'fewer than', 'under', 'below', 'lower than', '<'],
    lte: ['at most', 'or less', 'or fewer', 'or below', 'maximum of', 'no more than', '<='],
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
    ],
  },
  negation: {
    not: [
      'not',
      'no',
      'without',
      'lacking',
      'lack*',
      'excluding',
      'except',
      'apart from',
      'other than',
      "can't",
      'cannot',
      'unable',
      'missing',
      'unserved',
      'never',
      'none',
    ],
  },
  dataset: {
    upc_forecast: [
      'forecast*',
      'projected',
      'projection*',
      'expected',
      'predicted',
      'planned',
      'outlook',
      'by 2027',
      'by 2028',
      'by 2029',
      'by 2030',
    ],
    take_up: [
      'take-up',
      'take up',
      'takeup',
      'uptake',
      'market share',
      'lines',
      'subscribers',
      'subs',
      'penetration',
    ],
  },
};

/** Words every question has: they never need a role. */
export const FUNCTION_WORDS = new Set(
  `a an the of in on at to for from with and or but as is are was were be been being do does did has have had
having can could would should will shall may might must i me my we our you your it its they them their this that
these those there here what who whom whose how when where why whats whos please pls plz thanks thank just about
into than then so if also any some all give show tell find get got gets see look looking want need know like
same such other others very much many there's it's what's i'd i'm im let lets make made use using used
right back according seen rn currently current now today still yet already ever again etc eg ie whole entire
whereas while whilst ones one's anyone anybody everyone someone atm`.split(/\s+/),
);

/** How to show the answer: presentation, not a condition on the figures (read by the visuals, not the plan). */
export const PRESENTATION_WORDS = new Set(
  `chart charts graph graphs map maps mapped mapping plot plots plotted visualise visualize visualisation
visualization draw drawn display bar bars pie stacked choropleth heatmap table tables line-chart`.split(
    /\s+/,
  ),
);

/** Verbs and nouns of availability that restate the subject ("where X is available", "premises served by X"). */
export const AVAILABILITY_WORDS = new Set(
  `available availability offer offers offered offering present presence pass passes passed passing footprint
footprints reach reaches reached reachable serve serves served serving cover covers covering get gets access
connected connect connectable built build builds building live enabled ready rfs capable have has covered`.split(
    /\s+/,
  ),
);
