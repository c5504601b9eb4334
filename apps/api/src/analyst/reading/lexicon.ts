/**
 * The analyst's vocabulary, built from the data itself (operators, local authorities, regions, nations,
 * postcode areas) plus the common names analysts use for them ("Virgin", "CF", "Hull", "East Anglia").
 * Finding entities in a question is a longest-match scan over these aliases, with a small edit-distance
 * allowance for misspellings ("Hyperopic", "Openrech").
 */

import { distance } from 'fastest-levenshtein';
import { countingWord } from './number-words.js';
import { isVocabularyWord } from './vocabulary.js';

export interface OperatorRow {
  operator: string;
  operator_group: string;
  network_type: string;
  is_altnet: boolean;
}

export interface LexiconData {
  operators: OperatorRow[];
  localAuthorities: { la_name: string; government_region: string; country: string }[];
  postcodeAreas: string[];
  takeUpOperators: string[];
  /** Counties, metropolitan counties and Greater London with their districts (not local authorities themselves). */
  counties?: { county: string; kind: string; laNames: string[] }[];
}

export type Entity =
  | { kind: 'group'; group: string; altnet: boolean }
  | { kind: 'operator'; operator: string; group: string }
  | { kind: 'la'; name: string; region: string; country: string }
  | { kind: 'region'; names: string[] }
  | { kind: 'country'; name: string }
  | { kind: 'area'; code: string }
  | { kind: 'county'; name: string; laNames: string[] }
  | { kind: 'uk' };

export interface EntityMatch {
  entity: Entity;
  text: string;
  start: number;
  end: number;
  fuzzy: boolean;
}

/** Names analysts use for networks that differ from the reported names (keys are operator_group values). */
const GROUP_ALIASES: Record<string, string[]> = {
  Openreach: ['openreach', 'open reach', 'bt openreach', 'openreach fttp', 'or'],
  'Virgin Media': [
    'virgin',
    'virgin media',
    'vm',
    'vmo2',
    'virgin media o2',
    'virgin o2',
    "virgin media's",
    "virgin's",
  ],
  nexfibre: ['nexfibre', 'nex fibre', 'nexfiber'],
  CityFibre: ['cityfibre', 'city fibre', 'city fiber', 'cf'],
  KCOM: ['kcom', 'k com', 'kcom lightstream', 'lightstream'],
  'Community Fibre': ['community fibre', 'community fiber', 'comm fibre', 'communityfibre'],
  'G.Network': ['g.network', 'g network', 'gnetwork', 'g.net'],
  'Full Fibre Ltd': ['full fibre ltd', 'full fibre limited', 'full fibre ltd.'],
  Zzoomm: ['zzoomm', 'zzoom', 'zoomm'],
  brsk: ['brsk', 'brisk'],
  'Jurassic Fibre': ['jurassic', 'jurassic fibre'],
  WightFibre: ['wightfibre', 'wight fibre'],
  'Lit Fibre': ['lit fibre', 'litfibre'],
  'Freedom Fibre': ['freedom fibre'],
  Hyperoptic: ['hyperoptic', 'hyper optic'],
  Gigaclear: ['gigaclear', 'giga clear'],
  Truespeed: ['truespeed', 'true speed'],
  MS3: ['ms3'],
};

/**
 * Names analysts use for one reported operator of a network (keys are operator values). "VM cable" is not here:
 * it reads as the network with its technology, which the plan carries as such.
 */
const OPERATOR_ALIASES: Record<string, string[]> = {
  'Virgin Media RFOG': ['rfog', 'vm rfog', 'virgin rfog', 'virgin media rfog'],
};

