import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { questions } from '../../../../../eval/questions.js';
import { buildQuery } from '../compile/sql-builder.js';
import { accountFor } from '../reading/confidence.js';
import { testLexicon, testTime } from '../reading/test-fixtures.js';
import { understand } from '../reading/understand.js';
import type { Plan } from '../semantic/plan.js';
import { renderPlanGrammar } from '../semantic/plan-grammar.js';
import { samePlan } from './agreement.js';
import { checkPlan } from './check-plan.js';
import { draftOutputSchema } from './llm-planner.js';

const context = { lexicon: testLexicon, time: testTime, entities: [] };

const gigabitInLeeds = {
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { gigabit: true, tech: null },
  geo: { column: 'la_name', values: ['leeds'], label: null },
  time: { at: '2026-11-01' },
  dimension: null,
};

/** Objects in a JSON schema that a strict structured-output mode would refuse. */
function notStrict(schema: Record<string, unknown>, path = ''): string[] {
  const problems: string[] = [];
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties) {
    const required = (schema.required as string[] | undefined) ?? [];
    for (const key of Object.keys(properties)) {
      if (!required.includes(key)) problems.push(`${path}.${key} is optional`);
      problems.push(...notStrict(properties[key] ?? {}, `${path}.${key}`));
    }
    if (schema.additionalProperties !== false) problems.push(`${path} is open`);
  }
  for (const option of (schema.anyOf as Record<string, unknown>[] | undefined) ?? [])
    problems.push(...notStrict(option, path));
  if (schema.items) problems.push(...notStrict(schema.items as Record<string, unknown>, `${path}[]`));
  return problems;
}

describe('the semantic plan for the LLM planner', () => {
  it('is a strict structured-output schema: every field required, every object closed', () => {
    expect(notStrict(z.toJSONSchema(draftOutputSchema) as Record<string, unknown>)).toEqual([]);
  });

  it('renders the grammar for the prompt from the schema, with every measure', () => {
    const grammar = renderPlanGrammar();
    expect(grammar).toContain('- subject.minNetworks: number or null. At least this many distinct networks');
    expect(grammar).toContain('- change_pp: change in coverage between time.from and time.to');
    expect(grammar).not.toContain('groupTech');
  });

  it('accepts a valid plan, writing names as the data spells them and nulls as absent fields', () => {
    const check = checkPlan(gigabitInLeeds, context);
    expect(check).toEqual({
      ok: true,
      plan: {
        dataset: 'upc',
        measure: 'coverage_pct',
        subject: { gigabit: true },
        geo: { column: 'la_name', values: ['Leeds'] },
        time: { at: '2026-11-01' },
        notes: [],
        unknowns: [],
        assumptions: [],
      },
    });
  });

  it('resolves a county and a network alias through the lexicon', () => {
    const check = checkPlan(
      {
        ...gigabitInLeeds,
        subject: { operatorGroups: ['virgin'] },
        geo: { column: 'country', values: ['wales'] },
      },
      context,
    );
    expect(check.ok && [check.plan.subject.operatorGroups, check.plan.geo?.values]).toEqual([
      ['Virgin Media'],
      ['Wales'],
    ]);
  });

  it('keeps the name of a place that stands for several values as its label', () => {
    const check = checkPlan(
      { ...gigabitInLeeds, geo: { column: 'government_region', values: ['the Midlands'] } },
      context,
    );
    expect(check.ok && check.plan.geo).toEqual({
      column: 'government_region',
      values: ['East Midlands', 'West Midlands'],
      label: 'the Midlands',
    });
  });

  it('names what is wrong: unknown names, unsupported combinations, dates outside the data, bad fields', () => {
    const errors = (plan: unknown) => {
      const check = checkPlan(plan, context);
      return check.ok ? [] : check.errors;
    };
    expect(errors({ ...gigabitInLeeds, subject: { allGroups: ['Openreach', 'Starlink'] } })).toEqual([
      expect.stringMatching(/^unknown network "Starlink": use one of .*Openreach/),
    ]);
    expect(errors({ ...gigabitInLeeds, geo: { column: 'la_name', values: ['Atlantis'] } })).toEqual([
      expect.stringMatching(/^unknown la name "Atlantis"/),
    ]);
    expect(errors({ ...gigabitInLeeds, measure: 'change_pp' })).toEqual([
      'measure change_pp needs time.from and time.to',
    ]);
    expect(errors({ ...gigabitInLeeds, time: { at: '2027-01-01' } })).toEqual([
      'time.at 2027-01-01 is outside the data (2021-01-01 to 2026-11-01)',
    ]);
    expect(errors({ ...gigabitInLeeds, measure: 'lines' })).toEqual(['measure lines needs dataset take_up']);
    expect(errors({ ...gigabitInLeeds, measure: 'premises_count' })).toEqual([
      expect.stringMatching(/^measure: Invalid option/),
    ]);
  });

  it('reads a forecast plan as the built-in analyst does: the technology is implied', () => {
    const check = checkPlan(
      {
        dataset: 'upc_forecast',
        measure: 'premises',
        subject: { tech: 'fttponly' },
        time: { at: '2030-12-01' },
      },
      context,
    );
    expect(check.ok && check.plan.subject).toEqual({});
  });

  it('lowers the confidence of a plan that drops a condition of the question', () => {
    const check = checkPlan(gigabitInLeeds, context);
    if (!check.ok) throw new Error(check.errors.join('; '));
    const read = (question: string) =>
      accountFor(question, structuredClone(check.plan), testLexicon.find(question), testTime);
    const carried = read('Gigabit coverage in Leeds');
    expect(carried).toEqual({ confidence: 0.89, unknowns: [] });
    const dropped = read('Share of premises in Leeds where no network offers gigabit');
    expect(dropped.confidence).toBeLessThan(0.8);
    expect(dropped.unknowns.join(' ')).toMatch(/negation|not|no/);
  });
});

describe('the plans the built-in analyst reads', () => {
  it('compares plans by what they say, not by the reading’s notes', () => {
    const plan: Plan = {
      dataset: 'upc',
      measure: 'premises',
      subject: { tech: 'fttponly' },
      time: { at: '2026-11-01', phrase: 'now' },
      notes: ['time: now'],
      unknowns: [],
      assumptions: ['a default'],
    };
    const same: Plan = { ...plan, time: { at: '2026-11-01' }, notes: [], assumptions: [], flow: false };
    expect(samePlan(plan, same)).toBe(true);
    expect(samePlan(plan, { ...same, subject: { tech: 'fttponly', absent: true } })).toBe(false);
    expect(buildQuery(plan, testTime).sql).toBe(buildQuery(same, testTime).sql);
  });

  it('pass the check unchanged and compile to the same SQL, so a model writing them is understood alike', () => {
    const failures: string[] = [];
    let read = 0;
    for (const { question } of questions) {
      const reading = understand(question, testLexicon, testTime);
      if (reading.kind !== 'data') continue;
      read += 1;
      const { notes: _n, unknowns: _u, assumptions: _a, ...semantic } = reading.plan;
      const check = checkPlan(JSON.parse(JSON.stringify(semantic)), { ...context, entities: [] });
      if (!check.ok) failures.push(`${question}: ${check.errors.join('; ')}`);
      else if (
        !samePlan(check.plan, reading.plan) ||
        buildQuery(check.plan, testTime).sql !== buildQuery(reading.plan, testTime).sql
      )
        failures.push(`${question}: read differently`);
    }
    expect(read).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  });
});
