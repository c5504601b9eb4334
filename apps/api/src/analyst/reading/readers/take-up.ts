/** Take-up (lines per operator and quarter): brands, technologies, segment, share, and the quarter. */
import { FULL_FIBRE, takeUpTech } from '@qa/warehouse';
import { quarterOf } from '../time-phrases.js';
import { type Draft, has } from './draft.js';

/** Full fibre as the take-up tables spell it (the semantic model's). */
const FULL_FIBRE_TAKE_UP = takeUpTech(FULL_FIBRE);

const TAKE_UP_TECH: Record<string, string> = {
  'full fibre': FULL_FIBRE_TAKE_UP,
  'full-fibre': FULL_FIBRE_TAKE_UP,
  fullfibre: FULL_FIBRE_TAKE_UP,
  'fixed wireless': 'fwa',
};

/**
 * Reads a take-up question's filters: the brands named that report lines, one technology (or several, split
 * by technology), residential or business lines, whose share it is ("Virgin Media's share of lines" is the
 * brand's share of all lines), and the quarter (the latest unless one is named).
 */
export function readTakeUp(draft: Draft): void {
  if (draft.dataset !== 'take_up') return;
  const { text, lexicon, measure } = draft;
  const takeUp: NonNullable<typeof draft.takeUp> = { ...draft.takeUpChange };
  draft.takeUp = takeUp;
  const takeUpNames = new Set(lexicon.takeUpOperators.map((n) => n.toLowerCase()));
  const brands = draft.entities
    .map((m) => m.entity)
    .flatMap((e) => (e.kind === 'operator' ? [e.operator] : e.kind === 'group' ? [e.group] : []))
    .map((name) => lexicon.takeUpOperators.find((o) => o.toLowerCase() === name.toLowerCase()) ?? name)
    .filter((name) => takeUpNames.has(name.toLowerCase()));
  if (brands.length > 0) takeUp.operators = [...new Set(brands)];
  // "Is Virgin Media ahead of Sky on lines", "BT vs Sky lines": two brands named are a row each, unless combined.
  if (
    (takeUp.operators?.length ?? 0) >= 2 &&
    !draft.dimension &&
    !has(text, /\b(?:combined|together|altogether|between them|in total|total of|sum of|both)\b/)
  )
    draft.dimension = 'operator';
  // "FTTC (part fibre)" is one technology, said twice: part fibre is FTTC, never full fibre.
  const techs = [
    ...new Set(
      [
        ...text.matchAll(/\b(fttp|full[- ]fibre|part[- ]fibre|fibre|fttc|adsl|cable|fwa|fixed wireless)\b/g),
      ].map((m) =>
        m[1]?.startsWith('part')
          ? 'fttc'
          : m[1] === 'fibre' || m[1]?.startsWith('full')
            ? FULL_FIBRE_TAKE_UP
            : m[1] === 'fixed wireless'
              ? 'fwa'
              : (m[1] as string),
      ),
    ),
  ];
  // One technology named (plain "fibre" names none in particular).
  const named = text.match(/\b(fttp|full[- ]fibre|part[- ]fibre|fttc|adsl|cable|fwa|fixed wireless)\b/)?.[1];
  const tech = techs.length === 1 && named ? (named.startsWith('part') ? 'fttc' : named) : undefined;
  // "VM lines on fibre vs cable": several technologies named, so split by technology.
  if (new Set(techs).size >= 2) {
    takeUp.techs = [...new Set(techs)];
    if (!draft.dimension) draft.dimension = 'tech';
  }
  if (tech) takeUp.tech = TAKE_UP_TECH[tech] ?? tech;
  const business = has(text, /\b(business|businesses|biz|smb|sme|enterprise)\b/);
  const residential = has(text, /\b(residential|resi|res|consumer|home|homes|household)\b/);
  // Both segments named ("resi + business") means no segment filter.
  if (business && !residential) takeUp.segment = 'business';
  else if (residential && !business) takeUp.segment = 'residential';
  // "Hyperoptic lines resi vs business": both segments set against each other are a row each.
  else if (
    business &&
    residential &&
    !draft.dimension &&
    has(text, /\b(?:vs\.?|versus|v|against|compared|split|broken down|breakdown)\b/)
  )
    draft.dimension = 'segment';
  const dimension = draft.dimension;
  // "Virgin Media's share of lines over time": the share belongs to the brand, out of all lines.
  // "Sky's residential market share": one brand's share, even though "market share" alone reads by operator.
  const oneBrandsShare =
    dimension === 'operator' &&
    !has(text, /\b(?:operators|retailers|isps|brands|providers|companies|by operator)\b/);
  if (
    measure === 'line_share_pct' &&
    takeUp.operators?.length === 1 &&
    (dimension === 'quarter' || !dimension || oneBrandsShare)
  ) {
    takeUp.shareOf = takeUp.operators[0];
    delete takeUp.operators;
    if (oneBrandsShare) draft.dimension = undefined;
  }
  // "Sky lines, last 4 quarters", "Sky's market share over the last 8 quarters": lines are a stock, counted at
  // each quarter; added up over quarters they mean nothing, so a run of quarters is a row for each.
  if (
    draft.parsed.time.lastQuarters &&
    draft.parsed.time.lastQuarters >= 2 &&
    !draft.dimension &&
    (measure === 'lines' || measure === 'line_share_pct') &&
    !draft.takeUpChange.change
  ) {
    draft.dimension = 'quarter';
    // In time order, unless the quarters are ranked ("Sky's best quarter ...").
    if (!has(text, /\b(?:top|highest|lowest|most|least|best|worst|biggest|largest|rank\w*)\b/))
      draft.order = undefined;
  }
  if (measure === 'line_share_pct' && takeUp.tech && (!dimension || dimension === 'quarter')) {
    takeUp.shareOf = `tech:${takeUp.tech}`;
    delete takeUp.tech;
  }
  // "What percentage of all broadband lines are business lines": the segment's share of every line.
  if (
    measure === 'line_share_pct' &&
    takeUp.segment &&
    !takeUp.shareOf &&
    !takeUp.operators?.length &&
    (!draft.dimension || draft.dimension === 'quarter') &&
    has(
      text,
      /\b(?:of|are|were|is) (?:all )?(?:the )?(?:broadband |fixed )?lines\b[^?.]*\b(?:are|were|is|in|from)\b[^?.]*\b(?:business|biz|residential|resi|consumer)\b/,
    )
  ) {
    takeUp.shareOf = `segment:${takeUp.segment}`;
    delete takeUp.segment;
  }
  // A share of lines with no one to own it is every operator's share ("market share in the latest quarter").
  // A technology named owns it ("what % of lines in Bristol are on FF"): that technology's share of all lines.
  const techNamed = Boolean(takeUp.tech || (draft.subject.tech && !takeUp.techs?.length));
  if (measure === 'line_share_pct' && !takeUp.shareOf && !draft.dimension && !techNamed) {
    draft.dimension = 'operator';
    draft.assumptions.push("no operator named: each operator's share of lines");
  }
  readTakeUpQuarter(draft);
}

/** The quarter of a take-up answer: the one named, the one a named date falls in, or the latest. */
function readTakeUpQuarter(draft: Draft): void {
  const time = draft.parsed.time;
  // "FTTP lines by quarter since Q1 2024": the quarter named is where the series starts.
  if (
    draft.dimension === 'quarter' &&
    time.quarter &&
    !time.seriesFrom &&
    has(
      draft.text,
      /\b(?:since|from|after|starting(?: in| from)?) (?:q[1-4] (?:of )?20\d\d|20\d\d ?-?q[1-4])\b/,
    )
  ) {
    const [year, q] = time.quarter.split('Q') as [string, string];
    time.seriesFrom = `${year}-${String((Number(q) - 1) * 3 + 1).padStart(2, '0')}-01`;
    delete time.quarter;
  }
  // A date named ("in 2025", "Jun 2025") is the quarter it falls in, before the latest is assumed.
  if (time.at && !time.quarter && !time.lastQuarters && !time.quarterYear) time.quarter = quarterOf(time.at);
  if (!time.quarter && !time.lastQuarters && !time.quarterYear && draft.dimension !== 'quarter') {
    time.quarter = draft.ctx.latestQuarter;
  }
}
