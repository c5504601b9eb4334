/**
 * The SQL guard: nothing reaches an engine from a user or a model without passing here.
 *
 * SQL is parsed with DuckDB's own parser (`json_serialize_sql` on a private in-memory connection, which refuses
 * anything but SELECT) and the syntax tree is walked: exactly one SELECT/WITH statement; every table a catalog table
 * or a CTE/subquery defined in the statement; no table functions, file paths, URLs, system catalogs or schema-
 * qualified names; no dangerous functions; every column known (unknown ones are reported with the valid columns of
 * the tables involved). The accepted SQL is wrapped with the row cap. The engines add read-only connections,
 * disabled file access and timeouts underneath, so the guard is one layer of several.
 */
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { distance } from 'fastest-levenshtein';
import { CATALOG_TABLE_NAMES, type CatalogTable, TABLES } from '../catalog/catalog.js';

export type GuardResult =
  | {
      ok: true;
      /** The SQL to run: the original statement wrapped with the row cap. */
      sql: string;
      /** Catalog tables the statement reads. */
      tables: string[];
      /** Column names it references (lower case, unqualified, deduplicated). */
      columns: string[];
    }
  | { ok: false; reason: string };

export interface GuardOptions {
  /** Row cap applied as an outer LIMIT (rowLimit + 1 so the engine can tell the result was cut). */
  rowLimit?: number;
  /** Tables allowed (defaults to the catalog). */
  tables?: readonly CatalogTable[];
}

export const MAX_SQL_LENGTH = 20_000;

/** Functions that read files, the environment or the server, change settings or write, on either engine. */
const DENIED_FUNCTIONS = new Set([
  'getenv',
  'current_setting',
  'set_config',
  'query',
  'query_table',
  'read_text',
  'read_blob',
  'glob',
  'sniff_csv',
  'parquet_scan',
  'parquet_metadata',
  'parquet_schema',
  'parquet_file_metadata',
  'parquet_kv_metadata',
  'json_execute_serialized_sql',
  'json_deserialize_sql',
  'sql_auto_complete',
  'which_secret',
  'checkpoint',
  'force_checkpoint',
  'install_extension',
  'load_extension',
  'nextval',
  'setval',
  'currval',
  'lastval',
  'sleep',
  'sleep_ms',
  'dblink',
  'dblink_exec',
  'system',
  'version',
  'current_database',
  'current_schema',
  'current_schemas',
  'current_user',
  'session_user',
  'user',
  'inet_server_addr',
  'inet_server_port',
  'inet_client_addr',
  'inet_client_port',
  'txid_current',
  'has_table_privilege',
  'to_regclass',
  'row_to_json',
  'query_to_xml',
  'table_to_xml',
  'cursor_to_xml',
  'database_to_xml',
  'schema_to_xml',
  'xpath',
]);

const DENIED_PREFIXES = [
  'read_',
  'pg_',
  'duckdb_',
  'pragma_',
  'lo_',
  'dblink',
  'txid_',
  'sqlite_',
  'postgres_',
  'mysql_',
  'iceberg_',
  'delta_',
  'parquet_',
  'icu_',
  'enable_',
  'disable_',
  'export_',
  'import_',
  'copy_',
  'set_',
  'has_',
];

const DENIED_RELATION_PREFIXES = ['pg_', 'duckdb_', 'sqlite_', 'information_schema'];

let parserPromise: Promise<DuckDBConnection> | undefined;

