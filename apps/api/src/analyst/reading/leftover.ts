/**
 * Every word accounted for: which words of a question the analyst's reading did not use. A word is accounted
 * for when it is a function word, part of a name the lexicon matched (a place, a network), part of a time
 * phrase the time parser took, or a word of the analyst's grammar (measures, subjects, shapes, comparators).
 * What is left is a content word the reading could not place: it is never dropped silently, it lowers the
 * confidence and the answer says it was not used.
 *
 * Beyond single words, a condition can be read and still not reach the plan: a negation ("but not full
 * fibre"), a comparison with a number ("more than half", "fewer than 3") or a count of places ("how many
 * councils have ..."). Those are checked against the plan itself.
 */

import { FULL_FIBRE, takeUpTech } from '@qa/warehouse';
import { GEO_DIMENSIONS, type Plan } from '../semantic/plan.js';
import type { EntityMatch } from './lexicon.js';
import { numberFrom } from './time-phrases.js';
import { isAccountedWord, JUDGEMENT_WORDS, NUMBER_WORDS, VOCABULARY } from './vocabulary.js';

/** The one-word measures of the vocabulary ("premises", "postcodes", "lines"), as a negation can name them. */
const MEASURE_WORDS = new Set(
  Object.values(VOCABULARY.measure ?? {})
    .flat()
    .filter((phrase) => !phrase.includes(' ')),
);

/** Full fibre as the take-up tables spell it (the semantic model's). */
const FULL_FIBRE_TAKE_UP = takeUpTech(FULL_FIBRE);

/**
 * The content words of `question` that the reading did not use. `entities` are the lexicon's matches (their
 * words are names), `timeMatched` the phrases the time parser took.
 */
export function leftoverWords(
  question: string,
  entities: EntityMatch[],
  timeMatched: string[],
  /** The plan uses a number (a limit, a count of networks, a threshold): number words are accounted for. */
  usesNumber = true,
): string[] {
  // "For the CityFibre build-plan review: how many ...": a lead-in before a colon says why the question is asked; its
  // names are read, its other words need no role.
  const colon = question.indexOf(': ');
  const leadIn = colon > 0 && colon < question.length * 0.6 ? question.slice(0, colon) : '';
  const namesOfLeadIn = entities.filter((e) => leadIn.toLowerCase().includes(e.text.toLowerCase()));
  // A short word no vocabulary knows ("NE share of premises: ...") is an abbreviation the reading missed, not a
  // title's word: it still counts.
  const shortOfLeadIn = leadIn
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter((w) => w.length >= 2 && w.length <= 3 && /^[a-z&]+$/.test(w) && !isAccountedWord(w));
  const asked = leadIn
    ? `${[...namesOfLeadIn.map((e) => e.text), ...shortOfLeadIn].join(' ')} ${question.slice(colon + 1)}`
    : question;
  let text = ` ${asked
    .toLowerCase()
    .replace(/[’`]/g, "'")
    // "i.e." and "e.g." are one word each.
    .replace(/\b([a-z])\.([a-z])\.?/g, '$1$2')
    .replace(/[^a-z0-9'%+./-]+/g, ' ')} `;
  // Phrases of the grammar whose number is part of a name ("the four nations") or points at the names listed ("all
  // three of CityFibre, Hyperoptic and G.Network"). Whole words only: the name "OR" (Openreach) is not the "or"
  // inside "forecast" or "network".
  const grammar = ['four nations', 'home nations', 'all three', 'all four', 'all 3', 'all 4'];
  for (const phrase of [...entities.map((e) => e.text), ...timeMatched, ...grammar]) {
    const trimmed = phrase?.trim().toLowerCase();
    if (!trimmed) continue;
    const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`(?<![a-z0-9])${escaped}(?![a-z0-9])`, 'g'), ' ');
  }
  const words = text
    .split(/[\s/]+/)
    .map((w) => w.replace(/^['.-]+|['.-]+$/g, ''))
    .filter(Boolean);
  const left: string[] = [];
  for (const word of words) {
    // Numbers, speeds, counts and dates as analysts write them are read elsewhere; another word with a digit in it
    // ("YE26", "AB99" that is no postcode) is a word the reading did not place.
    if (/\d/.test(word)) {
      if (!NUMERIC_FORMS.test(word) && !left.includes(word)) left.push(word);
      continue;
    }
    if (word.length <= 1) continue;
    // "one" is also plain presence ("at least one altnet"); other number words must reach the plan.
    if (NUMBER_WORDS.test(word) && (usesNumber || word === 'one' || word === 'first')) continue;
    if (word.split('-').every(isAccountedWord)) continue;
    if (!left.includes(word)) left.push(word);
  }
  return left;
}

