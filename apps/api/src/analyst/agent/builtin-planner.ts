/**
 * The built-in analyst behind the planner seam. It reads the question, writes SQL from its plan, and writes the
 * explanation and the analysis from the plan and the result; it cannot repair SQL (its SQL is built from the
 * catalog's names, so a failure is a bug to report, not something to retry). Also the entity resolver for both
 * planners: the analyst's lexicon comes from the data itself.
 *
 * A plan chosen by the user among an answer's alternatives ("Did you mean") is answered by `draftFromPlan`: checked
 * like a language model's plan (it comes back from the browser's choice, through storage), compiled, restated and
 * given the confidence its fit to the question's words earns, without reading the words again.
 */
import type { Dataset } from '@qa/contracts';
import { interpret } from '../compile/interpret.js';
import { buildQuery } from '../compile/sql-builder.js';
import { datesInWords } from '../compile/words.js';
import { type AnalystKnowledge, type AnalystPlan, BuiltinAnalyst } from '../reading/builtin-analyst.js';
import { accountFor, checkCompiled } from '../reading/confidence.js';
import type { Entity, Lexicon } from '../reading/lexicon.js';
import type { AlternativeReading } from '../reading/reading-types.js';
import type { Plan } from '../semantic/plan.js';
import { distinctAlternatives } from './alternatives.js';
import { checkPlan } from './check-plan.js';
import type {
  AnalyseRequest,
  Planner,
  PlannerCall,
  PlannerClassification,
  PlannerDraft,
  ResolvedEntity,
} from './planner.js';

export const BUILTIN_PLANNER_MODEL = 'builtin';

export interface BuiltinReading {
  analyst: AnalystPlan;
  classification: PlannerClassification;
  /** The reader's other readings of the question, best first, none with the chosen plan. */
  alternatives: AlternativeReading[];
}

/** Said, with the words, when the analyst asks back instead of answering a reading that leaves them out. */
export const ASK_BACK_REASONING =
  'No reading of the question uses all its main words, so rather than guess, here are the closest questions the data can answer. Choose one under "Did you mean", or rephrase. Not placed together:';

/** Said as the reasoning of an answer to a reading chosen under "Did you mean". */
export const CHOSEN_READING_REASONING =
  'The reading chosen from the other readings of the question, answered without reading the words again.';

/** A plan given to answer directly that does not fit the data (its names, combinations or dates). */
export class InvalidPlanError extends Error {
  constructor(readonly errors: string[]) {
    super(`The reading cannot be answered: ${errors.slice(0, 3).join('; ')}`);
    this.name = 'InvalidPlanError';
  }
}

/**
 * The reader's candidate readings after its chosen one, as alternatives. The one place the reader's ranked
 * candidates (reading-types.ts `CandidateReading`) become "Did you mean" choices, for the query tool and the
 * chat alike; a reading without candidates has none.
 */
export function readingAlternatives(
  planned: Pick<AnalystPlan, 'plan' | 'interpretation'> & { alternatives?: readonly AlternativeReading[] },
): AlternativeReading[] {
  if (!planned.plan) return [];
  return distinctAlternatives(
    { plan: planned.plan, interpretation: planned.interpretation },
    (planned.alternatives ?? []).map(({ interpretation, plan }) => ({ interpretation, plan })),
  );
}

export class BuiltinPlanner implements Planner {
  readonly kind = 'builtin' as const;
  readonly model = BUILTIN_PLANNER_MODEL;
  readonly analyst: BuiltinAnalyst;

  constructor(knowledge: AnalystKnowledge) {
    this.analyst = new BuiltinAnalyst(knowledge);
  }

  get lexicon(): Lexicon {
    return this.analyst.lexicon;
  }

  /** The analyst's reading of a question without building a draft (used for the LLM cross-check). */
  read(question: string): BuiltinReading {
    const analyst = this.analyst.plan(question);
    const understanding = analyst.understanding;
    if (understanding.kind === 'data' && understanding.askBack) {
      // No reading uses the question's main words: offer the closest readings rather than guess one.
      const [best, ...rest] = understanding.candidates ?? [];
      const offered = [best, ...rest].filter((c): c is NonNullable<typeof c> => Boolean(c)).slice(0, 3);
      return {
        analyst: { understanding },
        classification: {
          type: 'unsupported',
          confidence: clamp(0.5),
          reasoning: `${ASK_BACK_REASONING} ${understanding.askBack.map((w) => `"${w}"`).join(', ')}.`,
          suggested_databases: [understanding.plan.dataset as Dataset],
        },
        alternatives: offered.map(({ interpretation, plan }) => ({ interpretation, plan })),
      };
    }
    const classification: PlannerClassification =
      understanding.kind === 'data'
        ? {
            type: 'data_query',
            confidence: clamp(understanding.confidence),
            // The reading names its date as the plan holds it (2023-01-01); the reader gets the month.
            reasoning: datesInWords(understanding.reasoning),
            suggested_databases: [understanding.plan.dataset as Dataset],
          }
        : {
            type: understanding.kind,
            confidence: clamp(understanding.confidence),
            reasoning: understanding.reasoning,
            suggested_databases: [],
          };
    return { analyst, classification, alternatives: readingAlternatives(analyst) };
  }

