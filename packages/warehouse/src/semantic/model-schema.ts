/**
 * The shapes of the semantic model, declared once with zod: each `.describe()` is the documentation of its field,
 * and the TypeScript types are inferred from these schemas. The model's data (segments.ts, measures.ts,
 * dimensions.ts, datasets.ts) is checked against them by a test, and by `satisfies` when it is compiled.
 */
import { datasetSchema as datasetIdSchema } from '@qa/contracts';
import { z } from 'zod';

/**
 * A SQL fragment for each engine. Fragments are templates: `{f}.` stands for the alias of the table they are read
 * against (a fact_operator row, or postcode_service_latest for summary predicates), `{o}.` for the operators row
 * joined to it, and `{n}` for a segment's parameter (the N of "N+ full-fibre networks").
 */
export const engineSqlSchema = z
  .object({
    duckdb: z.string().describe('The fragment as DuckDB runs it'),
    postgres: z.string().describe('The fragment as PostgreSQL runs it (identical where the engines agree)'),
  })
  .describe('A SQL fragment on each engine');

export const segmentSchema = z
  .object({
    id: z.string().describe('Stable identifier, snake_case'),
    kind: z
      .enum(['technology', 'speed', 'network', 'competition', 'forecast'])
      .describe('What the filter is about'),
    label: z.string().describe('The term as said in prose (lower case unless a name): "gigabit-capable"'),
    title: z.string().describe('The term as a chart or column title: "Gigabit-capable"'),
    definition: z
      .string()
      .describe('The definition in words, as the data contract, the catalog and the narration state it'),
    meaning: z
      .string()
      .describe(
        'The definition in plain words, for answers to analysts ("what counts as gigabit-capable?"): no table or column names',
      ),
    dataset: datasetIdSchema.describe('The dataset the filter reads'),
    tech: z
      .string()
      .optional()
      .describe('For technologies: the value of fact_operator.tech (availability tables)'),
    takeUpTech: z
      .string()
      .optional()
      .describe('For technologies: the value of take_up_*.tech (the take-up spelling)'),
    threshold: z
      .object({
        down: z.number().optional().describe('Minimum download speed, Mbit/s'),
        up: z.number().optional().describe('Minimum upload speed, Mbit/s'),
      })
      .optional()
      .describe('Speed thresholds the definition uses'),
    negated: z
      .boolean()
      .optional()
      .describe(
        'The postcode qualifies when NO row meets `row` (below the USO); postcodes with no service at all qualify',
      ),
    parameter: z
      .object({ name: z.string(), default: z.number() })
      .optional()
      .describe('A number the predicates take as {n} ("2+ networks")'),
    sql: z
      .object({
        row: engineSqlSchema
          .optional()
          .describe(
            'Predicate on one fact_operator row ({f}); a postcode has the segment when any row meets it',
          ),
        postcode: engineSqlSchema
          .optional()
          .describe(
            'Predicate on the rows of one postcode, a HAVING clause over fact_operator {f} joined to operators {o}',
          ),
        summary: engineSqlSchema
          .optional()
          .describe('Predicate on the postcode_service_latest row {f} of a postcode (the fast form)'),
      })
      .describe('How the filter is written in SQL, at the levels it has'),
    needsOperators: z
      .boolean()
      .optional()
      .describe('The predicates read the operators table {o} (joined on operator)'),
    unit: z.string().optional().describe('The unit of its threshold or count'),
    phrases: z.array(z.string()).describe('The words analysts write for it (GLOSSARY.md), lower case'),
  })
  .describe('A named filter ("segment" in Cube): which postcodes, or which rows, count');

export const measureSchema = z
  .object({
    id: z.string().describe('Stable identifier, the plan measure'),
    label: z.string().describe('The measure in prose: "premises"'),
    title: z.string().describe('As a chart axis or column title: "Premises"'),
    unit: z
      .enum([
        'premises',
        'postcodes',
        'households',
        'business sites',
        'people',
        '%',
        'pp',
        'Mbit/s',
        'lines',
        'networks',
        'places',
        'score',
        'list',
        'date',
      ])
      .describe('What one of it counts, or the unit of its value'),
    datasets: z.array(datasetIdSchema).describe('The datasets it can be read from'),
    description: z.string().describe('What it computes, as the planner grammar states it'),
    phrases: z.array(z.string()).describe('The words analysts write for it, lower case'),
  })
  .describe('A measure: what is counted or computed');

export const dimensionSchema = z
  .object({
    id: z.string().describe('Stable identifier, the plan dimension (a column name where there is one)'),
    kind: z
      .enum(['place', 'class', 'network', 'technology', 'segment', 'time', 'count', 'band'])
      .describe('Its role'),
    column: z.string().optional().describe('The column it groups or filters by'),
    codeColumn: z.string().optional().describe('A code column that identifies the same place (la_code)'),
    table: z.string().optional().describe('Where the column lives'),
    label: z.string().describe('One of it in prose: "local authority"'),
    plural: z.string().describe('Several of it in prose: "local authorities"'),
    countColumn: z.string().optional().describe('Column name for "how many <plural>" answers'),
    rank: z
      .number()
      .optional()
      .describe(
        'For places: 1 = the largest level (nation) up to the unit postcode; each nests in the one before',
      ),
    wholeLocalAuthorities: z
      .boolean()
      .optional()
      .describe('For places made of whole local authorities (summaries per local authority can answer them)'),
    mappable: z.boolean().optional().describe('Places with boundaries the product can draw as a map'),
    example: z.string().optional().describe('A typical value'),
    months: z.array(z.number()).optional().describe('For time grains: the calendar months of the points'),
    phrases: z.array(z.string()).describe('The words analysts write for it, lower case'),
  })
  .describe('A dimension: something an answer is grouped or filtered by');

export const datasetSchema = z
  .object({
    id: datasetIdSchema,
    title: z.string().describe('As shown to people'),
    description: z.string().describe('What it holds'),
    grain: z.string().describe('One row (or one point) per ...'),
    tables: z.array(z.string()).describe('The contract tables of the dataset'),
    summaryTables: z
      .array(z.string())
      .describe('Tables the warehouse derives from the contract tables, for speed (same numbers)'),
    phrases: z.array(z.string()).describe('The words analysts write for it, lower case'),
  })
  .describe('A dataset of the query tool (available_databases)');

export type EngineSql = z.infer<typeof engineSqlSchema>;
export type SegmentDefinition = z.infer<typeof segmentSchema>;
export type MeasureDefinition = z.infer<typeof measureSchema>;
export type DimensionDefinition = z.infer<typeof dimensionSchema>;
export type DatasetDefinition = z.infer<typeof datasetSchema>;
