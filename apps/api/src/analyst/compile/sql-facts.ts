/**
 * What a SQL statement does, read from DuckDB's own syntax tree (`json_serialize_sql`, the parser the warehouse
 * guard uses, on a private in-memory connection): the tables it reads, every comparison it makes (a column or an
 * aggregate, an operator, the constants), what it adds up, divides and subtracts, its groupings, orderings,
 * limits, set operations and dates. `verify-plan.ts` checks a plan against these facts rather than against the
 * SQL's text, so a value in a column alias or a string that only looks like a filter never counts as one.
 */
import { parseSqlTree } from '@qa/warehouse';

export type Constant = string | number;

export type ComparisonOp =
  | '='
  | '<>'
  | '>'
  | '>='
  | '<'
  | '<='
  | 'in'
  | 'not in'
  | 'like'
  | 'not like'
  | 'between'
  | 'is null'
  | 'is not null'
  | 'in subquery'
  | 'not in subquery'
  | 'exists'
  | 'not exists'
  /** NOT (...) around a condition that is not a subquery: the rows failing it. */
  | 'not'
  | 'true';

export interface Comparison {
  /**
   * What is compared: a column (lower case, unqualified: "la_name"), an aggregate of one
   * ("count(distinct operator_group)", "min(operator_group)", "max(fastest_down)"), a date part
   * ("month(reported_at)"), "count(*)" or "" for anything else.
   */
  target: string;
  op: ComparisonOp;
  /** The constants it is compared with (dates as 'YYYY-MM-DD'); empty when compared with a column. */
  values: Constant[];
  /** The column or aggregate on the other side, when that is not a constant. */
  other?: string;
  /** For IN / EXISTS subqueries: what the subquery does. */
  subquery?: SqlFacts;
}

export interface Aggregate {
  /** Lower case: sum, count, count_star, avg, max, min, string_agg, ... */
  fn: string;
  distinct: boolean;
  /** Columns whose values it aggregates (CASE conditions excluded: `SUM(CASE WHEN x THEN premises END)` sums premises). */
  columns: string[];
}

export interface OrderKey {
  /** The column or output name ordered by (unqualified). */
  target: string;
  descending: boolean;
}

