/**
 * The @qa/warehouse package behind the agent's seam: queries run on the warehouse's read-only engine (DuckDB, or
 * PostgreSQL with WAREHOUSE_URL), SQL is checked with its guard (DuckDB's own parser, catalog names only, row
 * cap), and the prompts, system_info answers and repair hints come from its semantic catalog.
 */
import { statSync } from 'node:fs';
import {
  catalog,
  guardSql,
  openWarehouse,
  renderCatalogMarkdown,
  type Warehouse,
  warehousePath,
} from '@qa/warehouse';
import type { AgentWarehouse, CatalogDataset } from './agent-warehouse.js';

export type ClosableAgentWarehouse = AgentWarehouse & { close(): Promise<void>; engine: Warehouse };

/** Example questions for answers about the data: one per theme first, then the rest. */
function exampleQuestions(): string[] {
  const firstOfTheme = new Map<string, string>();
  for (const example of catalog.examples) {
    if (!firstOfTheme.has(example.theme)) firstOfTheme.set(example.theme, example.question);
  }
  const first = [...firstOfTheme.values()];
  return [...first, ...catalog.examples.map((e) => e.question).filter((q) => !first.includes(q))];
}

export function fromWarehouse(engine: Warehouse): ClosableAgentWarehouse {
  const markdown = renderCatalogMarkdown();
  const datasets: CatalogDataset[] = catalog.datasets.map((d) => ({
    name: d.id,
    title: d.title,
    description: d.description,
  }));
  const examples = exampleQuestions();
  const tableColumns = Object.fromEntries(catalog.tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
  return {
    engine,
    query: (sql, options) => engine.query(sql, options),
    async guard(sql, { rowLimit }) {
      const result = await guardSql(sql, { rowLimit });
      return result.ok ? { ok: true, sql: result.sql } : { ok: false, reason: result.reason };
    },
    catalogMarkdown: () => markdown,
    datasets: () => datasets,
    exampleQuestions: () => examples,
    tableColumns: () => tableColumns,
    calendar: () => engine.calendar(),
    close: () => engine.close(),
  };
}

export async function openAgentWarehouse(options: {
  dataDir: string;
  warehouseUrl?: string | undefined;
}): Promise<ClosableAgentWarehouse> {
  const adapted = fromWarehouse(
    await openWarehouse({
      dataDir: options.dataDir,
      ...(options.warehouseUrl ? { warehouseUrl: options.warehouseUrl } : {}),
    }),
  );
  if (options.warehouseUrl) return adapted;
  // The DuckDB file's identity, as the engine uses it to notice a rebuilt file (see duckdb-engine.ts).
  const file = warehousePath(options.dataDir);
  adapted.buildId = () => {
    try {
      const s = statSync(file);
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return undefined;
    }
  };
  return adapted;
}
