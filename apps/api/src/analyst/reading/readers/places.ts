/** Places and named networks: what the lexicon found in the question. */

import type { GeoColumn } from '../../semantic/plan.js';
import type { EntityMatch } from '../lexicon.js';
import type { Draft } from './draft.js';

/** The most specific kind of place wins when several kinds are named. */
const PLACE_ORDER: GeoColumn[] = [
  'postcode_district',
  'la_name',
  'postcode_area',
  'government_region',
  'country',
];

/**
 * Reads the places into a filter (a county stands for its local authorities) and collects the networks and
 * operators named; a name matched only by a close spelling is said as an assumption.
 */
export function readPlaces(draft: Draft): void {
  const geoValues = new Map<GeoColumn, Set<string>>();
  const addGeo = (column: GeoColumn, value: string) => {
    if (!geoValues.has(column)) geoValues.set(column, new Set());
    geoValues.get(column)!.add(value);
  };
  const groups: string[] = [];
  const operators: string[] = [];
  for (const match of draft.entities) {
    const e = match.entity;
    if (match.fuzzy) draft.assumptions.push(`read "${match.text}" as ${entityLabel(e)}`);
    if (e.kind === 'la') addGeo('la_name', e.name);
    else if (e.kind === 'region') for (const name of e.names) addGeo('government_region', name);
    else if (e.kind === 'country') addGeo('country', e.name);
    else if (e.kind === 'area') addGeo('postcode_area', e.code);
    else if (e.kind === 'county') {
      for (const name of e.laNames) addGeo('la_name', name);
      draft.counties.push(e.name);
    } else if (e.kind === 'group') groups.push(e.group);
    else if (e.kind === 'operator') operators.push(e.operator);
  }
  const column = PLACE_ORDER.find((c) => geoValues.has(c));
  if (column) draft.geo = { column, values: [...geoValues.get(column)!] };
  draft.groups = [...new Set(groups)];
  draft.operators = [...new Set(operators)];
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