export interface SqlFacts {
  tables: Set<string>;
  columns: Set<string>;
  comparisons: Comparison[];
  /** Aggregates computed anywhere (select lists, HAVING, ORDER BY). */
  aggregates: Aggregate[];
  /** Arithmetic in select lists: '/' (by something other than a constant), '-', '*', '+'. */
  arithmetic: Set<string>;
  /** Window functions: row_number, rank, lag, ... */
  windows: Set<string>;
  /** Every column named in a GROUP BY (inside expressions too: COALESCE(n.networks, 0) groups by networks). */
  groupBy: Set<string>;
  /** The ORDER BY keys of each SELECT that has one, outermost first. */
  orderings: OrderKey[][];
  /** Every LIMIT. */
  limits: number[];
  /** INTERSECT / UNION / EXCEPT: the kind and how many queries each one combines. */
  setOperations: { kind: string; inputs: number }[];
  /** Every DATE constant. */
  dates: Set<string>;
  /** The outer SELECT's output names (alias, else column name). */
  outputs: string[];
  /**
   * Text constants selected under a name ("SELECT 'Leeds' AS la_name, s0.* ... UNION ALL SELECT 'York' AS
   * la_name ..."): rows labelled one by one, a grouping written out, by the column it names.
   */
  labels: Map<string, Set<string>>;
  /**
   * Distinct counts taken over a column the same SELECT groups by ("GROUP BY f.operator ... HAVING
   * COUNT(DISTINCT f.operator) = 5"): always 1, so a test on them does not count anything.
   */
  countsWithinGroup: Set<string>;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');

/** The facts of one SELECT statement, or why it could not be parsed. */
export async function readSqlFacts(
  sql: string,
): Promise<{ ok: true; facts: SqlFacts } | { ok: false; reason: string }> {
  let ast: Obj;
  try {
    ast = (await parseSqlTree(sql)) as Obj;
  } catch (error) {
    return { ok: false, reason: `The SQL could not be parsed: ${(error as Error).message}` };
  }
  if (ast.error === true)
    return { ok: false, reason: `The SQL could not be parsed: ${str(ast.error_message)}` };
  const statements = asArray(ast.statements);
  if (statements.length !== 1 || !isObj(statements[0]))
    return { ok: false, reason: 'The SQL is not exactly one statement.' };
  const facts = emptyFacts();
  const node = statements[0].node;
  if (isObj(node)) facts.outputs = outputNames(node);
  walkQuery(node, facts);
  return { ok: true, facts };
}

function emptyFacts(): SqlFacts {
  return {
    tables: new Set(),
    columns: new Set(),
    comparisons: [],
    aggregates: [],
    arithmetic: new Set(),
    windows: new Set(),
    groupBy: new Set(),
    orderings: [],
    limits: [],
    setOperations: [],
    dates: new Set(),
    outputs: [],
    labels: new Map(),
    countsWithinGroup: new Set(),
  };
}

/** The output names of a query: the first SELECT of a set operation names its columns. */
function outputNames(node: Obj): string[] {
  if (str(node.type) === 'SET_OPERATION_NODE') return isObj(node.left) ? outputNames(node.left) : [];
  return asArray(node.select_list).flatMap((e) => {
    if (!isObj(e)) return [''];
    if (str(e.alias)) return [str(e.alias).toLowerCase()];
    // "yearly.*" over a CTE of this query ("WITH yearly AS (...) SELECT year, yearly.*"): that CTE's own outputs.
    if (str(e.class) === 'STAR') {
      const from = isObj(node.from_table) ? str(node.from_table.table_name) : '';
      const cte = cteQuery(node, str(e.relation_name) || from);
      return cte ? outputNames(cte) : [''];
    }
    return [str(e.class) === 'COLUMN_REF' ? lastName(e) : ''];
  });
}

/** The query of a CTE the node defines, by name. */
function cteQuery(node: Obj, name: string): Obj | undefined {
  const map = isObj(node.cte_map) ? asArray(node.cte_map.map) : [];
  for (const entry of map) {
    if (!isObj(entry) || str(entry.key).toLowerCase() !== name.toLowerCase() || !isObj(entry.value)) continue;
    const query = entry.value.query;
    return isObj(query) && isObj(query.node) ? query.node : undefined;
  }
  return undefined;
}

const lastName = (ref: Obj) => {
  const names = asArray(ref.column_names).map(str);
  return (names[names.length - 1] ?? '').toLowerCase();
};

/** Combined inputs of a chain of the same set operation: A INTERSECT B INTERSECT C is three. */
function setInputs(node: Obj, kind: string): number {
  const side = (child: Json | undefined) =>
    isObj(child) && str(child.type) === 'SET_OPERATION_NODE' && str(child.setop_type) === kind
      ? setInputs(child, kind)
      : 1;
  return side(node.left) + side(node.right);
}

function walkQuery(node: Json | undefined, facts: SqlFacts, chained = false): void {
  if (!isObj(node)) return;
  // The query's own ORDER BY and LIMIT first, so the outermost ranking is the first one listed.
  for (const m of asArray(node.modifiers)) {
    if (!isObj(m)) continue;
    if (str(m.type) === 'ORDER_MODIFIER') {
      const keys: OrderKey[] = [];
      for (const o of asArray(m.orders)) {
        if (!isObj(o)) continue;
        keys.push({ target: describe(o.expression), descending: str(o.type) === 'DESCENDING' });
        walkExpression(o.expression, facts, { select: true });
      }
      if (keys.length) facts.orderings.push(keys);
    } else if (str(m.type) === 'LIMIT_MODIFIER') {
      const limit = constantOf(m.limit);
      if (typeof limit === 'number') facts.limits.push(limit);
    }
  }
  const cteMap = isObj(node.cte_map) ? asArray(node.cte_map.map) : [];
  for (const entry of cteMap) {
    const value = isObj(entry) && isObj(entry.value) ? entry.value : undefined;
    if (value && isObj(value.query)) walkQuery(value.query.node, facts);
  }
  const type = str(node.type);
  if (type === 'SET_OPERATION_NODE') {
    const kind = str(node.setop_type);
    if (!chained) facts.setOperations.push({ kind, inputs: setInputs(node, kind) });
    const sameKind = (child: Json | undefined) =>
      isObj(child) && str(child.type) === 'SET_OPERATION_NODE' && str(child.setop_type) === kind;
    walkQuery(node.left, facts, sameKind(node.left));
    walkQuery(node.right, facts, sameKind(node.right));
  } else if (type === 'SELECT_NODE') {
    walkTable(node.from_table, facts);
    for (const e of asArray(node.select_list)) {
      walkExpression(e, facts, { select: true });
      const label = isObj(e) && str(e.class) === 'CONSTANT' && isObj(e.value) ? e.value.value : undefined;
      if (isObj(e) && str(e.alias) && typeof label === 'string') {
        const name = str(e.alias).toLowerCase();
        facts.labels.set(name, (facts.labels.get(name) ?? new Set()).add(label));
      }
    }
    walkExpression(node.where_clause, facts, { condition: true });
    for (const e of asArray(node.group_expressions)) {
      for (const column of columnsIn(e)) facts.groupBy.add(column);
      walkExpression(e, facts);
    }
    walkExpression(node.having, facts, { condition: true });
    const grouped = new Set(columnsIn(node.group_expressions));
    for (const count of distinctCounts(node.having))
      if (grouped.has(count)) facts.countsWithinGroup.add(`count(distinct ${count})`);
    walkExpression(node.qualify, facts, { condition: true });
  }
}

function walkTable(ref: Json | undefined, facts: SqlFacts): void {
  if (!isObj(ref)) return;
  switch (str(ref.type)) {
    case 'BASE_TABLE':
      facts.tables.add(str(ref.table_name).toLowerCase());
      return;
    case 'JOIN':
      walkTable(ref.left, facts);
      walkTable(ref.right, facts);
      walkExpression(ref.condition, facts, { condition: true });
      return;
    case 'SUBQUERY':
      if (isObj(ref.subquery)) walkQuery(ref.subquery.node, facts);
      return;
    case 'EXPRESSION_LIST':
      for (const row of asArray(ref.values)) walkExpression(row, facts);
      return;
    default:
      return;
  }
}

const COMPARE: Record<string, ComparisonOp> = {
  COMPARE_EQUAL: '=',
  COMPARE_NOTEQUAL: '<>',
  COMPARE_GREATERTHAN: '>',
  COMPARE_GREATERTHANOREQUALTO: '>=',
  COMPARE_LESSTHAN: '<',
  COMPARE_LESSTHANOREQUALTO: '<=',
};
/** The same comparison read from the other side (`1000 <= x` is `x >= 1000`). */
const FLIPPED: Partial<Record<ComparisonOp, ComparisonOp>> = { '>': '<', '>=': '<=', '<': '>', '<=': '>=' };

/** A constant's value: strings, numbers (DECIMAL scaled), DATE 'x' as its date string; undefined otherwise. */
function constantOf(expr: Json | undefined): Constant | undefined {
  if (!isObj(expr)) return undefined;
  const cls = str(expr.class);
  if (cls === 'CAST' && isObj(expr.cast_type) && str(expr.cast_type.id) === 'DATE') {
    const inner = constantOf(expr.child);
    return typeof inner === 'string' ? inner : undefined;
  }
  if (cls !== 'CONSTANT' || !isObj(expr.value)) return undefined;
  const value = expr.value;
  if (value.is_null === true) return undefined;
  const raw = value.value;
  if (typeof raw === 'string') return raw;
  if (typeof raw !== 'number') return undefined;
  const typeInfo = isObj(value.type) && isObj(value.type.type_info) ? value.type.type_info : undefined;
  const scale = typeInfo && typeof typeInfo.scale === 'number' ? typeInfo.scale : 0;
  return raw / 10 ** scale;
}

const isDateCast = (expr: Json | undefined) =>
  isObj(expr) && str(expr.class) === 'CAST' && isObj(expr.cast_type) && str(expr.cast_type.id) === 'DATE';

/** Columns whose values an expression yields (the WHEN conditions of a CASE excluded). */
function valueColumns(expr: Json | undefined): string[] {
  if (Array.isArray(expr)) return expr.flatMap(valueColumns);
  if (!isObj(expr)) return [];
  if (str(expr.class) === 'COLUMN_REF') return [lastName(expr)];
  if (str(expr.class) === 'CASE')
    return [
      ...asArray(expr.case_checks).flatMap((c) => (isObj(c) ? valueColumns(c.then_expr) : [])),
      ...valueColumns(expr.else_expr),
    ];
  if (str(expr.class) === 'SUBQUERY') return [];
  return Object.entries(expr).flatMap(([key, value]) =>
    key === 'class' || key === 'type' || typeof value !== 'object' ? [] : valueColumns(value),
  );
}

/** Every column an expression names. */
function columnsIn(expr: Json | undefined): string[] {
  if (Array.isArray(expr)) return expr.flatMap(columnsIn);
  if (!isObj(expr)) return [];
  if (str(expr.class) === 'COLUMN_REF') return [lastName(expr)];
  return Object.entries(expr).flatMap(([key, value]) =>
    key === 'class' || key === 'type' || typeof value !== 'object' ? [] : columnsIn(value),
  );
}

/** The columns counted with COUNT(DISTINCT ...) in an expression. */
function distinctCounts(expr: Json | undefined): string[] {
  if (Array.isArray(expr)) return expr.flatMap(distinctCounts);
  if (!isObj(expr)) return [];
  const children = asArray(expr.children);
  if (
    str(expr.class) === 'FUNCTION' &&
    str(expr.function_name).toLowerCase() === 'count' &&
    expr.distinct === true
  )
    return isObj(children[0]) && str(children[0].class) === 'COLUMN_REF' ? [lastName(children[0])] : [];
  return Object.entries(expr).flatMap(([key, value]) =>
    key === 'class' || key === 'type' || typeof value !== 'object' ? [] : distinctCounts(value),
  );
}

// PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) parses as DuckDB's quantile_cont.
const AGGREGATES = new Set([
  'sum',
  'count',
  'count_star',
  'avg',
  'min',
  'max',
  'string_agg',
  'median',
  'quantile_cont',
  'percentile_cont',
]);

/** What a comparison compares: a column, an aggregate of one, a month, or "". */
function describe(expr: Json | undefined): string {
  if (!isObj(expr)) return '';
  const cls = str(expr.class);
  if (cls === 'COLUMN_REF') return lastName(expr);
  if (cls === 'FUNCTION') {
    const fn = str(expr.function_name).toLowerCase();
    const children = asArray(expr.children);
    if (fn === 'count_star') return 'count(*)';
    if (fn === 'date_part' || fn === 'extract') {
      const part = constantOf(children[0]);
      return `${String(part ?? '').toLowerCase()}(${describe(children[1])})`;
    }
    if (AGGREGATES.has(fn) && children.length >= 1) {
      const inner = describe(children[0]);
      return inner ? `${fn}(${expr.distinct === true ? 'distinct ' : ''}${inner})` : `${fn}()`;
    }
    if (fn === 'coalesce' || fn === 'nullif') return describe(children[0]);
  }
  if (cls === 'CAST') return describe(expr.child);
  return '';
}

function compare(facts: SqlFacts, left: Json | undefined, op: ComparisonOp, right: Json[]): void {
  const leftValue = constantOf(left);
  if (leftValue !== undefined && right.length === 1 && constantOf(right[0]) === undefined) {
    // A constant on the left: read it from the column's side.
    compare(facts, right[0], FLIPPED[op] ?? op, [left as Json]);
    return;
  }
  const values = right.map(constantOf).filter((v): v is Constant => v !== undefined);
  const comparison: Comparison = { target: describe(left), op, values };
  if (values.length < right.length && right.length === 1) comparison.other = describe(right[0]);
  facts.comparisons.push(comparison);
}

function subqueryFacts(expr: Obj): SqlFacts {
  const inner = emptyFacts();
  if (isObj(expr.subquery)) walkQuery(expr.subquery.node, inner);
  return inner;
}

/** Adds what a subquery does to the statement's facts, keeping its own facts for the comparison that uses it. */
function mergeInto(facts: SqlFacts, inner: SqlFacts): void {
  for (const t of inner.tables) facts.tables.add(t);
  for (const c of inner.columns) facts.columns.add(c);
  for (const c of inner.groupBy) facts.groupBy.add(c);
  for (const d of inner.dates) facts.dates.add(d);
  for (const a of inner.arithmetic) facts.arithmetic.add(a);
  for (const w of inner.windows) facts.windows.add(w);
  for (const c of inner.countsWithinGroup) facts.countsWithinGroup.add(c);
  facts.comparisons.push(...inner.comparisons);
  facts.aggregates.push(...inner.aggregates);
  facts.orderings.push(...inner.orderings);
  facts.limits.push(...inner.limits);
  facts.setOperations.push(...inner.setOperations);
}

function subquery(facts: SqlFacts, expr: Obj, negated: boolean): void {
  const inner = subqueryFacts(expr);
  mergeInto(facts, inner);
  const kind = str(expr.subquery_type);
  if (kind === 'ANY') {
    facts.comparisons.push({
      target: describe(expr.child),
      op: negated ? 'not in subquery' : 'in subquery',
      values: [],
      subquery: inner,
    });
    walkExpression(expr.child, facts);
  } else if (kind === 'EXISTS') {
    facts.comparisons.push({
      target: '',
      op: negated ? 'not exists' : 'exists',
      values: [],
      subquery: inner,
    });
  }
}

interface WalkOptions {
  /** Inside a select list (or ORDER BY): arithmetic there is part of what is computed. */
  select?: boolean;
  /** Directly under a WHERE / ON / HAVING conjunction: a bare boolean column is a filter. */
  condition?: boolean;
}

function walkExpression(expr: Json | undefined, facts: SqlFacts, options: WalkOptions = {}): void {
  if (Array.isArray(expr)) {
    for (const e of expr) walkExpression(e, facts, options);
    return;
  }
  if (!isObj(expr)) return;
  const cls = str(expr.class);
  const type = str(expr.type);
  const children = asArray(expr.children);
  const select = { select: options.select ?? false };
  if (isDateCast(expr)) {
    const d = constantOf(expr);
    if (typeof d === 'string') facts.dates.add(d);
    return;
  }
  switch (cls) {
    case 'COLUMN_REF':
      facts.columns.add(lastName(expr));
      if (options.condition) facts.comparisons.push({ target: lastName(expr), op: 'true', values: [] });
      return;
    case 'CONJUNCTION':
      for (const c of children) walkExpression(c, facts, { ...select, condition: true });
      return;
    case 'COMPARISON': {
      const op = COMPARE[type];
      if (op) compare(facts, expr.left, op, [expr.right as Json]);
      walkExpression(expr.left, facts, select);
      walkExpression(expr.right, facts, select);
      return;
    }
    case 'BETWEEN':
      compare(facts, expr.input, 'between', [expr.lower as Json, expr.upper as Json]);
      walkExpression([expr.input as Json, expr.lower as Json, expr.upper as Json], facts, select);
      return;
    case 'SUBQUERY':
      subquery(facts, expr, false);
      return;
    case 'OPERATOR': {
      if (type === 'COMPARE_IN' || type === 'COMPARE_NOT_IN') {
        compare(facts, children[0], type === 'COMPARE_IN' ? 'in' : 'not in', children.slice(1));
      } else if (type === 'OPERATOR_IS_NULL' || type === 'OPERATOR_IS_NOT_NULL') {
        compare(facts, children[0], type === 'OPERATOR_IS_NULL' ? 'is null' : 'is not null', []);
      } else if (type === 'OPERATOR_NOT' && isObj(children[0]) && str(children[0].class) === 'SUBQUERY') {
        subquery(facts, children[0], true);
        return;
      } else if (type === 'OPERATOR_COALESCE' && options.condition) {
        // COALESCE(condition, FALSE): the condition, with NULL read as false.
        walkExpression(children[0], facts, { ...select, condition: true });
        walkExpression(children.slice(1), facts, select);
        return;
      } else if (type === 'OPERATOR_NOT') {
        facts.comparisons.push({ target: '', op: 'not', values: [] });
        walkExpression(children, facts, { ...select, condition: true });
        return;
      }
      walkExpression(children, facts, select);
      return;
    }
    case 'CASE':
      for (const check of asArray(expr.case_checks)) {
        if (!isObj(check)) continue;
        walkExpression(check.when_expr, facts, { ...select, condition: true });
        walkExpression(check.then_expr, facts, select);
      }
      walkExpression(expr.else_expr, facts, select);
      return;
    case 'WINDOW':
      facts.windows.add(str(expr.function_name).toLowerCase());
      walkExpression([...children, ...asArray(expr.partitions)], facts, select);
      for (const o of asArray(expr.orders)) if (isObj(o)) walkExpression(o.expression, facts, select);
      return;
    case 'FUNCTION': {
      const fn = str(expr.function_name).toLowerCase();
      if (fn === '~~' || fn === '!~~') {
        compare(facts, children[0], fn === '~~' ? 'like' : 'not like', children.slice(1));
      } else if (AGGREGATES.has(fn)) {
        facts.aggregates.push({ fn, distinct: expr.distinct === true, columns: valueColumns(children) });
      } else if (expr.is_operator === true && options.select && ['/', '-', '*', '+'].includes(fn)) {
        // Dividing by a constant scales (ROUND(x * 100) / 100.0); only a division by a figure makes a share.
        if (fn !== '/' || constantOf(children[1]) === undefined) facts.arithmetic.add(fn);
      }
      walkExpression(children, facts, select);
      return;
    }
    default:
      for (const [key, value] of Object.entries(expr)) {
        if (key === 'class' || key === 'type' || key === 'alias') continue;
        if (typeof value === 'object' && value !== null) walkExpression(value, facts, select);
      }
  }
}
