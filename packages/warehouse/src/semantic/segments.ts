/**
 * The named filters of the data contract ("segments" in Cube's data model): full fibre and the other
 * technologies, gigabit-capable, cable-only gigabit, superfast, ultrafast, below the USO, altnet, N+ full-fibre
 * networks and forecast presence. Each is declared here once, with its SQL at the levels it is read at (a
 * fact_operator row, the rows of one postcode, the postcode_service_latest summary), its words, label and unit.
 * The thresholds follow Ofcom's Connected Nations usage (docs/data-contract.md, "Technologies and speeds").
 */
import type { SegmentDefinition } from './model-schema.js';
import { portable } from './sql.js';

/** Speed thresholds of the contract's terms, Mbit/s. */
export const GIGABIT_DOWN_MBPS = 1000;
export const ULTRAFAST_DOWN_MBPS = 300;
export const SUPERFAST_DOWN_MBPS = 30;
/** The universal service obligation: "decent broadband" is at least 10 Mbit/s down and 1 Mbit/s up. */
export const USO_DOWN_MBPS = 10;
export const USO_UP_MBPS = 1;

/**
 * The bands of the best download speed at a postcode, from the model's thresholds (the USO's 10, superfast,
 * ultrafast, gigabit), each from its lower bound up to the next; postcodes with no service are in the first.
 */
export const SPEED_BANDS: readonly { fromMbps: number; label: string }[] = [
  { fromMbps: 0, label: `under ${USO_DOWN_MBPS} Mbit/s` },
  { fromMbps: USO_DOWN_MBPS, label: `${USO_DOWN_MBPS} to ${SUPERFAST_DOWN_MBPS} Mbit/s` },
  { fromMbps: SUPERFAST_DOWN_MBPS, label: `${SUPERFAST_DOWN_MBPS} to ${ULTRAFAST_DOWN_MBPS} Mbit/s` },
  {
    fromMbps: ULTRAFAST_DOWN_MBPS,
    label: `${ULTRAFAST_DOWN_MBPS} to ${GIGABIT_DOWN_MBPS.toLocaleString('en-GB')} Mbit/s`,
  },
  { fromMbps: GIGABIT_DOWN_MBPS, label: `${GIGABIT_DOWN_MBPS.toLocaleString('en-GB')} Mbit/s or more` },
];

/**
 * Bands of the best download speed cut where a question cuts them ("under 30, 30-300, 300+": cuts 30 and 300),
 * in the same shape as SPEED_BANDS: the first from 0 (no service included), the last open-ended.
 */
export function speedBandsAt(cuts: readonly number[]): { fromMbps: number; label: string }[] {
  const at = [...new Set(cuts.filter((c) => c > 0))].sort((a, b) => a - b);
  const name = (mbps: number) => mbps.toLocaleString('en-GB');
  if (at.length === 0) return [...SPEED_BANDS];
  return [
    { fromMbps: 0, label: `under ${name(at[0]!)} Mbit/s` },
    ...at.map((from, i) => ({
      fromMbps: from,
      label:
        i + 1 < at.length ? `${name(from)} to ${name(at[i + 1]!)} Mbit/s` : `${name(from)} Mbit/s or more`,
    })),
  ];
}

const techRow = (tech: string) => portable(`{f}.tech = '${tech}'`);
const techSummary = (tech: string) => portable(`{f}.has_${tech}`);
const downAtLeast = (mbps: number) => portable(`{f}.fastest_down >= ${mbps}`);
const postcodeBest = (mbps: number) => portable(`MAX({f}.fastest_down) >= ${mbps}`);
const postcodeHasTech = (tech: string) =>
  portable(`SUM(CASE WHEN {f}.tech = '${tech}' THEN 1 ELSE 0 END) > 0`);

const FULL_FIBRE_TECH = 'fttponly';
/** A speed in words for a plain-language meaning: 1000 -> "1,000 Mbit/s". */
const mbps = (value: number) => `${value.toLocaleString('en-GB')} Mbit/s`;
const USO_ROW = `{f}.fastest_down >= ${USO_DOWN_MBPS} AND {f}.fastest_up >= ${USO_UP_MBPS}`;

