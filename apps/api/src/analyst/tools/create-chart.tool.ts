import { z } from 'zod';
import { chartTypeFor } from '../visuals/chart-picker.js';
import { buildChartSpec, CHART_TYPES, downloadData, type SeriesInput } from '../visuals/echarts-spec.js';
import { dimensionLabel, measureLabel, measureTitle } from '../visuals/labels.js';
import {
  categoryText,
  findColumn,
  guessCategoryColumn,
  inlineRowsSchema,
  isNumericColumn,
  loadTable,
  type Table,
} from './tabular-data.js';
import { defineTool, toolError } from './tool-types.js';
import { toNumber } from './warehouse-sql.js';

const MAX_SERIES = 12;
const MAX_CATEGORIES = 1_000;
const MAX_PIE_SLICES = 30;

export const CHART_SHOWN_NOTE =
  'The chart is shown to the user with this tool result; describe what it shows, do not repeat its URL.';

export const createChartTool = defineTool({
  name: 'create_chart',
  title: 'Create a chart',
  description:
    'Draw a bar, line, pie or stacked-bar chart from a read-only SQL query (preferred) or from given rows, and ' +
    'show it to the user. x is the category column (default: the first text or date column), y the measure ' +
    'column(s) (default: the numeric columns). For long data (one row per category and series) name the series ' +
    'column. Use line for time series, bar for rankings and comparisons, stacked for parts of a whole.',
  inputSchema: z.object({
    title: z.string().min(1).max(200),
    chart_type: z.enum(CHART_TYPES).default('bar'),
    sql: z
      .string()
      .min(1)
      .max(20_000)
      .optional()
      .describe('One SELECT/WITH query returning the rows to draw'),
    data: inlineRowsSchema.optional(),
    x: z.string().max(100).optional().describe('Category column'),
    y: z
      .union([z.string().max(100), z.array(z.string().max(100)).max(MAX_SERIES)])
      .optional()
      .describe('Measure column(s)'),
    series: z.string().max(100).optional().describe('Column whose values become separate series'),
    y_label: z.string().max(100).optional(),
  }),
  async execute(input, context) {
    const loaded = await loadTable(context, input);
    if (!loaded.ok) return toolError(loaded.error);
    const table = loaded.table;
    const built = chartData(table, input, input.title);
    if ('error' in built) return toolError(built.error, { columns: table.columns });
    // The chart picker's rules: a line only over time, a pie only with a few slices; otherwise bars, saying why.
    const { type, note: fallback } = chartTypeFor(input.chart_type, {
      xColumn: built.xColumn,
      xValues: built.categories,
      categories: built.categories.length,
    });
    const saved = await context.charts.save({
      kind: 'chart',
      title: input.title,
      spec: buildChartSpec({
        type,
        title: input.title,
        categories: built.categories,
        series: built.series,
        xLabel: built.xLabel,
        yLabel: input.y_label ?? built.yLabel,
        // Tooltips in en-GB with the measure's unit, and the rows drawn for the page's CSV download.
        ...(built.format ? { format: built.format } : {}),
        ...downloadData(table.columns, table.rows),
      }) as unknown as Record<string, unknown>,
    });
    return {
      ...saved,
      chart_type: type,
      ...(fallback ? { requested_chart_type: input.chart_type, chart_type_note: fallback } : {}),
      categories: built.categories.length,
      series: built.series.map((s) => s.name),
      truncated: table.truncated || built.truncated,
      note: CHART_SHOWN_NOTE,
    };
  },
});

export function chartData(
  table: Table,
  input: {
    chart_type: string;
    x?: string | undefined;
    y?: string | string[] | undefined;
    series?: string | undefined;
  },
  /** The chart's title: names the subject a generic measure column leaves out. */
  context = '',
):
  | {
      categories: string[];
      series: SeriesInput[];
      /** The category column's name (for the chart picker). */
      xColumn: string;
      xLabel: string;
      yLabel: string;
      /** One measure drawn: its name and unit, for the page's tooltips. */
      format?: { measure: string; unit: string; decimals?: number };
      truncated: boolean;
    }
  | { error: string } {
  const xIndex = input.x ? findColumn(table, input.x) : guessCategoryColumn(table);
  if (xIndex < 0) return { error: `Unknown x column '${input.x}'.` };
  const seriesIndex = input.series ? findColumn(table, input.series) : -1;
  if (input.series && seriesIndex < 0) return { error: `Unknown series column '${input.series}'.` };
  const requested = input.y === undefined ? [] : Array.isArray(input.y) ? input.y : [input.y];
  let yIndexes = requested.map((name) => findColumn(table, name));
  const missing = requested.filter((_, i) => yIndexes[i]! < 0);
  if (missing.length) return { error: `Unknown y column(s): ${missing.join(', ')}.` };
  if (yIndexes.length === 0) {
    yIndexes = table.columns
      .map((_, i) => i)
      .filter((i) => i !== xIndex && i !== seriesIndex && isNumericColumn(table, i));
  }
  if (yIndexes.length === 0) return { error: 'No numeric column to draw: name the y column.' };
  if (input.chart_type === 'pie' || seriesIndex >= 0) yIndexes = yIndexes.slice(0, 1);
  yIndexes = yIndexes.slice(0, MAX_SERIES);

  const limit = input.chart_type === 'pie' ? MAX_PIE_SLICES : MAX_CATEGORIES;
  const categories: string[] = [];
  const position = new Map<string, number>();
  let truncated = false;
  for (const row of table.rows) {
    const key = categoryText(row[xIndex]);
    if (position.has(key)) continue;
    if (categories.length >= limit) {
      truncated = true;
      continue;
    }
    position.set(key, categories.length);
    categories.push(key);
  }

  let series: SeriesInput[];
  if (seriesIndex >= 0) {
    const byName = new Map<string, (number | null)[]>();
    for (const row of table.rows) {
      const at = position.get(categoryText(row[xIndex]));
      if (at === undefined) continue;
      const name = categoryText(row[seriesIndex]);
      if (!byName.has(name)) {
        if (byName.size >= MAX_SERIES) {
          truncated = true;
          continue;
        }
        byName.set(name, new Array(categories.length).fill(null));
      }
      byName.get(name)![at] = toNumber(row[yIndexes[0]!]);
    }
    series = [...byName].map(([name, values]) => ({ name, values }));
  } else {
    series = yIndexes.map((index) => {
      const values: (number | null)[] = new Array(categories.length).fill(null);
      for (const row of table.rows) {
        const at = position.get(categoryText(row[xIndex]));
        if (at !== undefined && values[at] === null) values[at] = toNumber(row[index]);
      }
      return { name: measureLabel(table.columns[index]!, context).name, values };
    });
  }
  const measure = yIndexes.length === 1 ? measureLabel(table.columns[yIndexes[0]!]!, context) : undefined;
  return {
    categories,
    series,
    xColumn: table.columns[xIndex]!,
    xLabel: dimensionLabel(table.columns[xIndex]!),
    yLabel: measure ? measureTitle(measure) : '',
    ...(measure
      ? { format: { measure: measure.name, unit: measure.unit, ...(measure.percent ? { decimals: 1 } : {}) } }
      : {}),
    truncated,
  };
}
