/** The dimension: what the answer is broken down by (place, network, technology, segment, time, networks). */
import { type Dataset, type Dimension, GEO_DIMENSIONS, type Subject } from '../../semantic/plan.js';
import { type Draft, has } from './draft.js';

/**
 * Reads the dimension, then what follows from it: places listed in brackets spell out the dimension's values
 * rather than filter; two places or two networks named with no other dimension are compared side by side;
 * "who leads in each region" asks for the leading network per place; operators of the networks data are
 * counted as networks.
 */
export function readDimension(draft: Draft): void {
  const { text, dataset, subject, geo } = draft;
  let dimension = detectDimension(text, dataset, subject, draft.parsed.series);
  // "in each nation (England/Wales/Scotland/NI)": the places in brackets are the dimension's values.
  if (dimension && GEO_DIMENSIONS.has(dimension) && geo) {
    const bracketed = [...text.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!).join(' | ');
    const named = geo.values.map((v) => v.toLowerCase());
    if (bracketed && /[/,&]| and /.test(bracketed) && named.every((v) => bracketed.includes(v)))
      draft.geo = undefined;
  }
  // "Edinburgh vs Glasgow": two places named and no other dimension, so compare them side by side.
  if (!dimension && draft.geo && draft.geo.values.length >= 2 && draft.counties.length !== 1)
    dimension = draft.geo.column;
  if (draft.geo && draft.counties.length > 0) draft.geo.label = draft.counties.join(' and ');
  if (!dimension && draft.compareNetworks) dimension = 'operator_group';
  if (
    dimension &&
    GEO_DIMENSIONS.has(dimension) &&
    dataset !== 'take_up' &&
    has(
      text,
      /\b(who|which (?:[a-z-]+ ){0,2}(?:network|operator|provider|alt[- ]?net|builder)s?)\b.*\b(biggest|largest|leads?|leading|most|top|strongest|dominant)\b|\bleader(?:s)?\b|\bdominant (?:network|operator)\b|\b(?:biggest|largest|leading|top|main|dominant|strongest) (?:full[- ]fibre |fttp |gigabit )?(?:altnet|alt net|network|operator|provider)\b/,
    ) &&
    has(text, /\b(each|every|per|by)\b/)
  ) {
    draft.leaderPerDimension = true;
  }
  if (dimension === 'operator' && dataset !== 'take_up' && !subject.altnet) {
    dimension = 'operator_group';
    if (!has(text, /\bnetworks?\b|\bgroups?\b/))
      draft.assumptions.push(
        'operators are counted as networks (operator_group): the Openreach retailers BT, Sky, TalkTalk and Vodafone share one network',
      );
  }
  draft.dimension = dimension;
}

const PASSIVE_AGENT =
  /\b(passed|covered|served|reached|built|offered|provided|available|connected|overbuilt) by (?=(?:the |all )?(?:alt[- ]?nets|alternative networks|networks|operators)\b)/g;

function detectDimension(
  text: string,
  dataset: Dataset,
  subject: Subject,
  series: Dimension | undefined,
): Dimension | undefined {
  // A count in digits or words: "top 3 altnets", "the five biggest altnets".
  const N = '(?:\\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)';
  // "Premises passed by altnets": "by" after a participle names who passes them (one footprint), not a
  // breakdown; "by altnet" or "by each altnet" still splits the answer.
  const agentless = text.replace(PASSIVE_AGENT, '$1 through ');
  const by = (words: string) =>
    new RegExp(
      `\\b(?:by|per|each|every|for each|for every|across|split by|broken down by|breakdown by|grouped by|in each|of each|rank(?:ed)?|ranking|which|what|top ${N}|bottom ${N}|all|the ${N}|${N}|list(?: the)?|which ${N}|compare(?: the)?|(?:highest|lowest|best|worst|most|least|largest|biggest|leading|main|major|smallest)) (?:of the |the )?(?:uk'?s? |four |english |scottish |welsh |london )?(?:full[- ]fibre |fttp |ftth |ff |gigabit |broadband |fibre )?(?:${words})\\b`,
    ).test(agentless);
  if (
    /\b(how many|number of|no\.? of) (?:different |distinct )?(?:full[- ]fibre |fttp |ff |gigabit )?networks (?:they|premises|postcodes|each)|\bby (?:the )?(?:number|no\.?|count) of (?:different |distinct )?(?:full[- ]fibre |fttp |ff |gigabit )?networks\b|\bdistribution of (?:premises|postcodes) by\b|\(0, ?1, ?2/.test(
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