export const SEGMENTS = {
  full_fibre: {
    id: 'full_fibre',
    kind: 'technology',
    label: 'full fibre',
    title: 'Full fibre',
    definition: `a row with tech '${FULL_FIBRE_TECH}' ('fttp' in the take-up tables); a postcode has full fibre if any operator reports it there`,
    meaning:
      'a fibre line all the way to the premises (FTTP). A postcode has full fibre when any network offers it there; in take-up, lines on full fibre',
    dataset: 'upc',
    tech: FULL_FIBRE_TECH,
    takeUpTech: 'fttp',
    sql: {
      row: techRow(FULL_FIBRE_TECH),
      postcode: postcodeHasTech(FULL_FIBRE_TECH),
      summary: techSummary(FULL_FIBRE_TECH),
    },
    phrases: [
      'full fibre',
      'full-fibre',
      'full fiber',
      'ff',
      'fttp',
      'ftth',
      'fibre to the premises',
      'fibre to the home',
      'pure fibre',
      'fttponly',
    ],
  },
  fttc: {
    id: 'fttc',
    kind: 'technology',
    label: 'FTTC',
    title: 'FTTC',
    definition:
      "a row with tech 'fttc': fibre to the cabinet, copper to the premises (part fibre, not full fibre)",
    meaning:
      'fibre to the street cabinet, copper from there to the premises (often sold as "fibre broadband"), typically 30-80 Mbit/s down',
    dataset: 'upc',
    tech: 'fttc',
    takeUpTech: 'fttc',
    sql: { row: techRow('fttc'), postcode: postcodeHasTech('fttc'), summary: techSummary('fttc') },
    phrases: [
      'fttc',
      'part fibre',
      'vdsl',
      'copper-to-the-cabinet',
      'fibre to the cabinet',
      'fibre broadband',
    ],
  },
  adsl: {
    id: 'adsl',
    kind: 'technology',
    label: 'ADSL',
    title: 'ADSL',
    definition: "a row with tech 'adsl': copper broadband",
    meaning:
      'broadband over the copper telephone line all the way from the exchange, typically 8-24 Mbit/s down',
    dataset: 'upc',
    tech: 'adsl',
    takeUpTech: 'adsl',
    sql: { row: techRow('adsl'), postcode: postcodeHasTech('adsl'), summary: techSummary('adsl') },
    phrases: ['adsl', 'copper', 'legacy'],
  },
  cable: {
    id: 'cable',
    kind: 'technology',
    label: 'cable',
    title: 'Cable',
    definition: "a row with tech 'cable': Virgin Media's DOCSIS cable network",
    meaning: "Virgin Media's DOCSIS cable network, gigabit-capable (about 1.1 Gbit/s down, 100 Mbit/s up)",
    dataset: 'upc',
    tech: 'cable',
    takeUpTech: 'cable',
    sql: { row: techRow('cable'), postcode: postcodeHasTech('cable'), summary: techSummary('cable') },
    phrases: ['cable', 'docsis', 'hfc', "virgin's cable"],
  },
  fwa: {
    id: 'fwa',
    kind: 'technology',
    label: 'fixed wireless',
    title: 'Fixed wireless (FWA)',
    definition: "a row with tech 'fwa': fixed wireless access",
    meaning: 'fixed wireless access: broadband by radio to an antenna at the premises',
    dataset: 'upc',
    tech: 'fwa',
    takeUpTech: 'fwa',
    sql: { row: techRow('fwa'), postcode: postcodeHasTech('fwa'), summary: techSummary('fwa') },
    phrases: ['fwa', 'fixed wireless', '5g home broadband', 'wireless'],
  },
  gigabit: {
    id: 'gigabit',
    kind: 'speed',
    label: 'gigabit-capable',
    title: 'Gigabit-capable',
    definition: `fastest_down >= ${GIGABIT_DOWN_MBPS}, whatever the technology (full fibre and Virgin Media's DOCSIS cable)`,
    meaning: `a download speed of at least ${mbps(GIGABIT_DOWN_MBPS)} on offer at the postcode, whatever the technology: full fibre and Virgin Media's cable both count`,
    dataset: 'upc',
    threshold: { down: GIGABIT_DOWN_MBPS },
    sql: {
      row: downAtLeast(GIGABIT_DOWN_MBPS),
      postcode: postcodeBest(GIGABIT_DOWN_MBPS),
      summary: downAtLeast(GIGABIT_DOWN_MBPS),
    },
    unit: 'Mbit/s',
    phrases: [
      'gigabit',
      'gigabit-capable',
      'gigabit capable',
      'gc',
      '1gbps+',
      'gig',
      'gig-capable',
      '1gbps',
      '1 gbps',
      '1000mbps',
    ],
  },
  cable_only_gigabit: {
    id: 'cable_only_gigabit',
    kind: 'speed',
    label: 'cable-only gigabit',
    title: 'Cable-only gigabit',
    definition: `gigabit-capable (fastest_down >= ${GIGABIT_DOWN_MBPS}) but no full fibre ('${FULL_FIBRE_TECH}') at the postcode`,
    meaning:
      "gigabit-capable, but with no full fibre at the postcode: the gigabit comes from Virgin Media's cable alone",
    dataset: 'upc',
    threshold: { down: GIGABIT_DOWN_MBPS },
    sql: {
      postcode: portable(
        `MAX({f}.fastest_down) >= ${GIGABIT_DOWN_MBPS} AND SUM(CASE WHEN {f}.tech = '${FULL_FIBRE_TECH}' THEN 1 ELSE 0 END) = 0`,
      ),
      summary: portable(`{f}.fastest_down >= ${GIGABIT_DOWN_MBPS} AND NOT {f}.has_${FULL_FIBRE_TECH}`),
    },
    unit: 'Mbit/s',
    phrases: [
      'cable-only gigabit',
      'cable only gigabit',
      'gigabit without full fibre',
      'cable-only',
      'gigabit-capable only through cable',
      'gigabit only through cable',
      'gigabit only via cable',
      'gigabit-capable only via cable',
      'gigabit is cable only',
      'gigabit is cable-only',
      'gigabit via cable only',
      'gigabit from cable only',
      'gigabit only from cable',
      'gigabit only on cable',
      'only get gigabit through cable',
      'only get gigabit via cable',
      'only get gigabit thru cable',
      'gigabit only thru cable',
      'gigabit-capable only by virtue of cable',
      'gigabit capable only by virtue of cable',
      'gigabit only by virtue of cable',
      'gigabit-capable only because of cable',
      'gigabit only because of cable',
      'gigabit only thanks to cable',
      'only get gigabit because of cable',
      'only get gigabit thanks to cable',
      'only gigabit because of cable',
      'gigabit-capable only thanks to cable',
      'gigabit only due to cable',
      'gigabit-capable only due to cable',
      // Virgin Media's cable is the only gigabit cable network: named, it is the same condition.
      'gigabit only through virgin cable',
      'gigabit only through virgin media cable',
      'gigabit only via virgin cable',
      'gigabit only via virgin media cable',
      'gigabit only from virgin cable',
      'gigabit only from virgin media',
      'gigabit only through virgin media',
    ],
  },
  superfast: {
    id: 'superfast',
    kind: 'speed',
    label: 'superfast',
    title: 'Superfast',
    definition: `the postcode's best fastest_down >= ${SUPERFAST_DOWN_MBPS}`,
    meaning: `a best download speed on offer of at least ${mbps(SUPERFAST_DOWN_MBPS)} at the postcode`,
    dataset: 'upc',
    threshold: { down: SUPERFAST_DOWN_MBPS },
    sql: {
      row: downAtLeast(SUPERFAST_DOWN_MBPS),
      postcode: postcodeBest(SUPERFAST_DOWN_MBPS),
      summary: downAtLeast(SUPERFAST_DOWN_MBPS),
    },
    unit: 'Mbit/s',
    phrases: ['superfast', 'sfbb', '30mbps+', 'superfast broadband', '30 mbps+'],
  },
  ultrafast: {
    id: 'ultrafast',
    kind: 'speed',
    label: 'ultrafast',
    title: 'Ultrafast',
    definition: `the postcode's best fastest_down >= ${ULTRAFAST_DOWN_MBPS}`,
    meaning: `a best download speed on offer of at least ${mbps(ULTRAFAST_DOWN_MBPS)} at the postcode, as Ofcom defines it`,
    dataset: 'upc',
    threshold: { down: ULTRAFAST_DOWN_MBPS },
    sql: {
      row: downAtLeast(ULTRAFAST_DOWN_MBPS),
      postcode: postcodeBest(ULTRAFAST_DOWN_MBPS),
      summary: downAtLeast(ULTRAFAST_DOWN_MBPS),
    },
    unit: 'Mbit/s',
    phrases: ['ultrafast', 'ufbb', '300mbps+', 'ultrafast broadband', '300 mbps+'],
  },
  below_uso: {
    id: 'below_uso',
    kind: 'speed',
    label: 'below the USO',
    title: 'Below the USO',
    definition: `no service at the postcode with at least ${USO_DOWN_MBPS} Mbit/s down and ${USO_UP_MBPS} Mbit/s up (no row with fastest_down >= ${USO_DOWN_MBPS} AND fastest_up >= ${USO_UP_MBPS}); postcodes with no service count`,
    meaning: `no service at the postcode gives the Universal Service Obligation's "decent broadband", ${mbps(USO_DOWN_MBPS)} down and ${mbps(USO_UP_MBPS)} up; postcodes with no service at all count`,
    dataset: 'upc',
    threshold: { down: USO_DOWN_MBPS, up: USO_UP_MBPS },
    negated: true,
    sql: {
      // The row that would lift the postcode out of the segment: the segment is the postcodes with none.
      row: portable(USO_ROW),
      postcode: portable(`SUM(CASE WHEN ${USO_ROW} THEN 1 ELSE 0 END) = 0`),
      summary: portable('NOT {f}.meets_uso'),
    },
    unit: 'Mbit/s',
    phrases: [
      'below the uso',
      'under the uso',
      'uso',
      'universal service obligation',
      'decent broadband',
      'below 10 meg',
      'slow broadband',
      'not-spots',
      'not spots',
      'notspots',
      'universal service',
    ],
  },
  altnet: {
    id: 'altnet',
    kind: 'network',
    label: 'altnet',
    title: 'Altnet',
    definition:
      'an independent full-fibre network: operators.is_altnet (not Openreach, Virgin Media, nexfibre, KCOM or fixed wireless)',
    meaning:
      'an independent full-fibre network: any network other than Openreach, Virgin Media (with nexfibre), KCOM and the fixed-wireless operators',
    dataset: 'upc',
    needsOperators: true,
    sql: {
      row: portable('{o}.is_altnet'),
      postcode: portable('SUM(CASE WHEN {o}.is_altnet THEN 1 ELSE 0 END) > 0'),
    },
    phrases: ['altnet', 'alt-net', 'alt net', 'independent network', 'alternative network', 'challenger'],
  },
  full_fibre_networks: {
    id: 'full_fibre_networks',
    kind: 'competition',
    label: 'N+ full-fibre networks',
    title: 'Full-fibre networks',
    definition: `the number of distinct networks (operators.operator_group) with '${FULL_FIBRE_TECH}' at the postcode is at least N (overbuild: N = 2)`,
    meaning: 'how many different networks offer full fibre at the postcode; overbuild means two or more',
    dataset: 'upc',
    parameter: { name: 'networks', default: 2 },
    needsOperators: true,
    sql: {
      postcode: portable(
        `COUNT(DISTINCT CASE WHEN {f}.tech = '${FULL_FIBRE_TECH}' THEN {o}.operator_group END) >= {n}`,
      ),
      summary: portable('{f}.full_fibre_networks >= {n}'),
    },
    unit: 'networks',
    phrases: [
      'overbuild',
      'overbuilt',
      'overlap',
      'competition',
      'competing networks',
      'two or more networks',
      'ff networks',
      'ff nets',
      'fttp nets',
      'full-fibre networks',
      'overbuilding',
      'overlapping',
      'compete',
      'competing',
    ],
  },
  forecast: {
    id: 'forecast',
    kind: 'forecast',
    label: 'forecast full fibre',
    title: 'Forecast full fibre',
    definition:
      'a row in forecast_footprint at the date: the network (an operator_group) is forecast to have full fibre at the postcode',
    meaning:
      'a network forecast to offer full fibre at the postcode at a half-year point (June or December) up to December 2030',
    dataset: 'upc_forecast',
    sql: { row: portable(`{f}.tech = '${FULL_FIBRE_TECH}'`) },
    phrases: ['forecast', 'forecast to', 'expected', 'projected', 'planned', 'will have', 'by 2030'],
  },
} as const satisfies Record<string, SegmentDefinition>;