/** Words with digits the tagger and the time parser read: numbers, shares, speeds, counts, quarters, halves, years. */
const NUMERIC_FORMS =
  /^(?:[<>=~]*\d+(?:[.,]\d+)*%?\+?|\d+(?:[.,]\d+)?(?:st|nd|rd|th|s|x|k|m|bn|pp|ppt|ppts|pts|yrs?|y|mths?|mos|months?|qtrs?|q|h|d)\+?|\d+(?:\.\d+)?(?:mbps|mbit|mbits|mb|mbs|gbps|gbit|gb|gig|gigs|meg|megs|mbit\/s|mb\/s)\+?|[qh][1-4]|(?:19|20)?\d\d[- ]?[qh][1-4]|[qh][1-4][- ]?'?(?:19|20)?\d\d|'\d\d|\d+(?:\.\d+)?(?:mbps|mbit|mb|gbps|gbit|gb|gig|meg|m|g|k|%)?[-–]\d+(?:\.\d+)?(?:mbps|mbit|mb|gbps|gbit|gb|gig|meg|m|g|k|%)?\+?|\d+\/\d+(?:\/\d+)?|[a-z]{3,9}[-']\d\d(?:\d\d)?|\d+[a-z]?|(?!(?:ye|fy|cy|yr)\d)[a-z]{1,2}\d[a-z\d]?|\d[a-z]{2})$/;

const NEGATION =
  /\b(?:not|no(?!\.? of\b)|without|except|excluding|exclude|apart from|other than|lack(?:ing)?|can'?t|cannot|unable|never|non)\b/g;
const COMPARATOR =
  /\b(?:more than|fewer than|less than|greater than|at least|at most|above|below|under|over|exceeding|exceeds|beyond)\s+(?!(?:19|20)\d\d(?:\s*(?:[,.;:?)]|$|and\b|to\b|vs\b|-)))(?:\d+\/\d+|\d[\d.,]*%?|one|two|three|four|five|half|a (?:third|quarter)|three quarters)/;
/** "still under 70% gigabit", "below 85% FTTP": a share compared with a number, without "than". */
const SHARE_COMPARATOR = /\b(?:under|below|over|above|less than|more than|at least|at most)\s+\d[\d.]*\s*%/;
const COUNT_OF_PLACES =
  /\bhow many (?:local authorities|las|councils|boroughs|regions|nations|countries|areas|districts|postcode areas|places|towns|cities)\b/;

const NUMBER = '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty)';
const numberValue = (word: string) => numberFrom(word) ?? Number(word);
const MONTH_OR_QUARTER =
  '(?:q[1-4]|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)';
const SERIES_DIMENSIONS = new Set(['month', 'quarter', 'half_year', 'year']);

/** Conditions the question states that the plan does not carry, said in words (empty when all are carried). */
export function uncarriedConditions(
  question: string,
  plan: Plan,
  entities: EntityMatch[] = [],
  /** The phrases the time parser took from the question. */
  timeMatched: string[] = [],
): string[] {
  const text = ` ${question.toLowerCase().replace(/[’`]/g, "'")} `;
  const missing: string[] = [];
  // A name that is also a number word ("Three") makes the reading ambiguous, whichever way it was read.
  for (const match of entities) {
    // "Three's 5G home broadband": a possessive is a name.
    const possessive = text.includes(`${match.text.toLowerCase()}'s `);
    // "three or more FF networks": the plan counts that many and names no such network, so it read a number.
    const n = numberFrom(match.text);
    const s = plan.subject;
    const named = [...(s.operatorGroups ?? []), ...(s.operators ?? []), ...(s.allGroups ?? [])].some(
      (name) => name.toLowerCase() === match.text.toLowerCase(),
    );
    const counted =
      n !== null && [plan.limit, s.minNetworks, s.exactNetworks, s.allGroups?.length].includes(n) && !named;
    if (!/^\d+$/.test(match.text) && n !== null && !possessive && !counted)
      missing.push(`the word "${match.text}" (taken as a name, but it is also a number)`);
  }
  missing.push(...uncarriedCounts(text, plan));
  missing.push(...unjudged(text, plan));
  // "In how many English councils is CityFibre the biggest network?": a count of places, which a list of them (or of
  // their networks) does not answer.
  const placesCounted =
    /\bin how many (?:[a-z]+ ){0,2}(?:councils|las|local authorities|authorities|regions|nations|districts|postcode areas|postcode districts|areas|boroughs|places)\b/.exec(
      text,
    );
  if (placesCounted && !plan.countGroups && plan.measure !== 'place_count' && !plan.placeBands)
    missing.push(`the count of places ("${placesCounted[0].trim()}")`);
  // One row per period: "each month", "in each of the last 6 months", "quarter by quarter".
  const perPeriod = text.match(
    /\b(?:each|every|per|by) (?:month|quarter|year|half[- ]year)\b|\b(?:month by month|quarter by quarter|year by year)\b|\beach of the (?:last|past) \d+\b/,
  );
  if (perPeriod && !(plan.dimension && SERIES_DIMENSIONS.has(plan.dimension)))
    missing.push(`the rows per period ("${perPeriod[0]}")`);
  // A chosen month or quarter of each year: "Q4 of each year", "each January".
  const chosen = text.match(
    new RegExp(
      `\\b${MONTH_OR_QUARTER} (?:of )?(?:each|every) (?:year|yr)\\b|\\b(?:each|every) ${MONTH_OR_QUARTER}\\b`,
    ),
  );
  if (
    chosen &&
    plan.time.seriesMonth === undefined &&
    plan.time.quarterNumber === undefined &&
    plan.time.seriesMonths === undefined
  )
    missing.push(`the chosen month of each year ("${chosen[0]}")`);
  const s = plan.subject;
  // "only one network, i.e. no competition" is carried as exactly one network; any other negation needs a
  // negated subject in the plan.
  const noCompetition =
    s.exactNetworks === 1 &&
    /\bno (?:[a-z-]+ )?(?:competition|competitors?|rivals?|choice|alternatives?)\b/.test(text);
  const negated = Boolean(
    noneNowThenForecast(plan, text) ||
      // Speed bands put the premises without service in the first band.
      (plan.bandCuts?.length && /\b(?:without|no) (?:any )?(?:service|broadband|connection)\b/.test(text)) ||
      s.absent ||
      s.exclude ||
      s.notGroups?.length ||
      s.onlyTech ||
      s.bestDownBelow ||
      s.belowUso ||
      s.soleGroup ||
      noCompetition ||
      // "How many areas have no Hyperoptic": the places where its share is 0.
      (plan.groupFilter && ['lt', 'lte'].includes(plan.groupFilter.op) && plan.groupFilter.value <= 0),
  );
  // "postcodes (not premises)" negates a measure word, which the measure the plan chose carries.
  const negation = [...text.matchAll(NEGATION)].find((m) => {
    const next = text.slice((m.index ?? 0) + m[0].length).trimStart();
    return ![...MEASURE_WORDS].some((word) => next.startsWith(`${word} `) || next.startsWith(`${word})`));
  });
  if (negation && !negated) missing.push(`the negation ("${negation[0]}")`);
  const threshold =
    s.minNetworks !== undefined ||
    s.exactNetworks !== undefined ||
    s.minDown !== undefined ||
    s.minUp !== undefined ||
    s.bestDownBelow !== undefined ||
    s.belowUso === true ||
    s.gigabit === true ||
    // Speed bands cut where the question cuts them carry its comparisons and speeds.
    Boolean(plan.bandCuts?.length) ||
    Boolean(s.score);
  const comparison = text.match(COMPARATOR) ?? text.match(SHARE_COMPARATOR);
  // A share of premises compared with a number ("under 70% gigabit", "more than half") filters places by
  // their share: no subject threshold carries that.
  const share = comparison && /%|half|third|quarter/.test(comparison[0]);
  // "at least one altnet" is plain presence, which every subject carries.
  const presence =
    comparison && /\b(?:at least|more than) (?:one|1)\b/.test(comparison[0]) && s.minNetworks === undefined;
  if (comparison && !plan.groupFilter && (share || (!threshold && !presence)))
    missing.push(`the comparison ("${comparison[0]}")`);
  // A speed named with its unit must reach the plan as a threshold ("30Mb+", "over 100 Mbps").
  const speed = text.match(/\b(\d+(?:\.\d+)?)\s*(?:mb|mbps|mbit|mbit\/s|mb\/s|meg|gb|gbps|gbit|gig)\b\+?/);
  if (
    speed &&
    !(
      s.minDown ||
      s.minUp ||
      s.bestDownBelow ||
      s.belowUso ||
      s.gigabit ||
      s.symmetric ||
      plan.bandCuts?.length
    )
  )
    missing.push(`the speed ("${speed[0].trim()}")`);
  // "A vs B" compares two things: the plan must give two rows (a grouping, two places, or two dates).
  const versus = text.match(/\b(?:vs\.?|versus|compared (?:to|with)|against)\s/);
  if (
    versus &&
    !plan.dimension &&
    // A place beside the UK as a whole, or beside a wider place (two figures), is two figures.
    !plan.withUk &&
    !plan.alongside?.length &&
    (plan.geo?.values.length ?? 0) < 2 &&
    !readsTwoDates(plan) &&
    (s.operatorGroups?.length ?? 0) < 2 &&
    // "Openreach vs CityFibre overlap": the networks set against each other are met where both are.
    (s.allGroups?.length ?? 0) < 2 &&
    (s.operators?.length ?? 0) < 2
  )
    missing.push(`the comparison of two things ("${versus[0].trim()}")`);
  missing.push(
    ...uncarriedChange(text, plan),
    ...uncarriedSubjects(text, plan, entities),
    ...uncarriedPlaces(plan, entities),
  );
  // Upload speeds are a direction of their own: a plan about downloads does not answer them.
  const upload = text.match(/\b(?:upload|uploads|upstream|up speeds?)\b/);
  if (
    upload &&
    !(
      s.symmetric ||
      s.minUp ||
      plan.measure === 'max_up' ||
      plan.measure === 'max_speeds' ||
      plan.measure === 'avg_down'
    )
  )
    missing.push(`the upload direction ("${upload[0]}")`);
  // A time the question names ("last year", "in 2025") that the plan does not use.
  const timeNamed = timeMatched.find((phrase) => phrase.trim().length > 0);
  // A date written in a way the time parser did not take ("jun 27 -> dec 27") is a date the plan lacks.
  const dateWords = text.match(
    new RegExp(`\\b${MONTH_OR_QUARTER}\\s+'?\\d{2,4}\\b|\\bh[12]\\s+'?\\d{2,4}\\b`),
  );
  if (dateWords && timeMatched.every((phrase) => !phrase.trim()))
    missing.push(`the date ("${dateWords[0]}")`);
  const series = plan.dimension !== undefined && SERIES_DIMENSIONS.has(plan.dimension);
  const bounded = timeMatched.find((phrase) =>
    /\d{4}|\b(?:last|this|since|from|past|previous)\b/.test(phrase),
  );
  const unused = series ? bounded : timeNamed;
  if (unused && !usesTime(plan)) missing.push(`the time ("${unused.trim()}")`);
  const average = text.match(/\b(?:avg|average|mean|median)\b/);
  // A median or mean of places' figures is a statistic of them (placeStats), the average the question asks.
  const ofPlaces = average && plan.placeStats?.includes(average[0] === 'median' ? 'median' : 'mean');
  if (average && !AVERAGE_MEASURES.has(plan.measure) && !ofPlaces)
    missing.push(`the average ("${average[0]}")`);
  // "Which councils have 3 or more altnets": counted over the whole place, while the plan counts networks per
  // postcode (the only count of networks it has).
  const perPlace = text.match(NETWORKS_PER_PLACE);
  if (perPlace && (s.minNetworks !== undefined || s.exactNetworks !== undefined))
    missing.push(`networks counted across each place ("${perPlace[0].trim()}"), not per postcode`);
  const places = text.match(COUNT_OF_PLACES);
  // A count of places meeting a condition is one figure (countGroups), not a list of the places.
  if (
    places &&
    plan.measure !== 'operator_count' &&
    plan.measure !== 'place_count' &&
    !plan.countGroups &&
    !plan.placeBands
  )
    missing.push(`the count of places ("${places[0]}")`);
  return missing;
}

