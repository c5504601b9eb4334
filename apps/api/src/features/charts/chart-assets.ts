/**
 * The chart page's scripts, each built once per process and served compressed under a name that carries a hash of
 * its content, so browsers may cache it for good (a new build is a new name):
 * - chart-page-map-<hash>.js and chart-page-chart-<hash>.js: our renderer (assets/chart-page.js) bundled by esbuild
 *   with only the parts of ECharts that maps (and the TopoJSON decoder) or charts use, minified. Two bundles, not
 *   one: a chart page runs in an opaque origin, where browsers keep no HTTP cache, so every frame downloads its
 *   script afresh and each kind of page should carry no more than it draws;
 * - boundaries-<map>-<hash>.js: the boundaries of one map (boundaries.ts).
 * The page HTML names the current files.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';
import {
  BOUNDARY_MAPS,
  type BoundaryMap,
  boundaryScript,
  compressBuffer,
} from '../../analyst/visuals/boundaries.js';

export type CompressedAsset = Awaited<ReturnType<typeof compressBuffer>>;

export const PAGE_KINDS = ['map', 'chart'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
const PAGE_ENTRIES: Record<PageKind, string> = {
  map: fileURLToPath(new URL('./assets/map-page.js', import.meta.url)),
  chart: fileURLToPath(new URL('./assets/plot-page.js', import.meta.url)),
};

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

const pages = new Map<PageKind, Promise<{ name: string; asset: CompressedAsset }>>();

/** Bundles a chart page script (about half a second of CPU, once; the compression runs off the main thread). */
export function chartPageScript(kind: PageKind): Promise<{ name: string; asset: CompressedAsset }> {
  let page = pages.get(kind);
  if (!page) {
    page = build({
      entryPoints: [PAGE_ENTRIES[kind]],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
    }).then(async (result) => {
      const raw = Buffer.from(result.outputFiles[0]!.contents);
      return { name: `chart-page-${kind}-${contentHash(raw)}.js`, asset: await compressBuffer(raw) };
    });
    page.catch(() => pages.delete(kind));
    pages.set(kind, page);
  }
  return page;
}

const boundaryNames = new Map<BoundaryMap, Promise<{ name: string; asset: CompressedAsset }>>();

export function boundaryAsset(map: BoundaryMap): Promise<{ name: string; asset: CompressedAsset }> {
  let hit = boundaryNames.get(map);
  if (!hit) {
    hit = boundaryScript(map).then((asset) => ({
      name: `boundaries-${map}-${contentHash(asset.raw)}.js`,
      asset,
    }));
    hit.catch(() => boundaryNames.delete(map));
    boundaryNames.set(map, hit);
  }
  return hit;
}

/** The asset with this file name, when it is one of the current ones. */
export async function assetByName(file: string): Promise<CompressedAsset | undefined> {
  const kind = /^chart-page-(\w+)-[0-9a-f]{16}\.js$/.exec(file)?.[1] as PageKind | undefined;
  if (kind && (PAGE_KINDS as readonly string[]).includes(kind)) {
    const current = await chartPageScript(kind);
    return current.name === file ? current.asset : undefined;
  }
  const map = /^boundaries-(\w+)-[0-9a-f]{16}\.js$/.exec(file)?.[1] as BoundaryMap | undefined;
  if (map && (BOUNDARY_MAPS as readonly string[]).includes(map)) {
    const current = await boundaryAsset(map);
    return current.name === file ? current.asset : undefined;
  }
  return undefined;
}

/** Starts building every asset (when a server starts listening), so the first chart page does not wait. */
export function warmChartAssets(): Promise<unknown> {
  return Promise.all([
    ...PAGE_KINDS.map((kind) => chartPageScript(kind)),
    ...BOUNDARY_MAPS.map((map) => boundaryAsset(map)),
  ]);
}

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepts = String(acceptEncoding ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page made per request (a chart's HTML carries its spec and data: tens of kilobytes for a map, more for a dot
 * map), compressed quickly on the thread pool: brotli at a middling level costs a few milliseconds.
 */
export async function compressPage(html: string, encoding: 'br' | 'gzip' | null): Promise<Buffer> {
  const raw = Buffer.from(html);
  if (encoding === 'br') {
    return brotliAsync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
  }
  if (encoding === 'gzip') return gzipAsync(raw, { level: 6 });
  return raw;
}
