import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../src/catalog/catalog.js';
import { openWarehouse, readWarehouseMeta } from '../src/engine/open-warehouse.js';
import { warehouseChecksum, warehousePath } from '../src/generator/build.js';
import { importWarehouse } from '../src/importer/import.js';
import { objects } from './helpers.js';

const MONTHS = ['2026-09-01', '2026-10-01', '2026-11-01'];
const POSTCODES = [
  ['SW1A 1AA', 'SW1A 1', 'SW1A', 'SW', 'E09000033', 'Westminster', 'London', 'England', 'urban'],
  ['SW1A 2AB', 'SW1A 2', 'SW1A', 'SW', 'E09000033', 'Westminster', 'London', 'England', 'urban'],
  ['LS6 2EB', 'LS6 2', 'LS6', 'LS', 'E08000035', 'Leeds', 'Yorkshire and The Humber', 'England', 'urban'],
];

function csv(rows: (string | number | boolean)[][]): string {
  return `${rows.map((r) => r.map((v) => (typeof v === 'string' && /[,"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v))).join(',')).join('\n')}\n`;
}

function header(table: string): string[] {
  return TABLES.find((t) => t.name === table)!.columns.map((c) => c.name);
}

/** A small, valid dataset following the contract. */
function writeValid(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const upc: (string | number)[][] = [header('upc_output_time_series')];
  for (const m of MONTHS) {
    for (const [i, p] of POSTCODES.entries()) {
      const [pc, sector, district, area, la, name, region, country, ur] = p as string[];
      upc.push([
        pc!,
        m,
        sector!,
        district!,
        area!,
        la!,
        name!,
        region!,
        country!,
        529000 + i,
        179000 + i,
        51.5 + i / 100,
        -0.14,
        ur!,
        40.5,
        20,
        3,
        23,
        'LWEST',
        'Westminster',
      ]);
    }
  }
  writeFileSync(join(dir, 'upc_output_time_series.csv'), csv(upc));
  const fact: (string | number)[][] = [header('fact_operator_time_series')];
  for (const m of MONTHS) {
    for (const [pc] of POSTCODES) {
      fact.push([pc!, 'BT', 'fttc', 80, 20, '2026-09-01', m]);
      // BT full fibre arrives in November at the first postcode, with a speed change.
      if (pc === 'SW1A 1AA' && m === '2026-11-01')
        fact.push([pc, 'BT', 'fttponly', 1800, 120, '2026-11-01', m]);
    }
    fact.push(['SW1A 2AB', 'Hyperoptic', 'fttponly', 1000, 1000, '2026-09-01', m]);
    fact.push(['LS6 2EB', 'CityFibre Zen', 'fttponly', 1000, 1000, '2026-09-01', m]);
    fact.push([
      'LS6 2EB',
      'CityFibre Vodafone',
      'fttponly',
      2500,
      2500,
      '2026-10-01',
      m === '2026-09-01' ? '' : m,
    ]);
  }
  writeFileSync(join(dir, 'fact_operator_time_series.csv'), csv(fact.filter((r) => r[6] !== '')));
  writeFileSync(
    join(dir, 'operators.csv'),
    csv([
      header('operators'),
      ['BT', 'Openreach', 'openreach', false],
      ['Hyperoptic', 'Hyperoptic', 'altnet', true],
      ['CityFibre Zen', 'CityFibre', 'altnet', true],
      ['CityFibre Vodafone', 'CityFibre', 'altnet', true],
    ]),
  );
  writeFileSync(
    join(dir, 'take_up_quarterly.csv'),
    csv([
      header('take_up_quarterly'),
      ['2026Q4', '2026-10-01', 'BT', 'fttc', 'residential', 30],
      ['2026Q4', '2026-10-01', 'Hyperoptic', 'fttp', 'residential', 10],
    ]),
  );
  writeFileSync(
    join(dir, 'take_up_postcode.csv'),
    csv([
      header('take_up_postcode'),
      ['SW1A 2AB', '2026Q4', 'Hyperoptic', 'fttp', 'residential', 10],
      ['LS6 2EB', '2026Q4', 'BT', 'fttc', 'residential', 12],
    ]),
  );
  writeFileSync(
    join(dir, 'forecast_footprint.csv'),
    csv([
      header('forecast_footprint'),
      ['LS6 2EB', 'CityFibre', 'fttponly', '2026-12-01'],
      ['LS6 2EB', 'CityFibre', 'fttponly', '2027-06-01'],
      ['SW1A 1AA', 'Openreach', 'fttponly', '2027-06-01'],
    ]),
  );
}