const AVERAGE_MEASURES = new Set<Plan['measure']>(['avg_down', 'avg_attractiveness', 'avg_deprivation']);

const NETWORKS_PER_PLACE =
  /\b(?:councils?|local authorities|las?|regions?|areas?|districts?|boroughs?|nations?|countries|towns?|cities)\s+(?:that\s+|which\s+)?(?:have|has|with|where there are)\s+(?:\w+\s+){0,2}?(?:\d+|two|three|four|five)\+?\s+(?:or more\s+)?(?:different\s+|distinct\s+|separate\s+)?(?:altnets?|alt nets?|networks?|operators?|providers?)\b/;

/** Words that ask for a change over time rather than a level. */
const CHANGE_WORDS =
  /\b(?:gain(?:ed|s)?|grew|grow(?:n|th)?|increase[ds]?|rose|rise[ns]?|jump(?:ed|s)?|went up|go(?:ne)? up|add(?:ed|s)?|new (?:[a-z]+ ){0,2}build|net new|newly|chang(?:e|ed|es)|improve(?:d|ment)?|uplift|delta|for the first time)\b/;
/** Two moments named: "between A and B", "from A to B", "now vs two years ago". */
const TWO_MOMENTS =
  /\bbetween\s+(?:h[12]\s+|q[1-4]\s+)?[a-z]*\s*\d{4}\s+and\b|\bfrom\s+(?:h[12]\s+|q[1-4]\s+)?[a-z]*\s*\d{4}\s+to\b|\b(?:now|today|currently|latest)\s+(?:vs\.?|versus|compared (?:to|with))\s/;

