/**
 * Real boundaries for choropleth maps (boundaries/README.md): the 361 local authority districts and the 12 ITL1
 * regions and nations. Each TopoJSON file is converted to GeoJSON once (topojson-client), coordinates rounded to
 * 0.001° (about 100 m: far finer than a screen pixel at UK scale) and kept as a script asset the chart page loads,
 * compressed. Result rows are matched to areas here, by ONS code or by name, so the page only colours areas.
 */
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { loadGeography } from '@qa/warehouse';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const BOUNDARY_MAPS = ['lad', 'itl1'] as const;
export type BoundaryMap = (typeof BOUNDARY_MAPS)[number];

const FILES: Record<BoundaryMap, string> = {
  lad: 'lad-uk-2024-05.topo.json',
  itl1: 'itl1-uk-2021.topo.json',
};

/** ITL1 codes of the warehouse's government_region values (ITL names differ: "North East (England)", "East"). */
export const ITL1_BY_REGION: Record<string, string> = {
  'North East': 'TLC',
  'North West': 'TLD',
  'Yorkshire and The Humber': 'TLE',
  'East Midlands': 'TLF',
  'West Midlands': 'TLG',
  'East of England': 'TLH',
  London: 'TLI',
  'South East': 'TLJ',
  'South West': 'TLK',
  Wales: 'TLL',
  Scotland: 'TLM',
  'Northern Ireland': 'TLN',
};

export interface BoundaryArea {
  code: string;
  name: string;
  /** The warehouse's government_region and country of the area. */
  region: string;
  country: string;
}

interface LoadedMap {
  areas: BoundaryArea[];
  script: string;
}

const loaded = new Map<BoundaryMap, LoadedMap>();

/** Area names compared loosely: case, punctuation, "&", "St." and the ONS ", City of" / ", County of" suffixes. */
export function normalisePlace(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/\((england|the)\)/g, ' ')
    .replace(/,?\s*(city|county) of\b/g, ' ')
    .replace(/^(city|county) of\s+/, '')
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/\bthe\b/g, ' ')
    .replace(/[^a-z0-9]+/g, '');
}

function loadMap(map: BoundaryMap): LoadedMap {
  const hit = loaded.get(map);
  if (hit) return hit;
  const topology = JSON.parse(
    readFileSync(new URL(`./boundaries/${FILES[map]}`, import.meta.url), 'utf8'),
  ) as Topology<{ geog: GeometryCollection<{ id: string; name: string }> }>;
  const geojson = feature(topology, topology.objects.geog);
  const geography = loadGeography();
  const regionOfItl = new Map(Object.entries(ITL1_BY_REGION).map(([region, code]) => [code, region]));
  const laByCode = new Map(geography.localAuthorities.map((la) => [la.la_code, la]));
  const countryOfRegion = new Map(geography.regions.map((r) => [r.government_region, r.country]));
  const areas = geojson.features.map((f): BoundaryArea => {
    const { id, name } = f.properties;
    if (map === 'lad') {
      const la = laByCode.get(id);
      return { code: id, name, region: la?.government_region ?? '', country: la?.country ?? '' };
    }
    const region = regionOfItl.get(id) ?? name;
    return { code: id, name: region, region, country: countryOfRegion.get(region as never) ?? region };
  });
  // Only what the page needs: the code as the feature name key, the readable name for the tooltip.
  const slim = {
    type: 'FeatureCollection',
    features: geojson.features.map((f, i) => ({
      type: 'Feature',
      properties: { id: f.properties.id, name: areas[i]!.name },
      geometry: f.geometry,
    })),
  };
  const json = JSON.stringify(slim, (_key, value) =>
    typeof value === 'number' ? Math.round(value * 1000) / 1000 : value,
  );
  const script = `(window.QA_BOUNDARIES=window.QA_BOUNDARIES||{})[${JSON.stringify(map)}]=${json};\n`;
  const result = { areas, script };
  loaded.set(map, result);
  return result;
}

export function boundaryAreas(map: BoundaryMap): BoundaryArea[] {
  return loadMap(map).areas;
}

const compressed = new Map<string, Promise<{ raw: Buffer; br: Buffer; gzip: Buffer }>>();

/**
 * The boundary script for the chart page, raw and compressed once (brotli for browsers, gzip for the rest). The
 * compression runs on libuv's thread pool, so it never holds up other requests.
 */
export function boundaryScript(map: BoundaryMap): Promise<{ raw: Buffer; br: Buffer; gzip: Buffer }> {
  const hit = compressed.get(map);
  if (hit) return hit;
  const result = compressBuffer(Buffer.from(loadMap(map).script));
  result.catch(() => compressed.delete(map));
  compressed.set(map, result);
  return result;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

export async function compressBuffer(raw: Buffer): Promise<{ raw: Buffer; br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(raw, { level: 9 }),
  ]);
  return { raw, br, gzip: gz };
}

export type PlaceKind = 'la_code' | 'la_name' | 'government_region' | 'country';

/**
 * Which boundary areas a place value names: one local authority (by code or name), one region, or every region of
 * a nation (England is drawn as its nine regions). Empty when nothing matches.
 */
export function placeMatcher(kind: PlaceKind): { map: BoundaryMap; match(value: string): BoundaryArea[] } {
  if (kind === 'la_code' || kind === 'la_name') {
    const areas = boundaryAreas('lad');
    const byCode = new Map(areas.map((a) => [a.code.toUpperCase(), a]));
    const byName = new Map(areas.map((a) => [normalisePlace(a.name), a]));
    return {
      map: 'lad',
      match(value) {
        const text = value.trim();
        const area = byCode.get(text.toUpperCase()) ?? byName.get(normalisePlace(text));
        return area ? [area] : [];
      },
    };
  }
  const areas = boundaryAreas('itl1');
  const byRegion = new Map<string, BoundaryArea[]>();
  const add = (key: string, area: BoundaryArea) => {
    const k = normalisePlace(key);
    byRegion.set(k, [...(byRegion.get(k) ?? []), area]);
  };
  for (const area of areas) {
    if (kind === 'country') add(area.country, area);
    else {
      add(area.region, area);
      add(area.code, area);
    }
  }
  if (kind === 'government_region') {
    // The ITL names as well ("East", "North East (England)"), and the nations as regions of their own.
    const itl = JSON.parse(
      readFileSync(new URL(`./boundaries/${FILES.itl1}`, import.meta.url), 'utf8'),
    ) as Topology<{ geog: GeometryCollection<{ id: string; name: string }> }>;
    for (const g of itl.objects.geog.geometries) {
      const props = g.properties as { id: string; name: string } | undefined;
      const area = areas.find((a) => a.code === props?.id);
      if (area && props) add(props.name, area);
    }
  }
  return { map: 'itl1', match: (value) => byRegion.get(normalisePlace(value)) ?? [] };
}
