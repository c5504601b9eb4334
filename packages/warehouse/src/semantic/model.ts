/**
 * The semantic model: every term of the data contract, declared once as data (after Cube's data model and dbt
 * MetricFlow: named filters, measures, dimensions, datasets). The plan compiler, the fast paths, the narration and
 * column labels, the chart labels, the chat tools, the catalog the LLM reads, the calibration report and the
 * summary tables all read their definitions from here; none restates a predicate or a threshold.
 */
import type { EngineKind } from '../engine/types.js';
import { DATASET_LIST } from './datasets.js';
import { DIMENSION_LIST } from './dimensions.js';
import { MEASURE_LIST } from './measures.js';
import type { SegmentDefinition } from './model-schema.js';
import { SEGMENTS, type SegmentId, TECHNOLOGY_SEGMENTS, type Tech } from './segments.js';
import { renderSql } from './sql.js';

export const SEGMENT_LIST: readonly SegmentDefinition[] = Object.values(SEGMENTS);

export const semanticModel = {
  segments: SEGMENT_LIST,
  measures: MEASURE_LIST,
  dimensions: DIMENSION_LIST,
  datasets: DATASET_LIST,
} as const;

export type SemanticModel = typeof semanticModel;

export interface SegmentSqlOptions {
  /** Alias of the row's table (fact_operator, or postcode_service_latest for `summary`); default `f`. */
  alias?: string;
  /** Alias of the operators table joined on operator; default `o`. */
  operators?: string;
  /** The segment's parameter (N of "N+ networks"); default the segment's own. */
  n?: number;
  engine?: EngineKind;
}

/**
 * A segment's predicate at one level: `row` (one fact_operator row), `postcode` (a HAVING clause over one
 * postcode's rows) or `summary` (its postcode_service_latest row). Throws when the segment has no such form.
 */
export function segmentSql(
  id: SegmentId,
  level: 'row' | 'postcode' | 'summary',
  options: SegmentSqlOptions = {},
): string {
  const segment: SegmentDefinition = SEGMENTS[id];
  const fragment = segment.sql[level];
  if (!fragment) throw new Error(`The segment ${id} has no ${level}-level SQL`);
  return renderSql(fragment, {
    alias: options.alias ?? 'f',
    operators: options.operators ?? 'o',
    n: options.n ?? segment.parameter?.default,
    ...(options.engine ? { engine: options.engine } : {}),
  });
}

/** The row predicate of a technology (fact_operator.tech value): `f.tech = 'fttc'`. */
export function technologySql(tech: Tech, options: Omit<SegmentSqlOptions, 'n'> = {}): string {
  const segment = TECHNOLOGY_SEGMENTS.find((s) => s.tech === tech);
  if (!segment) throw new Error(`Unknown technology ${tech}`);
  return segmentSql(segment.id, 'row', options);
}

/** One term of the contract and its definition, as the catalog and docs/data-contract.md state it. */
export interface TermDefinition {
  id: string;
  term: string;
  definition: string;
}

/** The named filters as terms ("Gigabit-capable: fastest_down >= 1000, ..."), in the model's order. */
export function segmentTerms(): TermDefinition[] {
  return SEGMENT_LIST.filter((s) => s.kind !== 'technology' || s.id === 'full_fibre').map((s) => ({
    id: s.id,
    term: s.title,
    definition: s.definition,
  }));
}

/** A phrase of the model and what it names: the seed of the reader's lexicon. */
export interface ModelPhrase {
  phrase: string;
  kind: 'segment' | 'measure' | 'dimension' | 'dataset';
  id: string;
}

/** Every phrase of every term, lower case (a phrase may name several terms: "coverage"). */
/**
 * The named filters a text names by one of their phrases (whole words, any case), in the model's order: "what
 * counts as gigabit-capable?" names gigabit, so its answer can give the term's meaning.
 */
export function segmentsNamedIn(text: string): SegmentDefinition[] {
  const words = ` ${text.toLowerCase().replace(/[^a-z0-9+/-]+/g, ' ')} `;
  return SEGMENT_LIST.filter((s) => s.phrases.some((phrase) => words.includes(` ${phrase} `)));
}

export function modelPhrases(): ModelPhrase[] {
  const out: ModelPhrase[] = [];
  const add = (kind: ModelPhrase['kind'], id: string, phrases: readonly string[]) => {
    for (const phrase of phrases) out.push({ phrase: phrase.toLowerCase(), kind, id });
  };
  for (const s of SEGMENT_LIST) add('segment', s.id, s.phrases);
  for (const m of MEASURE_LIST) add('measure', m.id, m.phrases);
  for (const d of DIMENSION_LIST) add('dimension', d.id, d.phrases);
  for (const d of DATASET_LIST) add('dataset', d.id, d.phrases);
  return out;
}