/** A change the question asks for ("gained", "between Jan 2024 and Jan 2026") that the plan reads as a level. */
/**
 * "The 5 LAs with the worst broadband", "the best connected region": a judgement of the broadband with no service
 * or measure named is no count of premises; the plan that counts them has not read what the judgement is on.
 */
function unjudged(text: string, plan: Plan): string[] {
  const judged = text
    .split(/[^a-z]+/)
    .find((w) => JUDGEMENT_WORDS.worse.has(w) || JUDGEMENT_WORDS.better.has(w) || w === 'connected');
  if (!judged || plan.dataset !== 'upc' || !['premises', 'postcodes'].includes(plan.measure)) return [];
  if (Object.keys(plan.subject).length > 0 || /\b(?:premises|postcodes|homes|properties)\b/.test(text))
    return [];
  return [`what "${judged}" judges the broadband by (no service or measure named)`];
}

function uncarriedChange(text: string, plan: Plan): string[] {
  const asked = text.match(CHANGE_WORDS) ?? text.match(TWO_MOMENTS);
  if (!asked) return [];
  const carried =
    readsTwoDates(plan) ||
    plan.flow === true ||
    Boolean(plan.takeUp?.change) ||
    (plan.dimension !== undefined && SERIES_DIMENSIONS.has(plan.dimension));
  if (!carried) return [`the change over time ("${asked[0].trim()}")`];
  // A change in a share is a change in points ("the biggest jump in full fibre %"), not in premises.
  const inPoints = text.match(/%|\bper ?cent(?:age)?\b|\bpoints?\b|\bpp\b/);
  if (inPoints && (plan.measure === 'change_premises' || plan.measure === 'change_postcodes'))
    return [
      `the change in share ("${inPoints[0]}"), read as a change in ${plan.measure === 'change_premises' ? 'premises' : 'postcodes'}`,
    ];
  return [];
}

