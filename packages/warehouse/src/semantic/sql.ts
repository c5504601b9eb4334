/**
 * Rendering the model's SQL templates. A fragment names its tables through placeholders (`{f}.` the row's table,
 * `{o}.` the operators row, `{n}` the segment's parameter), so one declaration serves every query that reads it,
 * whatever its aliases. Without an engine the fragment must be portable (the same on DuckDB and PostgreSQL), as
 * the plan compiler writes one query for both.
 */
import type { EngineKind } from '../engine/types.js';
import type { EngineSql } from './model-schema.js';

/** The same fragment on both engines. */
export const portable = (sql: string): EngineSql => ({ duckdb: sql, postgres: sql });

export interface RenderSqlOptions {
  /** Alias of the row's table (`f`); empty or omitted = unqualified columns. */
  alias?: string;
  /** Alias of the joined operators table (`o`). */
  operators?: string;
  /** The segment's parameter ({n}). */
  n?: number;
  /** The engine; omitted = the portable fragment (both engines must agree). */
  engine?: EngineKind;
}

export function renderSql(fragment: EngineSql, options: RenderSqlOptions = {}): string {
  let sql: string;
  if (options.engine) sql = fragment[options.engine];
  else {
    if (fragment.duckdb !== fragment.postgres)
      throw new Error(`Not portable SQL: ${fragment.duckdb} / ${fragment.postgres}`);
    sql = fragment.duckdb;
  }
  const qualify = (alias: string | undefined) => (alias ? `${alias}.` : '');
  return sql
    .replaceAll('{f}.', qualify(options.alias))
    .replaceAll('{o}.', qualify(options.operators ?? 'o'))
    .replaceAll('{n}', String(options.n ?? ''));
}
