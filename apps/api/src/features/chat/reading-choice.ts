/**
 * "Did you mean" in the chat: a message with `alternative` asks one of the readings offered under the
 * conversation's latest answer. Checked before the stream starts (an index not offered is 404, a plan that no
 * longer fits the data 422), the plan is compiled and restated by the built-in planner without reading the
 * words again; the answer it replaces becomes one of the new answer's alternatives.
 */
import { alternativesAfterChoosing } from '../../analyst/agent/alternatives.js';
import { type BuiltinPlanner, InvalidPlanError } from '../../analyst/agent/builtin-planner.js';
import type { AnalystPlan } from '../../analyst/reading/builtin-analyst.js';
import type { AlternativeReading } from '../../analyst/reading/reading-types.js';
import { AppError } from '../../lib/errors.js';
import type { ChatTurnContext } from './builtin-intent.js';

export const ALTERNATIVE_NOT_FOUND = 'Alternative not found';

export interface ChosenReading {
  /** The question the readings are of (the one asked before the choice). */
  question: string;
  planned: AnalystPlan;
  /** What to offer under the new answer: the reading it replaces first, then the others. */
  alternatives: AlternativeReading[];
}

export function chooseReading(
  builtin: BuiltinPlanner,
  previous: ChatTurnContext | null,
  index: number,
  message: string,
): ChosenReading {
  const offered = previous?.kind === 'query' ? (previous.alternatives ?? []) : [];
  const chosen = offered[index];
  if (!chosen || previous?.kind !== 'query') throw AppError.notFound(ALTERNATIVE_NOT_FOUND);
  const question = previous.question ?? message;
  let draft: ReturnType<BuiltinPlanner['draftFromPlan']>;
  try {
    draft = builtin.draftFromPlan({ question, plan: chosen.plan });
  } catch (error) {
    if (error instanceof InvalidPlanError) throw AppError.unprocessable(error.message);
    throw error;
  }
  const { plan, built, interpretation = chosen.interpretation, classification } = draft;
  if (!plan || !built) throw AppError.unprocessable('The reading cannot be answered');
  const planned: AnalystPlan = {
    understanding: {
      kind: 'data',
      plan,
      confidence: classification.confidence,
      reasoning: classification.reasoning,
    },
    plan,
    built,
    interpretation,
  };
  const replaced = { plan: previous.plan, interpretation: builtin.analyst.restate(previous.plan) };
  return { question, planned, alternatives: alternativesAfterChoosing(replaced, offered, index) };
}