export type SegmentId = keyof typeof SEGMENTS;

/** The technologies, in the order the contract lists them (full fibre first). */
export const TECHNOLOGY_SEGMENTS = [
  SEGMENTS.full_fibre,
  SEGMENTS.fttc,
  SEGMENTS.adsl,
  SEGMENTS.cable,
  SEGMENTS.fwa,
] as const;

/** fact_operator.tech values, from the technology segments. */
type TechsOf<T extends readonly { tech: string }[]> = { [K in keyof T]: T[K]['tech'] };
export const TECHS = TECHNOLOGY_SEGMENTS.map((s) => s.tech) as unknown as TechsOf<typeof TECHNOLOGY_SEGMENTS>;
export type Tech = (typeof TECHNOLOGY_SEGMENTS)[number]['tech'];

/** The value of fact_operator.tech that is full fibre. */
export const FULL_FIBRE: typeof SEGMENTS.full_fibre.tech = SEGMENTS.full_fibre.tech;

/** take_up_*.tech values, in the same order. */
type TakeUpTechsOf<T extends readonly { takeUpTech: string }[]> = { [K in keyof T]: T[K]['takeUpTech'] };
export const TAKE_UP_TECHS = TECHNOLOGY_SEGMENTS.map((s) => s.takeUpTech) as unknown as TakeUpTechsOf<
  typeof TECHNOLOGY_SEGMENTS
>;
export type TakeUpTech = (typeof TECHNOLOGY_SEGMENTS)[number]['takeUpTech'];

/** The take-up spelling of an availability technology (fttponly -> fttp) and back. */
export function takeUpTech(tech: Tech): TakeUpTech {
  return TECHNOLOGY_SEGMENTS.find((s) => s.tech === tech)!.takeUpTech;
}
export function availabilityTech(takeUp: string): Tech | undefined {
  return TECHNOLOGY_SEGMENTS.find((s) => s.takeUpTech === takeUp || s.tech === takeUp)?.tech;
}

/** The technology segment of a fact_operator.tech value. */
export function techSegment(tech: string) {
  return TECHNOLOGY_SEGMENTS.find((s) => s.tech === tech);
}
