/** A small vocabulary in the shape the warehouse provides, for unit tests of the analyst. */

import type { Plan } from '../semantic/plan.js';
import { Lexicon } from './lexicon.js';
import type { TimeContext } from './time-phrases.js';
import { understand } from './understand.js';

const OPERATORS: [string, string, string, boolean][] = [
  ['BT', 'Openreach', 'openreach', false],
  ['Sky', 'Openreach', 'openreach', false],
  ['TalkTalk', 'Openreach', 'openreach', false],
  ['Vodafone', 'Openreach', 'openreach', false],
  ['Virgin Cable', 'Virgin Media', 'virgin', false],
  ['Virgin Media RFOG', 'Virgin Media', 'virgin', false],
  ['nexfibre Virgin Media', 'nexfibre', 'virgin', false],
  ['CityFibre Vodafone', 'CityFibre', 'altnet', true],
  ['CityFibre TalkTalk', 'CityFibre', 'altnet', true],
  ['CityFibre Zen', 'CityFibre', 'altnet', true],
  ['Hyperoptic', 'Hyperoptic', 'altnet', true],
  ['Community Fibre', 'Community Fibre', 'altnet', true],
  ['Gigaclear', 'Gigaclear', 'altnet', true],
  ['KCOM Lightstream', 'KCOM', 'kcom', false],
  ['brsk FTTP', 'brsk', 'altnet', true],
  ['G.Network', 'G.Network', 'altnet', true],
  ['Grain', 'Grain', 'altnet', true],
  ['Full Fibre Ltd', 'Full Fibre Ltd', 'altnet', true],
  ['Three FWA', 'Three FWA', 'fwa', false],
];

export const testLexicon = new Lexicon({
  operators: OPERATORS.map(([operator, operator_group, network_type, is_altnet]) => ({
    operator,
    operator_group,
    network_type,
    is_altnet,
  })),
  localAuthorities: [
    { la_name: 'Westminster', government_region: 'London', country: 'England' },
    { la_name: 'City of London', government_region: 'London', country: 'England' },
    { la_name: 'Manchester', government_region: 'North West', country: 'England' },
    { la_name: 'Leeds', government_region: 'Yorkshire and The Humber', country: 'England' },
    {
      la_name: 'Kingston upon Hull, City of',
      government_region: 'Yorkshire and The Humber',
      country: 'England',
    },
    { la_name: 'North East Lincolnshire', government_region: 'Yorkshire and The Humber', country: 'England' },
    { la_name: 'Newcastle upon Tyne', government_region: 'North East', country: 'England' },
    { la_name: 'Cornwall', government_region: 'South West', country: 'England' },
    { la_name: 'Birmingham', government_region: 'West Midlands', country: 'England' },
    { la_name: 'Nottingham', government_region: 'East Midlands', country: 'England' },
    { la_name: 'Norwich', government_region: 'East of England', country: 'England' },
    { la_name: 'Brighton and Hove', government_region: 'South East', country: 'England' },
    { la_name: 'Cardiff', government_region: 'Wales', country: 'Wales' },
    { la_name: 'City of Edinburgh', government_region: 'Scotland', country: 'Scotland' },
    { la_name: 'Glasgow City', government_region: 'Scotland', country: 'Scotland' },
    { la_name: 'Belfast', government_region: 'Northern Ireland', country: 'Northern Ireland' },
  ],
  postcodeAreas: ['LS', 'M', 'SW', 'W', 'EH', 'G', 'BT', 'HU', 'TR', 'B', 'CF'],
  takeUpOperators: [
    'BT',
    'Sky',
    'TalkTalk',
    'Vodafone',
    'Virgin Media',
    'Hyperoptic',
    'Community Fibre',
    'Other',
  ],
});

export const testTime: TimeContext = {
  earliest: '2021-01-01',
  latest: '2026-11-01',
  forecastFirst: '2024-12-01',
  forecastLast: '2030-12-01',
  latestQuarter: '2026Q3',
};

/** The analyst's reading of a data question (plan and confidence), with the test vocabulary and dates. */
export function readData(question: string) {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  return u;
}

/** The plan the analyst reads from a data question, with the test vocabulary and dates. */
export function planFor(question: string): Plan {
  return readData(question).plan;
}
