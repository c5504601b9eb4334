import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startWarehouseLifecycle, warehouseStillBuilding } from './warehouse-lifecycle.js';

describe('warehouse lifecycle', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('builds a missing warehouse in the background, then reuses it on the next start', async () => {
    const logger = pino({ level: 'silent' });
    const first = startWarehouseLifecycle({ dataDir, warehouseUrl: undefined, scale: 0.002, logger });
    expect(first.status().state).toBe('building');
    await first.ready();
    expect(first.status()).toMatchObject({ state: 'ready', built: true });

    const second = startWarehouseLifecycle({ dataDir, warehouseUrl: undefined, scale: 0.002, logger });
    await second.ready();
    expect(second.status()).toMatchObject({ state: 'ready', built: false });
  }, 120_000);

  it('answers questions during the build with 503 and how far it has got', () => {
    const error = warehouseStillBuilding({
      state: 'building',
      step: 'postcodes',
      done: 2,
      total: 10,
      elapsed_ms: 90_000,
    });
    expect(error.status).toBe(503);
    expect(error.detail).toContain('step 3 of 10: postcodes');
    expect(error.headers['Retry-After']).toBe('30');
  });
});
