/**
 * The plan schema in the two forms a language model needs: a strict structured-output schema (every field
 * required, an absent field written as null, no open-ended maps) and the grammar rendered as text for the
 * system prompt, field by field from the schema's own descriptions, so the prompt cannot drift from the schema.
 */
import { z } from 'zod';
import { MEASURE_MEANINGS, planSchema } from './plan-schema.js';

type Schema = z.ZodType;

function typeOf(schema: Schema): string {
  return schema.def.type;
}

function unwrapOptional(schema: Schema): { inner: Schema; optional: boolean } {
  if (schema instanceof z.ZodOptional) return { inner: schema.unwrap() as Schema, optional: true };
  return { inner: schema, optional: false };
}

const describe = <T extends Schema>(schema: T, description: string | undefined): T =>
  description ? (schema.describe(description) as T) : schema;

/**
 * Strict structured-output form: optional fields become required and nullable; maps (records) are left out,
 * since strict modes accept only closed objects.
 */
export function strictSchema(schema: Schema): Schema {
  const { inner, optional } = unwrapOptional(schema);
  let strict: Schema = inner;
  if (inner instanceof z.ZodObject) {
    const shape: Record<string, Schema> = {};
    for (const [key, field] of Object.entries(inner.shape as Record<string, Schema>)) {
      if (typeOf(unwrapOptional(field).inner) === 'record') continue;
      shape[key] = strictSchema(field);
    }
    strict = describe(z.object(shape), inner.description);
  } else if (inner instanceof z.ZodArray) {
    strict = describe(z.array(strictSchema(inner.element as Schema)), inner.description);
  }
  return optional ? describe(strict.nullable(), schema.description ?? inner.description) : strict;
}

/** The plan as the language model writes it. */
export const llmPlanSchema = strictSchema(planSchema);

function valueType(schema: Schema): string {
  if (schema instanceof z.ZodEnum)
    return (schema.options as string[]).map((o) => JSON.stringify(o)).join(' | ');
  if (schema instanceof z.ZodArray) return `[${valueType(schema.element as Schema)}]`;
  if (schema instanceof z.ZodRecord) return '{name: value}';
  return typeOf(schema);
}

function grammarLines(schema: Schema, path: string, lines: string[]): void {
  const { inner, optional } = unwrapOptional(schema);
  const description = schema.description ?? inner.description;
  if (inner instanceof z.ZodObject) {
    if (path) lines.push(`- ${path}${optional ? ' (or null)' : ''}: object. ${description ?? ''}`.trimEnd());
    for (const [key, field] of Object.entries(inner.shape as Record<string, Schema>)) {
      if (typeOf(unwrapOptional(field).inner) === 'record') continue;
      grammarLines(field, path ? `${path}.${key}` : key, lines);
    }
    return;
  }
  const type = path === 'measure' ? 'one of the measures below' : valueType(inner);
  lines.push(`- ${path}: ${type}${optional ? ' or null' : ''}${description ? `. ${description}` : ''}`);
}

/** The plan's grammar as markdown for the system prompt. */
export function renderPlanGrammar(): string {
  const lines: string[] = [];
  grammarLines(planSchema, '', lines);
  const measures = Object.entries(MEASURE_MEANINGS).map(([name, meaning]) => `- ${name}: ${meaning}`);
  return [...lines, '', 'Measures:', ...measures].join('\n');
}
