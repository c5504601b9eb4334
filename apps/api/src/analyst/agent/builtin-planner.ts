/**
 * The built-in analyst behind the planner seam. It reads the question, writes SQL from its plan, and writes the
 * explanation and the analysis from the plan and the result; it cannot repair SQL (its SQL is built from the
 * catalog's names, so a failure is a bug to report, not something to retry). Also the entity resolver for both
 * planners: the analyst's lexicon comes from the data itself.
 */
import type { Dataset } from '@qa/contracts';
import { type AnalystKnowledge, type AnalystPlan, BuiltinAnalyst } from '../reading/builtin-analyst.js';
import type { Entity, Lexicon } from '../reading/lexicon.js';
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
    const classification: PlannerClassification =
      understanding.kind === 'data'
        ? {
            type: 'data_query',
            confidence: clamp(understanding.confidence),
            reasoning: understanding.reasoning,
            suggested_databases: [understanding.plan.dataset as Dataset],
          }
        : {
            type: understanding.kind,
            confidence: clamp(understanding.confidence),
            reasoning: understanding.reasoning,
            suggested_databases: [],
          };
    return { analyst, classification };
  }

  async draft(call: PlannerCall): Promise<PlannerDraft> {
    const { analyst, classification } = this.read(call.question);
    return {
      classification,
      notes: [],
      ...(analyst.plan && analyst.built
        ? { plan: analyst.plan, built: analyst.built, sql: analyst.built.sql }
        : {}),
      ...(analyst.interpretation ? { interpretation: analyst.interpretation } : {}),
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
