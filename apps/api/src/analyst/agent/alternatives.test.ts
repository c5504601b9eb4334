import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureWarehouse, type FixtureWarehouse } from '../../../test/support/fixture-warehouse.js';
import { GROWTH_PLAN, planDraft } from '../../../test/support/llm-plan.js';
import { jsonStep, scriptedModel } from '../../../test/support/scripted-model.js';
import { loadAnalystKnowledge } from '../reading/builtin-analyst.js';
import { MAX_ALTERNATIVES } from '../reading/reading-types.js';
import type { Plan } from '../semantic/plan.js';
import { alternativesAfterChoosing, distinctAlternatives } from './alternatives.js';
import { BuiltinPlanner, CHOSEN_READING_REASONING, InvalidPlanError } from './builtin-planner.js';
import { LlmPlanner } from './llm-planner.js';
import { createQueryAgent, type QueryAgent } from './query-agent.js';

const CF_QUESTION = 'full fibre coverage in CF';
const GROWTH_QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';

const plan = (fields: Partial<Plan>): Plan => ({
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { tech: 'fttponly' },
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
  ...fields,
});

/** "CF" as the Cardiff postcode area, and as CityFibre. */
const CARDIFF_AREA = plan({ geo: { column: 'postcode_area', values: ['CF'] } });
const CITYFIBRE = plan({ subject: { tech: 'fttponly', operatorGroups: ['CityFibre'] } });
const BY_REGION = plan({ dimension: 'government_region' });

describe('the alternatives offered beside an answer', () => {
  it('leaves out the plan answered, repeated plans and repeated sentences, and keeps at most three', () => {
    const offered = distinctAlternatives({ plan: CARDIFF_AREA, interpretation: 'Cardiff' }, [
      { interpretation: 'Cardiff again', plan: { ...CARDIFF_AREA, notes: ['read from "CF"'] } },
      { interpretation: 'CityFibre', plan: CITYFIBRE },
      { interpretation: 'CityFibre, said again', plan: CITYFIBRE },
      { interpretation: 'cityfibre', plan: BY_REGION },
      { interpretation: 'By region', plan: BY_REGION },
      { interpretation: 'Gigabit', plan: plan({ subject: { gigabit: true } }) },
      { interpretation: 'Cable', plan: plan({ subject: { tech: 'cable' } }) },
      { interpretation: 'FWA', plan: plan({ subject: { tech: 'fwa' } }) },
    ]);
    expect(offered.map((a) => a.interpretation)).toEqual(['CityFibre', 'By region', 'Gigabit']);
    expect(offered).toHaveLength(MAX_ALTERNATIVES);
  });

  it('after a choice, offers the reading it replaced first, then the others, never the one chosen', () => {
    const alternatives = [
      { interpretation: 'CityFibre', plan: CITYFIBRE },
      { interpretation: 'By region', plan: BY_REGION },
    ];
    const after = alternativesAfterChoosing(
      { plan: CARDIFF_AREA, interpretation: 'Cardiff' },
      alternatives,
      0,
    );
    expect(after.map((a) => a.interpretation)).toEqual(['Cardiff', 'By region']);
    // An answer without a plan (free SQL) cannot be offered again; the others still are.
    expect(
      alternativesAfterChoosing({ interpretation: 'Free SQL' }, alternatives, 1).map((a) => a.interpretation),
    ).toEqual(['CityFibre']);
  });
});

let warehouse: FixtureWarehouse;
let builtin: BuiltinPlanner;
let agent: QueryAgent;

beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
  builtin = new BuiltinPlanner(await loadAnalystKnowledge(warehouse));
  agent = createQueryAgent({ warehouse, builtin });
});
afterAll(() => warehouse.close());