/** Regions under the names people use; a value may cover several regions ("the Midlands"). */
const REGION_ALIASES: Record<string, string[]> = {
  'north east': ['North East'],
  'the north east': ['North East'],
  'north-east': ['North East'],
  'north west': ['North West'],
  'north-west': ['North West'],
  'yorkshire and the humber': ['Yorkshire and The Humber'],
  'yorkshire & the humber': ['Yorkshire and The Humber'],
  yorkshire: ['Yorkshire and The Humber'],
  'east midlands': ['East Midlands'],
  'west midlands': ['West Midlands'],
  'the midlands': ['East Midlands', 'West Midlands'],
  midlands: ['East Midlands', 'West Midlands'],
  'east of england': ['East of England'],
  'east anglia': ['East of England'],
  london: ['London'],
  'greater london': ['London'],
  'south east': ['South East'],
  'south-east': ['South East'],
  'south west': ['South West'],
  'south-west': ['South West'],
  // "The north" of England: its three regions ("the north west" and "the north east" are one each).
  'the north': ['North East', 'North West', 'Yorkshire and The Humber'],
  'northern england': ['North East', 'North West', 'Yorkshire and The Humber'],
  'the north of england': ['North East', 'North West', 'Yorkshire and The Humber'],
  'the north west': ['North West'],
  'the north-west': ['North West'],
  'the north-east': ['North East'],
  // Compass shorthand with "the" before it is a region ("LAs in the NW"); bare, "NW" stays the postcode area.
  'the nw': ['North West'],
  'the ne': ['North East'],
  'the sw': ['South West'],
  'the se': ['South East'],
  'east mids': ['East Midlands'],
  'west mids': ['West Midlands'],
  'e mids': ['East Midlands'],
  'w mids': ['West Midlands'],
  yorks: ['Yorkshire and The Humber'],
  'yorkshire and humber': ['Yorkshire and The Humber'],
  'yorks and humber': ['Yorkshire and The Humber'],
  // The three nations with devolved governments (the warehouse holds each as a region as well as a nation).
  'devolved nations': ['Scotland', 'Wales', 'Northern Ireland'],
  'devolved administrations': ['Scotland', 'Wales', 'Northern Ireland'],
};

const COUNTRY_ALIASES: Record<string, string> = {
  england: 'England',
  wales: 'Wales',
  scotland: 'Scotland',
  'northern ireland': 'Northern Ireland',
  ni: 'Northern Ireland',
  'n. ireland': 'Northern Ireland',
  'n ireland': 'Northern Ireland',
  welsh: 'Wales',
  scottish: 'Scotland',
  english: 'England',
  // Shorthand typed in a hurry ("ff cov wales vs eng").
  eng: 'England',
  scot: 'Scotland',
};

const UK_ALIASES = [
  'uk',
  'u.k.',
  'united kingdom',
  'britain',
  'great britain',
  'nationally',
  'national',
  'nationwide',
  'country-wide',
];

/** Single words that are also ordinary English or domain words: never matched fuzzily or alone. */
const STOP_ALIASES = new Set([
  'grain',
  'freedom',
  'sky',
  'toob',
  'fibrus',
  'zoom',
  'lit',
  'vm',
  'cf',
  'or',
  'ni',
]);

/** Names of STOP_ALIASES that are no everyday word in these questions, read in an all-lower-case question. */
const LOWER_CASE_NAMES = new Set(['sky', 'vm', 'cf', 'toob', 'fibrus']);

