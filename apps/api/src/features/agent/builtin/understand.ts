/**
 * Question -> Plan. A deterministic reading of analysts' questions: it recognises the subject (full fibre,
 * gigabit, altnets, named networks, overbuild), the measure (premises, postcodes, coverage, growth, counts,
 * lines, scores), the dimension (region, local authority, operator, month, ...), the place and the time, and
 * the ranking. What it had to assume is recorded so the answer can say so; what it could not place lowers
 * the confidence. It never guesses a name that is not in the data: names come from the lexicon.
 */
import { addMonths } from '@qa/warehouse';
import { leftoverWords, uncarriedConditions } from './leftover.js';
import type { EntityMatch, Lexicon } from './lexicon.js';
import {
  type Dataset,
  type Dimension,
  GEO_DIMENSIONS,
  type GeoColumn,
  type Measure,
  type Plan,
  type Subject,
} from './plan.js';
import { numberFrom, parseTime, quarterOf, type TimeContext } from './time-phrases.js';

export type Understanding =
  | { kind: 'data'; plan: Plan; confidence: number; reasoning: string }
  | { kind: 'system_info'; confidence: number; reasoning: string }
  | { kind: 'unsupported'; confidence: number; reasoning: string };

const has = (text: string, re: RegExp) => re.test(text);

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
  /\bhow (?:fresh|recent|up to date|current|old) is (?:the|your|this) data\b/,
  /\bwhen (?:was|is) (?:the )?data (?:last )?(?:updated|refreshed)\b/,
  /\bwhat (?:is|are) the (?:latest|most recent) (?:snapshot|data|dates?)\b/,
  /^\s*(?:help|hi|hello|hey)\b/,
  /\bwhere does (?:the|this|your) data come from\b/,
  /\bis (?:the|this) data real\b/,
  /\bwhat (?:sort|kind|type)s? of (?:things|stuff|questions?)\b/,
  /\bwhat questions? (?:can|could|do|should)\b/,
  /\bwhat (?:do|can) you (?:know|answer|do|cover)\b/,
  /\bwhat(?:'s| is) in (?:the|your|this) (?:database|data|warehouse)\b/,
];

/**
 * Things people ask about broadband that this data does not hold, each with the reason given back. Checked before
 * anything else is read: a place or a network in the same question ("the weather in Manchester", "churn at Sky")
 * must not turn it into a count of premises.
 */
const OUT_OF_SCOPE: [RegExp, string][] = [
  [
    /\b(weather|rain(?:fall)?|temperature|snow(?:fall)?|sunshine)\b/,
    'The data holds broadband availability, take-up and forecasts; it has no weather.',
  ],
  [
    /\b(prices?|pricing|tariffs?|costs?|cheapest|expensive|bills?|monthly fees?)\b/,
    'The data has no retail prices, tariffs or costs: it records which networks and speeds are available where, lines taken up, and forecasts.',
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
    /\b(satisf(?:action|ied)|complaints?|reviews?|nps|net promoter)\b/,
    'The data has no customer satisfaction, complaints or reviews.',
  ],
  [
    /\b(speed ?tests?|measured speeds?|actual speeds?|real[- ]world speeds?|latency|ping|jitter)\b/,
    'The data holds the speeds on offer at each postcode (fastest download and upload), not speeds measured by users, latency or jitter.',
  ],
  [
    /\b(revenues?|arpu|profits?|turnover|market cap(?:italisation)?)\b/,
    'The data has no financial figures; market share here is share of broadband lines (take-up).',
  ],
];

const DOMAIN =
  /\b(premises|postcodes?|coverage|covered|fibre|fiber|fttp|ftth|fttc|adsl|gigabit|gig|broadband|network|networks|operators?|altnets?|alt[- ]nets?|alternative networks?|openreach|virgin|cable|docsis|fwa|wireless|speed|speeds|mbps|download|upload|footprint|rollout|roll-out|overbuild|overbuilt|lines|subscribers|take[- ]?up|uptake|market share|forecast|attractiveness|attractive|deprivation|deprived|households|homes|population|exchanges?|local authorit(?:y|ies)|councils?|regions?|boroughs?|nations?)\b/;

export function understand(question: string, lexicon: Lexicon, ctx: TimeContext): Understanding {
  const text = ` ${expandAbbreviations(question.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim())} `;
  if (has(text, INJECTION) || has(text, WRITE_INTENT)) {
    return {
      kind: 'unsupported',
      confidence: 0.95,
      reasoning:
        'The request asks to change data or to override instructions. This tool only reads the broadband warehouse with read-only SELECT queries; it cannot modify, delete or create anything.',
    };
  }
  const outOfScope = OUT_OF_SCOPE.find(([pattern]) => pattern.test(text));
  if (outOfScope) {
    return { kind: 'unsupported', confidence: 0.9, reasoning: outOfScope[1] };
  }
  const entities = lexicon.find(question);
  const domain =
    has(text, DOMAIN) || entities.some((e) => e.entity.kind === 'group' || e.entity.kind === 'operator');
  if (SYSTEM_INFO.some((re) => re.test(text)) && !hasMeasureWords(text)) {
    return {
      kind: 'system_info',
      confidence: 0.9,
      reasoning:
        'The question asks about the data itself (what it holds and how it can be queried), not for figures from it.',
    };
  }
  if (!domain && entities.length === 0) {
    return {
      kind: 'unsupported',
      confidence: 0.8,
      reasoning:
        'The question does not mention anything the broadband data covers (premises, postcodes, networks, technologies, speeds, places, take-up or forecasts).',
    };
  }
  const plan = buildPlan(text, entities, lexicon, ctx);
  // Every word accounted for: what the reading did not use is recorded, said in the answer, and lowers the
  // confidence (words it could not place, and conditions it read that the plan does not carry).
  const s = plan.subject;
  const usesNumber = Boolean(
    plan.limit || s.minNetworks || s.exactNetworks || s.minDown || s.bestDownBelow || plan.time.lastQuarters,
  );
  const timeMatched = parseTime(text, ctx).matched;
  const ignored = leftoverWords(question, entities, timeMatched, usesNumber);
  const uncarried = uncarriedConditions(question, plan, entities, timeMatched);
  plan.unknowns.push(...ignored.map((word) => `"${word}"`), ...uncarried);
  const confidence = scoreConfidence(plan, entities, domain, ignored.length, uncarried.length);
  return { kind: 'data', plan, confidence, reasoning: describeReading(plan) };
}