function parser(): Promise<DuckDBConnection> {
  if (!parserPromise) {
    parserPromise = (async () => {
      const instance = await DuckDBInstance.create(':memory:', {
        threads: '1',
        memory_limit: '64MB',
        enable_external_access: 'false',
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
        lock_configuration: 'true',
      });
      return instance.connect();
    })();
  }
  return parserPromise;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

class GuardRejection extends Error {}

function reject(reason: string): never {
  throw new GuardRejection(reason);
}

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');

/** Comments and quoting that the two engines could read differently are refused outright. */
function lexicalCheck(sql: string): void {
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === "'" || c === '"') {
      const before = sql.slice(Math.max(0, i - 2), i);
      if (c === "'" && /(^|[^\w])[eEbBxX]$|&$/.test(before)) {
        reject(
          "Prefixed string literals (E'...', B'...', X'...', U&'...') are not allowed; use plain '...' strings.",
        );
      }
      const close = sql.indexOf(c, i + 1);
      if (close < 0) reject('Unterminated quoted string or identifier.');
      i = close + 1;
      continue;
    }
    if (c === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (c === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      if (close < 0) reject('Unterminated block comment.');
      if (sql.slice(i + 2, close).includes('/*')) reject('Nested block comments are not allowed.');
      i = close + 2;
      continue;
    }
    if (c === '$' && (next === '$' || /[A-Za-z_]/.test(next ?? ''))) {
      // Dollar quoting ($$...$$, $tag$...$tag$) and positional parameters ($1) are PostgreSQL/DuckDB-specific.
      const m = /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(i));
      if (m) reject('Dollar-quoted strings are not allowed; use single quotes.');
    }
    if (c === ';' && sql.slice(i + 1).replace(/[\s;]/g, '') !== '') {
      reject('Only one SQL statement is allowed (a semicolon may only end the statement).');
    }
    i++;
  }
}

interface Scope {
  /** CTE names visible here. */
  ctes: Set<string>;
}

interface Collected {
  tables: Set<string>;
  /**
   * alias (or table name) -> the catalog tables it names, for qualified column checks. A set, because separate
   * CTEs and subqueries may reuse one alias for different tables (`o` for operators in one, fact_operator in another).
   */
  aliases: Map<string, Set<string>>;
  /** Names of derived relations (CTEs, subqueries with aliases): qualified refs to them are checked loosely. */
  derived: Set<string>;
  /** Output names defined anywhere in the statement (select aliases, CTE and subquery column aliases, lambda params). */
  definedNames: Set<string>;
  columnRefs: string[][];
}

function addAlias(out: Collected, alias: string, table: string): void {
  const tables = out.aliases.get(alias);
  if (tables) tables.add(table);
  else out.aliases.set(alias, new Set([table]));
}

function walkQueryNode(node: Json | undefined, scope: Scope, out: Collected): void {
  if (!isObj(node)) return;
  const type = str(node.type);
  const ctes = new Set(scope.ctes);
  const cteMap = isObj(node.cte_map) ? asArray(node.cte_map.map) : [];
  for (const entry of cteMap) {
    if (!isObj(entry)) continue;
    const name = str(entry.key).toLowerCase();
    ctes.add(name);
    out.derived.add(name);
    const value = isObj(entry.value) ? entry.value : {};
    for (const a of asArray(value.aliases)) out.definedNames.add(str(a).toLowerCase());
    const query = isObj(value.query) ? value.query.node : undefined;
    walkQueryNode(query, { ctes }, out);
  }
  const inner: Scope = { ctes };
  switch (type) {
    case 'SELECT_NODE': {
      walkTableRef(node.from_table, inner, out);
      for (const e of asArray(node.select_list)) {
        if (isObj(e) && str(e.alias)) out.definedNames.add(str(e.alias).toLowerCase());
        walkExpression(e, inner, out);
      }
      walkExpression(node.where_clause, inner, out);
      for (const e of asArray(node.group_expressions)) walkExpression(e, inner, out);
      walkExpression(node.having, inner, out);
      walkExpression(node.qualify, inner, out);
      if (node.sample !== null && node.sample !== undefined) reject('SAMPLE clauses are not allowed.');
      break;
    }
    case 'SET_OPERATION_NODE':
    case 'RECURSIVE_CTE_NODE': {
      if (type === 'RECURSIVE_CTE_NODE') {
        const name = str(node.cte_name).toLowerCase();
        inner.ctes.add(name);
        out.derived.add(name);
        for (const a of asArray(node.aliases)) out.definedNames.add(str(a).toLowerCase());
      }
      walkQueryNode(node.left, inner, out);
      walkQueryNode(node.right, inner, out);
      break;
    }
    default:
      reject(`Unsupported query construct (${type || 'unknown'}). Use a plain SELECT.`);
  }
  for (const m of asArray(node.modifiers)) {
    if (!isObj(m)) continue;
    const mt = str(m.type);
    if (mt === 'ORDER_MODIFIER') {
      for (const o of asArray(m.orders)) if (isObj(o)) walkExpression(o.expression, inner, out);
    } else if (mt === 'LIMIT_MODIFIER' || mt === 'LIMIT_PERCENT_MODIFIER') {
      walkExpression(m.limit, inner, out);
      walkExpression(m.offset, inner, out);
    } else if (mt === 'DISTINCT_MODIFIER') {
      for (const e of asArray(m.distinct_on_targets)) walkExpression(e, inner, out);
    } else {
      reject(`Unsupported query modifier (${mt}).`);
    }
  }
}

