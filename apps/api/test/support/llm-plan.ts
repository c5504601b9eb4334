/**
 * A plan as a language model writes it under strict structured output: every field of the plan schema
 * present, null where the question does not need it. Tests give only the fields that matter.
 */
import { z } from 'zod';
import { llmPlanSchema } from '../../src/analyst/semantic/plan-grammar.js';

function filled(schema: z.ZodType, given: unknown): unknown {
  const inner = schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema;
  if (given === undefined || given === null) return null;
  if (inner instanceof z.ZodObject && typeof given === 'object') {
    const values = given as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(inner.shape as Record<string, z.ZodType>).map(([key, field]) => [
        key,
        field instanceof z.ZodNullable ? filled(field, values[key]) : filled(field, values[key] ?? {}),
      ]),
    );
  }
  return given;
}

export function llmPlan(plan: Record<string, unknown>): unknown {
  return filled(llmPlanSchema, plan);
}

/** The model's structured reply carrying a plan (the semantic query) rather than SQL. */
export function planDraft(plan: Record<string, unknown>, confidence = 0.8) {
  return {
    classification: {
      type: 'data_query',
      confidence,
      reasoning: 'Read as a plan.',
      suggested_databases: ['upc'],
    },
    plan: llmPlan(plan),
    sql: null,
    interpretation: '',
    explanation: '',
  };
}

/** "Which local authorities gained the most full fibre premises in the last 6 months?" on the fixture's dates. */
export const GROWTH_PLAN = {
  dataset: 'upc',
  measure: 'change_premises',
  subject: { tech: 'fttponly' },
  dimension: 'la_name',
  time: { from: '2026-05-01', to: '2026-11-01' },
  order: 'desc',
  limit: 10,
};
