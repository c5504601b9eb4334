/** The ranking: the order of the rows and how many are shown. */
import type { Dimension } from '../../semantic/plan.js';
import { numberFrom } from '../time-phrases.js';
import { JUDGEMENT_WORDS } from '../vocabulary.js';
import { type Draft, has } from './draft.js';

/** "last 6 months" is a time window, not a ranking. */
const NOT_TIME = '(?!\\s*(?:months?|years?|quarters?|weeks?|days?|snapshots?)\\b)';
/** A time series or a distribution over the number of networks keeps its own order. */
const UNRANKED: Dimension[] = ['month', 'quarter', 'half_year', 'year', 'networks'];
const MANY_PLACES: Dimension[] = ['la_name', 'postcode_district', 'postcode_area'];

/**
 * Reads the ranking words: "top 5" is the five highest, "bottom 3" / "5 lowest" the lowest first, "which 5"
 * or "show me 10" a limit, "lowest" / "lagging" ascending, "most" / "leading" descending, and "who's the
 * biggest ..." one answer. Then the defaults: a time series or a distribution keeps its own order; a ranking
 * of many places shows the top 10 (or one for "which council ..."); any other dimension is largest first.
 */
/**
 * "Worst" and "best" judge the broadband, not the number: for premises that lack something ("under the USO",
 * "no full fibre") the worst places are those with the most of them.
 */
function judgeLacking(draft: Draft): void {
  const s = draft.subject;
  if (!draft.order || !(s.bestDownBelow || s.belowUso || s.absent)) return;
  const judged = draft.text
    .split(/[^a-z]+/)
    .find((word) => JUDGEMENT_WORDS.worse.has(word) || JUDGEMENT_WORDS.better.has(word));
  if (!judged) return;
  draft.order = JUDGEMENT_WORDS.worse.has(judged) ? 'desc' : 'asc';
}

/** What is assumed of a ranking of many places with no number: the ten that answer "which ... most". */
export const TOP_TEN_ASSUMED = 'showing the top 10';

export function readRanking(draft: Draft): void {
  readRankingWords(draft);
  judgeLacking(draft);
  applyRankingDefaults(draft);
}

