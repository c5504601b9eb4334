/** How many networks, and which named networks, must be present in a postcode. */

import { FULL_FIBRE } from '@qa/warehouse';
import type { Subject } from '../../semantic/plan.js';
import type { EntityMatch } from '../lexicon.js';
import { numberFrom } from '../time-phrases.js';
import { type Draft, has } from './draft.js';

/**
 * Reads the quantifier on networks: "at least three networks" is minNetworks 3, "two networks" exactly 2,
 * "more than two networks" at least 3, "overbuild" at least 2 full-fibre networks. "Top 10 networks" ranks
 * networks and "at least one altnet" is plain presence: neither counts networks per postcode.
 */
export function readNetworkCount(draft: Draft): void {
  const { text, subject } = draft;
  const count = text.match(
    /\b(\d+|one|two|three|four|five)\s*(\+|or more|plus|and above|or above)?\s*(?:different |competing |separate )?(?:full[- ]fibre |fttp |ff |gigabit[- ]capable |gigabit |fibre |alt[- ]?net |)(networks?|altnets?|alt nets?|alternative networks?|operators?|providers?|builders?)\b/,
  );
  const atLeast = text.match(
    /\bat least (\d+|two|three|four) (?:full[- ]fibre |fttp |gigabit |)(networks|altnets|operators|providers)\b/,
  );
  const choose = text.match(
    /\bchoose between (\d+|two|three|four) (?:or more )?(networks|altnets|operators|providers)\b/,
  );
  const rankingCount =
    count !== null &&
    (new RegExp(
      `\\b(?:which|what|the|top|bottom|list|show|give me|name)\\s+${count[0].replace(/[+.]/g, '\\$&')}`,
    ).test(text) ||
      // "3 altnets with the biggest footprint": the number of networks ranked, said first.
      (!count[2] &&
        new RegExp(
          `${count[0].replace(/[+.]/g, '\\$&')}\\s+(?:with|by|having|that have)\\s+(?:the\\s+)?(?:biggest|largest|most|highest|fewest|smallest|lowest|widest)\\b`,
        ).test(text)));
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
    draft.notes.push('overbuild means two or more full-fibre networks in the same postcode');
  }
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
    subject.tech = FULL_FIBRE;
  if (subject.networksAreAltnets) {
    subject.altnet = true;
  }
}

/**
 * Reads the named networks: two or more named with "both", "overlap" or "head to head" must all be present
 * (an intersection, full fibre unless a technology is bound to a network); otherwise they are the subject, and
 * two or more are compared side by side. Operators are kept when they are not just their network's name;
 * "the only gigabit option" makes one network the sole provider. Take-up questions read brands elsewhere.
 */
export function readNamedNetworks(draft: Draft): void {
  if (draft.dataset === 'take_up') return;
  const { text, subject, groups, operators, lexicon } = draft;
  const bothPattern =
    /\b(both|overlap|overlaps|overlapping|head[- ]to[- ]head|where .* meet|compete|competing|in common|shared|same postcodes?|(?:are |is )?also (?:on|have|has|get|served by|passed by|covered by|with)|as well as|alongside|together with|all (?:three|four|3|4|of them|of these)|all (?:live|present|available|active|there)(?! (?:postcodes|premises|homes|lines)))\b/;
  // "Who's got more, X or Y? The number for both": a contest names each, not where both are present.
  const contest =
    /\bwho(?:'s| has| have| is)? (?:got )?(?:more|bigger|ahead)\b|\b(?:for|of) both\b(?! [a-z.]+ (?:and|&) )/;
  // "Head-to-head: OR vs VMO2 vs CF" puts them side by side; "where OR and CF go head to head" is their overlap.
  const sideBySide =
    /\b(?:vs\.?|versus|v)\b/.test(text) &&
    (bothPattern.exec(text)?.[0] ?? '').replace(/[- ]/g, '') === 'headtohead';
  if (
    groups.length >= 2 &&
    bothPattern.test(text) &&
    !has(text, /\bcompare\b|\beach\b/) &&
    !contest.test(text) &&
    !sideBySide
  ) {
    readOverlap(draft);
  } else if (groups.length > 0) {
    subject.operatorGroups = groups;
    if (groups.length >= 2) draft.compareNetworks = true;
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

/** "Where Openreach and CityFibre overlap": every named network present, each with its own technology. */
function readOverlap(draft: Draft): void {
  const { text, subject, groups, entities } = draft;
  subject.allGroups = groups;
  // "Overbuild" here names the overlap itself, not a count of networks.
  delete subject.minNetworks;
  delete subject.exactNetworks;
  const bound = bindTechToGroups(text, entities);
  // "OR and CityFibre FTTP", "OR v CF full fibre overlap": a technology after the last of a plain list ("X and
  // Y <tech>", "X vs Y <tech>") belongs to all.
  const boundGroups = Object.keys(bound);
  const lastGroup = groups[groups.length - 1]!;
  if (boundGroups.length === 1 && boundGroups[0] === lastGroup && groups.length >= 2) {
    const names = entities.filter((e) => e.entity.kind === 'group').map((e) => e.text);
    const listed = new RegExp(
      `\\b${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?:,| and| &|, and| ?\\/| ?\\+| vs\\.?| v\\.?| versus| with)\\s+')}\\b`,
    );
    if (names.length === groups.length && listed.test(text)) {
      subject.tech = bound[lastGroup];
      for (const g of boundGroups) delete bound[g];
    }
  }
  if (Object.keys(bound).length > 0) {
    subject.groupTech = bound;
    // A technology said right after one network belongs to that network only; when every network has its own,
    // none is left for the subject as a whole.
    if (
      subject.tech &&
      ((Object.values(bound).includes(subject.tech) && Object.keys(bound).length < groups.length) ||
        Object.keys(bound).length === groups.length)
    )
      delete subject.tech;
  } else if (!subject.tech && !subject.gigabit) {
    subject.tech = FULL_FIBRE;
    draft.assumptions.push('overlap means both networks offer full fibre in the same postcode');
  }
}

const TECH_PHRASES: [RegExp, NonNullable<Subject['tech']>][] = [
  [/^(?:'s )?(?:full[- ]?fibre|fttp|ftth)\b/, FULL_FIBRE],
  [/^(?:'s )?(?:fttc|vdsl)\b/, 'fttc'],
  [/^(?:'s )?cable\b/, 'cable'],
];

const EITHER_TECH =
  /^\(?(?:cable|fttp|ftth|full[- ]?fibre|fibre)\s+(?:or|and|\/)\s+(?:its own |their own )?(?:cable|fttp|ftth|full[- ]?fibre|fibre)\b/;

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
    // "Virgin Media (cable or its own fibre)": either of its technologies, so the network's whole footprint.
    if (EITHER_TECH.test(after)) continue;
    // The alias itself may carry the technology ("openreach fttp").
    const own = match.text.split(' ').slice(1).join(' ');
    for (const [pattern, tech] of TECH_PHRASES) {
      if (pattern.test(after) || (own && pattern.test(own))) bound[match.entity.group] = tech;
    }
  }
  return bound;
}