function walkTableRef(ref: Json | undefined, scope: Scope, out: Collected): void {
  if (!isObj(ref)) return;
  const type = str(ref.type);
  const alias = str(ref.alias).toLowerCase();
  if (ref.sample !== null && ref.sample !== undefined) reject('TABLESAMPLE is not allowed.');
  switch (type) {
    case 'EMPTY':
      return;
    case 'EXPRESSION_LIST':
      // VALUES (...), (...): only expressions.
      for (const row of asArray(ref.values)) walkExpression(row, scope, out);
      return;
    case 'BASE_TABLE': {
      const name = str(ref.table_name);
      const lower = name.toLowerCase();
      const schema = str(ref.schema_name);
      const catalogName = str(ref.catalog_name);
      if (ref.at_clause !== null && ref.at_clause !== undefined)
        reject('Time-travel (AT) clauses are not allowed.');
      if (/[./\\:]/.test(name) || /^https?:/i.test(name)) {
        reject(`Reading files or URLs is not allowed ("${name}"). Query the catalog tables instead.`);
      }
      if (schema || catalogName) {
        if (
          DENIED_RELATION_PREFIXES.some(
            (p) => schema.toLowerCase().startsWith(p) || catalogName.toLowerCase().startsWith(p),
          )
        ) {
          reject(
            `System catalogs are not allowed (${[catalogName, schema, name].filter(Boolean).join('.')}).`,
          );
        }
        reject(
          `Schema-qualified table names are not allowed (${[catalogName, schema, name].filter(Boolean).join('.')}); write just the table name.`,
        );
      }
      if (scope.ctes.has(lower)) {
        if (alias) out.derived.add(alias);
        return;
      }
      if (DENIED_RELATION_PREFIXES.some((p) => lower.startsWith(p)))
        reject(`System catalogs are not allowed (${name}).`);
      if (!CATALOG_TABLE_NAMES.includes(lower)) {
        reject(`Unknown table "${name}". Valid tables: ${CATALOG_TABLE_NAMES.join(', ')}.`);
      }
      out.tables.add(lower);
      addAlias(out, alias || lower, lower);
      if (alias) addAlias(out, lower, lower);
      for (const a of asArray(ref.column_name_alias)) out.definedNames.add(str(a).toLowerCase());
      return;
    }
    case 'JOIN': {
      walkTableRef(ref.left, scope, out);
      walkTableRef(ref.right, scope, out);
      walkExpression(ref.condition, scope, out);
      for (const c of asArray(ref.using_columns)) out.columnRefs.push([str(c)]);
      const refType = str(ref.ref_type);
      if (refType && refType !== 'REGULAR' && refType !== 'NATURAL' && refType !== 'CROSS') {
        reject(`Unsupported join type (${refType}).`);
      }
      return;
    }
    case 'SUBQUERY': {
      const sub = isObj(ref.subquery) ? ref.subquery.node : undefined;
      walkQueryNode(sub, scope, out);
      if (alias) out.derived.add(alias);
      for (const a of asArray(ref.column_name_alias)) out.definedNames.add(str(a).toLowerCase());
      return;
    }
    case 'TABLE_FUNCTION': {
      const fn = isObj(ref.function) ? str(ref.function.function_name) : '';
      reject(`Table functions are not allowed (${fn || 'unknown'}). Query the catalog tables instead.`);
      break;
    }
    case 'SHOW_REF':
      reject('SHOW/DESCRIBE are not allowed; the catalog describes every table.');
      break;
    case 'PIVOT':
      reject('PIVOT/UNPIVOT are not allowed; use CASE WHEN with GROUP BY.');
      break;
    default:
      reject(`Unsupported FROM item (${type || 'unknown'}).`);
  }
}

