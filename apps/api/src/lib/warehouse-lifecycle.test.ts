import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warehousePath } from '@qa/warehouse';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleBuilds, startWarehouseLifecycle, warehouseStillBuilding } from './warehouse-lifecycle.js';

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

  it("removes what a killed build left, but not a live build's files", () => {
    const dir = mkdtempSync(join(tmpdir(), 'qa-stale-build-'));
    try {
      const warehouseDir = join(warehousePath(dir), '..');
      mkdirSync(warehouseDir, { recursive: true });
      // A process that has ended: its pid is free.
      const dead = spawnSync(process.execPath, [
        '-e',
        'process.stdout.write(String(process.pid))',
      ]).stdout.toString();
      const stale = [
        `warehouse.duckdb.building-${dead}-1`,
        `warehouse.duckdb.building-${dead}-1.wal`,
        `tmp-${dead}`,
      ];
      const live = [`warehouse.duckdb.building-${process.ppid}-2`, `tmp-${process.ppid}`, 'warehouse.duckdb'];
      for (const name of [...stale, ...live]) {
        if (name.startsWith('tmp-')) mkdirSync(join(warehouseDir, name));
        else writeFileSync(join(warehouseDir, name), 'x');
      }
      expect(removeStaleBuilds(dir).sort()).toEqual([...stale].sort());
      for (const name of stale) expect(existsSync(join(warehouseDir, name))).toBe(false);
      for (const name of live) expect(existsSync(join(warehouseDir, name))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
