/**
 * A string as a SQL string literal: single quotes around it, each quote inside doubled. The same rule holds
 * in DuckDB and PostgreSQL (standard-conforming strings), so SQL the code writes itself can carry names and
 * search text safely.
 */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
