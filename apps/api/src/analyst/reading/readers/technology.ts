/** The technology of the subject: full fibre, FTTC, ADSL, FWA, cable, gigabit, altnets. */
import { FULL_FIBRE } from '@qa/warehouse';
import { type Draft, has } from './draft.js';

/**
 * Reads which technology must be present. A technology the premises must lack ("FWA premises that have no
 * full fibre option") is cut out first, so it does not become the subject; several technologies or a "total
 * footprint" mean no technology filter, unless the question says "only".
 */
export function readTechnology(draft: Draft): void {
  const { text, subject } = draft;
  // From the connector nearest the negation: in "with FTTC but no gigabit" the lack starts at "but", and FTTC stays.
  draft.excluded = text.match(
    /\b(?:that|which|who|with|but|and|where)\b(?:(?!\b(?:that|which|who|with|but|and|where)\b)[^.?])*?\b(?:no|without|lack|lacking|not)\b (?:any |a )?(?:access to )?(?:a )?(full[- ]fibre|fttp|ftth|ff|gigabit|gig|superfast|ultrafast|sfbb|ufbb)\b[a-z -]*/,
  );
  const techText = draft.excluded ? text.replace(draft.excluded[0], ' ') : text;
  if (
    has(
      techText,
      /\b(full[- ]?fibre|full[- ]?fiber|fttp|ftth|fttponly|ff|fibre to the (?:premises|home)|fiber to the (?:premises|home)|pure fibre)\b/,
    )
  )
    subject.tech = FULL_FIBRE;
  else if (has(techText, /\b(fttc|fibre to the cabinet|vdsl)\b/)) subject.tech = 'fttc';
  else if (has(techText, /\b(adsl|copper)\b/)) subject.tech = 'adsl';
  else if (has(techText, /\b(fwa|fixed wireless|wireless)\b/)) subject.tech = 'fwa';
  else if (has(techText, /\b(docsis|cable)\b/) && !has(techText, /\bvirgin cable\b/)) subject.tech = 'cable';
  const techWords =
    techText.match(
      /\b(full[- ]?fibre|fttp|rfog|fttc|adsl|cable|docsis|fwa|fixed wireless|own fibre|their fibre)\b/g,
    ) ?? [];
  if (
    new Set(techWords.map(canonicalTechWord)).size > 1 ||
    has(
      text,
      /\b(total|whole|entire|overall|all) (?:network |broadband )?footprint\b|\b(?:all|any) (?:technolog(?:y|ies)|techs?)\b/,
    )
  ) {
    if (!/\bonly\b/.test(text)) delete subject.tech;
  }
  if (has(techText, /\b(gigabit|gig[- ]capable|gigabit[- ]capable|1 ?gbps|1000 ?mbps|1 ?gig)\b/)) {
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
}

function canonicalTechWord(word: string): string {
  if (/fibre|fttp|rfog/.test(word)) return 'fibre';
  if (/wireless|fwa/.test(word)) return 'fwa';
  if (/cable|docsis/.test(word)) return 'cable';
  return word;
}

/** Said when coverage names no technology; a reading that finds one in the words drops it. */
export const DEFAULT_TECHNOLOGY_ASSUMPTION = 'no technology named: full fibre (FTTP)';

const NEEDS_A_TECHNOLOGY = ['coverage_pct', 'change_premises', 'change_pp', 'change_postcodes'];

/**
 * Coverage and its change need a technology: with none named (no network, no condition either), it is full
 * fibre, said as an assumption, unless the rows are the technologies.
 */
export function defaultTechnology(draft: Draft): void {
  const { subject } = draft;
  if (
    !subject.tech &&
    !subject.gigabit &&
    !subject.altnet &&
    !subject.operatorGroups &&
    !subject.operators &&
    !subject.allGroups &&
    !subject.onlyTech &&
    !subject.bestDownBelow &&
    !subject.belowUso &&
    !subject.minDown &&
    !subject.minUp &&
    !subject.soleGroup &&
    draft.dataset === 'upc' &&
    // "Share of premises by technology": each row is its own technology, none is the subject.
    draft.dimension !== 'tech' &&
    NEEDS_A_TECHNOLOGY.includes(draft.measure as string)
  ) {
    subject.tech = FULL_FIBRE;
    draft.assumptions.push(DEFAULT_TECHNOLOGY_ASSUMPTION);
  }
}