function hasMeasureWords(text: string): boolean {
  return /\b(how many|how much|number of|count|coverage|share|percentage|top \d|rank|which (?:local|region|operator|network|council|altnet))\b/.test(
    text,
  );
}

function buildPlan(text: string, entities: EntityMatch[], lexicon: Lexicon, ctx: TimeContext): Plan {
  const notes: string[] = [];
  const unknowns: string[] = [];
  const assumptions: string[] = [];
  const parsed = parseTime(text, ctx);
  const dataset = detectDataset(text, parsed.future);
  const subject: Subject = {};
  let measure: Measure | undefined;
  let dimension: Dimension | undefined;

  // ---------------------------------------------------------------- places
  const geoValues = new Map<GeoColumn, Set<string>>();
  const addGeo = (column: GeoColumn, value: string) => {
    if (!geoValues.has(column)) geoValues.set(column, new Set());
    geoValues.get(column)!.add(value);
  };
  const networkGroups: string[] = [];
  const counties: string[] = [];
  const networkOperators: string[] = [];
  for (const match of entities) {
    const e = match.entity;
    if (match.fuzzy) assumptions.push(`read "${match.text}" as ${entityLabel(e)}`);
    if (e.kind === 'la') addGeo('la_name', e.name);
    else if (e.kind === 'region') for (const name of e.names) addGeo('government_region', name);
    else if (e.kind === 'country') addGeo('country', e.name);
    else if (e.kind === 'area') addGeo('postcode_area', e.code);
    else if (e.kind === 'county') {
      for (const name of e.laNames) addGeo('la_name', name);
      counties.push(e.name);
    } else if (e.kind === 'group') networkGroups.push(e.group);
    else if (e.kind === 'operator') networkOperators.push(e.operator);
  }
  // "London boroughs" / "Scottish councils": the place is a filter and the LA is the dimension.
  let geo: Plan['geo'];
  const geoColumns = [...geoValues.keys()];
  if (geoColumns.length > 0) {
    // Prefer the most specific place when several kinds are named.
    const order: GeoColumn[] = [
      'postcode_district',
      'la_name',
      'postcode_area',
      'government_region',
      'country',
    ];
    const column = order.find((c) => geoValues.has(c)) as GeoColumn;
    geo = { column, values: [...geoValues.get(column)!] };
  }

  // ---------------------------------------------------------------- subject
  // "FWA premises that have no full fibre option": the excluded technology is not the subject.
  const excluded = text.match(
    /\b(?:that|which|who|with|but|and|where)\b[^.?]*?\b(?:no|without|lack|lacking|not)\b (?:any |a )?(?:access to )?(?:a )?(full[- ]fibre|fttp|gigabit)[a-z -]*/,
  );
  const techText = excluded ? text.replace(excluded[0], ' ') : text;
  if (
    has(
      techText,
      /\b(full[- ]?fibre|full[- ]?fiber|fttp|ftth|fttponly|ff|fibre to the (?:premises|home)|fiber to the (?:premises|home)|pure fibre)\b/,
    )
  )
    subject.tech = 'fttponly';
  else if (has(techText, /\b(fttc|fibre to the cabinet|vdsl|superfast)\b/)) subject.tech = 'fttc';
  else if (has(techText, /\b(adsl|copper)\b/)) subject.tech = 'adsl';
  else if (has(techText, /\b(fwa|fixed wireless|wireless)\b/)) subject.tech = 'fwa';
  else if (has(techText, /\b(docsis|cable)\b/) && !has(techText, /\bvirgin cable\b/)) subject.tech = 'cable';
  // Several technologies, or a "total footprint": no technology filter.
  const techWords =
    techText.match(
      /\b(full[- ]?fibre|fttp|rfog|fttc|adsl|cable|docsis|fwa|fixed wireless|own fibre|their fibre)\b/g,
    ) ?? [];
  if (
    new Set(techWords.map(canonicalTechWord)).size > 1 ||
    has(
      text,
      /\b(total|whole|entire|overall|all) (?:network |broadband )?footprint\b|\ball technologies\b|\bany technology\b/,
    )
  ) {
    if (!/\bonly\b/.test(text)) delete subject.tech;
  }
  if (has(text, /\b(gigabit|gig[- ]capable|gigabit[- ]capable|1 ?gbps|1000 ?mbps|1 ?gig)\b/)) {
    subject.gigabit = true;
    if (subject.tech === 'cable') delete subject.tech;
  }
  if (
    has(
      text,
      /\b(alt[- ]?nets?|alternative (?:network|provider|operator)s?|independent (?:network|provider|operator|fibre)s?)\b/,
    )
  )
    subject.altnet = true;

  const groups = [...new Set(networkGroups)];
  const operators = [...new Set(networkOperators)];
  const takeUpNames = new Set(lexicon.takeUpOperators.map((n) => n.toLowerCase()));

  // Overbuild / number of networks.
  const count = text.match(
    /\b(\d+|one|two|three|four|five)\s*(\+|or more|plus|and above|or above)?\s*(?:different |competing |separate )?(?:full[- ]fibre |fttp |ff |gigabit[- ]capable |gigabit |fibre |alt[- ]?net |)(networks?|altnets?|alt nets?|alternative networks?|operators?|providers?|builders?)\b/,
  );
  const atLeast = text.match(
    /\bat least (\d+|two|three|four) (?:full[- ]fibre |fttp |gigabit |)(networks|altnets|operators|providers)\b/,
  );
  const choose = text.match(
    /\bchoose between (\d+|two|three|four) (?:or more )?(networks|altnets|operators|providers)\b/,
  );
  // "which 5 altnets", "top 10 networks" rank networks; they do not count networks per postcode.
  const rankingCount =
    count !== null &&
    new RegExp(
      `\\b(?:which|what|the|top|bottom|list|show|give me|name)\\s+${count[0].replace(/[+.]/g, '\\$&')}`,
    ).test(text);
  // "at least one altnet" / "one or more networks" is plain presence, not a count.
  const presenceOnly =
    count !== null &&
    /^(one|1)$/.test(count[1] as string) &&
    (count[2] || /\bat least (?:one|1)\b/.test(text));
  const countMatch = atLeast ?? choose ?? (rankingCount || presenceOnly ? null : count);
  if (countMatch) {
    const n = numberFrom(countMatch[1] as string) ?? 2;
    const orMore = Boolean(atLeast || choose || count?.[2]) || /\bor more\b/.test(text);
    if (orMore) subject.minNetworks = n;
    else subject.exactNetworks = n;
    if (/altnets|alt nets|alternative/.test(countMatch[0])) subject.networksAreAltnets = true;
  } else if (
    has(
      text,
      /\b(overbuild|overbuilt|over-?built|multiple (?:full[- ]fibre |fttp )?networks|competing (?:full[- ]fibre |fttp )?networks|more than one (?:full[- ]fibre |fttp )?network)\b/,
    )
  ) {
    subject.minNetworks = 2;
    notes.push('overbuild means two or more full-fibre networks in the same postcode');
  }
  // "more than two networks" is at least three, never exactly two.
  const moreThan = text.match(
    /\b(?:more than|over) (\d+|one|two|three|four|five) (?:different |competing |separate )?(?:full[- ]fibre |fttp |ff |gigabit[- ]capable |gigabit |fibre |)(networks?|altnets?|alt nets?|alternative networks?|operators?|providers?)\b/,
  );
  if (moreThan) {
    const n = numberFrom(moreThan[1] as string);
    if (n !== null) {
      delete subject.exactNetworks;
      subject.minNetworks = n + 1;
      if (/alt/.test(moreThan[2] as string)) subject.networksAreAltnets = true;
    }
  }
  if (
    (subject.minNetworks || subject.exactNetworks) &&
    !subject.tech &&
    !subject.gigabit &&
    !subject.networksAreAltnets
  )
    subject.tech = 'fttponly';
  if (subject.networksAreAltnets) {
    subject.altnet = true;
  }

  // Named networks.
  let compareNetworks = false;
  if (dataset !== 'take_up') {
    const bothPattern =
      /\b(both|overlap|overlaps|overlapping|head[- ]to[- ]head|where .* meet|compete|competing|in common|shared|same postcodes?)\b/;
    if (groups.length >= 2 && bothPattern.test(text) && !has(text, /\bcompare\b|\beach\b/)) {
      subject.allGroups = groups;
      // "Overbuild" here names the overlap itself, not a count of networks.
      delete subject.minNetworks;
      delete subject.exactNetworks;
      const bound = bindTechToGroups(text, entities);
      // "OR and CityFibre FTTP": a technology after the last of a plain list ("X and Y <tech>") belongs to all.
      const boundGroups = Object.keys(bound);
      const lastGroup = groups[groups.length - 1]!;
      if (boundGroups.length === 1 && boundGroups[0] === lastGroup && groups.length >= 2) {
        const names = entities.filter((e) => e.entity.kind === 'group').map((e) => e.text);
        const listed = new RegExp(
          `\\b${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?:,| and| &|, and)\\s+')}\\b`,
        );
        if (names.length === groups.length && listed.test(text)) {
          subject.tech = bound[lastGroup];
          for (const g of boundGroups) delete bound[g];
        }
      }
      if (Object.keys(bound).length > 0) {
        subject.groupTech = bound;
        // A technology said right after one network belongs to that network only.
        if (
          subject.tech &&
          Object.values(bound).includes(subject.tech) &&
          Object.keys(bound).length < groups.length
        )
          delete subject.tech;
      } else if (!subject.tech && !subject.gigabit) {
        subject.tech = 'fttponly';
        assumptions.push('overlap means both networks offer full fibre in the same postcode');
      }
    } else if (groups.length > 0) {
      subject.operatorGroups = groups;
      if (groups.length >= 2) compareNetworks = true;
    }
    const realOperators = operators.filter((o) => lexicon.operators.some((row) => row.operator === o));
    if (realOperators.length > 0) {
      const hasGroupOnly = realOperators.every((o) =>
        groups.includes(lexicon.operators.find((r) => r.operator === o)!.operator_group),
      );
      if (!hasGroupOnly) subject.operators = realOperators;
    }
    if (
      has(
        text,
        /\b(?:the )?only (?:gigabit|full[- ]fibre|fttp)? ?(?:option|provider|network|choice)\b|\bonly gigabit\b/,
      ) &&
      groups.length === 1
    ) {
      subject.soleGroup = groups[0];
      delete subject.operatorGroups;
    }
  }

  if (has(text, /\b(symmetric(?:al)?|symetric(?:al)?|1000 ?(?:mbps )?(?:down )?and 1000 ?(?:mbps )?up)\b/)) {
    subject.gigabit = true;
    subject.symmetric = true;
  }
  // Present, minus the excluded technology.
  if (excluded && (subject.tech || subject.operatorGroups?.length || subject.altnet)) {
    subject.exclude = /gigabit/.test(excluded[1] as string) ? { gigabit: true } : { tech: 'fttponly' };
  }
  // Negations and special subjects.
  if (
    has(
      text,
      /\b(no|without|lack(?:ing)?|not (?:yet )?(?:have|got|get)|unserved|missing|don't have|do not have|can't get|cannot get)\b (?:any )?(?:access to )?(?:a )?(gigabit|full[- ]fibre|fttp|fibre)(?! (?:competition|competitors?|rivals?|choice))/,
    )
  )
    if (!subject.exclude) subject.absent = true;
  const onlyTech = text.match(/\bonly (?:get |have |receive )?(adsl|fttc|fwa)\b|\b(adsl|fttc|fwa)[- ]only\b/);
  if (onlyTech) {
    subject.onlyTech = (onlyTech[1] ?? onlyTech[2]) as Subject['onlyTech'];
    delete subject.tech;
  }
  const below = text.match(
    /\b(?:under|below|less than|slower than|lower than|<)\s*(\d+)\s*(?:mbps|mbit|mb\/s|meg)/,
  );
  const cannot = text.match(
    /\b(?:can'?t|cannot|unable to|don'?t|do not) (?:get|reach|access|receive) (?:even )?(\d+)\s*(?:mbps|mbit|mb\/s|meg)/,
  );
  if (below && has(text, /\b(best|max|maximum|fastest|top|available|speed)\b/)) {
    subject.bestDownBelow = Number(below[1]);
  } else if (cannot) {
    subject.bestDownBelow = Number(cannot[1]);
  }
  // "2Gbps+ downloads", "at least 500 Mbps", "900 Mbit/s or faster".
  const atLeastSpeed = text.match(
    /\b(?:at least |over |above |more than )?(\d+(?:\.\d+)?)\s*(gbps|gbit\/?s?|gig|mbps|mbit\/?s?)\s*(\+|or (?:more|faster|above)|and (?:above|faster))?/,
  );
  if (
    atLeastSpeed &&
    !subject.bestDownBelow &&
    (atLeastSpeed[3] || /\b(at least|over|above|more than)\s+\d/.test(atLeastSpeed[0]))
  ) {
    const mbps = Number(atLeastSpeed[1]) * (/^g/.test(atLeastSpeed[2] as string) ? 1000 : 1);
    if (mbps === 1000) subject.gigabit = true;
    else subject.minDown = mbps;
  }

  // ---------------------------------------------------------------- dimension
  dimension = detectDimension(text, dataset, subject, parsed.series);
  // "in each nation (England/Wales/Scotland/NI)": places listed in brackets spell out the dimension's values;
  // they are not a filter.
  if (dimension && GEO_DIMENSIONS.has(dimension) && geo) {
    const bracketed = [...text.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!).join(' | ');
    const named = geo.values.map((v) => v.toLowerCase());
    if (bracketed && /[/,&]| and /.test(bracketed) && named.every((v) => bracketed.includes(v)))
      geo = undefined;
  }
  // "Edinburgh vs Glasgow": two places named and no other dimension, so compare them side by side.
  if (!dimension && geo && geo.values.length >= 2 && counties.length !== 1) dimension = geo.column;
  if (geo && counties.length > 0) geo.label = counties.join(' and ');
  if (!dimension && compareNetworks) dimension = 'operator_group';
  // "Who has the biggest network in each region": the leading network per region.
  let leaderPerDimension = false;
  if (
    dimension &&
    GEO_DIMENSIONS.has(dimension) &&
    dataset !== 'take_up' &&
    has(
      text,
      /\b(who|which (?:network|operator|provider)s?)\b.*\b(biggest|largest|leads?|leading|most|top|strongest|dominant)\b|\bleader(?:s)?\b|\bdominant (?:network|operator)\b|\b(?:biggest|largest|leading|top|main|dominant|strongest) (?:full[- ]fibre |fttp |gigabit )?(?:altnet|alt net|network|operator|provider)\b/,
    ) &&
    has(text, /\b(each|every|per|by)\b/)
  ) {
    leaderPerDimension = true;
  }
  if (dimension === 'operator' && dataset !== 'take_up' && !subject.altnet) {
    dimension = 'operator_group';
    if (!has(text, /\bnetworks?\b|\bgroups?\b/))
      assumptions.push(
        'operators are counted as networks (operator_group): the Openreach retailers BT, Sky, TalkTalk and Vodafone share one network',
      );
  }
  if (
    dimension &&
    dimension !== 'operator' &&
    dimension !== 'operator_group' &&
    geo &&
    geo.column === dimension &&
    geo.values.length === 1
  ) {
    // "by region in London" makes no sense: the place is a filter, the dimension stays.
  }

  // ---------------------------------------------------------------- measure
  const wantsPostcodes =
    has(text, /\bpostcodes?\b/) &&
    !has(text, /\bpremises|homes|properties\b/) &&
    !has(text, /postcode (?:area|district)s?\b/);
  const wantsHouseholds = has(text, /\bhouseholds\b/);
  const wantsPopulation = has(text, /\b(population|people|residents|citizens)\b/);
  const wantsPct = has(
    text,
    /(%|\bper ?cent|\bpercentage\b|\bproportion\b|\bcoverage\b|\bshare of (?:the )?(?:uk'?s? )?(?:premises|homes|properties|postcodes)|\bwhat share\b|\bhow much of\b|\bpenetration\b|\bcovered\b.*\bshare\b)/,
  );
  const growth = has(
    text,
    /\b(gain(?:ed|s)?|add(?:ed|s)?|grow(?:n|th|s)?|grew|increase[ds]?|rise|rose|went up|go up|gone up|expan(?:d|ded|sion)|built|build[- ]?out|new premises|change[ds]?|progress|rolled out|delta|uplift|jump(?:ed|s)?|climb(?:ed|s)?|improve(?:d|ment|ments)?|boost(?:ed)?|how many more|more premises|more postcodes)\b/,
  );
  const pp = has(text, /\b(percentage points?|pp|points)\b/);
  const first = has(
    text,
    /\b(for the first time|first[- ]time|first full[- ]fibre|newly|new to full[- ]fibre|went live|got full[- ]fibre|first (?:got|received|gained))\b/,
  );
  const operatorCount =
    has(
      text,
      /\b(how many|number of|count of|count) (?:different |distinct |separate |unique )?(alt[- ]?nets?|alternative networks|operators|networks|providers|isps)\b(?! (?:per|by|for) postcode)/,
    ) &&
    !subject.minNetworks &&
    !subject.exactNetworks &&
    !has(text, /\bpremises|postcodes\b.*\b(with|have|can)\b/);
  const speedUp = has(text, /\bupload\b/);
  const speedWords = has(
    text,
    /\b(fastest|max(?:imum)?|top|highest|best|quickest) (?:available )?(?:upload |download |broadband )?speeds?\b|\bspeed on offer\b|\bfastest (?:upload|download)\b/,
  );
  const avgSpeed = has(text, /\baverage (?:max(?:imum)? |fastest |best |download |upload )*speeds?\b/);

  let takeUpChange: Pick<NonNullable<Plan['takeUp']>, 'change' | 'rankByChange'> = {};
  if (dataset === 'take_up') {
    measure =
      (has(text, /\b(market share|share|percent|percentage|proportion|split)\b/) || text.includes('%')) &&
      !has(text, /\bsplit by\b/)
        ? 'line_share_pct'
        : 'lines';
    const qoq = has(
      text,
      /\b(qoq|q-o-q|quarter[- ]on[- ]quarter|since (?:the )?(?:previous|last|prior) quarter|vs\.? (?:the )?(?:previous|last|prior) quarter)\b/,
    );
    if (
      qoq ||
      has(
        text,
        /\b(yoy|year[- ]on[- ]year|vs\.? (?:the )?same quarter|compared (?:with|to) (?:the )?same quarter|annual change|change on a year)\b/,
      ) ||
      (growth && !parsed.series && !has(text, /\bover time|each quarter|quarterly\b/))
    ) {
      measure = 'lines_change_pct';
      takeUpChange = {
        change: qoq ? 'qoq' : 'yoy',
        rankByChange: has(text, /\b(added|gained|grew|growth in lines|most new|increase)\b/),
      };
    }
    if (has(text, /\btake[- ]?up (?:rate|%|of)\b|\btake[- ]?up in\b|as a share of premises/))
      measure = 'share_of_subject_pct';
  } else if (has(text, /\battractive(?:ness)?\b|\bbuild (?:score|potential|case)\b/)) {
    measure = 'avg_attractiveness';
  } else if (has(text, /\bdepriv(?:ation|ed)\b/)) {
    measure = 'avg_deprivation';
  } else if (
    dataset === 'upc' &&
    groups.length + operators.length > 0 &&
    has(
      text,
      /\b(operator names?|operators|retailers?|retail (?:partners?|brands?)|brands?|resellers?|isps?|partners?|names?)\b/,
    ) &&
    has(text, /\b(which|what|list|name|who)\b/) &&
    !has(text, /\b(premises|postcodes|coverage|how many|footprint|lines)\b/)
  ) {
    measure = 'operator_list';
  } else if (subject.bestDownBelow) {
    measure = has(text, /\bpremises|homes|properties\b/) ? 'premises' : 'postcodes';
  } else if (speedWords || avgSpeed) {
    measure = avgSpeed ? 'avg_down' : speedUp ? 'max_up' : 'max_down';
  } else if (first) {
    measure = has(text, /\bpremises|homes|properties\b/) ? 'first_premises' : 'first_postcodes';
    if (!subject.tech && !subject.gigabit) subject.tech = 'fttponly';
    if (!parsed.time.from) {
      parsed.time.from = addMonths(ctx.latest, -12);
      parsed.time.to = ctx.latest;
      parsed.time.phrase = 'in the last 12 months';
      assumptions.push('no period given: the last 12 months');
    }
  } else if (operatorCount) {
    measure = 'operator_count';
    if (/alt/.test(text)) subject.altnet = true;
  } else if (parsed.window && growth) {
    measure =
      pp || (wantsPct && !has(text, /\bpremises\b/))
        ? 'change_pp'
        : wantsPostcodes
          ? 'change_postcodes'
          : 'change_premises';
  } else if (growth && !parsed.series && has(text, /\bgrowth\b|\bgained|\badded\b/) && !parsed.time.at) {
    // "fastest full fibre growth" with no period: the last 12 months.
    parsed.time.from = addMonths(ctx.latest, -12);
    parsed.time.to = ctx.latest;
    parsed.time.phrase = 'in the last 12 months';
    assumptions.push('no period given: the last 12 months');
    measure = pp || wantsPct ? 'change_pp' : wantsPostcodes ? 'change_postcodes' : 'change_premises';
  } else if (
    has(
      text,
      /\bshare of (?:the )?(?:uk'?s? |all |total )?(?:full[- ]fibre|fttp|gigabit)(?: premises| footprint)?\b/,
    ) &&
    (subject.operatorGroups || subject.operators)
  ) {
    measure = 'share_of_subject_pct';
  } else if (wantsPct && !has(text, /\bhow many\b/)) {
    measure = 'coverage_pct';
  } else if (wantsHouseholds) measure = 'households';
  else if (wantsPopulation) measure = 'population';
  else if (wantsPostcodes) measure = 'postcodes';
  else measure = 'premises';

  // "New premises month by month": what each snapshot added (only where first activations say it exactly).
  const flow =
    Boolean(parsed.series) &&
    dataset === 'upc' &&
    subject.tech === 'fttponly' &&
    has(text, /\b(new|newly|added|additions|gained|gains)\b/) &&
    !has(text, /\b(coverage|share|%|percent(?:age)?)\b/);
  // A growth question about a series ("growth month by month") is a series of levels.
  if (
    parsed.series &&
    (measure === 'change_premises' || measure === 'change_pp' || measure === 'change_postcodes')
  ) {
    measure = wantsPct ? 'coverage_pct' : 'premises';
  }

  // Dimension defaults that follow from the measure.
  if (!dimension && parsed.series) dimension = parsed.series;
  if (dimension === 'month' && dataset === 'upc_forecast') dimension = 'half_year';
  if ((dimension === 'month' || dimension === 'half_year') && dataset === 'take_up') dimension = 'quarter';
  if (dimension === 'networks' && !subject.tech && !subject.gigabit && !subject.altnet)
    subject.tech = 'fttponly';
  if (dimension === 'networks') {
    delete subject.minNetworks;
    delete subject.exactNetworks;
  }

  // ---------------------------------------------------------------- ranking
  let order: Plan['order'];
  let limit: number | undefined;
  // "last 6 months" is a time window, not a ranking.
  const notTime = '(?!\\s*(?:months?|years?|quarters?|weeks?|days?|snapshots?)\\b)';
  const top = text.match(
    new RegExp(
      `\\b(?:top|best|biggest|largest|highest|leading|first)\\s+(\\d+|five|ten|three|twenty)\\b${notTime}`,
    ),
  );
  const bottom = text.match(
    new RegExp(`\\b(?:bottom|worst|lowest|smallest|least)\\s+(\\d+|five|ten|three|twenty)\\b${notTime}`),
  );
  const nWhich = text.match(
    /\b(\d+|five|ten|three|twenty) (?:highest|biggest|largest|best|lowest|worst|smallest|least|most)\b/,
  );
  const trailingN = text.match(
    /\b(?:give me|show|list) (?:me )?(?:the )?(?:top )?(\d+|five|ten|three)\b|\btop (\d+|five|ten|three)\b/,
  );
  const ascending = has(
    text,
    /\b(lowest|least|worst|fewest|smallest|weakest|bottom|slowest|still|lagging|behind|poorest)\b/,
  );
  const descending = has(
    text,
    /\b(most|highest|biggest|largest|best|top|leading|leads?|strongest|greatest|fastest|rank|ranking|ranked|who has the|leader)\b/,
  );
  if (bottom) {
    order = 'asc';
    limit = numberFrom(bottom[1] as string) ?? 10;
  } else if (top) {
    order = 'desc';
    limit = numberFrom(top[1] as string) ?? 10;
  } else if (nWhich) {
    limit = numberFrom(nWhich[1] as string) ?? 10;
    order = /lowest|worst|smallest|least/.test(nWhich[0]) ? 'asc' : 'desc';
  } else if (ascending && !/\bstill (?:get|have|left)\b/.test(text)) order = 'asc';
  else if (descending) order = 'desc';
  const whichN = text.match(
    new RegExp(`\\b(?:which|what|the|list|show|name|give me)\\s+(\\d+|five|ten|three|twenty)\\b${notTime}`),
  );
  if (!limit && whichN) {
    limit = numberFrom(whichN[1] as string) ?? undefined;
    if (!order) order = ascending ? 'asc' : 'desc';
  }
  if (!limit && trailingN) limit = numberFrom((trailingN[1] ?? trailingN[2]) as string) ?? undefined;
  // "who's the biggest FTTP network in NI": one answer, unless it is asked per place ("in each nation").
  if (
    !limit &&
    !/\b(?:each|every|per)\b/.test(text) &&
    /\b(?:who(?:'?s| is)|whos|which is|what is|what's|name) the (?:single )?(?:biggest|largest|leading|dominant|top|number one|no\.? ?1)\b(?! \d)/.test(
      text,
    )
  ) {
    limit = 1;
    order = 'desc';
  }
  if (
    dimension === 'month' ||
    dimension === 'quarter' ||
    dimension === 'half_year' ||
    dimension === 'year' ||
    dimension === 'networks'
  ) {
    order = undefined;
    limit = undefined;
  } else if (
    order &&
    !limit &&
    dimension &&
    (dimension === 'la_name' || dimension === 'postcode_district' || dimension === 'postcode_area')
  ) {
    // A ranking of hundreds of places: show the ten that answer "which ... most".
    if (!geo || geo.column === 'government_region' || geo.column === 'country') {
      limit = singular(text, dimension) ? 1 : 10;
      if (limit === 10) assumptions.push('showing the top 10');
    }
  } else if (order && !limit && dimension && singular(text, dimension)) {
    limit = 1;
  }
  if (
    !order &&
    dimension &&
    !['month', 'quarter', 'half_year', 'year', 'networks', 'urban_rural'].includes(dimension)
  )
    order = 'desc';

  // ---------------------------------------------------------------- take-up specifics
  let takeUp: Plan['takeUp'];
  if (dataset === 'take_up') {
    takeUp = { ...takeUpChange };
    const brands = entities
      .map((m) => m.entity)
      .flatMap((e) => (e.kind === 'operator' ? [e.operator] : e.kind === 'group' ? [e.group] : []))
      .map((name) => lexicon.takeUpOperators.find((o) => o.toLowerCase() === name.toLowerCase()) ?? name)
      .filter((name) => takeUpNames.has(name.toLowerCase()));
    if (brands.length > 0) takeUp.operators = [...new Set(brands)];
    const techs = [
      ...text.matchAll(/\b(fttp|full[- ]fibre|fibre|fttc|adsl|cable|fwa|fixed wireless)\b/g),
    ].map((m) =>
      m[1] === 'fibre' || m[1]?.startsWith('full')
        ? 'fttp'
        : m[1] === 'fixed wireless'
          ? 'fwa'
          : (m[1] as string),
    );
    const tech =
      techs.length === 1 ? text.match(/\b(fttp|full[- ]fibre|fttc|adsl|cable|fwa|fixed wireless)\b/) : null;
    // "VM lines on fibre vs cable": several technologies named, so split by technology.
    if (new Set(techs).size >= 2) {
      takeUp.techs = [...new Set(techs)];
      if (!dimension) dimension = 'tech';
    }
    if (tech)
      takeUp.tech =
        (
          {
            'full fibre': 'fttp',
            'full-fibre': 'fttp',
            fullfibre: 'fttp',
            'fixed wireless': 'fwa',
          } as Record<string, string>
        )[tech[1] as string] ?? (tech[1] as string);
    const business = has(text, /\b(business|businesses|smb|sme|enterprise)\b/);
    const residential = has(text, /\b(residential|resi|consumer|home|homes|household)\b/);
    // Both segments named ("resi + business") means no segment filter.
    if (business && !residential) takeUp.segment = 'business';
    else if (residential && !business) takeUp.segment = 'residential';
    // "Virgin Media's share of lines over time": the share belongs to the brand, out of all lines.
    if (
      measure === 'line_share_pct' &&
      takeUp.operators?.length === 1 &&
      (dimension === 'quarter' || !dimension)
    ) {
      takeUp.shareOf = takeUp.operators[0];
      delete takeUp.operators;
    }
    if (measure === 'line_share_pct' && takeUp.tech && !dimension) {
      takeUp.shareOf = `tech:${takeUp.tech}`;
      delete takeUp.tech;
    }
    if (measure === 'line_share_pct' && takeUp.tech && dimension === 'quarter') {
      takeUp.shareOf = `tech:${takeUp.tech}`;
      delete takeUp.tech;
    }
    if (
      !parsed.time.quarter &&
      !parsed.time.lastQuarters &&
      !parsed.time.quarterYear &&
      dimension !== 'quarter'
    ) {
      parsed.time.quarter = ctx.latestQuarter;
    }
    if (parsed.time.at && !parsed.time.quarter) parsed.time.quarter = quarterOf(parsed.time.at);
  }

  // ---------------------------------------------------------------- forecasts: the point in time
  if (dataset === 'upc_forecast' && measure !== 'avg_attractiveness' && measure !== 'avg_deprivation') {
    if (!parsed.time.at && !parsed.time.from && dimension !== 'half_year' && dimension !== 'year') {
      parsed.time.at = ctx.forecastLast;
      assumptions.push(`no forecast date given: the last forecast point (${ctx.forecastLast.slice(0, 7)})`);
    }
    if (parsed.time.at && parsed.time.at > ctx.forecastLast) parsed.time.at = ctx.forecastLast;
    if (subject.tech === 'fttponly') delete subject.tech;
    if (subject.gigabit) delete subject.gigabit;
  }

  if (
    !subject.tech &&
    !subject.gigabit &&
    !subject.altnet &&
    !subject.operatorGroups &&
    !subject.operators &&
    !subject.allGroups &&
    !subject.onlyTech &&
    !subject.bestDownBelow &&
    !subject.soleGroup &&
    dataset === 'upc' &&
    ['coverage_pct', 'change_premises', 'change_pp', 'change_postcodes'].includes(measure)
  ) {
    subject.tech = 'fttponly';
    assumptions.push('no technology named: full fibre (FTTP)');
  }

  const filteredOut = parsed.matched.join(' ');
  if (filteredOut) notes.push(`time: ${filteredOut}`);
  if (!measure) unknowns.push('measure');
  return {
    dataset,
    measure,
    subject,
    dimension,
    geo,
    urbanRural:
      has(text, /\brural\b/) && !has(text, /\burban\b/)
        ? 'rural'
        : has(text, /\burban\b/) && !has(text, /\brural\b/)
          ? 'urban'
          : undefined,
    time: parsed.time,
    leaderPerDimension: leaderPerDimension || undefined,
    flow: flow || undefined,
    takeUp,
    order,
    limit,
    notes,
    unknowns,
    assumptions,
  };
}

/** Time-unit shorthand analysts type ("2 yrs ago", "last 3 mths", "yr on yr"), spelled out for the parsers. */
function expandAbbreviations(text: string): string {
  return text
    .replace(/\b(\d+) ?yrs?\b/g, (_, n: string) => `${n} ${n === '1' ? 'year' : 'years'}`)
    .replace(/\byrs\b/g, 'years')
    .replace(/\byr\b/g, 'year')
    .replace(/\b(\d+) ?(?:mths?|mos)\b/g, (_, n: string) => `${n} ${n === '1' ? 'month' : 'months'}`)
    .replace(/\bmths\b/g, 'months');
}

function canonicalTechWord(word: string): string {
  if (/fibre|fttp|rfog/.test(word)) return 'fibre';
  if (/wireless|fwa/.test(word)) return 'fwa';
  if (/cable|docsis/.test(word)) return 'cable';
  return word;
}

function singular(text: string, dimension: Dimension): boolean {
  const words: Partial<Record<Dimension, string>> = {
    la_name: '(?:local authority|council|borough|authority|district|la)',
    government_region: 'region',
    country: '(?:nation|country)',
    operator: '(?:operator|altnet|alt net|provider|isp)',
    operator_group: '(?:network|operator|provider)',
    tech: '(?:technology|tech)',
    postcode_area: 'postcode area',
  };
  const word = words[dimension];
  if (!word) return false;
  return (
    new RegExp(`\\b(?:which|what) ${word}\\b(?! ?s\\b)`).test(text) ||
    new RegExp(`\\bthe ${word} with the\\b`).test(text) ||
    new RegExp(
      `\\b(?:who|what|which)(?:'s| is| was)? the (?:single )?(?:biggest|largest|leading|top|main|dominant|smallest)(?: [a-z-]+){0,2} ${word}\\b(?! ?s\\b)`,
    ).test(text) ||
    // "biggest FTTP network in Scotland and how many premises it passes"
    new RegExp(
      `^\\s*(?:the )?(?:biggest|largest|leading|top|main|dominant|smallest)(?: [a-z-]+){0,2} ${word}\\b(?! ?s\\b)`,
    ).test(text)
  );
}

function detectDataset(text: string, future: boolean): Dataset {
  if (
    /\b(lines|subscribers?|subscriptions?|customers|market share|take[- ]?up|uptake|connections|retail share|isp share)\b/.test(
      text,
    ) &&
    !/\bpremises (?:passed|covered)\b/.test(text)
  )
    return 'take_up';
  if (
    /\b(forecast|forecasts|expected|projected|projection|predicted|planned|outlook|will (?:be|have|reach|cover|pass)|by 20(?:2[7-9]|30)|end of 20(?:2[7-9]|30)|in 20(?:2[7-9]|30)|dec(?:ember)? 20(?:2[7-9]|30)|attractive(?:ness)?|depriv(?:ation|ed)|build (?:score|potential|case))\b/.test(
      text,
    ) ||
    future
  )
    return 'upc_forecast';
  return 'upc';
}

function detectDimension(
  text: string,
  dataset: Dataset,
  subject: Subject,
  series: Dimension | undefined,
): Dimension | undefined {
  const by = (words: string) =>
    new RegExp(
      `\\b(?:by|per|each|every|for each|for every|across|split by|broken down by|breakdown by|grouped by|in each|of each|rank(?:ed)?|ranking|which|what|top \\d+|bottom \\d+|all|the \\d+|\\d+|list(?: the)?|which \\d+|compare(?: the)?|(?:highest|lowest|best|worst|most|least|largest|biggest|leading|main|major|smallest)) (?:of the |the )?(?:uk'?s? |four |english |scottish |welsh |london )?(?:full[- ]fibre |fttp |gigabit |broadband |fibre )?(?:${words})\\b`,
    ).test(text);
  if (
    /\b(how many|number of) (?:different |distinct )?(?:full[- ]fibre |fttp |gigabit )?networks (?:they|premises|postcodes|each)|\bby (?:the )?number of (?:full[- ]fibre |fttp |gigabit )?networks\b|\bdistribution of (?:premises|postcodes) by\b|\(0, ?1, ?2/.test(
      text,
    )
  )
    return 'networks';
  if (series) return series;
  if (
    /\burban (?:and|vs\.?|versus|or|v) rural\b|\brural (?:and|vs\.?|versus|or|v) urban\b|\burban\/rural\b/.test(
      text,
    )
  )
    return 'urban_rural';
  if (by('postcode areas?')) return 'postcode_area';
  if (by('postcode districts?|districts? codes?|outward codes?')) return 'postcode_district';
  if (
    by(
      'local auth?orit(?:y|ies|es|ys)|local authorites|las?|councils?|boroughs?|district councils?|unitary authorit(?:y|ies)|authorit(?:y|ies)|districts?|areas?|places|towns|cities',
    ) ||
    /\b(?:london|scottish|welsh) boroughs\b|\bboroughs?\b|\bcouncils\b|\blocal authorities\b/.test(text)
  )
    return 'la_name';
  if (by('regions?|government regions?') || /\bregions\b/.test(text)) return 'government_region';
  if (by('nations?|countries|country') || /\bfour nations\b|\beach nation\b/.test(text)) return 'country';
  if (dataset === 'take_up' && (by('segments?') || /\bresidential (?:and|vs) business\b/.test(text)))
    return 'segment';
  if (
    by('technolog(?:y|ies)|techs?|access technolog(?:y|ies)') ||
    /\beach technology\b|\bsplit by technology\b|\bby tech\b/.test(text)
  )
    return 'tech';
  if (
    by('network operators?|networks?|operator groups?|infrastructure providers?|builders?') &&
    !subject.minNetworks &&
    !subject.exactNetworks
  )
    return 'operator_group';
  if (
    (!(subject.minNetworks || subject.exactNetworks) && by('alt[- ]?nets?|alternative networks?')) ||
    /\b(?:alt[- ]?nets|altnets) (?:by|ranked)\b/.test(text) ||
    /\b(?:alt[- ]?nets|alternative networks)\b[^.?]*\b(?:ranked|ranking|league table|biggest first|largest first)\b/.test(
      text,
    )
  )
    return 'operator';
  if (
    by('operators?|providers?|isps?|retailers?|brands?|companies') ||
    /\bwho (?:has|leads|is)\b/.test(text) ||
    /\b(market share|share of lines) by operator\b/.test(text)
  )
    return 'operator';
  if (dataset === 'take_up' && /\bmarket share\b/.test(text)) return 'operator';
  return undefined;
}

function entityLabel(e: EntityMatch['entity']): string {
  switch (e.kind) {
    case 'group':
      return e.group;
    case 'operator':
      return e.operator;
    case 'la':
      return e.name;
    case 'region':
      return e.names.join(' and ');
    case 'country':
      return e.name;
    case 'area':
      return `postcode area ${e.code}`;
    case 'county':
      return e.name;
    default:
      return 'the UK';
  }
}

/**
 * Confidence from what can be measured about the reading: the words it could not place, the conditions it
 * read but could not carry into the plan, the defaults it chose, names matched only by a close spelling, and
 * a question with no word of the domain at all. A reading that used every word starts high; each gap takes
 * it below the 0.8 at which an answer counts as confident.
 */
function scoreConfidence(
  plan: Plan,
  entities: EntityMatch[],
  domain: boolean,
  ignoredWords: number,
  uncarried: number,
): number {
  let confidence = 0.92;
  if (!domain) confidence -= 0.3;
  confidence -= 0.08 * plan.assumptions.length;
  confidence -= 0.15 * Math.min(3, ignoredWords);
  confidence -= 0.25 * uncarried;
  if (plan.unknowns.includes('measure')) confidence -= 0.15;
  if (entities.some((e) => e.fuzzy)) confidence -= 0.1;
  return Math.max(0.15, Math.min(0.97, Number(confidence.toFixed(2))));
}

export function describeReading(plan: Plan): string {
  const parts = [`${plan.dataset} dataset`, `measure: ${plan.measure}`];
  if (plan.dimension) parts.push(`by ${plan.dimension}`);
  if (plan.geo) parts.push(`in ${plan.geo.label ?? plan.geo.values.join(', ')}`);
  const s = plan.subject;
  const subject = [
    s.tech && `tech ${s.tech}`,
    s.gigabit && 'gigabit',
    s.altnet && 'altnets',
    s.operatorGroups && `networks ${s.operatorGroups.join(', ')}`,
    s.operators && `operators ${s.operators.join(', ')}`,
    s.allGroups && `all of ${s.allGroups.join(' and ')}`,
    s.minNetworks && `${s.minNetworks}+ networks`,
    s.exactNetworks && `exactly ${s.exactNetworks} networks`,
    s.absent && 'absent',
  ].filter(Boolean);
  if (subject.length) parts.push(`subject: ${subject.join(', ')}`);
  if (plan.time.phrase) parts.push(plan.time.phrase);
  if (plan.time.at) parts.push(`at ${plan.time.at}`);
  return `Read as a data question (${parts.join('; ')}).${plan.assumptions.length ? ` Assumed: ${plan.assumptions.join('; ')}.` : ''}`;
}

const TECH_PHRASES: [RegExp, NonNullable<Subject['tech']>][] = [
  [/^(?:'s )?(?:full[- ]?fibre|fttp|ftth)\b/, 'fttponly'],
  [/^(?:'s )?(?:fttc|vdsl)\b/, 'fttc'],
  [/^(?:'s )?cable\b/, 'cable'],
];

/** "Openreach full fibre and Virgin Media": a technology written right after a network belongs to it. */
function bindTechToGroups(
  text: string,
  entities: EntityMatch[],
): Record<string, NonNullable<Subject['tech']>> {
  const bound: Record<string, NonNullable<Subject['tech']>> = {};
  const normalised = text.replace(/[’`]/g, "'");
  for (const match of entities) {
    if (match.entity.kind !== 'group') continue;
    const index = normalised.indexOf(match.text);
    if (index < 0) continue;
    const after = normalised.slice(index + match.text.length).trimStart();
    // The alias itself may carry the technology ("openreach fttp").
    const own = match.text.split(' ').slice(1).join(' ');
    for (const [pattern, tech] of TECH_PHRASES) {
      if (pattern.test(after) || (own && pattern.test(own))) bound[match.entity.group] = tech;
    }
  }
  return bound;
}
