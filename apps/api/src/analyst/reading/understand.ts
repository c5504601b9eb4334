/**
 * Question -> Plan. A deterministic reading of analysts' questions: it recognises the subject (full fibre,
 * gigabit, altnets, named networks, overbuild), the measure (premises, postcodes, coverage, growth, counts,
 * lines, scores), the dimension (region, local authority, operator, month, ...), the place and the time, and
 * the ranking. What it had to assume is recorded so the answer can say so; what it could not place lowers
 * the confidence. It never guesses a name that is not in the data: names come from the lexicon. Each part of
 * the question is read by a small reader (readers/), in a fixed order.
 */

import { DIMENSIONS as DIMENSION_TERMS, MEASURES as MEASURE_TERMS, techSegment } from '@qa/warehouse';
import { interpret } from '../compile/interpret.js';
import { excludedWords } from '../compile/words.js';
import { describeGroupFilter, type Measure, type Plan, TIME_DIMENSIONS } from '../semantic/plan.js';
import { formatMonth } from '../semantic/time-context.js';
import { rankReadings } from './candidates.js';
import { accountFor, contradictions } from './confidence.js';
import { readFigureList } from './figure-list.js';
import type { EntityMatch, Lexicon } from './lexicon.js';
import { readMoments } from './moments.js';
import { readConditions } from './readers/conditions.js';
import { readDataset, speaksOfForecast } from './readers/dataset.js';
import { readDimension } from './readers/dimension.js';
import { type Draft, has } from './readers/draft.js';
import { readForecastPoint } from './readers/forecast.js';
import { readGroupFilter } from './readers/group-filter.js';
import { readMeasure } from './readers/measure.js';
import { readNamedNetworks, readNetworkCount } from './readers/networks.js';
import { readPlaces } from './readers/places.js';
import { readRanking } from './readers/ranking.js';
import { readShape } from './readers/shape.js';
import { readTakeUp } from './readers/take-up.js';
import { defaultTechnology, readTechnology } from './readers/technology.js';
import type { CandidateReading } from './reading-types.js';
import { plainWording, spellOutTimeUnits, type Tagging, tagQuestion, withoutLayoutTail } from './tagger.js';
import { parseTime, type TimeContext } from './time-phrases.js';
import { readTwoFigures } from './two-figures.js';
import { correctTypos } from './typos.js';
import { VOCABULARY } from './vocabulary.js';

export type Understanding =
  | {
      kind: 'data';
      plan: Plan;
      confidence: number;
      reasoning: string;
      /** The question's tags and every reading they allow, best first (the first is `plan`). */
      tagging?: Tagging;
      candidates?: CandidateReading[];
      /**
       * The question's main words no reading uses (places, networks, technologies, measures): set when too many
       * are left for any answer to be a fair reading, so the analyst asks back with its closest readings.
       */
      askBack?: string[];
    }
  | { kind: 'system_info'; confidence: number; reasoning: string }
  | { kind: 'unsupported'; confidence: number; reasoning: string };

const WRITE_INTENT =
  /\b(delete|drop|truncate|insert|update|alter|create|grant|revoke|remove|wipe|erase|overwrite|modify|rename)\b[^.?!]*\b(tables?|users?|database|db|rows?|records?|data|schema|accounts?|passwords?)\b/;
const INJECTION =
  /\b(ignore|disregard|forget)\b[^.?!]*\b(instructions|rules|prompt|system|previous)\b|\bsystem prompt\b|\bjailbreak\b/;