  async draft(call: PlannerCall): Promise<PlannerDraft> {
    const { analyst, classification, alternatives } = this.read(call.question);
    return {
      classification,
      notes: [],
      ...(analyst.plan && analyst.built
        ? { plan: analyst.plan, built: analyst.built, sql: analyst.built.sql }
        : {}),
      ...(analyst.interpretation ? { interpretation: analyst.interpretation } : {}),
      ...(alternatives.length ? { alternatives } : {}),
    };
  }

  /**
   * A draft for a plan given whole (a "Did you mean" choice): checked against the data, compiled and restated;
   * its confidence is how well it accounts for the question's words, as for a language model's plan.
   * Throws InvalidPlanError when the plan does not fit the data.
   */
  draftFromPlan({ question, plan: given }: { question: string; plan: unknown }): PlannerDraft {
    const { lexicon, time } = this.analyst;
    const check = checkPlan(given, { lexicon, time, entities: [] });
    if (!check.ok) throw new InvalidPlanError(check.errors);
    // Two figures in one question: each further figure is a plan of its own, checked as the first one is.
    const further = given && typeof given === 'object' && 'alongside' in given ? given.alongside : undefined;
    const alongside = (Array.isArray(further) ? further : []).map((part: unknown) => {
      const partCheck = checkPlan(part, { lexicon, time, entities: [] });
      if (!partCheck.ok) throw new InvalidPlanError(partCheck.errors);
      return { ...partCheck.plan, assumptions: stringsOf(part, 'assumptions') };
    });
    // The reading's own defaults ("the latest snapshot") are part of what it says; its unknowns are measured again.
    const plan: Plan = {
      ...check.plan,
      assumptions: stringsOf(given, 'assumptions'),
      ...(alongside.length ? { alongside } : {}),
    };
    const built = buildQuery(plan, time);
    const reading = accountFor(question, plan, lexicon.find(question), time);
    plan.unknowns.push(...reading.unknowns);
    const confidence = checkCompiled(plan, built.sql, reading.confidence);
    return {
      classification: {
        type: 'data_query',
        confidence: clamp(confidence),
        reasoning: CHOSEN_READING_REASONING,
        suggested_databases: [plan.dataset],
      },
      plan,
      built,
      sql: built.sql,
      interpretation: interpret(plan, time),
      // The narration says what the plan leaves unused (plan.unknowns): no note repeats it.
      notes: [],
    };
  }

  async repair(): Promise<string | null> {
    return null;
  }

  async explain({ draft }: { draft: PlannerDraft }): Promise<string> {
    return this.analyst.explain(draft);
  }

  async analyse({ draft, result }: AnalyseRequest): Promise<string> {
    return this.analyst.analyse(draft, result);
  }

  /** Names in the question matched to the data. */
  resolveEntities(question: string): ResolvedEntity[] {
    return this.lexicon.find(question).map((match) => ({
      text: match.text,
      fuzzy: match.fuzzy,
      ...describeEntity(match.entity),
    }));
  }
}

function describeEntity(entity: Entity): Pick<ResolvedEntity, 'kind' | 'values' | 'column'> {
  switch (entity.kind) {
    case 'group':
      return { kind: 'network', values: [entity.group], column: 'operators.operator_group' };
    case 'operator':
      return { kind: 'operator', values: [entity.operator], column: 'fact_operator.operator' };
    case 'la':
      return { kind: 'local_authority', values: [entity.name], column: 'la_name' };
    case 'region':
      return { kind: 'region', values: entity.names, column: 'government_region' };
    case 'country':
      return { kind: 'nation', values: [entity.name], column: 'country' };
    case 'area':
      return { kind: 'postcode_area', values: [entity.code], column: 'postcode_area' };
    case 'uk':
      return { kind: 'uk', values: ['United Kingdom'], column: '(no filter: the whole UK)' };
    case 'county':
      return {
        kind: 'county',
        values: [`${entity.name} (${entity.laNames.length} districts)`],
        column: 'la_name',
      };
  }
}

const clamp = (value: number) => Math.max(0, Math.min(1, value));

function stringsOf(value: unknown, key: string): string[] {
  const list = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

export function describeEntities(entities: ResolvedEntity[]): string {
  return entities
    .map((entity) => {
      const values = entity.values.join(' + ');
      const label = entity.kind.replace('_', ' ');
      return entity.text.toLowerCase() === values.toLowerCase()
        ? `${values} (${label})`
        : `'${entity.text}' → ${values} (${label}${entity.fuzzy ? ', close spelling' : ''})`;
    })
    .join('; ');
}