/** The plan's measure compares two dates (a change, or what was first added between them). */
function readsTwoDates(plan: Plan): boolean {
  return (
    plan.measure.startsWith('change_') ||
    plan.measure.startsWith('first_') ||
    plan.measure === 'lines_change_pct' ||
    (plan.measure === 'line_share_pct' && (plan.takeUp?.change !== undefined || !!plan.takeUp?.fromQuarter))
  );
}

const TECH_WORDS: [RegExp, string[]][] = [
  [/\b(?:full[- ]?fib(?:re|er)|fttp|ftth)\b/, [FULL_FIBRE, FULL_FIBRE_TAKE_UP]],
  [/\b(?:fttc|vdsl)\b/, ['fttc']],
  [/\b(?:adsl|copper)\b/, ['adsl']],
  [/\b(?:cable|docsis)\b/, ['cable']],
  [/\b(?:fwa|fixed wireless)\b/, ['fwa']],
];

/**
 * Subjects the question names that the plan does not carry: altnets, the forecast, a technology, a named
 * network. "Virgin Media AND at least one altnet" read as Virgin Media alone answers another question.
 */
function uncarriedSubjects(text: string, plan: Plan, entities: EntityMatch[]): string[] {
  const s = plan.subject;
  const missing: string[] = [];
  const carried = JSON.stringify({
    subject: s,
    compare: plan.compare ?? [],
    within: plan.within ?? {},
    takeUp: plan.takeUp ?? {},
    dimension: plan.dimension ?? '',
  });
  const altnet = text.match(/\b(?:altnets?|alt[- ]nets?|alternative networks?)\b/);
  if (altnet && !(s.altnet || s.networksAreAltnets || plan.within?.altnet))
    missing.push(`the altnets ("${altnet[0]}")`);
  const forecast = text.match(/\bforecast(?:s|ed)?\b/);
  if (forecast && plan.dataset !== 'upc_forecast') missing.push(`the forecast ("${forecast[0]}")`);
  for (const [pattern, techs] of TECH_WORDS) {
    const named = text.match(pattern);
    // Forecasts are of full fibre only; Virgin Media's network is cable.
    if (!named || plan.dimension === 'tech') continue;
    if (techs.includes(FULL_FIBRE) && plan.dataset === 'upc_forecast') continue;
    if (techs.includes('cable') && carried.includes('"Virgin Media"')) continue;
    // Cable-only gigabit is gigabit without full fibre: the cable is what remains.
    if (techs.includes('cable') && s.gigabit && s.exclude?.tech === FULL_FIBRE) continue;
    // A sole technology rules the others out: "ADSL as the only technology, with no FTTC, full fibre or cable".
    if (s.onlyTech && !techs.includes(s.onlyTech) && /\b(?:no|without|not|nor|lacks?)\b/.test(text)) continue;
    if (!techs.some((tech) => carried.includes(`"${tech}"`))) missing.push(`the technology ("${named[0]}")`);
  }
  // "Virgin Media and an altnet": a network that is not an altnet, read inside the altnet footprint, is an
  // intersection the plan does not carry (it would need both to be present).
  const notAltnet = entities.find((m) => m.entity.kind === 'group' && !m.entity.altnet);
  if (altnet && s.altnet && notAltnet && !s.allGroups && !plan.within)
    missing.push(`both "${notAltnet.text}" and an altnet present (read as one footprint)`);
  for (const match of entities) {
    const e = match.entity;
    const name = e.kind === 'group' ? e.group : e.kind === 'operator' ? e.operator : undefined;
    if (
      name &&
      !carried.includes(`"${name}"`) &&
      !carried.includes(`"${e.kind === 'operator' ? e.group : name}"`)
    )
      missing.push(`the network ("${match.text}")`);
  }
  return missing;
}