const SYSTEM_INFO = [
  /\bwhat (?:data|datasets?|tables?|columns?|fields?|information|info)\b/,
  /\bwhich (?:data|datasets?|tables?|columns?|fields?)\b/,
  /\bwhat can (?:you|i|this tool|the tool)\b/,
  /\bwhat (?:kind|sort|type)s? of questions?\b/,
  /\b(?:describe|explain|tell me about|show me) (?:the |your )?(?:data|datasets?|schema|tables?|columns?|database)\b/,
  /\bwhat (?:is|are) the (?:latest|most recent) (?:snapshot|data|dates?)\b/,
  // A greeting alone ("hello", "hi there!"); a greeting before a question is chat around the question.
  /^\s*(?:help|hi|hello|hey)(?: there)?[\s!.,?]*$/,
  /\bwhat (?:sort|kind|type)s? of (?:things|stuff|questions?)\b/,
  /\bwhat questions? (?:can|could|do|should)\b/,
  /\bwhat (?:do|can) you (?:know|answer|do|cover)\b/,
  // "Whats the diff between ff and gig?": two terms, no place and no figure (guarded below).
  /\bwhat(?:'s|s| is) (?:the )?(?:diff|difference) between ["']?[a-z-]{2,20}["']? and ["']?[a-z-]{2,20}["']?\s*(?:[?,;.]|$)/,
  /\bwhat(?:'s| is) in (?:the|your|this) (?:database|data|warehouse)\b/,
  // "what does the take-up data contain", "explain what the forecast dataset includes", "how far out it goes"
  /\b(?:data ?sets?|data|tables?|warehouse) (?:contains?|includes?|holds?|covers?)\b(?! (?:the )?(?:premises|postcodes|lines))/,
  /\bwhat (?:does|do) (?:the |your |this )?(?:[a-z-]+ )?(?:data ?sets?|data|tables?) (?:contain|include|hold|cover|have)\b/,
  // "How far ahead does the forecast go" (not "how far ahead is the leader").
  /\bhow far (?:out|ahead|forward|into the future) (?:does|do|is|are) (?:the |your |this )?(?:[a-z-]+ )?(?:forecasts?|data|predictions?|projections?|it)\b|\bhow far (?:out|ahead|forward) (?:it|they|the forecasts?) goe?s?\b/,
  // "what date range do the availability snapshots cover, and how often are they taken?"
  /\bwhat (?:date range|time range|time span|period)s? (?:do|does) (?:the )?(?:[a-z-]+ )?(?:data|snapshots?|data ?sets?|forecasts?) cover\b/,
  /\bhow often are (?:the |they |snapshots )(?:[a-z-]+ )?(?:snapshots? )?(?:taken|made|updated|published)\b/,
  // "What geographies can I break results down by", "which levels can results be split by".
  /\b(?:what|which) (?:geograph(?:y|ies)|levels?|breakdowns?|dimensions?|groupings?|place levels?)\b[^?.]*\b(?:can|could|do|does)\b/,
  /\b(?:can|could) (?:i|we|you) (?:break|split|group|slice)\b[^?.]*\bdown by\b|\bwhat can (?:i|we) (?:break|split|group)\b/,
];

/** The tool or its data as the subject ("does it cover take-up as well", "what can this tool query"). */
const ABOUT_THE_TOOL =
  /\b(?:this|the|your) (?:tool|app|product|system|database|warehouse)\b|\bdoes (?:it|this|the data) (?:cover|include|hold|have)\b|\bdo you (?:have|hold|cover)\b/;

/**
 * Questions about what a term means in this data ("how do you define gigabit-capable", "does Virgin cable count as
 * gigabit"): answered from the model's definitions, whatever measure words they name.
 */
/**
 * Where the data comes from, how fresh it is, whether it is real: about the data even when a measure is named
 * ("is the coverage data real or modelled", "how often is the take-up data updated").
 */
const PROVENANCE = [
  /\bhow (?:fresh|recent|up to date|current|old) is (?:the|your|this) (?:[a-z-]+ )?data\b/,
  /\bwhen (?:was|is) (?:the )?(?:[a-z-]+ )?data (?:last )?(?:updated|refreshed)\b/,
  /\bwhere does (?:the|this|your) (?:[a-z-]+ )?data come from\b/,
  /\bis (?:the|this) (?:[a-z-]+ )?data real\b/,
  // "Are the figures for individual companies real measured numbers or estimates?"
  /\b(?:are|is) (?:the|these|this|your) (?:[a-z-]+ ){0,4}(?:figures?|numbers?|data|footprints?)(?: [a-z-]+){0,4} (?:real|actual|measured)(?: [a-z-]+){0,2} (?:or|vs\.?) (?:estimates?|estimated|modelled|modeled|synthetic|made up)\b/,
  // "What's the most recent snapshot you have", "which quarter is the latest take-up data for".
  /\b(?:most recent|latest|newest|last) (?:snapshot|data|dates?|quarter|month|update)s? (?:do )?(?:you|the tool|this tool|we) (?:have|hold|use|cover)\b/,
  /\bhow (?:often|frequently) (?:is|are|do|does) (?:a |the )?(?:new )?(?:[a-z-]+ )?(?:snapshots?|data|updates?|forecasts?)\b(?! (?:in|of|for) )/,
  /\bwhat (?:period|time span|date range|range of dates|dates?) (?:do|does) (?:the )?(?:[a-z-]+ ){0,2}(?:snapshots?|data|forecasts?) (?:extend|span|cover|run|go back|start)\b/,
  // "What range of reported_at snapshot dates does upc_output_time_series hold", "which one is treated as latest".
  /\bwhat (?:range|span|set) of (?:[a-z_]+ ){0,3}(?:dates|snapshots|quarters)\b/,
  /\bwhich (?:one|snapshot|date|quarter) is (?:treated|taken|used|counted) as (?:the )?latest\b/,
  /\bhow up to date is\b|\bwhen (?:is|was) the (?:latest|most recent|last) (?:snapshot|update|data)\b/,
  // "How far back does your data go, and when was it last updated?"
  /\bhow far back (?:does|do|can) (?:the |your |this )?(?:[a-z-]+ )?(?:data|it|snapshots?|history|series) go\b|\bwhen was (?:it|the data|this) last updated\b/,
  /\b(?:real|actual|observed|measured)(?: data)?,? or (?:modell?ed|synthetic|simulated|made up)\b|\b(?:modell?ed|synthetic|simulated),? or (?:real|observed|actual)\b/,
  // "Are the operator footprint figures real operators' data, or are they modelled?"
  /\b(?:real|actual|genuine)\b[^.?]{0,70}\bor (?:are they |is it |is this )?(?:modell?ed|synthetic|simulated|made up|estimated)\b/,
  // "Which availability snapshots do you hold - first and latest month?"
  /\b(?:which|what) (?:[a-z-]+ ){0,2}(?:snapshots|dates|quarters|months) (?:do|does) (?:you|u|we|the tool|this tool|it) (?:actually |really )?(?:hold|have|cover|keep)\b/,
  /\bhow often (?:is|does|do|are) (?:the |this |your )?(?:[a-z-]+ )?data\b|\bhow often (?:is|does) it (?:get )?updated\b/,
  // "What's the most recent month this covers, and how often does it get a new snapshot?"
  /\bhow often (?:does|do) (?:it|this|the data|you) (?:get|receive|publish|add)\b|\b(?:most recent|latest|last) (?:month|snapshot|date|quarter) (?:this|it|the data|the tool) (?:covers?|holds?|has)\b/,
  /\bwhere do(?:es)? (?:the|this|your|these|all this|all the) (?:[a-z-]+ ){0,2}(?:counts?|figures?|numbers?|data|estimates?|info|information|stats|statistics) come from\b/,
  // "Is it the official Ofcom figures?": whose figures these are.
  /\b(?:is|are) (?:it|this|these|they|the (?:figures|numbers|data|stats)) (?:the )?official\b|\bofficial ofcom (?:figures|numbers|data|stats)\b/,
  /\bwhat (?:time )?(?:period|range|dates?|years?|time ?frame|horizon) (?:does|do) (?:the |this |your )?[a-z-]+(?: data)? (?:cover|span|run)\b/,
  /\b(?:is|are) (?:the |these )?(?:[a-z]+ )?(?:numbers|figures|data) (?:real|modell?ed|synthetic|accurate)\b/,
  // "Are the footprint figures observed data supplied by the operators, or are they modelled?"
  /\b(?:observed|supplied|reported|measured)\b[^.?]{0,60}\bor (?:are they |is it |is this )?(?:modell?ed|synthetic|simulated|estimated)\b/,
  // "Over what period, and at what frequency, are the snapshots reported?"
  /\b(?:over )?what (?:period|frequency)\b[^.?]{0,60}\b(?:snapshots?|data|figures?|forecasts?) (?:in (?:this|the) tool )?(?:reported|published|taken|updated|available|cover)\b/,
];

const DEFINITION = [
  /\bwhat (?:does|do) ["'a-z -]{2,40} mean\b|\bwhat is meant by\b/,
  /\bhow (?:do|does) (?:you|u|it|the|this|your)(?: [a-z]+)? define\b/,
  // "When you say premises passed, is that households only or households plus businesses?"
  /\bwhen (?:you|u|this tool|the tool|it) says?\b/,
  // "What actually goes into the general attractiveness score", "what makes up the deprivation score".
  /\bwhat (?:actually )?(?:goes into|makes up|is in|feeds into) (?:the |your )?(?:[a-z-]+ ){0,3}(?:score|index|measure|definition|figure)s?\b/,
  // "What download and upload thresholds does it use?"
  /\bwhat (?:[a-z]+ ){0,4}(?:thresholds?|cut-?offs?|definitions?) (?:does|do) (?:it|you|the tool|this tool|the data) use\b/,
  /\bwhat(?:'s| is) (?:the|your) definition of\b/,
  /\bhow (?:is|are) ["'a-z -]{2,40} defined\b/,
  // "What counts as an altnet", "what qualifies as superfast", "how is coverage % calculated".
  /\bwhat (?:counts|qualifies|is classed|is classified|is treated) as\b/,
  // "How is full fibre different from FTTC", "what threshold on fastest_down counts as gigabit here".
  /\bhow (?:is|are|does|do) ["'a-z0-9 _-]{1,40} differ(?:ent)? from\b/,
  /\bwhat (?:[a-z_]+ ){0,3}(?:thresholds?|cut-?offs?)(?: on [a-z_ ]{1,20})? (?:counts?|qualif(?:y|ies)|is used|applies)\b/,
  // "Do u count vm cable as gig", "does cable count as gigabit in this tool".
  /\b(?:do|does) (?:you|u|it|the tool|this tool) (?:count|treat|class|include) [a-z' -]{2,40} as\b/,
  /\bin this tool\b[^?]*\b(?:mean|count|define|diff|difference)\b/,
  /\bhow (?:the |a |an )?["'a-z% -]{2,40} (?:is|are|gets?) (?:calculated|computed|worked out|derived|defined)\b/,
  /\bhow (?:is|are|do you|does the tool|does it) (?:["'a-z% -]{2,40} )?(?:calculated|computed|worked out|counted|measured|calculate|compute|work out|count)\b(?! (?:the )?(?:premises|postcodes|lines|number|share|coverage) (?:in|of|for|by)\b)/,
];

const MOBILE =
  /\b(mobile|cellular|[345]g (?:signal|coverage|mobile|network)|[345]g\b|phone signal|signal strength)\b/;
/** The model's phrases for fixed wireless ("5G home broadband", "FWA"): a fixed service, not mobile coverage. */
const FIXED_WIRELESS = (VOCABULARY.technology?.fwa ?? []).filter(
  (phrase) => phrase.includes(' ') || phrase === 'fwa',
);

/**
 * Things people ask about broadband that this data does not hold, each with the reason given back. Checked before
 * anything else is read: a place or a network in the same question ("the weather in Manchester", "churn at Sky")
 * must not turn it into a count of premises.
 */
const OUT_OF_SCOPE: [RegExp, string][] = [
  [
    /\b(?:leased lines?|ethernet (?:circuits?|services?|lines?)|dark fibre|capex|build costs?|cost per (?:premises|home|property)|(?:spent|spend|spending|invest(?:ed|ment)?) (?:per|on (?:its|the|their) build))\b/,
    'The data holds availability, take-up and forecasts of broadband to premises; it has no leased lines or ethernet circuits, and no build costs or spending.',
  ],
  [
    /\b(?:new[- ]build (?:housing|homes|houses|developments?|sites?)|housing (?:developments?|completions|starts|pipeline)|planning (?:applications?|permissions?)|housebuilding|house ?builders?)\b[^.?]*\b(?:planned|pipeline|coming|future|upcoming|20[2-9]\d|permission|approved|developers?)\b/,
    "The data holds premises that exist at each snapshot and operators' build forecasts; it has no housing developments or planning pipeline.",
  ],
  [
    /\b(weather|rain(?:fall)?|temperature|snow(?:fall)?|sunshine)\b/,
    'The data holds broadband availability, take-up and forecasts; it has no weather.',
  ],
  [
    /\b(prices?|pricing|tariffs?|costs?|cheapest|expensive|bills?|(?:monthly )?fees?|charges?|charged|charging|how much (?:does|do|is|are) [a-z ]+ (?:charge|cost)|per month for(?! (?:the )?(?:last|past|next|previous|first|each|every|\d))|(?:monthly |wholesale )?rentals?|rate cards?)\b/,
    'The data has no retail prices, tariffs or costs: it records which networks and speeds are available where, lines taken up, and forecasts.',
  ],
  [
    MOBILE,
    'The data covers fixed broadband (full fibre, cable, FTTC, ADSL, fixed wireless) at postcodes; it has no mobile or 4G/5G coverage.',
  ],
  [
    /\b(public (?:money|funds?|funding|spend(?:ing)?|subsid(?:y|ies))|subsid(?:y|ies|ised)|vouchers?|grants?|gainshare|r100|bduk|procurement|(?:project gigabit|government) (?:contracts?|funding|spend(?:ing)?))\b/,
    'The data has no public funding, subsidy, voucher or contract figures: it records which networks and speeds are available where, lines taken up, and forecasts.',
  ],
  [
    /\b(?<!\bnorthern |\bn\.? )(?:republic of ireland|irish republic|ireland(?!'s? (?:full|fibre|gigabit))|europe(?:an)?|eu (?:average|countries|member states))\b/,
    'The data covers the UK only (England, Scotland, Wales and Northern Ireland): nothing outside it.',
  ],
  [
    /\b(ev\/|enterprise value|valuations?|(?:ev|revenue|ebitda|valuation) multiples?|deal (?:values?|prices?)|acquisitions? (?:prices?|values?)|(?:altnet|m&a) deals?|deals? (?:go|went) for)\b/,
    'The data has no deal, valuation or financial figures: it records which networks and speeds are available where, lines taken up, and forecasts.',
  ],
  [
    // (A cabinet asked about is a street cabinet; "the cabinet paper" and "fibre to the cabinet" are not.)
    /\b(poles?|ducts?|pia|wayleaves?|mdus?|multi[- ]dwelling units?|chambers?|street works|street cabinets?|pcps?|(?:how many|number of|count of|which|where are the|list the) (?:green |street |pcp )?cabinets)\b/,
    'The data has no physical infrastructure records (poles, ducts, PIA, wayleaves or buildings): it records which networks and speeds are available at each postcode.',
  ],
  [
    /\b(pensioners?|never used the internet|internet users?|digital skills|age groups?|aged (?:over|under) \d+|elderly)\b/,
    'The data has no demographics of internet use (age, skills, who uses the internet): it holds premises, households and population per postcode, and a digital deprivation score.',
  ],
  [
    /\b((?:parliamentary )?constituenc(?:y|ies)|electoral wards?|(?:council )?wards?|parish(?:es)?|lsoas?|msoas?|output areas?)\b/,
    'The data is by nation, region, local authority and postcode (area, district, sector and unit postcode); it has no parliamentary constituencies, wards, parishes or census areas.',
  ],
  [
    /\b(churn(?:ed|ing)?|cancellations?|switching rates?)\b/,
    'The data has no churn or switching figures; take-up (lines per operator and quarter) is the nearest it holds.',
  ],
  [
    /\b(faults?|outages?|downtime|reliability|repair times?)\b/,
    'The data has no faults, outages or reliability records.',
  ],
  [
    /\b(engineers?|staff|employees|headcount|workforce|install(?:ation)? (?:times?|dates?|appointments?)|appointments?|exchange (?:closures?|closing|exit)|exchanges? (?:are |is )?(?:being |to be |getting )?(?:closed|closing|shut)|pstn|copper (?:switch[- ]?off|retirement)|switch[- ]?off)\b/,
    'The data has no operational records (engineers, installations, exchange closures or the copper switch-off): it records which networks and speeds are available where, lines taken up, and forecasts.',
  ],
  [
    /\b(satisf(?:action|ied)|complaints?|customer reviews?|reviews? (?:of|from|on|by) (?:customers|users|the service)|trustpilot|star ratings?|nps|net promoter)\b/,
    'The data has no customer satisfaction, complaints or reviews.',
  ],
  [
    /\b(speed ?tests?|measured speeds?|actual speeds?|real[- ]world speeds?|latency|ping|jitter|(?:at )?peak[- ]times?|(?:measured|achieved),? not advertised|not advertised)\b/,
    'The data holds the speeds on offer at each postcode (fastest download and upload), not speeds measured by users, latency or jitter.',
  ],
  [
    /\b(revenues?|arpu|profits?|turnover|market cap(?:italisation)?|capex|opex|capital expenditure|build costs?|costs? per (?:premises|home|connection)|investment)\b/,
    'The data has no financial figures (revenue, costs or investment); market share here is share of broadband lines (take-up).',
  ],
];

const DOMAIN =
  /\b(premises|postcodes?|coverage|covered|fibre|fiber|fttp|ftth|fttc|adsl|gigabit|gig|broadband|network|networks|operators?|altnets?|alt[- ]nets?|alternative networks?|openreach|virgin|cable|docsis|fwa|wireless|speed|speeds|mbps|download|upload|footprint|rollout|roll-out|overbuild|overbuilt|lines|subscribers|take[- ]?up|uptake|market share|forecast|attractiveness|attractive|deprivation|deprived|households|homes|population|exchanges?|local authorit(?:y|ies)|councils?|regions?|boroughs?|nations?)\b/;

export function understand(asked: string, lexicon: Lexicon, ctx: TimeContext): Understanding {
  const question = correctTypos(plainWording(asked, ctx.latestQuarter), lexicon);
  const text = ` ${spellOutTimeUnits(question.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim())} `;
  if (has(text, INJECTION) || has(text, WRITE_INTENT)) {
    return {
      kind: 'unsupported',
      confidence: 0.95,
      reasoning:
        'The request asks to change data or to override instructions. This tool only reads the broadband warehouse with read-only SELECT queries; it cannot modify, delete or create anything.',
    };
  }
  const outOfScope = OUT_OF_SCOPE.find(
    ([pattern]) =>
      pattern.test(text) && !(pattern === MOBILE && FIXED_WIRELESS.some((p) => text.includes(` ${p}`))),
  );
  if (outOfScope) {
    return { kind: 'unsupported', confidence: 0.9, reasoning: outOfScope[1] };
  }
  const entities = lexicon.find(question);
  const tagging = tagQuestion(question, lexicon, ctx);
  // A term of the model ("FF", "UFBB") is of the domain as much as the words DOMAIN lists.
  const domain =
    has(text, DOMAIN) ||
    entities.some((e) => e.entity.kind === 'group' || e.entity.kind === 'operator') ||
    tagging.tags.some((t) => DOMAIN_ROLES.has(t.role)) ||
    // A postcode written as a code is of the domain ("what can I get at SW1A 1AA").
    tagging.tags.some((t) => t.role === 'place' && t.value.startsWith('postcode'));
  if (
    // "What can I get at SW1A 1AA" names a place: it asks what is on offer there, not what the tool can do.
    (SYSTEM_INFO.some((re) => re.test(text)) &&
      (!hasMeasureWords(text) || ABOUT_THE_TOOL.test(text)) &&
      !tagging.tags.some((t) => t.role === 'place')) ||
    DEFINITION.some((re) => re.test(text)) ||
    PROVENANCE.some((re) => re.test(text))
  ) {
    return {
      kind: 'system_info',
      confidence: 0.9,
      reasoning:
        'The question asks about the data itself (what it holds and how it can be queried), not for figures from it.',
    };
  }
  if (!domain && entities.length === 0) {
    // Nothing of the domain recognised is a guess that the question is out of scope: not a confident one.
    return {
      kind: 'unsupported',
      confidence: 0.7,
      reasoning:
        'The question does not mention anything the broadband data covers (premises, postcodes, networks, technologies, speeds, places, take-up or forecasts).',
    };
  }
  // A year past the last forecast point ("coverage in 2035") is a figure the data does not hold: answering the
  // last point instead would be a confident answer to another question.
  const lastYear = Number(ctx.forecastLast.slice(0, 4));
  // "For 2035", "in 2035" name that year; "by 2035" is read as the last forecast point (all the forecast knows).
  const yearOf = (t: (typeof tagging.tags)[number]) =>
    t.moment?.year ??
    (/\b(?:by|until|till|before)\b/.test(t.text)
      ? 0
      : Number((t.moment?.date ?? t.moment?.quarter ?? '0').slice(0, 4)));
  const beyond = tagging.tags.find((t) => t.role === 'time' && yearOf(t) > lastYear);
  if (beyond) {
    return {
      kind: 'unsupported',
      confidence: 0.9,
      reasoning: `The data holds availability from ${formatMonth(ctx.earliest)} to ${formatMonth(ctx.latest)} and forecasts to ${formatMonth(ctx.forecastLast)}: nothing for ${yearOf(beyond)}.`,
    };
  }
  const first = buildPlan(text, entities, lexicon, ctx);
  // The readers' plan is one reading; the tags allow others. The best one answers.
  const candidates = rankReadings(first, tagging, lexicon, ctx);
  const best = candidates[0]!;
  const plan = best.plan;
  // "Where CityFibre, Netomnia and Openreach full fibre all three overlap": the networks named are the count; a
  // minimum of that many on top of all of them present adds nothing (and compiled, counts within each one alone).
  const s = plan.subject;
  if (s.allGroups?.length && s.minNetworks !== undefined && s.minNetworks <= s.allGroups.length)
    delete s.minNetworks;
  // "Altnet reach now vs Nov-25, YoY growth % and the current share": the change in points with the premises' growth.
  if (
    plan.measure === 'change_pp' &&
    /\bgrowth\s*(?:%|percent|rate)|(?:%|percent(?:age)?)\s*growth\b/.test(text)
  )
    plan.growthPct = true;
  // Every word accounted for: what the reading did not use is recorded, said in the answer, and lowers the
  // confidence (words it could not place, conditions it read that the plan does not carry, tags it left unused).
  const names = tagging.tags.filter((t) => t.role === 'place' && t.value.startsWith('postcode_area:'));
  const reading = accountFor(
    question,
    plan,
    entities,
    ctx,
    { text, domain, names: names.map((t) => ` ${t.text.toLowerCase()} `) },
    best.unused,
  );
  plan.unknowns.push(...reading.unknowns);
  let confidence = reading.confidence;
  // "..., and that as a % of all altnet-passed premises", "what % of Openreach FTTP premises also have VM": a share
  // of a footprint the plan does not take as its base is a share of something else.
  const base = SHARE_OF_A_FOOTPRINT.exec(text)?.[0] ?? shareOfNetworkFootprint(tagging);
  if (base && !plan.within && !plan.footprintShare && /_pct$|^change_pp$/.test(plan.measure)) {
    plan.unknowns.push(`the base of the share ("${base.trim()}")`);
    confidence = Math.max(0.15, Number((confidence - 0.45).toFixed(2)));
  }
  const second = candidates.find((c) => c.interpretation !== best.interpretation);
  if (second && best.score - second.score < CLOSE_READINGS) {
    plan.assumptions.push(`another reading was almost as likely: ${second.interpretation}`);
    confidence = Math.max(0.15, Number((confidence - 0.1).toFixed(2)));
  }
  const askBack = mainWordsUnused(tagging, candidates);
  // Two figures of different kinds in one question: each clause read on its own, answered together.
  const two = askBack ? null : readTwoFigures(asked, plan, (clause) => understand(clause, lexicon, ctx), ctx);
  // Several figures of the same rows listed ("Cardiff, Swansea and Newport: total premises, FF %, Virgin Media %"):
  // tried when no single reading answers well, each figure read on its own and answered side by side.
  // A figure added "with their ...", "plus each district's ..." is tried even when one reading answers well: that
  // reading has dropped it.
  const added = ADDED_FIGURE.test(text) || RANKING_THEN_FIGURES.test(text);
  // A plan that contradicts itself will be answered at no more than 0.3 (checkCompiled): two figures merged into one
  // condition ("FF coverage and the share below the USO") are what a list reads apart.
  // "Leeds: FF %, gigabit %": conditions listed as figures of their own, each with its measure, are not one
  // condition ("full fibre with gigabit") of a single figure.
  const merged = mergesListedFigures(plan, tagging, text);
  if (merged) {
    plan.unknowns.push(merged);
    confidence = Math.min(confidence, 0.5);
  }
  const wholeConfidence = contradictions(plan).length || merged ? Math.min(confidence, 0.3) : confidence;
  const several =
    two ||
    (!askBack && wholeConfidence >= 0.8 && (!added || plan.compare?.length)) ||
    // "Of the premises OR's FTTP passes, what % can also get VM": a share of a base, one figure.
    ((plan.within || plan.footprintShare) && /^\s*(?:of|among|within|out of|for)\b|\balso\b/i.test(asked))
      ? null
      : readFigureList(withoutLayoutTail(asked), lexicon, ctx, (item) => understand(item, lexicon, ctx));
  // One figure listed at several moments ("latest, MoM, YoY"; "now and 12 months back"): a change from each earlier
  // moment to the latest, side by side. No single plan holds more than one window.
  const earlierDates = tagging.moments.filter(
    (m) => m.date !== ctx.latest && m.quarter !== ctx.latestQuarter,
  );
  const atMoments =
    two || askBack
      ? null
      : readMoments(asked, plan, ctx, (rest) => understand(rest, lexicon, ctx), earlierDates.length);
  const pieces =
    atMoments ??
    two ??
    (several && (several.confidence > wholeConfidence || (added && several.confidence >= 0.8))
      ? several
      : null);
  if (pieces)
    return {
      kind: 'data',
      plan: pieces.plan,
      confidence: pieces.confidence,
      reasoning: describeReading(pieces.plan),
      tagging,
      candidates: [
        { plan: pieces.plan, interpretation: interpret(pieces.plan, ctx), score: best.score + 1, unused: [] },
        ...candidates,
      ],
    };
  return {
    kind: 'data',
    plan,
    confidence,
    reasoning: describeReading(plan),
    tagging,
    candidates,
    ...(askBack ? { askBack } : {}),
  };
}

/** "With their FF coverage", "plus each district's gigabit %", "with each council's FF %": a further figure per row. */
const ADDED_FIGURE =
  /(?:,\s*|\s)(?:with|plus) (?:their|its|each (?:[a-z]+ )?[a-z]+['’]s)\s|,\s*and (?:their|its|each (?:[a-z]+ )?[a-z]+['’]s)\s|,\s*(?:with|plus) (?:the )?(?:[a-z]+ )?(?:%|share|coverage|number)\b/;

/**
 * "Bottom 10 councils on FF coverage - FF % and the number of premises still without FF": a ranking, then after a
 * dash or colon the figures each row should show. One reading of it all merges the figures into the ranking.
 */
const RANKING_THEN_FIGURES =
  /\b(?:top|bottom|best|worst|highest|lowest|biggest|largest|smallest)\b[^-–—:]*(?:\s[-–—]|:)\s+[^-–—:]+(?:,| and )/i;

/** Tags that only a question about the data has: a technology or named filter, a measure, a dataset. */
const DOMAIN_ROLES = new Set(['technology', 'measure', 'dataset']);

/** The roles that carry what a question is about; a reading that leaves most of them out is a guess. */
const MAIN_ROLES = new Set(['place', 'network', 'operator', 'technology', 'measure', 'dataset']);

/**
 * The main words that no reading uses, when the best reading leaves out two or more of them: then no answer is a
 * fair reading of the question (readings with two or more gaps were right in under one case in five on the eval
 * sets, see confidence.ts), and the analyst asks back instead of guessing.
 */
function mainWordsUnused(tagging: Tagging, candidates: CandidateReading[]): string[] | undefined {
  const best = candidates[0];
  if (!best) return undefined;
  const main = tagging.tags.filter((t) => MAIN_ROLES.has(t.role));
  const unused = main.filter((t) => best.unused.some((u) => u.startsWith(`"${t.text}"`)));
  if (unused.length < 2) return undefined;
  return unused.map((t) => t.text);
}

/**
 * A technology both asked for and excluded ("premises in Bristol with no full fibre" said twice, once through a
 * synonym: "greenfield ... with no full fibre") is its absence, never an empty set.
 */
function presentAndExcluded(subject: Plan['subject']): void {
  // "VM as their only gigabit option ... no ...": a sole network is present, so the subject is not absent.
  if (subject.absent && subject.soleGroup) delete subject.absent;
  const { exclude } = subject;
  if (!exclude?.tech || exclude.tech !== subject.tech) return;
  if (exclude.gigabit || exclude.minDown || exclude.operatorGroups?.length) return;
  delete subject.exclude;
  subject.absent = true;
}

/** A share of a network's or technology's footprint: "% of all FF-passed premises", "% of Openreach FTTP premises". */
const SHARE_OF_A_FOOTPRINT =
  /(?:%|\bper ?cent(?:age)?|\bshare|\bproportion) of (?:all |the |total |their |its )*(?:(?:[a-z0-9'.&-]+ ){0,2}(?:altnet|alt-net|ff|fttp|ftth|full[- ]fibre|gigabit|gig|cable|network)[- ](?:passed|covered|served|enabled|capable) (?:premises|homes|properties|postcodes)|(?:openreach|or|virgin media|vm|cityfibre|cf|altnets?)(?:'s)?(?: (?:ff|fttp|ftth|full[- ]fibre|gigabit|cable))? (?:premises|homes|properties|footprint|postcodes))\b/;

/**
 * Two technologies or named filters listed apart, each with its own measure ("FF %, gigabit %", "ff cov %; gigabit
 * cov %"), that one plan puts into one subject: the reading merges two figures. What it says, or undefined.
 */
function mergesListedFigures(plan: Plan, tagging: Tagging, text: string): string | undefined {
  if (plan.compare?.length || plan.alongside?.length || plan.within) return undefined;
  // The tags' spans are of the normalised words, without punctuation: each is found again in the question's text.
  let cursor = 0;
  const conditions = tagging.tags
    .filter((t) => t.role === 'technology')
    .map((tag) => {
      const at = text.indexOf(tag.text, cursor);
      if (at >= 0) cursor = at + tag.text.length;
      return { tag, start: at, end: at + tag.text.length };
    })
    .filter((c) => c.start >= 0);
  for (const [i, { tag, end }] of conditions.entries()) {
    const next = conditions[i + 1];
    if (!next || next.tag.value === tag.value) continue;
    const between = text.slice(end, next.start);
    if (!/[,;/]/.test(between) || !/%|\b(?:cov|coverage|share|pct|percent(?:age)?|premises)\b/.test(between))
      continue;
    const s = plan.subject;
    const held = [s.tech, s.gigabit, s.minDown, s.belowUso, s.altnet, s.minUp].filter(Boolean).length;
    if (held >= 2)
      return `"${tag.text}" and "${next.tag.text}" are listed as two figures, read as one condition`;
  }
  return undefined;
}

/**
 * "% of Netomnia's premises", "as a share of the CityFibre footprint": a share whose base is any network's footprint
 * (a network tag right after "% of", then its premises), whatever the network is called.
 */
function shareOfNetworkFootprint(tagging: Tagging): string | undefined {
  for (const tag of tagging.tags) {
    if (tag.role !== 'network' && tag.role !== 'operator') continue;
    const before = tagging.text.slice(Math.max(0, tag.start - 40), tag.start);
    const after = tagging.text.slice(tag.end, tag.end + 40);
    if (
      /(?:%|\bper ?cent(?:age)?|\bshare|\bproportion) of (?:all |the |total |their |its )*$/.test(before) &&
      /^(?:['’]s)?(?: (?:own|total|whole|ff|fttp|ftth|full[- ]fibre|gigabit|cable))? (?:premises|homes|properties|footprint|postcodes)\b/.test(
        after,
      )
    )
      return `share of ${tag.text}'s premises`;
  }
  return undefined;
}

/** Two readings less than one tag apart are both said ("another reading was almost as likely"). */
const CLOSE_READINGS = 1;

function hasMeasureWords(text: string): boolean {
  return /\b(how many|how much|number of|count|coverage|share|percentage|top \d|rank|which (?:local|region|operator|network|council|altnet))\b/.test(
    text,
  );
}

/**
 * Reads the question into a plan, one part at a time; the order matters, as later readers look at what the
 * earlier ones found (the subject decides whether "networks" is a dimension, the measure the default subject).
 */
function buildPlan(text: string, entities: EntityMatch[], lexicon: Lexicon, ctx: TimeContext): Plan {
  const parsed = parseTime(text, ctx);
  const draft: Draft = {
    text,
    entities,
    lexicon,
    ctx,
    parsed,
    dataset: readDataset(text, parsed.future),
    subject: {},
    notes: [],
    assumptions: [],
    groups: [],
    operators: [],
    counties: [],
    excluded: null,
    compareNetworks: false,
    leaderPerDimension: false,
    flow: false,
    takeUpChange: {},
  };
  readPlaces(draft);
  readTechnology(draft);
  readNetworkCount(draft);
  readNamedNetworks(draft);
  readConditions(draft);
  readDimension(draft);
  const words = readMeasure(draft);
  readShape(draft, words.pct);
  readRanking(draft);
  readGroupFilter(draft);
  readTakeUp(draft);
  readForecastPoint(draft);
  defaultTechnology(draft);
  presentAndExcluded(draft.subject);
  changeOverWindow(draft, words.pp);
  scoresToday(draft);
  const unknowns: string[] = [];
  const filteredOut = parsed.matched.join(' ');
  if (filteredOut) draft.notes.push(`time: ${filteredOut}`);
  if (!draft.measure) unknowns.push('measure');
  return {
    dataset: draft.dataset,
    measure: draft.measure as Measure,
    subject: draft.subject,
    dimension: draft.dimension,
    geo: draft.geo,
    urbanRural: urbanOrRural(text),
    time: parsed.time,
    leaderPerDimension: draft.leaderPerDimension || undefined,
    flow: draft.flow || undefined,
    ...(draft.flow && draft.growthPct ? { growthPct: true } : {}),
    takeUp: draft.takeUp,
    order: draft.order,
    limit: draft.limit,
    groupFilter: draft.groupFilter,
    countGroups: draft.countGroups,
    notes: draft.notes,
    unknowns,
    assumptions: draft.assumptions,
  };
}

/** "rural premises" filters to rural postcodes, "urban" to urban ones; both named is a comparison, no filter. */
function urbanOrRural(text: string): Plan['urbanRural'] {
  const words = new Set(text.split(/[^a-z]+/));
  if (words.has('rural') !== words.has('urban')) return words.has('rural') ? 'rural' : 'urban';
  return undefined;
}

/** The change in each level: what a level asked over a window (from -> to) is. */
const CHANGE_OF: Partial<Record<Measure, Measure>> = {
  premises: 'change_premises',
  postcodes: 'change_postcodes',
  coverage_pct: 'change_pp',
};

/**
 * A window (from -> to) is a change: a level asked over one ("Cornwall gigabit coverage now vs 2 years ago",
 * "Openreach's forecast new build from Dec 2026 to Dec 2027") is the change in that level, whose answer shows
 * both ends. A level at one date never carries a window its SQL would ignore.
 */
function changeOverWindow(draft: Draft, points: boolean): void {
  const time = draft.parsed.time;
  // "by how many points did coverage move": a change in points, whatever "how many" made of the level.
  const change = draft.measure && (points ? 'change_pp' : CHANGE_OF[draft.measure]);
  if (!change || !CHANGE_OF[draft.measure!] || !time.from || !time.to || draft.groupFilter) return;
  if (draft.dimension && TIME_DIMENSIONS.has(draft.dimension)) return;
  draft.measure = change;
}

/**
 * Scores are kept beside the forecast, but a condition on them is about today unless the question speaks of the
 * forecast ("attractiveness of postcodes with no full fibre today" reads availability now, not the 2030 forecast).
 */
function scoresToday(draft: Draft): void {
  const score = draft.measure === 'avg_attractiveness' || draft.measure === 'avg_deprivation';
  if (!score || draft.dataset !== 'upc_forecast' || draft.parsed.future || speaksOfForecast(draft.text))
    return;
  draft.dataset = 'upc';
}

/** The reading in words, with the semantic model's labels (never a column or a tech code). */
export function describeReading(plan: Plan): string {
  const parts = [`${plan.dataset} dataset`, `measure: ${MEASURE_TERMS[plan.measure]?.label ?? plan.measure}`];
  if (plan.dimension) parts.push(`by ${DIMENSION_TERMS[plan.dimension]?.label ?? plan.dimension}`);
  if (plan.geo) parts.push(`in ${plan.geo.label ?? plan.geo.values.join(', ')}`);
  const subjectWords = (s: Plan['subject']) =>
    [
      s.tech && (techSegment(s.tech)?.label ?? s.tech),
      s.belowUso && 'below the USO',
      s.gigabit && 'gigabit',
      s.exclude && `without ${excludedWords(s.exclude)}`,
      s.altnet && 'altnets',
      s.operatorGroups && `networks ${s.operatorGroups.join(', ')}`,
      s.operators && `operators ${s.operators.join(', ')}`,
      s.allGroups && `all of ${s.allGroups.join(' and ')}`,
      s.minNetworks && `${s.minNetworks}+ networks`,
      s.exactNetworks && `exactly ${s.exactNetworks} networks`,
      s.minDown && `${s.minDown}+ Mbit/s down`,
      s.minUp && `${s.minUp}+ Mbit/s up`,
      s.absent && 'absent',
    ]
      .filter(Boolean)
      .join(', ');
  // Subjects side by side are each named, in their columns' order.
  const subjects = [plan.subject, ...(plan.compare ?? [])].map(subjectWords).filter(Boolean);
  if (subjects.length === 1) parts.push(`subject: ${subjects[0]}`);
  else if (subjects.length > 1) parts.push(`subjects side by side: ${subjects.join(' | ')}`);
  // A share within a base names the base too.
  if (plan.within) parts.push(`among premises with: ${subjectWords(plan.within) || 'any service'}`);
  if (plan.groupFilter) {
    const test = describeGroupFilter(plan.groupFilter);
    parts.push(`places whose share is ${test}${plan.countGroups ? ', counted' : ''}`);
  }
  if (plan.time.phrase) parts.push(plan.time.phrase);
  if (plan.time.at) parts.push(`at ${plan.time.at}`);
  return `Read as a data question (${parts.join('; ')}).${plan.assumptions.length ? ` Assumed: ${plan.assumptions.join('; ')}.` : ''}`;
}