function readRankingWords(draft: Draft): void {
  // "at least three networks" is a quantifier, not "the least three".
  const text = draft.text.replace(/\bat least\b/g, 'atleast');
  const top = text.match(
    new RegExp(
      `\\b(?:top|best|biggest|largest|highest|leading|first)\\s+(\\d+|five|ten|three|twenty)\\b${NOT_TIME}`,
    ),
  );
  const bottom = text.match(
    new RegExp(`\\b(?:bottom|worst|lowest|smallest|least)\\s+(\\d+|five|ten|three|twenty)\\b${NOT_TIME}`),
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
    /\b(most|highest|biggest|largest|best|top|leading|leads?|strongest|greatest|fastest|rank|ranking|ranked|who has the|leader|newest first|most recent first|latest first)\b/,
  );
  if (bottom) {
    draft.order = 'asc';
    draft.limit = numberFrom(bottom[1] as string) ?? 10;
  } else if (top) {
    draft.order = 'desc';
    draft.limit = numberFrom(top[1] as string) ?? 10;
  } else if (nWhich) {
    draft.limit = numberFrom(nWhich[1] as string) ?? 10;
    draft.order = /lowest|worst|smallest|least/.test(nWhich[0]) ? 'asc' : 'desc';
  } else if (ascending && !/\bstill (?:get|have|left)\b/.test(text)) draft.order = 'asc';
  else if (descending) draft.order = 'desc';
  // "Best to worst", "lowest to highest": the first word of the span says the direction.
  const span =
    /\b(best|highest|largest|biggest|most|top|worst|lowest|smallest|least|bottom) to (?:worst|lowest|smallest|least|bottom|best|highest|largest|biggest|most|top)\b/.exec(
      text,
    );
  if (span) draft.order = /^(?:worst|lowest|smallest|least|bottom)$/.test(span[1]!) ? 'asc' : 'desc';
  const whichN = text.match(
    new RegExp(`\\b(?:which|what|the|list|show|name|give me)\\s+(\\d+|five|ten|three|twenty)\\b${NOT_TIME}`),
  );
  if (!draft.limit && whichN) {
    draft.limit = numberFrom(whichN[1] as string) ?? undefined;
    if (!draft.order) draft.order = ascending ? 'asc' : 'desc';
  }
  if (!draft.limit && trailingN)
    draft.limit = numberFrom((trailingN[1] ?? trailingN[2]) as string) ?? undefined;
  // "5 LAs with the lowest coverage", "3 altnets with the biggest footprint": the number of rows, said first.
  const leadingN = text.match(
    /^\s*(\d+|two|three|four|five|six|seven|eight|nine|ten|twenty) (?:[a-z-]+ ){0,2}?(?:las|local authorities|councils|boroughs|regions|nations|postcode areas|postcode districts|districts|post sectors|sectors|areas|towns|cities|networks|altnets|operators|providers|isps)\b/,
  );
  if (!draft.limit && leadingN && draft.order) draft.limit = numberFrom(leadingN[1] as string) ?? undefined;
  // "who's the biggest FTTP network in NI": one answer, unless it is asked per place ("in each nation").
  if (
    !draft.limit &&
    !/\b(?:each|every|per)\b/.test(text) &&
    /\b(?:who(?:'?s| is)|whos|which is|what is|what's|name) the (?:single )?(?:biggest|largest|leading|dominant|top|number one|no\.? ?1)\b(?! \d)/.test(
      text,
    )
  ) {
    draft.limit = 1;
    draft.order = 'desc';
  }
}

function applyRankingDefaults(draft: Draft): void {
  const { text, dimension, geo } = draft;
  if (dimension && UNRANKED.includes(dimension)) {
    draft.order = undefined;
    draft.limit = undefined;
  } else if (draft.order && !draft.limit && dimension && MANY_PLACES.includes(dimension)) {
    // A ranking of hundreds of places: show the ten that answer "which ... most".
    // "For each LA in the North East, best first" asks for every one of them, in order.
    if (everyOne(text, dimension)) return;
    // "Rank the North East councils": a ranking asked of a region's places (a few dozen at most) is all of them.
    const wholeList = /\brank(?:ed|ing|s)?\b/.test(text) && Boolean(geo);
    // "Gigabit % by LA, Scotland, lowest first": a nation or region of a few dozen authorities is listed whole.
    const few =
      dimension === 'la_name' &&
      geo !== undefined &&
      draft.lexicon.localAuthorities.filter((la) =>
        geo.values.includes(geo.column === 'country' ? la.country : la.government_region),
      ).length <= FEW_PLACES;
    // "Trooli's footprint by LA": one named network's places are the ones it is in, a list worth seeing whole.
    // So are "in which LAs is Community Fibre present", "which councils does Trooli serve" (no superlative asked).
    const oneNetwork =
      (draft.subject.operatorGroups?.length ?? 0) + (draft.subject.operators?.length ?? 0) === 1;
    const whereItIs =
      /\b(?:in which|which|where)\b[^?]*\b(?:present|operates?|operating|serves?|serving|covers?|available|live|built)\b/.test(
        text,
      ) &&
      // "Largest first" orders the list; "the most" asks for the top of it.
      !/\b(?:most|highest|largest|biggest|top|least|lowest|fewest|smallest)\b(?! first\b| to )/.test(text);
    const footprintOfOne = oneNetwork && (/\bfootprint\b/.test(text) || whereItIs);
    if (
      !wholeList &&
      !few &&
      !footprintOfOne &&
      (!geo || geo.column === 'government_region' || geo.column === 'country')
    ) {
      draft.limit = singular(text, dimension) ? 1 : 10;
      if (draft.limit === 10) draft.assumptions.push(TOP_TEN_ASSUMED);
    }
  } else if (draft.order && !draft.limit && dimension && singular(text, dimension)) {
    draft.limit = 1;
  }
  // Rows are ranked biggest first unless asked otherwise; first dates are read in date order (the compiler's).
  if (
    !draft.order &&
    dimension &&
    !UNRANKED.includes(dimension) &&
    dimension !== 'urban_rural' &&
    draft.measure !== 'first_date'
  )
    draft.order = 'desc';
}

/** A ranking of this many places or fewer is shown whole (Scotland's 32 authorities, London's 33). */
const FEW_PLACES = 40;

const PLACE_WORDS: Partial<Record<Dimension, string>> = {
  la_name: '(?:local authorit(?:y|ies)|councils?|boroughs?|authorit(?:y|ies)|las?)',
  postcode_district: '(?:postcode )?districts?',
  postcode_area: '(?:postcode )?areas?',
};

/** "each LA", "every council", "all the authorities": the whole list, not a top 10. */
function everyOne(text: string, dimension: Dimension): boolean {
  const word = PLACE_WORDS[dimension];
  if (!word) return false;
  return new RegExp(`\\b(?:each|every|all(?: of)?(?: the)?)(?: [a-z-]+)? ${word}\\b`).test(text);
}

function singular(text: string, dimension: Dimension): boolean {
  const words: Partial<Record<Dimension, string>> = {
    la_name: '(?:local authority|council|borough|authority|district|la)',
    government_region: 'region',
    country: '(?:nation|country)',
    operator: '(?:operator|altnet|alt net|provider|isp|retailer|brand|retail operator)',
    operator_group: '(?:network|operator|provider)',
    tech: '(?:technology|tech)',
    postcode_area: 'postcode area',
  };
  const word = words[dimension];
  if (!word) return false;
  return (
    // "which network", "which FF network", "which full fibre network" (a modifier or two between).
    new RegExp(`\\b(?:which|what)(?: (?!the\\b|of\\b)[a-z-]+){0,2} ${word}\\b(?! ?s\\b)`).test(text) ||
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
