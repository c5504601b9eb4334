/**
 * Execution-accuracy comparison for the golden question set: does a predicted result set hold the same
 * answer as the gold one? Column names and order are ignored; row order is ignored; numbers match within a
 * tolerance that allows rounding to two decimals, and a gold figure written to one decimal (87.6) matches a
 * prediction that rounds to it (87.63): held-out sets written for publication round their shares so. A prediction may carry extra columns (an analyst
 * answer often adds context such as a share next to a count), but every gold column must be found in it,
 * row for row, and the row count must be equal. A gold code column (`la_code`) that only identifies the rows of
 * another gold column one to one (`la_name`) need not be repeated: the name answers the question.
 *
 * One more form holds the same answer: a comparison of a few dates ("coverage in Jan 2024 vs now") that the gold
 * lists as a row per date may be answered as one row with a column per date (`coverage_2024_01_pct`,
 * `coverage_2026_11_pct`, often with the change beside them). It matches when, for every gold row and every gold
 * figure, a predicted column named for that row's date (year-month, year or quarter) holds that figure.
 *
 * And a place with none is the same answer listed at 0 or left out ("premises with 3+ altnets by region": Northern
 * Ireland's row of 0): when the row counts differ, the longer table's rows of places the other leaves out that hold a
 * 0 are set aside.
 */
export type Cell = string | number | boolean | null;
export interface ResultTable {
  columns: string[];
  rows: Cell[][];
  /** Gold only: its SQL rounds figures to one decimal (ROUND(x, 1)), so its whole numbers may be rounded too. */
  roundedToOneDecimal?: boolean;
}

const RELATIVE_TOLERANCE = 1e-5;

/** A number with exactly one decimal digit (87.6, not 87 nor 87.63). */
const oneDecimal = (value: number) =>
  !Number.isInteger(value) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
const ABSOLUTE_TOLERANCE = 0.006;
/** A gold figure to one decimal is within 0.05 of the truth, a prediction to two within 0.005. */
const ONE_DECIMAL_TOLERANCE = 0.05 + ABSOLUTE_TOLERANCE;

function asNumber(value: Cell): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(value.trim())) {
    return Number(value);
  }
  return null;
}

export function cellsMatch(predicted: Cell, gold: Cell, goldToOneDecimal = false): boolean {
  if (gold === null || predicted === null) return gold === predicted;
  const g = asNumber(gold);
  const p = asNumber(predicted);
  if (g !== null && p !== null) {
    if (Math.abs(g - p) <= Math.max(RELATIVE_TOLERANCE * Math.abs(g), ABSOLUTE_TOLERANCE)) return true;
    // A gold figure written to one decimal (a share "for publication", 87.6) is the same figure as 87.63: the true
    // value is within 0.05 of the gold and within 0.005 of a prediction rounded to two decimals.
    return (goldToOneDecimal || oneDecimal(g)) && Math.abs(p - g) <= ONE_DECIMAL_TOLERANCE;
  }
  return label(predicted) === label(gold);
}

/**
 * The row of the whole UK is one row whatever it is called ("United Kingdom", "UK", "UK total"): the label a gold
 * query gives it is its author's choice, not part of the answer.
 */
const WHOLE_UK = new Set([
  'uk',
  'united kingdom',
  'uk total',
  'total uk',
  'uk as a whole',
  'uk overall',
  'all uk',
]);

function label(cell: Cell): string {
  const text = String(cell).trim().toLowerCase();
  return WHOLE_UK.has(text) ? 'united kingdom' : text;
}

/** Numbers before strings; numbers by value (not by a rounded key, which would leave near-equal values in
 * whatever order each side listed them), strings case-insensitively. Rounding keeps order, so each predicted
 * value then lines up with its gold value. */