/** Whether the plan pins any time: a snapshot, a window, series bounds, a quarter or a chosen month. */
function usesTime(plan: Plan): boolean {
  const { phrase: _phrase, ...time } = plan.time;
  return Object.values(time).some((value) => value !== undefined);
}

const PLACE_DIMENSION: Partial<Record<EntityMatch['entity']['kind'], Plan['dimension']>> = {
  la: 'la_name',
  region: 'government_region',
  country: 'country',
  area: 'postcode_area',
};

/** Places the question names that the plan does not filter or compare on. */
function uncarriedPlaces(plan: Plan, entities: EntityMatch[]): string[] {
  // The places of every figure asked (a place beside a wider one is two figures) and a place ranked among peers.
  const geos = [plan.geo, ...(plan.alongside ?? []).map((part) => part.geo)];
  const values = new Set(
    [...geos.flatMap((geo) => [...(geo?.values ?? []), geo?.label ?? '']), ...(plan.rankOf ?? [])].map((v) =>
      v.toLowerCase(),
    ),
  );
  const missing: string[] = [];
  for (const match of entities) {
    const e = match.entity;
    const names =
      e.kind === 'la' || e.kind === 'country' || e.kind === 'county'
        ? [e.name]
        : e.kind === 'region'
          ? e.names
          : e.kind === 'area'
            ? [e.code]
            : [];
    if (names.length === 0) continue;
    const carried =
      names.every((name) => values.has(name.toLowerCase())) ||
      (e.kind === 'county' && e.laNames.every((name) => values.has(name.toLowerCase())));
    // "In each nation (England, Wales, ...)": places that name the rows of the grouping.
    const rows =
      plan.dimension === PLACE_DIMENSION[e.kind] ||
      (plan.dimension !== undefined && GEO_DIMENSIONS.has(plan.dimension) && e.kind !== 'la');
    if (!carried && !rows) missing.push(`the place ("${match.text}")`);
  }
  return missing;
}

