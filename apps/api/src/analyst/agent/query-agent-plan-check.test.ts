import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureWarehouse, type FixtureWarehouse } from '../../../test/support/fixture-warehouse.js';
import { buildQuery } from '../compile/sql-builder.js';
import { loadAnalystKnowledge } from '../reading/builtin-analyst.js';
import type { Plan } from '../semantic/plan.js';
import { BuiltinPlanner } from './builtin-planner.js';
import type { Planner, PlannerDraft } from './planner.js';
import { createQueryAgent, type QueryAgent } from './query-agent.js';

const QUESTION = 'What share of premises in Leeds can get gigabit?';

const GIGABIT_IN_LEEDS: Plan = {
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { gigabit: true },
  geo: { column: 'la_name', values: ['Leeds'] },
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
};

let warehouse: FixtureWarehouse;
let builtin: BuiltinPlanner;
let agent: QueryAgent;

/** A planner whose SQL is its plan's compiled SQL without the place: a compiler that forgot a filter. */
function forgetfulPlanner(kind: Planner['kind']): Planner {
  const { geo: _place, ...withoutPlace } = GIGABIT_IN_LEEDS;
  const sql = buildQuery(withoutPlace, builtin.analyst.time).sql;
  const draft: PlannerDraft = {
    classification: {
      type: 'data_query',
      confidence: 0.92,
      reasoning: 'Gigabit coverage.',
      suggested_databases: ['upc'],
    },
    plan: structuredClone(GIGABIT_IN_LEEDS),
    built: { sql, columns: {}, steps: [] },
    sql,
    interpretation: 'Share of premises in Leeds where gigabit-capable broadband is available',
    notes: [],
  };
  return {
    kind,
    model: kind === 'llm' ? 'scripted' : 'builtin',
    draft: async () => structuredClone(draft),
    repair: async () => null,
    explain: async () => '',
    analyse: async () => '',
  };
}

beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
  builtin = new BuiltinPlanner(await loadAnalystKnowledge(warehouse));
  agent = createQueryAgent({ warehouse, builtin });
});
afterAll(() => warehouse.close());

describe('an answer whose SQL leaves out part of its plan', () => {
  it('is an error that says what was left out, and the SQL is not run', async () => {
    const answer = await agent.answer({ question: QUESTION, planner: forgetfulPlanner('builtin') });
    expect(answer.responseType).toBe('error');
    expect(answer.message).toBe('The SQL written for this reading leaves out the place ("Leeds").');
    expect(answer.result).toBeUndefined();
    expect(answer.classification.confidence).toBeLessThanOrEqual(0.2);
    const progress = answer.progress.map((p) => p.message);
    expect(progress).toContain('The SQL written for this reading leaves out the place ("Leeds").');
    expect(progress.some((m) => m.startsWith('Executing SQL query'))).toBe(false);
  });

  it('from a language model, is answered by the built-in analyst instead, saying why', async () => {
    const answer = await agent.answer({ question: QUESTION, planner: forgetfulPlanner('llm') });
    expect(answer.responseType).toBe('data_query');
    expect(answer.planner).toBe('builtin');
    expect(answer.sql).toMatch(/\b[uf]\.la_name IN \('Leeds'\)/); // upc_output or a place summary
    expect(answer.analysis).toContain('The SQL written for this reading leaves out the place ("Leeds")');
  });

  it('is answered when the SQL is the whole plan', async () => {
    const answer = await agent.answer({ question: QUESTION, planner: builtin });
    expect(answer.responseType).toBe('data_query');
    expect(answer.progress.map((p) => p.message).some((m) => m.includes('leaves out'))).toBe(false);
  });
});
