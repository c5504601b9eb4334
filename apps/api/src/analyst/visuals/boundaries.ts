/**
 * Real boundaries for maps (boundaries/README.md): the 361 local authority districts and the 12 ITL1 regions and
 * nations. Each TopoJSON file is prepared once per process for the chart page: quantised afresh to a grid of about
 * 100 m (the ONS files are already generalised, to about 26,000 points each; simplifying further visibly moves
 * borders at the London zoom) and kept as a script asset the page loads, compressed. TopoJSON stores each shared
 * border once, as small integer steps, so it is much smaller than the same shapes as GeoJSON, and the page decodes
 * it in a few milliseconds. Result rows are matched to areas here, by ONS code or by name, so the page only colours
 * areas.
 */
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { loadGeography } from '@qa/warehouse';
import { quantize, transform } from 'topojson-client';
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
  /** Points kept for drawing, of the source's. */
  points: { kept: number; source: number };
}

/** Grid steps per side of the bounding box: about 100 m across the UK. */
const QUANTIZE_STEPS = 1e4;

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

interface AreaProperties {
  id: string;
  name: string;
}
type BoundaryTopology = Topology<{ geog: GeometryCollection<AreaProperties> }>;
const propertiesOf = (g: { properties?: unknown }) => g.properties as AreaProperties;

const readTopology = (map: BoundaryMap) =>
  JSON.parse(
    readFileSync(new URL(`./boundaries/${FILES[map]}`, import.meta.url), 'utf8'),
  ) as BoundaryTopology;

const countPoints = (topology: Topology) => topology.arcs.reduce((n, arc) => n + arc.length, 0);

function loadMap(map: BoundaryMap): LoadedMap {
  const hit = loaded.get(map);
  if (hit) return hit;
  const topology = readTopology(map);
  const geography = loadGeography();
  const regionOfItl = new Map(Object.entries(ITL1_BY_REGION).map(([region, code]) => [code, region]));
  const laByCode = new Map(geography.localAuthorities.map((la) => [la.la_code, la]));
  const countryOfRegion = new Map(geography.regions.map((r) => [r.government_region, r.country]));
  const geometries = topology.objects.geog.geometries;
  const areas = geometries.map((g): BoundaryArea => {
    const { id, name } = propertiesOf(g);
    if (map === 'lad') {
      const la = laByCode.get(id);
      return { code: id, name, region: la?.government_region ?? '', country: la?.country ?? '' };
    }
    const region = regionOfItl.get(id) ?? name;
    return { code: id, name: region, region, country: countryOfRegion.get(region as never) ?? region };
  });
  // Only what the page needs: the code as the feature name key, the readable name for the tooltip.
  const named: BoundaryTopology = {
    ...topology,
    objects: {
      geog: {
        type: 'GeometryCollection',
        geometries: geometries.map((g, i) => ({
          ...g,
          properties: { id: propertiesOf(g).id, name: areas[i]!.name },
        })),
      },
    },
  };
  // Back to longitude and latitude (the source is delta-encoded on a finer grid), then onto the coarser grid.
  const absolute = topology.transform
    ? topology.arcs.map((arc) => {
        const decode = transform(topology.transform!);
        return arc.map((point, i) => decode(point, i > 0) as [number, number]);
      })
    : topology.arcs;
  const ready = quantize({ ...named, transform: undefined, arcs: absolute }, QUANTIZE_STEPS);
  const script = `(window.QA_BOUNDARIES=window.QA_BOUNDARIES||{})[${JSON.stringify(map)}]=${JSON.stringify(ready)};\n`;
  const result = {
    areas,
    script,
    points: { kept: countPoints(ready), source: countPoints(topology) },
  };
  loaded.set(map, result);
  return result;
}

/** How many boundary points the page draws, of the source's (for tests and the benchmark). */
export function boundaryPoints(map: BoundaryMap): { kept: number; source: number } {
  return loadMap(map).points;
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
    // The best brotli: a few seconds of one thread-pool thread, once, for about a tenth fewer bytes than level 9.
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
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
    for (const g of readTopology('itl1').objects.geog.geometries) {
      const props = g.properties as { id: string; name: string } | undefined;
      const area = areas.find((a) => a.code === props?.id);
      if (area && props) add(props.name, area);
    }
  }
  return { map: 'itl1', match: (value) => byRegion.get(normalisePlace(value)) ?? [] };
}