/**
 * Parts of the plan the compiled SQL does not mention: a place, a network or a date the compiler had no
 * way to apply to the table it chose (a place on quarterly take-up, say). Said like an unused word.
 */
export function droppedByCompiler(plan: Plan, sql: string): string[] {
  const inSql = (value: string) => sql.includes(`'${value.replace(/'/g, "''")}'`);
  const missing: string[] = [];
  const place = plan.geo?.values ?? [];
  if (place.length && !place.some(inSql))
    missing.push(`the place ("${plan.geo?.label ?? place.join(', ')}")`);
  for (const group of [...(plan.subject.operatorGroups ?? []), ...(plan.subject.allGroups ?? [])])
    if (!inSql(group)) missing.push(`the network ("${group}")`);
  for (const cut of plan.bandCuts ?? [])
    if (!sql.includes(`>= ${cut} THEN`)) missing.push(`the speed band from ${cut} Mbit/s`);
  return missing;
}

/** Counts the question states: a quantifier over networks, and how many results ("top three"). */
function uncarriedCounts(text: string, plan: Plan): string[] {
  const missing: string[] = [];
  // Quantifiers over networks: "more than two" is at least three, "at least N" and "N or more" are N.
  const quantifier = text.match(
    new RegExp(
      `\\b(more than|at least|exactly|fewer than|less than) ${NUMBER} (?:[a-z-]+ ){0,2}(?:networks?|altnets?|alt nets?|operators?|providers?)\\b`,
    ),
  );
  if (quantifier) {
    const n = numberValue(quantifier[2]!);
    const s = plan.subject;
    const kind = quantifier[1]!;
    const carried =
      kind === 'more than'
        ? s.minNetworks === n + 1
        : kind === 'at least'
          ? s.minNetworks === n || (n === 1 && s.minNetworks === undefined)
          : kind === 'exactly'
            ? s.exactNetworks === n
            : s.absent === true && s.minNetworks === n;
    if (!carried) missing.push(`the quantifier ("${quantifier[0].trim()}")`);
  }
  // How many results: "the two biggest", "top three".
  const howMany =
    text.match(new RegExp(`\\b(?:top|bottom) ${NUMBER}\\b`)) ??
    text.match(
      new RegExp(
        `\\bthe ${NUMBER} (?:[a-z-]+ )?(?:biggest|largest|smallest|highest|lowest|most|least|best|worst|leading|main)\\b`,
      ),
    );
  if (howMany && !/\b(?:years?|months?|quarters?|half[- ]years?|days?)\b/.test(howMany[0])) {
    const n = numberValue(howMany[1]!);
    if (plan.limit !== n && !(plan.dimension === 'networks'))
      missing.push(`the number of results ("${howMany[0].trim()}")`);
  }
  return missing;
}

/** A negation of what a postcode has now ("no FF today", "not yet got full fibre", "currently without"). */
export const NONE_NOW =
  /\b(?:(?:no|without|lacks?|lacking|not)\b(?: [a-z-]+){0,4} (?:today|now|currently|yet|at the moment|at present)|(?:currently|today|now|yet) (?:without|has no|have no|lack)|not yet)\b/;

/** A change from now to a forecast point that the question asks as "none now, some then". */
export function noneNowThenForecast(plan: Plan, text: string): boolean {
  return (
    plan.dataset === 'upc_forecast' &&
    ['change_premises', 'change_postcodes'].includes(plan.measure) &&
    Boolean(plan.time.from && plan.time.to) &&
    NONE_NOW.test(text)
  );
}