function checkFunction(name: string, schema: string): void {
  const lower = name.toLowerCase();
  if (schema && schema.toLowerCase() !== 'main')
    reject(`Schema-qualified functions are not allowed (${schema}.${name}).`);
  if (DENIED_FUNCTIONS.has(lower) || DENIED_PREFIXES.some((p) => lower.startsWith(p))) {
    reject(`Function ${name}() is not allowed.`);
  }
}

function walkExpression(expr: Json | undefined, scope: Scope, out: Collected): void {
  if (Array.isArray(expr)) {
    for (const e of expr) walkExpression(e, scope, out);
    return;
  }
  if (!isObj(expr)) return;
  const cls = str(expr.class);
  if (cls === 'COLUMN_REF') {
    out.columnRefs.push(asArray(expr.column_names).map((c) => str(c)));
    return;
  }
  if (cls === 'SUBQUERY') {
    const sub = isObj(expr.subquery) ? expr.subquery.node : undefined;
    walkQueryNode(sub, scope, out);
    walkExpression(expr.child, scope, out);
    return;
  }
  if (cls === 'PARAMETER') reject('Query parameters ($1, ?) are not allowed; write values inline.');
  if (cls === 'LAMBDA') {
    const lhs = expr.lhs;
    const params =
      isObj(lhs) && str(lhs.class) === 'COLUMN_REF' ? [lhs] : asArray(isObj(lhs) ? lhs.children : []);
    for (const p of params) {
      if (isObj(p)) for (const n of asArray(p.column_names)) out.definedNames.add(str(n).toLowerCase());
    }
    walkExpression(expr.expr, scope, out);
    return;
  }
  if (cls === 'FUNCTION' || cls === 'WINDOW' || cls === 'AGGREGATE') {
    checkFunction(str(expr.function_name), str(expr.schema));
  }
  if (cls === 'STAR' && str(expr.relation_name)) {
    const rel = str(expr.relation_name).toLowerCase();
    if (!out.aliases.has(rel) && !out.derived.has(rel) && !scope.ctes.has(rel)) {
      // Resolved after the walk, when all aliases are known.
      out.columnRefs.push([rel, '*']);
    }
  }
  for (const [key, value] of Object.entries(expr)) {
    if (key === 'class' || key === 'type' || key === 'alias') continue;
    if (typeof value === 'object' && value !== null) walkExpression(value, scope, out);
  }
}

