import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../src/catalog/catalog.js';
import { guardSql } from '../src/guard/guard.js';

async function rejected(sql: string): Promise<string> {
  const r = await guardSql(sql);
  if (r.ok) throw new Error(`accepted: ${sql}`);
  return r.reason;
}

describe('the SQL guard', () => {
  it('accepts every worked example of the catalog', async () => {
    for (const e of EXAMPLES) {
      const r = await guardSql(e.sql);
      expect(r.ok ? 'ok' : r.reason, e.id).toBe('ok');
    }
  });

  it('accepts ordinary read-only queries and reports their tables and columns', async () => {
    const r = await guardSql(
      `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
       SELECT u.la_name, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC) AS rk
       FROM upc_output u JOIN ff ON ff.postcode = u.postcode
       WHERE u.country IN (SELECT country FROM local_authorities)
       GROUP BY u.la_name HAVING COUNT(*) > 1 ORDER BY n DESC`,
    );
    expect(r).toMatchObject({ ok: true, tables: ['fact_operator', 'local_authorities', 'upc_output'] });
    if (r.ok) expect(r.columns).toEqual(expect.arrayContaining(['la_name', 'postcode', 'tech', 'country']));
    expect((await guardSql('SELECT 1 AS one')).ok).toBe(true);
    expect((await guardSql("SELECT operator FROM operators UNION ALL SELECT 'x' AS operator;")).ok).toBe(
      true,
    );
    expect((await guardSql('select o.* from operators as o -- trailing comment')).ok).toBe(true);
  });

  it('applies the row cap as an outer LIMIT (one extra row to detect truncation)', async () => {
    const r = await guardSql('SELECT postcode FROM upc_output ORDER BY postcode; ', { rowLimit: 100 });
    expect(r.ok && r.sql).toBe(
      'SELECT * FROM (\nSELECT postcode FROM upc_output ORDER BY postcode\n) AS guarded_query LIMIT 101',
    );
  });

  it('refuses writes, DDL and every non-SELECT statement', async () => {
    for (const sql of [
      "INSERT INTO operators VALUES ('x', 'x', 'altnet', true)",
      "UPDATE operators SET operator = 'x'",
      'DELETE FROM operators',
      'DROP TABLE operators',
      'CREATE TABLE x AS SELECT 1',
      'ALTER TABLE operators ADD COLUMN x INT',
      "COPY operators TO '/tmp/x.csv'",
      "ATTACH '/tmp/x.duckdb' AS x",
      'DETACH x',
      'INSTALL httpfs',
      'LOAD httpfs',
      'PRAGMA database_list',
      'SET threads = 1',
      'SET enable_external_access = true',
      'RESET threads',
      'CALL pragma_version()',
      "EXPORT DATABASE '/tmp/x'",
      'CHECKPOINT',
      'VACUUM',
      'BEGIN TRANSACTION',
      'SELECT * INTO x FROM operators',
    ]) {
      expect(await rejected(sql), sql).toMatch(/SELECT|parse|statement/i);
    }
  });

  it('refuses writes hidden in CTEs and several statements in one', async () => {
    expect(await rejected('WITH x AS (DELETE FROM operators RETURNING *) SELECT * FROM x')).toBeTruthy();
    expect(
      await rejected(
        "WITH x AS (INSERT INTO operators VALUES ('a','b','c',true) RETURNING *) SELECT * FROM x",
      ),
    ).toBeTruthy();
    expect(await rejected('SELECT 1; SELECT 2')).toMatch(/one SQL statement/);
    expect(await rejected('SELECT 1; DROP TABLE operators')).toMatch(/one SQL statement/);
    expect(await rejected('SELECT 1;;DELETE FROM operators')).toMatch(/one SQL statement/);
  });

  it('is not fooled by comments, quoting tricks or parameters', async () => {
    expect(await rejected('SELECT 1 -- harmless\n; DROP TABLE operators')).toMatch(/one SQL statement/);
    expect(await rejected('SELECT 1 /* ; */; DROP TABLE operators')).toMatch(/one SQL statement/);
    expect(await rejected('SELECT 1 /* /* nested */ DROP TABLE operators */')).toMatch(
      /Nested block comments/,
    );
    expect(await rejected('SELECT 1 /* unterminated')).toMatch(/Unterminated/);
    expect(await rejected("SELECT 'unterminated")).toMatch(/Unterminated/);
    expect(await rejected('SELECT $$; DROP TABLE operators; $$')).toMatch(/Dollar-quoted/);
    expect(await rejected("SELECT E'\\'; DROP TABLE operators; --'")).toMatch(/Prefixed string/);
    expect(await rejected('SELECT $1')).toMatch(/parameters/);
    const ok = await guardSql("SELECT operator FROM operators WHERE operator = 'a;b -- c /* d'");
    expect(ok.ok).toBe(true);
  });

  it('refuses files, URLs and table functions', async () => {
    for (const sql of [
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM read_csv_auto('data.csv')",
      "SELECT * FROM read_parquet('s3://bucket/x.parquet')",
      "SELECT * FROM read_json('x.json')",
      "SELECT * FROM read_text('/etc/passwd')",
      "SELECT * FROM glob('/*')",
      "SELECT * FROM '/etc/passwd'",
      "SELECT * FROM 'data.csv'",
      "SELECT * FROM 'https://example.com/x.csv'",
      "FROM 'x.parquet'",
      'SELECT * FROM range(10)',
      'SELECT * FROM generate_series(1, 10)',
      "SELECT * FROM query('SELECT 1')",
      "SELECT * FROM query_table('operators')",
    ]) {
      expect(await rejected(sql), sql).toMatch(/not allowed|Unknown table/);
    }
  });

  it('refuses system catalogs, internal tables and dangerous functions', async () => {
    for (const sql of [
      'SELECT * FROM duckdb_tables()',
      'SELECT * FROM duckdb_settings()',
      'SELECT * FROM information_schema.tables',
      'SELECT * FROM pg_catalog.pg_tables',
      'SELECT * FROM pg_tables',
      'SELECT * FROM sqlite_master',
      'SELECT * FROM wh_postcodes',
      'SELECT * FROM wh_meta',
      'SELECT * FROM main.operators',
      'SELECT * FROM warehouse.operators',
      "SELECT getenv('HOME')",
      "SELECT current_setting('threads')",
      "SELECT set_config('search_path', 'public', false)",
      "SELECT pg_read_file('/etc/passwd')",
      'SELECT pg_sleep(100)',
      "SELECT nextval('s')",
      'SELECT version()',
      'SELECT pg_catalog.now()',
      "SELECT operator FROM operators WHERE operator = getenv('USER')",
      'SELECT (SELECT count(*) FROM duckdb_settings()) AS n',
    ]) {
      expect(await rejected(sql), sql).toMatch(/not allowed|Unknown table/);
    }
  });

  it('refuses DESCRIBE, SHOW and PIVOT', async () => {
    expect(await rejected('DESCRIBE operators')).toMatch(/not allowed/);
    expect(await rejected('SHOW TABLES')).toMatch(/not allowed/);
    expect(await rejected('PIVOT operators ON network_type USING count(*)')).toBeTruthy();
  });

  it('names unknown tables and lists the valid ones', async () => {
    const reason = await rejected('SELECT * FROM fact_operators');
    expect(reason).toMatch(/Unknown table "fact_operators"/);
    expect(reason).toMatch(/fact_operator, /);
  });

  it('names unknown columns with the valid columns of the tables involved', async () => {
    const a = await rejected('SELECT operator_name FROM fact_operator');
    expect(a).toMatch(/Unknown column "operator_name"/);
    expect(a).toMatch(/fact_operator: postcode, operator, tech, fastest_down/);
    const b = await rejected('SELECT u.la_nam FROM upc_output u');
    expect(b).toMatch(/upc_output has no column "la_nam"/);
    expect(b).toMatch(/Did you mean "la_name"/);
    const c = await rejected('SELECT premises FROM fact_operator');
    expect(c).toMatch(/It exists in .*upc_output/);
    const d = await rejected('SELECT x.postcode FROM fact_operator f');
    expect(d).toMatch(/Unknown table or alias "x"/);
    const e = await rejected("SELECT postcode FROM fact_operator WHERE techn = 'fttponly'");
    expect(e).toMatch(/Did you mean "tech"/);
  });

  it('accepts one alias reused for different tables in separate CTEs', async () => {
    const sql = `WITH groups AS (SELECT o.operator, o.operator_group FROM operators o),
  ff AS (SELECT o.postcode, o.operator FROM fact_operator o WHERE o.tech = 'fttponly')
SELECT g.operator_group, COUNT(DISTINCT ff.postcode) AS postcodes
FROM ff JOIN groups g ON g.operator = ff.operator
GROUP BY g.operator_group`;
    const result = await guardSql(sql);
    expect(result.ok).toBe(true);
    // ...but a column neither table has is still refused, naming both.
    const reason = await rejected(sql.replace('o.tech', 'o.technology'));
    expect(reason).toMatch(
      /operators or fact_operator has no column "technology"|fact_operator or operators has no column "technology"/,
    );
  });

  it('allows names defined inside the statement (aliases, CTE columns, lambdas)', async () => {
    for (const sql of [
      'SELECT n FROM (SELECT COUNT(*) AS n FROM operators) t ORDER BY n',
      'WITH c(k) AS (SELECT operator FROM operators) SELECT c.k FROM c',
      'SELECT operator AS op FROM operators ORDER BY op',
      'SELECT t.a FROM (SELECT 1) t(a)',
      'SELECT list_transform([1, 2], x -> x + 1) AS l',
    ]) {
      const r = await guardSql(sql);
      expect(r.ok ? 'ok' : r.reason, sql).toBe('ok');
    }
  });
});

describe('the SQL guard on VALUES lists', () => {
  it('accepts VALUES lists but still checks what is inside them', async () => {
    expect(
      (await guardSql("SELECT d FROM (VALUES (DATE '2021-01-01'), (DATE '2022-01-01')) AS v(d)")).ok,
    ).toBe(true);
    const r = await guardSql("SELECT x FROM (VALUES (getenv('HOME'))) AS v(x)");
    expect(r.ok).toBe(false);
  });
});