let root: string;
let dataDir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'qa-wh-import-'));
  dataDir = join(root, 'data');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function checksumOf(path: string): Promise<string> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  try {
    const conn = await instance.connect();
    return await warehouseChecksum(conn);
  } finally {
    instance.closeSync();
  }
}

describe('data:import', () => {
  it('imports valid CSV files and serves them through the contract names', async () => {
    const src = join(root, 'valid');
    writeValid(src);
    const result = await importWarehouse({ dataDir, sourceDir: src });
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
    const w = await openWarehouse({ dataDir });
    try {
      const d = await w.describe();
      expect(d.source).toBe('imported');
      expect(d.status[0]).toMatchObject({ earliest: '2026-09-01', latest: '2026-11-01' });
      expect((await w.runGuarded('SELECT COUNT(*) FROM upc_output')).rows[0]?.[0]).toBe(3);
      expect((await w.runGuarded('SELECT COUNT(*) FROM fact_operator_time_series')).rows[0]?.[0]).toBe(18);
      const latest = objects(
        await w.runGuarded(
          "SELECT operator, tech, fastest_down, activated_date FROM fact_operator WHERE postcode = 'SW1A 1AA' ORDER BY tech",
        ),
      );
      expect(latest).toEqual([
        { operator: 'BT', tech: 'fttc', fastest_down: 80, activated_date: '2026-09-01' },
        { operator: 'BT', tech: 'fttponly', fastest_down: 1800, activated_date: '2026-11-01' },
      ]);
      const alt = objects(
        await w.runGuarded(
          'SELECT postcode, operator, fastest_down, activated_date FROM fact_altnet ORDER BY postcode',
        ),
      );
      expect(alt).toEqual([
        { postcode: 'LS6 2EB', operator: 'CityFibre', fastest_down: 2500, activated_date: '2026-09-01' },
        { postcode: 'SW1A 2AB', operator: 'Hyperoptic', fastest_down: 1000, activated_date: '2026-09-01' },
      ]);
      const fc = await w.runGuarded("SELECT COUNT(*) FROM forecast_footprint WHERE operator = 'CityFibre'");
      expect(fc.rows[0]?.[0]).toBe(2);
      expect((await w.runGuarded('SELECT COUNT(*) FROM local_authorities')).rows[0]?.[0]).toBe(2);
      expect(await w.distinctValues('take_up_postcode', 'operator')).toEqual(['BT', 'Hyperoptic']);
      for (const t of TABLES) {
        const r = await w.query(`SELECT * FROM ${t.name} LIMIT 0`);
        expect(
          r.columns.map((c) => c.type),
          t.name,
        ).toEqual(t.columns.map((c) => c.type));
      }
    } finally {
      await w.close();
    }
  });

  it('reports every bad row and leaves the current warehouse untouched', async () => {
    const path = warehousePath(dataDir);
    const before = {
      meta: await readWarehouseMeta(path),
      checksum: await checksumOf(path),
      ino: statSync(path).ino,
    };
    const src = join(root, 'invalid');
    writeValid(src);
    const upc = readFileSync(join(src, 'upc_output_time_series.csv'), 'utf8').split('\n');
    upc[2] = upc[2]!.replace('London', 'Londinium'); // line 3: unknown region
    upc[3] = upc[3]!.replace('2026-09-01', '2026-09-15'); // line 4: not the first of the month
    upc[6] = upc[6]!.replace('LS6 2EB', 'LS62EB'); // line 7: postcode format
    writeFileSync(join(src, 'upc_output_time_series.csv'), upc.join('\n'));
    const fact = readFileSync(join(src, 'fact_operator_time_series.csv'), 'utf8').split('\n');
    fact[2] = fact[2]!.replace(',80,', ',fast,'); // line 3: not an integer
    fact.push(fact[3]!); // duplicate key of line 4
    fact.push('SW1A 1AA,Nobody,fttponly,1000,1000,2026-11-01,2026-11-01');
    writeFileSync(join(src, 'fact_operator_time_series.csv'), `${fact.filter(Boolean).join('\n')}\n`);
    writeFileSync(
      join(src, 'take_up_postcode.csv'),
      csv([header('take_up_postcode'), ['SW1A 1AA', '2026Q4', 'BT', 'fttc', 'residential', 5000]]),
    );
    writeFileSync(join(src, 'mystery.csv'), 'a\n1\n');

    const first = await importWarehouse({ dataDir, sourceDir: src });
    expect(first.ok).toBe(false);
    expect(first.issues.map((i) => i.message)).toEqual(['not a table of the contract; not imported']);
    rmSync(join(src, 'mystery.csv'));

    const result = await importWarehouse({ dataDir, sourceDir: src });
    expect(result.ok).toBe(false);
    const find = (line: number | undefined, column: string, message: RegExp) =>
      result.issues.find((i) => i.line === line && i.column === column && message.test(i.message));
    expect(find(3, 'government_region', /must be one of/)).toBeTruthy();
    expect(find(4, 'reported_at', /first day of a month/)).toBeTruthy();
    expect(find(7, 'postcode', /not a valid UK postcode/)).toBeTruthy();
    expect(find(3, 'fastest_down', /not a valid integer/)).toBeTruthy();
    expect(
      result.issues
        .filter((i) => /duplicate key/.test(i.message))
        .map((i) => i.line)
        .sort(),
    ).toEqual(expect.arrayContaining([4]));
    expect(result.issues.some((i) => i.value === 'Nobody' && /not in operators/.test(i.message))).toBe(true);
    expect(result.issues.some((i) => /exceed the postcode's premises/.test(i.message))).toBe(true);
    expect(result.issuesFile && readFileSync(result.issuesFile, 'utf8')).toMatch(/Londinium/);

    const after = {
      meta: await readWarehouseMeta(path),
      checksum: await checksumOf(path),
      ino: statSync(path).ino,
    };
    expect(after).toEqual(before);
  });

  it('rejects files with missing columns or missing required files', async () => {
    const src = join(root, 'incomplete');
    writeValid(src);
    rmSync(join(src, 'operators.csv'));
    const missing = await importWarehouse({ dataDir, sourceDir: src });
    expect(missing.ok).toBe(false);
    expect(missing.issues[0]?.message).toMatch(/required file missing/);
    writeValid(src);
    writeFileSync(join(src, 'operators.csv'), 'operator,operator_group\nBT,Openreach\n');
    const cols = await importWarehouse({ dataDir, sourceDir: src });
    expect(cols.issues[0]?.message).toMatch(/missing columns: network_type, is_altnet/);
  });

  it('imports Parquet files too', async () => {
    const csvDir = join(root, 'valid');
    const src = join(root, 'parquet');
    mkdirSync(src, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    for (const t of ['upc_output_time_series', 'fact_operator_time_series', 'operators']) {
      await conn.run(
        `COPY (SELECT * FROM read_csv('${join(csvDir, `${t}.csv`)}', header = true)) TO '${join(src, `${t}.parquet`)}' (FORMAT parquet)`,
      );
    }
    instance.closeSync();
    const result = await importWarehouse({ dataDir, sourceDir: src });
    expect(result.issues).toEqual([]);
    const w = await openWarehouse({ dataDir });
    try {
      expect((await w.runGuarded('SELECT COUNT(DISTINCT postcode) FROM fact_operator')).rows[0]?.[0]).toBe(3);
      expect((await w.runGuarded('SELECT COUNT(*) FROM take_up_quarterly')).rows[0]?.[0]).toBe(0);
    } finally {
      await w.close();
    }
  });
});
