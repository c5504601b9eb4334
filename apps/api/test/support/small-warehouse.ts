/**
 * The real generated warehouse at a small scale (0.01: about 17k postcodes, every month), built once into the OS
 * temp directory and reused by later runs. The directory name carries the scale and seed; ensureWarehouse()
 * rebuilds it when the warehouse format changes and serialises concurrent builds with its own lock, so test
 * files running in parallel share one build.
 */
import os from 'node:os';
import path from 'node:path';
import { ensureWarehouse } from '@qa/warehouse';
import {
  type ClosableAgentWarehouse,
  openAgentWarehouse,
} from '../../src/analyst/agent/warehouse-adapter.js';

export const SMALL_SCALE = 0.01;
export const SMALL_SEED = 42;

export async function smallWarehouseDir(): Promise<string> {
  const dataDir = path.join(os.tmpdir(), `qa-api-small-warehouse-${SMALL_SCALE}-${SMALL_SEED}`);
  await ensureWarehouse({ dataDir, scale: SMALL_SCALE, seed: SMALL_SEED, onWarning: () => {} });
  return dataDir;
}

export async function openSmallWarehouse(): Promise<ClosableAgentWarehouse> {
  return openAgentWarehouse({ dataDir: await smallWarehouseDir() });
}