/** The form every span of a question refers to: lower case, quotes straightened, spaces collapsed. */
export function normaliseQuestion(text: string): string {
  return normalise(text);
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[^a-z0-9'&.+\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Local authorities' everyday names, where the official one is not what analysts write. */
const SPOKEN_LA_NAMES: Record<string, string[]> = {
  'na h-eileanan siar': ['western isles', 'the western isles', 'eilean siar', 'outer hebrides'],
  highland: ['the highlands', 'highlands', 'scottish highlands'],
  'isle of anglesey': ['anglesey', 'ynys mon'],
  'county durham': ['durham'],
  'east riding of yorkshire': ['east riding'],
  'brighton and hove': ['brighton'],
  'stoke-on-trent': ['stoke', 'stoke on trent'],
  'newcastle upon tyne': ['newcastle'],
  'rhondda cynon taf': ['rhondda'],
};

function laAliases(name: string): string[] {
  const base = name.toLowerCase();
  const aliases = new Set([base, base.replace(/&/g, 'and'), base.replace(/\./g, '')]);
  const cityOf = base.match(/^(.*), (?:city|county) of$/);
  if (cityOf?.[1]) aliases.add(cityOf[1]);
  if (base === 'kingston upon hull, city of') aliases.add('hull');
  if (base.startsWith('city of ') && base !== 'city of london') aliases.add(base.slice(8));
  if (base.endsWith(' city') && !base.startsWith('city')) aliases.add(base.slice(0, -5));
  if (base === 'bristol, city of') aliases.add('bristol');
  if (base === 'herefordshire, county of') aliases.add('herefordshire');
  if (base.includes('st. ')) aliases.add(base.replace('st. ', 'st '));
  // Names as people say them: "Shetland", "Orkney", "the Western Isles", "the Highlands", "Anglesey", "Durham".
  if (base.endsWith(' islands')) aliases.add(base.slice(0, -' islands'.length));
  const spoken = SPOKEN_LA_NAMES[base];
  if (spoken) for (const alias of spoken) aliases.add(alias);
  return [...aliases];
}

interface Alias {
  alias: string;
  entity: Entity;
  priority: number;
}

/** Two letters swapped side by side ("bradfrod", "wkaefield"): one slip of the fingers, not two edits. */
function transposed(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

export class Lexicon {
  readonly operators: OperatorRow[];
  readonly groups: string[];
  readonly altnetGroups: string[];
  readonly localAuthorities: LexiconData['localAuthorities'];
  readonly regions: string[];
  readonly countries: string[];
  readonly postcodeAreas: Set<string>;
  readonly takeUpOperators: string[];
  readonly counties: NonNullable<LexiconData['counties']>;
  private readonly aliases: Alias[];

  constructor(data: LexiconData) {
    this.operators = data.operators;
    this.groups = [...new Set(data.operators.map((o) => o.operator_group))].sort();
    this.altnetGroups = [
      ...new Set(data.operators.filter((o) => o.is_altnet).map((o) => o.operator_group)),
    ].sort();
    this.localAuthorities = data.localAuthorities;
    this.regions = [...new Set(data.localAuthorities.map((l) => l.government_region))].sort();
    this.countries = [...new Set(data.localAuthorities.map((l) => l.country))].sort();
    this.postcodeAreas = new Set(data.postcodeAreas);
    this.takeUpOperators = data.takeUpOperators;
    this.counties = data.counties ?? [];
    this.aliases = this.buildAliases();
  }

  private buildAliases(): Alias[] {
    const list: Alias[] = [];
    const add = (alias: string, entity: Entity, priority: number) => {
      const key = normalise(alias);
      if (key) list.push({ alias: key, entity, priority });
    };
    for (const group of this.groups) {
      const altnet = this.altnetGroups.includes(group);
      add(group, { kind: 'group', group, altnet }, 3);
      for (const alias of GROUP_ALIASES[group] ?? []) add(alias, { kind: 'group', group, altnet }, 3);
    }
    for (const row of this.operators) {
      if (row.operator === row.operator_group) continue;
      const entity: Entity = { kind: 'operator', operator: row.operator, group: row.operator_group };
      add(row.operator, entity, 4);
      for (const alias of OPERATOR_ALIASES[row.operator] ?? []) add(alias, entity, 4);
      const stripped = row.operator.replace(/\s+(FTTP|FTTH)$/i, '');
      if (stripped !== row.operator) {
        // "brsk FTTP" is the network brsk: treat the short name as the group when the group is the same brand.
        add(stripped, { kind: 'group', group: row.operator_group, altnet: row.is_altnet }, 3);
      }
    }
    for (const name of this.takeUpOperators) {
      if (!list.some((a) => a.alias === normalise(name))) {
        add(name, { kind: 'operator', operator: name, group: name }, 2);
      }
    }
    for (const la of this.localAuthorities) {
      const entity: Entity = {
        kind: 'la',
        name: la.la_name,
        region: la.government_region,
        country: la.country,
      };
      for (const alias of laAliases(la.la_name)) add(alias, entity, alias === 'london' ? 0 : 2);
    }
    for (const region of this.regions) add(region, { kind: 'region', names: [region] }, 3);
    for (const [alias, names] of Object.entries(REGION_ALIASES)) {
      if (names.every((n) => this.regions.includes(n))) add(alias, { kind: 'region', names }, 3);
    }
    for (const [alias, name] of Object.entries(COUNTRY_ALIASES)) {
      if (this.countries.includes(name)) add(alias, { kind: 'country', name }, 3);
    }
    for (const alias of UK_ALIASES) add(alias, { kind: 'uk' }, 1);
    for (const c of this.counties) {
      const entity: Entity = { kind: 'county', name: c.county, laNames: c.laNames };
      const name = c.county.toLowerCase();
      // "West Midlands" and "Greater London" are read as the regions; the county needs its full name.
      if (this.regions.some((r) => r.toLowerCase() === name) || name === 'greater london') {
        add(`${name} county`, entity, 2);
        add(`${name} metropolitan county`, entity, 2);
      } else add(name, entity, 2);
    }
    // Longest alias first, then the higher priority, so "north east lincolnshire" beats "north east".
    return list.sort((a, b) => b.alias.length - a.alias.length || b.priority - a.priority);
  }

  /** Finds the entities a question names, longest match first, then near-misses of single names. */
  find(question: string): EntityMatch[] {
    const text = ` ${normalise(question)} `;
    const taken: boolean[] = new Array(text.length).fill(false);
    const matches: EntityMatch[] = [];
    for (const { alias, entity } of this.aliases) {
      let from = 0;
      for (;;) {
        const index = text.indexOf(alias, from);
        if (index < 0) break;
        from = index + 1;
        const before = text[index - 1] ?? ' ';
        const after = text[index + alias.length] ?? ' ';
        if (/[a-z0-9]/.test(before) || /[a-z0-9]/.test(after)) continue;
        // "'s" after a name is fine ("Virgin's"), anything glued on is not.
        let overlap = false;
        for (let i = index; i < index + alias.length; i++) if (taken[i]) overlap = true;
        if (overlap) continue;
        if (STOP_ALIASES.has(alias) && !this.looksLikeName(question, alias)) continue;
        // "Other than Openreach" leaves a network out: it is not the take-up row named "Other".
        if (alias === 'other' && text.startsWith(' than ', index + alias.length)) continue;
        // "three or more FF networks", "top three altnets": the network "Three" is a number there.
        if (entity.kind === 'group' && countingWord(text, index, index + alias.length, alias)) continue;
        for (let i = index; i < index + alias.length; i++) taken[i] = true;
        matches.push({ entity, text: alias, start: index - 1, end: index - 1 + alias.length, fuzzy: false });
      }
    }
    matches.push(...this.findFuzzy(text, taken));
    // A code written as a postcode area ("the CF area", "the BS, CF and G postcode areas") is the area, not the
    // network of the same letters.
    const areas = this.findPostcodeAreas(question);
    const listedArea = (m: EntityMatch) =>
      m.entity.kind !== 'area' && areas.some((a) => a.start <= m.start && a.end >= m.end);
    const kept = matches.filter((m) => !listedArea(m));
    kept.push(...areas);
    return kept.sort((a, b) => a.start - b.start);
  }

  /** Short or common-word names ("Sky", "Grain", "CF") count only when written like a name in the question. */
  private looksLikeName(question: string, alias: string): boolean {
    const pattern = new RegExp(`(^|[^A-Za-z])${alias.replace(/[.+]/g, '\\$&')}($|[^A-Za-z])`, 'i');
    const m = question.match(pattern);
    if (!m) return false;
    const original = question.slice(
      (m.index ?? 0) + m[1]!.length,
      (m.index ?? 0) + m[1]!.length + alias.length,
    );
    // "OR" (Openreach) and "NI" are also everyday words ("or") or parts of them: capitals only.
    if (alias === 'or' || alias === 'ni') return original === original.toUpperCase();
    // A question typed all in lower case capitalises nothing: a brand that is no everyday word ("sky share of
    // lines", "vm footprint") is still the brand there.
    if (LOWER_CASE_NAMES.has(alias) && !/\b[A-Z][a-z]/.test(question)) return true;
    if (alias.length <= 3) return original === original.toUpperCase() || /^[A-Z]/.test(original);
    return /^[A-Z]/.test(original);
  }

  private findFuzzy(text: string, taken: boolean[]): EntityMatch[] {
    const found: EntityMatch[] = [];
    const words = [...text.matchAll(/[a-z][a-z'.]+/g)];
    const candidates = this.aliases.filter(
      (a) =>
        a.alias.length >= 6 &&
        !STOP_ALIASES.has(a.alias) &&
        (a.entity.kind === 'group' || a.entity.kind === 'la'),
    );
    for (let i = 0; i < words.length; i++) {
      for (const span of [2, 1]) {
        const slice = words.slice(i, i + span);
        if (slice.length < span) continue;
        const start = slice[0]!.index ?? 0;
        const last = slice[slice.length - 1]!;
        const end = (last.index ?? 0) + last[0].length;
        let free = true;
        for (let k = start; k < end; k++) if (taken[k]) free = false;
        if (!free) continue;
        const phrase = text.slice(start, end);
        // Words of the question's grammar ("leading", "ff network") are those words, not a misspelt name
        // ("Reading", "G.Network").
        if (
          phrase.length < 6 ||
          COMMON_WORDS.has(phrase) ||
          slice.every((word) => isVocabularyWord(word[0].replace(/\.$/, '')))
        )
          continue;
        const allowed = phrase.length >= 9 ? 2 : 1;
        let best: Alias | undefined;
        let bestDistance = allowed + 1;
        for (const candidate of candidates) {
          if (Math.abs(candidate.alias.length - phrase.length) > allowed) continue;
          const d = transposed(candidate.alias, phrase) ? 1 : distance(candidate.alias, phrase);
          if (d < bestDistance) {
            best = candidate;
            bestDistance = d;
          }
        }
        if (best && bestDistance > 0 && bestDistance <= allowed) {
          for (let k = start; k < end; k++) taken[k] = true;
          found.push({ entity: best.entity, text: phrase, start: start - 1, end: end - 1, fuzzy: true });
          break;
        }
      }
    }
    return found;
  }

  private findPostcodeAreas(question: string): EntityMatch[] {
    const found: EntityMatch[] = [];
    const patterns = [/\b([A-Z]{1,2}) (?:postcode )?area\b/g, /\bpostcode area (?:of )?([A-Z]{1,2})\b/gi];
    // Positions are those of the normalised text (punctuation dropped: "ff coverage % in the CF area"), where the
    // tagger and the other names read them.
    const normalised = normalise(question);
    for (const pattern of patterns) {
      for (const m of question.matchAll(pattern)) {
        const code = (m[1] ?? '').toUpperCase();
        if (!this.postcodeAreas.has(code)) continue;
        const phrase = normalise(m[0]);
        const start = normalised.indexOf(
          phrase,
          Math.max(0, normalise(question.slice(0, m.index ?? 0)).length - 1),
        );
        if (start < 0) continue;
        found.push({
          entity: { kind: 'area', code },
          text: phrase,
          start,
          end: start + phrase.length,
          fuzzy: false,
        });
      }
    }
    // "the BS, CF and G postcode areas", "postcode areas LS, M and B": every code of the list is an area.
    const lists = [
      /\b((?:[A-Z]{1,2}(?:, ?| and | & | or | ?\/ ?))+[A-Z]{1,2}) (?:postcode )?areas\b/g,
      /\bpostcode areas (?:of )?((?:[A-Z]{1,2}(?:, ?| and | & | or | ?\/ ?))+[A-Z]{1,2})\b/gi,
    ];
    // Positions are those of the normalised text (punctuation dropped), where the tagger reads the matches.
    const normal = normalise(question);
    for (const pattern of lists) {
      for (const m of question.matchAll(pattern)) {
        const codes = [...(m[1] ?? '').matchAll(/\b[A-Za-z]{1,2}\b/g)].map((c) => c[0]);
        let cursor = normalise(question.slice(0, m.index ?? 0)).length;
        for (const code of codes) {
          const at = new RegExp(`\\b${code.toLowerCase()}\\b`, 'g');
          at.lastIndex = cursor;
          const hit = at.exec(normal);
          if (!hit) break;
          cursor = hit.index + code.length;
          const upper = code.toUpperCase();
          if (!this.postcodeAreas.has(upper) || /^(?:and|or)$/i.test(code)) continue;
          if (found.some((f) => f.start === hit.index)) continue;
          found.push({
            entity: { kind: 'area', code: upper },
            text: code.toLowerCase(),
            start: hit.index,
            end: hit.index + code.length,
            fuzzy: false,
          });
        }
      }
    }
    return found;
  }
}

/** Words that sit within edit distance of a name but are ordinary question words. */
const COMMON_WORDS = new Set([
  // "FTTP rather than cable" is no typo of Rother.
  'rather',
  'premises',
  'postcodes',
  'postcode',
  'coverage',
  'network',
  'networks',
  'operator',
  'operators',
  'gigabit',
  'between',
  'percentage',
  'forecast',
  'regions',
  'region',
  'largest',
  'biggest',
  'highest',
  'greatest',
  'council',
  'councils',
  'boroughs',
  'borough',
  'average',
  'compare',
  'compared',
  'quarter',
  'quarters',
  'monthly',
  'months',
  'growth',
  'country',
  'countries',
  'nation',
  'nations',
  'rollout',
  'footprint',
  'available',
  'availability',
  'together',
  'services',
  'service',
  'fastest',
  'slowest',
  'speeds',
  'upload',
  'download',
  'market',
  'leaders',
  'leader',
  'strongest',
  'weakest',
  'distribution',
  'district',
  'districts',
  'authority',
  'authorities',
  'location',
  'locations',
  'between',
  'against',
  'against',
  'cities',
  'places',
  'broadband',
  'fibre',
  'fiber',
  'gained',
  'added',
  'passed',
  'homes',
  'households',
  'population',
  'people',
  'business',
  'residential',
  'attractiveness',
  'deprivation',
  'expected',
  'projected',
  'provider',
  'providers',
  'technology',
  'technologies',
  'wireless',
  'copper',
  'cable',
  'lines',
  'subscribers',
  'share',
  'shares',
  'overbuild',
  'overlap',
  'overlapping',
  'altnets',
  'altnet',
  'several',
  'neither',
  'london',
]);