function nearest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function checkColumns(out: Collected, tables: readonly CatalogTable[]): string[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const referenced = [...out.tables].map((t) => byName.get(t)).filter((t): t is CatalogTable => !!t);
  const referencedColumns = new Set(referenced.flatMap((t) => t.columns.map((c) => c.name)));
  const describe = () =>
    referenced.length
      ? referenced.map((t) => `${t.name}: ${t.columns.map((c) => c.name).join(', ')}`).join('; ')
      : 'no catalog table is referenced';
  const used = new Set<string>();
  for (const parts of out.columnRefs) {
    const lower = parts.map((p) => p.toLowerCase());
    const column = lower[lower.length - 1]!;
    if (lower.length === 1) {
      if (referencedColumns.has(column) || out.definedNames.has(column)) {
        used.add(column);
        continue;
      }
      if (out.aliases.has(column) || out.derived.has(column)) continue; // a whole-row reference
      const elsewhere = tables.filter((t) => t.columns.some((c) => c.name === column)).map((t) => t.name);
      const guess = nearest(column, [...referencedColumns, ...out.definedNames]);
      reject(
        `Unknown column "${parts.join('.')}".${guess ? ` Did you mean "${guess}"?` : ''}${
          elsewhere.length ? ` It exists in ${elsewhere.join(', ')} (not in the query).` : ''
        } Valid columns: ${describe()}.`,
      );
    }
    if (lower.length === 2) {
      const [qualifier, col] = lower as [string, string];
      const aliased = [...(out.aliases.get(qualifier) ?? [])].map((name) => byName.get(name)!);
      if (aliased.length) {
        if (col === '*' || aliased.some((t) => t.columns.some((c) => c.name === col))) {
          if (col !== '*') used.add(col);
          continue;
        }
        // The same alias may also name a CTE or subquery somewhere else in the statement.
        if (out.derived.has(qualifier) && (referencedColumns.has(col) || out.definedNames.has(col))) {
          used.add(col);
          continue;
        }
        const names = aliased.map((t) => t.name).join(' or ');
        const valid = [...new Set(aliased.flatMap((t) => t.columns.map((c) => c.name)))];
        const guess = nearest(col, valid);
        reject(
          `Unknown column "${parts.join('.')}": ${names} has no column "${parts[1]}".${guess ? ` Did you mean "${guess}"?` : ''} Valid columns of ${names}: ${valid.join(', ')}.`,
        );
      }
      if (out.derived.has(qualifier)) {
        if (col === '*' || referencedColumns.has(col) || out.definedNames.has(col)) {
          if (col !== '*') used.add(col);
          continue;
        }
        reject(`Unknown column "${parts.join('.')}". Valid columns: ${describe()}.`);
      }
      if (referencedColumns.has(qualifier)) continue; // struct field access on a column
      reject(`Unknown table or alias "${parts[0]}" in "${parts.join('.')}".`);
    }
    reject(`Use at most table.column, not "${parts.join('.')}".`);
  }
  return [...used].sort();
}

/**
 * DuckDB's syntax tree of a SQL text (`json_serialize_sql`), from the guard's private parsing connection: for
 * readers of SQL that need its structure, not a verdict (the analyst's check of SQL against its plan).
 */
export async function parseSqlTree(sql: string): Promise<unknown> {
  const conn = await parser();
  const reader = await conn.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
  return JSON.parse(String(reader.getRows()[0]?.[0] ?? '{}'));
}

async function parse(sql: string): Promise<Obj> {
  const conn = await parser();
  let text: string;
  try {
    const reader = await conn.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
    text = String(reader.getRows()[0]?.[0] ?? '');
  } catch (err) {
    reject(`The SQL could not be parsed: ${(err as Error).message}`);
  }
  const ast = JSON.parse(text) as Obj;
  if (ast.error === true) {
    const message = str(ast.error_message);
    if (/only select statements/i.test(message)) reject('Only read-only SELECT statements are allowed.');
    reject(`The SQL could not be parsed: ${message}`);
  }
  return ast;
}

export async function guardSql(sql: string, options: GuardOptions = {}): Promise<GuardResult> {
  try {
    if (typeof sql !== 'string' || sql.trim() === '') reject('The SQL is empty.');
    if (sql.length > MAX_SQL_LENGTH) reject(`The SQL is too long (over ${MAX_SQL_LENGTH} characters).`);
    if (sql.includes('\u0000')) reject('The SQL contains a NUL character.');
    lexicalCheck(sql);
    const ast = await parse(sql);
    const statements = asArray(ast.statements);
    if (statements.length !== 1) reject('Only one SQL statement is allowed.');
    const out: Collected = {
      tables: new Set(),
      aliases: new Map(),
      derived: new Set(),
      definedNames: new Set(),
      columnRefs: [],
    };
    const stmt = statements[0];
    walkQueryNode(isObj(stmt) ? stmt.node : undefined, { ctes: new Set() }, out);
    const columns = checkColumns(out, options.tables ?? TABLES);
    const body = sql.replace(/[\s;]+$/u, '');
    const limit = options.rowLimit;
    const wrapped =
      limit !== undefined && Number.isFinite(limit) && limit >= 0
        ? `SELECT * FROM (\n${body}\n) AS guarded_query LIMIT ${Math.floor(limit) + 1}`
        : body;
    return { ok: true, sql: wrapped, tables: [...out.tables].sort(), columns };
  } catch (err) {
    if (err instanceof GuardRejection) return { ok: false, reason: err.message };
    throw err;
  }
}
