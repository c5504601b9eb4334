import { describe, expect, it } from 'vitest';
import { runAsAsker } from '../../lib/asker-context.js';
import { FairGate } from '../../lib/fair-gate.js';
import type { AgentWarehouse } from './agent-warehouse.js';
import { admitted } from './warehouse-admission.js';

function countingWarehouse(delayMs = 0) {
  let calls = 0;
  const warehouse: AgentWarehouse = {
    async query(sql) {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return {
        columns: [{ name: 'n', type: 'integer' }],
        rows: [[calls, sql]],
        rowCount: 1,
        truncated: false,
        elapsedMs: delayMs,
      };
    },
    guard: async (sql) => ({ ok: true, sql }),
    catalogMarkdown: () => '',
    datasets: () => [],
    exampleQuestions: () => [],
    tableColumns: () => ({}),
  };
  return { warehouse, calls: () => calls };
}

describe('the admitted warehouse', () => {
  it('answers a repeated query from the cache until the warehouse build changes', async () => {
    const inner = countingWarehouse();
    let build = 'build-1';
    const wh = admitted(inner.warehouse, {
      gate: new FairGate(),
      cache: { maxEntries: 10 },
      buildId: () => build,
    });
    const options = { rowLimit: 100, timeoutMs: 1000 };
    const first = await wh.query('select 1', options);
    const again = await wh.query('select 1', options);
    expect(inner.calls()).toBe(1);
    expect(again.rows).toEqual(first.rows);
    expect(again.elapsedMs).toBe(0);
    again.rows[0]?.push('mutated');
    expect((await wh.query('select 1', options)).rows[0]).toHaveLength(2);
    await wh.query('select 1', { ...options, rowLimit: 5 });
    expect(inner.calls()).toBe(2);
    build = 'build-2';
    await wh.query('select 1', options);
    expect(inner.calls()).toBe(3);
    expect(wh.cacheStats()).toMatchObject({ hits: 2, misses: 3 });
  });

  it('caches nothing without a build id, and queues behind the gate telling the asker how many are ahead', async () => {
    const inner = countingWarehouse(30);
    const gate = new FairGate({ maxActive: 1, maxQueued: 10 });
    const wh = admitted(inner.warehouse, { gate, cache: { maxEntries: 10 } });
    const options = { rowLimit: 100, timeoutMs: 1000 };
    const heard: number[] = [];
    await Promise.all([
      runAsAsker({ userId: 'a' }, () => wh.query('select 1', options)),
      runAsAsker({ userId: 'b', onQueued: (ahead) => heard.push(ahead) }, () =>
        wh.query('select 1', options),
      ),
    ]);
    expect(inner.calls()).toBe(2);
    expect(heard).toEqual([0]);
  });
});
