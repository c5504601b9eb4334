/**
 * `npm run data:build -- [--scale 1] [--seed 42] [--data-dir ./data] [--force]`
 * Builds the warehouse into DATA_DIR/warehouse (or reuses an existing build unless --force).
 */
import { resolve } from 'node:path';
import { ensureWarehouse } from '../engine/open-warehouse.js';
import { defaultDataDir, numberFlag, parseArgs, stringFlag } from './args.js';

const args = parseArgs(process.argv.slice(2));
const dataDir = resolve(stringFlag(args, 'data-dir', defaultDataDir()));
const scale = numberFlag(args, 'scale', 1);
const seed = numberFlag(args, 'seed', 42);
const force = args.flags.force === true;

const started = Date.now();
console.log(
  `Warehouse: ${dataDir}/warehouse (scale ${scale}, seed ${seed}${force ? ', forced rebuild' : ''})`,
);
try {
  const result = await ensureWarehouse({
    dataDir,
    scale,
    seed,
    force,
    onProgress: (p) => {
      if (p.step !== 'done')
        console.log(`  [${p.done + 1}/${p.total}] ${p.step}  (${(p.elapsedMs / 1000).toFixed(1)} s)`);
    },
  });
  if (result.built) {
    console.log(
      `Built ${result.build?.postcodes.toLocaleString('en-GB')} postcodes in ${((result.build?.elapsedMs ?? 0) / 1000).toFixed(1)} s: ${result.path}`,
    );
  } else {
    console.log(
      `Reusing the existing warehouse (${result.meta.source}, scale ${result.meta.scale}, seed ${result.meta.seed}, built ${result.meta.built_at}); pass --force to rebuild.`,
    );
  }
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  console.error(`data:build failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