function compareCells(a: Cell, b: Cell): number {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x - y;
  if (x !== null) return -1;
  if (y !== null) return 1;
  const s = label(a);
  const t = label(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/** Multiset equality of two columns (values compared with tolerance, after sorting). */
function columnsMatch(predicted: Cell[], gold: Cell[], goldRounded = false): boolean {
  if (predicted.length !== gold.length) return false;
  const p = [...predicted].sort(compareCells);
  const g = [...gold].sort(compareCells);
  const rounded = toOneDecimal(gold, goldRounded);
  return g.every((value, i) => cellsMatch(p[i] as Cell, value, rounded));
}

/**
 * A gold column written to one decimal: some value has one decimal digit and none has more (91.0 prints as 91,
 * so its whole numbers are rounded too).
 */
function toOneDecimal(column: Cell[], roundedSql = false): boolean {
  const numbers = column.map(asNumber);
  if (numbers.some((n) => n === null)) return false;
  return (
    (roundedSql || numbers.some((n) => oneDecimal(n as number))) &&
    numbers.every((n) => Math.abs((n as number) * 10 - Math.round((n as number) * 10)) < 1e-9)
  );
}

/** Row-multiset equality of gold rows and predicted rows projected through `mapping` (gold col -> pred col). */
function rowsMatch(predicted: Cell[][], gold: Cell[][], mapping: number[], goldRounded = false): boolean {
  const remaining = predicted.map((row) => mapping.map((c) => row[c] as Cell));
  const rounded = mapping.map((_, i) =>
    toOneDecimal(
      gold.map((row) => row[i] as Cell),
      goldRounded,
    ),
  );
  for (const goldRow of gold) {
    const index = remaining.findIndex((row) =>
      row.every((cell, i) => cellsMatch(cell, goldRow[i] as Cell, rounded[i])),
    );
    if (index < 0) return false;
    remaining.splice(index, 1);
  }
  return true;
}

export interface Comparison {
  match: boolean;
  reason: string;
}

/** Whether gold column `c` (a code) and some other gold column determine each other row for row. */
function isTwinCode(gold: ResultTable, c: number): boolean {
  if (!/_code$/i.test(gold.columns[c] ?? '')) return false;
  return gold.columns.some((_, other) => {
    if (other === c) return false;
    const forward = new Map<string, string>();
    const backward = new Map<string, string>();
    return gold.rows.every((row) => {
      const code = String(row[c]);
      const name = String(row[other]);
      if ((forward.get(code) ?? name) !== name || (backward.get(name) ?? code) !== code) return false;
      forward.set(code, name);
      backward.set(name, code);
      return true;
    });
  });
}

/** The name token a column of one date carries: '2024_01' for a month's date, '2024' for a year, '2025q3'. */
function dateToken(value: Cell): string | null {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  const month = text.match(/^(\d{4})-(\d{2})(?:-\d{2})?(?:[t ].*)?$/);
  if (month) return `${month[1]}_${month[2]}`;
  const quarter = text.match(/^(\d{4})[ _-]?(q[1-4])$/);
  if (quarter) return `${quarter[1]}${quarter[2]}`;
  return /^20[1-4]\d$/.test(text) ? text : null;
}

/** A gold row per date matched by one predicted row with a column per date (see the header). */
function wideFormMatch(predicted: ResultTable, gold: ResultTable): boolean {
  if (predicted.rows.length !== 1 || gold.rows.length < 2 || gold.rows.length > 6) return false;
  const key = gold.columns.findIndex((_, c) => gold.rows.every((row) => dateToken(row[c] as Cell) !== null));
  if (key < 0) return false;
  const figures = gold.columns.flatMap((_, c) =>
    c !== key && gold.rows.every((row) => asNumber(row[c] as Cell) !== null) ? [c] : [],
  );
  if (!figures.length || figures.length !== gold.columns.length - 1) return false;
  const row = predicted.rows[0] as Cell[];
  const names = predicted.columns.map((name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_'));
  const used = new Set<number>();
  return gold.rows.every((goldRow) => {
    const token = dateToken(goldRow[key] as Cell) as string;
    return figures.every((f) => {
      const at = names.findIndex(
        (name, c) =>
          !used.has(c) &&
          new RegExp(`(?:^|_)${token}(?:_|$)`).test(name) &&
          cellsMatch(row[c] as Cell, goldRow[f] as Cell),
      );
      if (at < 0) return false;
      used.add(at);
      return true;
    });
  });
}

/** The text cells of a row: what names it (a place, a network). */
const labelsOf = (row: Cell[]) =>
  row.filter((v): v is string => typeof v === 'string' && asNumber(v) === null);

/**
 * The longer table without its rows of a place the shorter one leaves out and that hold a 0 (a place with none;
 * beside it may stand context such as the place's total premises).
 */
function withoutPlacesOfNone(longer: ResultTable, shorter: ResultTable): ResultTable {
  const named = new Set(shorter.rows.flatMap(labelsOf));
  return {
    columns: longer.columns,
    rows: longer.rows.filter((row) => {
      const labels = labelsOf(row);
      const none = row.some((v) => asNumber(v) === 0);
      return !(labels.length > 0 && none && labels.every((l) => !named.has(l)));
    }),
  };
}

export function compareResults(predicted: ResultTable, wholeGold: ResultTable): Comparison {
  // Before any row is set aside as a place of none (a UK row's gap to itself is 0).
  if (rowPerPlaceMatch(predicted, wholeGold)) return { match: true, reason: 'match (a row per place)' };
  if (predicted.rows.length > wholeGold.rows.length) {
    const p = withoutPlacesOfNone(predicted, wholeGold);
    if (p.rows.length === wholeGold.rows.length) return compareTables(p, wholeGold);
  } else if (predicted.rows.length < wholeGold.rows.length) {
    const g = withoutPlacesOfNone(wholeGold, predicted);
    if (g.rows.length === predicted.rows.length)
      return compareTables(predicted, { ...g, roundedToOneDecimal: wholeGold.roundedToOneDecimal });
  }
  return compareTables(predicted, wholeGold);
}

/**
 * Places set side by side answered as a row each ("North East vs the UK": a row for the North East and one for the
 * UK) against a gold of one row with a column per place: every gold figure is one predicted figure, each used once,
 * and one predicted column holds the same figure for two or more places.
 */
function rowPerPlaceMatch(predicted: ResultTable, gold: ResultTable): boolean {
  if (gold.rows.length !== 1 || predicted.rows.length < 2 || predicted.rows.length > 6) return false;
  if (!predicted.rows.every((row) => labelsOf(row).length > 0)) return false;
  const figures = (gold.rows[0] ?? []).filter((v) => asNumber(v) !== null);
  if (figures.length < 2) return false;
  const used = new Set<string>();
  const columnsUsed = new Map<number, number>();
  for (const figure of figures) {
    let found = false;
    for (const [r, row] of predicted.rows.entries()) {
      for (const [c, cell] of row.entries()) {
        const key = `${r}:${c}`;
        if (used.has(key) || asNumber(cell) === null || !cellsMatch(cell, figure, gold.roundedToOneDecimal))
          continue;
        used.add(key);
        columnsUsed.set(c, (columnsUsed.get(c) ?? 0) + 1);
        found = true;
        break;
      }
      if (found) break;
    }
    if (!found) return false;
  }
  return [...columnsUsed.values()].some((n) => n >= 2);
}

function compareTables(predicted: ResultTable, wholeGold: ResultTable): Comparison {
  if (wideFormMatch(predicted, wholeGold)) return { match: true, reason: 'match (a column per date)' };
  if (rowPerPlaceMatch(predicted, wholeGold)) return { match: true, reason: 'match (a row per place)' };
  const predictedValues = predicted.columns.map((_, c) => predicted.rows.map((row) => row[c] as Cell));
  const kept = wholeGold.columns.flatMap((_, c) => {
    const values = wholeGold.rows.map((row) => row[c] as Cell);
    const held = predictedValues.some((p) => columnsMatch(p, values, wholeGold.roundedToOneDecimal));
    return held || !isTwinCode(wholeGold, c) ? [c] : [];
  });
  const gold: ResultTable = {
    columns: kept.map((c) => wholeGold.columns[c] ?? ''),
    rows: wholeGold.rows.map((row) => kept.map((c) => row[c] as Cell)),
  };
  if (predicted.rows.length !== gold.rows.length) {
    return { match: false, reason: `row count ${predicted.rows.length} != gold ${gold.rows.length}` };
  }
  const goldColumns = gold.columns.map((_, c) => gold.rows.map((row) => row[c] as Cell));
  const predictedColumns = predicted.columns.map((_, c) => predicted.rows.map((row) => row[c] as Cell));
  const candidates = goldColumns.map((goldColumn) =>
    predictedColumns.flatMap((predictedColumn, c) =>
      columnsMatch(predictedColumn, goldColumn, wholeGold.roundedToOneDecimal) ? [c] : [],
    ),
  );
  const missing = candidates.findIndex((list) => list.length === 0);
  if (missing >= 0) {
    return {
      match: false,
      reason: `no predicted column holds the values of gold column '${gold.columns[missing]}'`,
    };
  }
  // Try every injective assignment of gold columns to candidate predicted columns (tiny search spaces).
  const assign = (i: number, used: Set<number>, mapping: number[]): boolean => {
    if (i === candidates.length)
      return rowsMatch(predicted.rows, gold.rows, mapping, wholeGold.roundedToOneDecimal);
    for (const c of candidates[i] ?? []) {
      if (used.has(c)) continue;
      used.add(c);
      mapping.push(c);
      if (assign(i + 1, used, mapping)) return true;
      mapping.pop();
      used.delete(c);
    }
    return false;
  };
  return assign(0, new Set(), [])
    ? { match: true, reason: 'match' }
    : { match: false, reason: 'columns match one by one but not row by row' };
}
