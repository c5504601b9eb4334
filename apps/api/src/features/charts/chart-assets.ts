/**
 * The chart page's scripts, each built once per process and served compressed under a name that carries a hash of
 * its content, so browsers may cache it for good (a new build is a new name):
 * - chart-page-<hash>.js: our renderer (assets/chart-page.js) bundled by esbuild with the TopoJSON decoder and
 *   only the parts of ECharts the specs use (assets/echarts-lite.js), minified;
 * - boundaries-<map>-<hash>.js: the boundaries of one map (boundaries.ts).
 * The page HTML names the current files; an old name is still served while it is the current content.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BOUNDARY_MAPS, type BoundaryMap, boundaryScript, compressBuffer } from './boundaries.js';

export type CompressedAsset = Awaited<ReturnType<typeof compressBuffer>>;

const PAGE_ENTRY = fileURLToPath(new URL('./assets/chart-page.js', import.meta.url));

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

let page: Promise<{ name: string; asset: CompressedAsset }> | undefined;

/** Bundles the chart page script (about half a second of CPU, once; the compression runs off the main thread). */
export function chartPageScript(): Promise<{ name: string; asset: CompressedAsset }> {
  if (!page) {
    page = build({
      entryPoints: [PAGE_ENTRY],
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
      return { name: `chart-page-${contentHash(raw)}.js`, asset: await compressBuffer(raw) };
    });
    page.catch(() => {
      page = undefined;
    });
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
  if (file.startsWith('chart-page-')) {
    const current = await chartPageScript();
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
  return Promise.all([chartPageScript(), ...BOUNDARY_MAPS.map((map) => boundaryAsset(map))]);
}