describe('answering a reading chosen under "Did you mean"', () => {
  it('answers the plan given, without reading the question again, and offers the alternatives given', async () => {
    const seen: string[] = [];
    const answer = await agent.answer({
      question: CF_QUESTION,
      planner: builtin,
      plan: CITYFIBRE,
      alternatives: [{ interpretation: 'Full fibre in the CF postcode area', plan: CARDIFF_AREA }],
      onProgress: (event) => seen.push(event.message),
    });
    expect(answer.responseType).toBe('data_query');
    expect(answer.planner).toBe('builtin');
    expect(answer.plan?.subject).toEqual({ tech: 'fttponly', operatorGroups: ['CityFibre'] });
    expect(answer.interpretation).toBe(builtin.analyst.restate(CITYFIBRE));
    expect(answer.interpretation).toContain('CityFibre');
    expect(answer.sql).toContain("'CityFibre'");
    expect(answer.classification.reasoning).toBe(CHOSEN_READING_REASONING);
    expect(answer.explanation).toBeTruthy();
    expect(answer.analysis).toBeTruthy();
    expect(answer.alternatives).toEqual([
      { interpretation: 'Full fibre in the CF postcode area', plan: CARDIFF_AREA },
    ]);
    expect(seen).not.toContain('Classifying question...');
    expect(seen[0]).toBe('Answering the reading chosen under "Did you mean"...');
    expect(seen).toContain(`Executing SQL query: ${answer.sql}`);
  });

  it('answers with the built-in planner whichever planner the question had', async () => {
    const { model, calls } = scriptedModel([]);
    const llm = new LlmPlanner({
      model,
      modelId: 'claude-haiku-4-5',
      catalogMarkdown: warehouse.catalogMarkdown(),
      tableColumns: warehouse.tableColumns(),
      knowledge: { lexicon: builtin.lexicon, time: builtin.analyst.time },
      onUsage: async () => {},
    });
    const answer = await agent.answer({ question: CF_QUESTION, planner: llm, plan: CARDIFF_AREA });
    expect(answer.planner).toBe('builtin');
    expect(calls).toHaveLength(0);
    expect(answer.sql).toContain("postcode_area IN ('CF')");
    expect(answer.alternatives).toBeUndefined();
  });

  it('refuses a plan that does not fit the data, naming what is wrong', async () => {
    const unknown = plan({ subject: { operatorGroups: ['Nonesuch Networks'] } });
    await expect(agent.answer({ question: CF_QUESTION, planner: builtin, plan: unknown })).rejects.toThrow(
      InvalidPlanError,
    );
    await expect(
      agent.answer({
        question: CF_QUESTION,
        planner: builtin,
        plan: { ...CARDIFF_AREA, measure: 'nope' } as never,
      }),
    ).rejects.toThrow(/measure/);
  });
});

describe('the alternatives and notes of a built-in draft', () => {
  /** The built-in planner with a reader that offers other readings and a note (as the ranked reader will). */
  class ReaderWithAlternatives extends BuiltinPlanner {
    override async draft(call: Parameters<BuiltinPlanner['draft']>[0]) {
      const draft = await super.draft(call);
      return {
        ...draft,
        notes: [...draft.notes, 'Two readings of "CF" were close: CityFibre, or the CF postcode area.'],
        alternatives: [
          { interpretation: draft.interpretation ?? '', plan: draft.plan as Plan },
          { interpretation: 'Full fibre in the CF postcode area', plan: CARDIFF_AREA },
        ],
      };
    }
  }

  it('reach the answer: the readings other than the one answered, and the notes in the analysis', async () => {
    const reader = new ReaderWithAlternatives(await loadAnalystKnowledge(warehouse));
    const answer = await agent.answer({ question: CF_QUESTION, planner: reader });
    expect(answer.planner).toBe('builtin');
    expect(answer.plan).toBeDefined();
    expect(answer.alternatives).toEqual([
      { interpretation: 'Full fibre in the CF postcode area', plan: CARDIFF_AREA },
    ]);
    expect(answer.analysis).toContain(
      '_Two readings of "CF" were close: CityFibre, or the CF postcode area._',
    );
  });
});

describe('the alternatives of an LLM planner’s answer', () => {
  const llm = (steps: Parameters<typeof scriptedModel>[0]) =>
    new LlmPlanner({
      model: scriptedModel(steps).model,
      modelId: 'claude-haiku-4-5',
      catalogMarkdown: warehouse.catalogMarkdown(),
      tableColumns: warehouse.tableColumns(),
      knowledge: { lexicon: builtin.lexicon, time: builtin.analyst.time },
      onUsage: async () => {},
    });

  it('are the built-in analyst’s reading when it differs from the model’s plan', async () => {
    const { plan: ownPlan, interpretation } = builtin.read(GROWTH_QUESTION).analyst;
    const planner = llm([
      jsonStep(planDraft({ ...GROWTH_PLAN, limit: 3 })),
      { text: 'Manchester gained 600 full-fibre premises.' },
    ]);
    const answer = await agent.answer({ question: GROWTH_QUESTION, planner });
    expect(answer.planner).toBe('llm');
    expect(answer.plan?.limit).toBe(3);
    expect(answer.alternatives).toEqual([{ interpretation, plan: ownPlan }]);
  });

  it('are none when the built-in analyst read the same plan', async () => {
    const planner = llm([jsonStep(planDraft(GROWTH_PLAN)), { text: 'Manchester gained 600.' }]);
    const answer = await agent.answer({ question: GROWTH_QUESTION, planner });
    expect(answer.plan).toBeDefined();
    expect(answer.alternatives).toBeUndefined();
  });
});
