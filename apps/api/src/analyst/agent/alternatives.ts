/**
 * The other readings offered under an answer ("Did you mean"). Whichever planner answered, the list holds
 * readings that differ from the plan answered and from each other (`samePlan`), each with its own sentence, best
 * first and at most MAX_ALTERNATIVES. Choosing one answers its plan directly; the reading it replaces becomes
 * one of the alternatives of the new answer, so nothing the user saw is lost.
 */
import type { AlternativeReading } from '../reading/reading-types.js';
import { MAX_ALTERNATIVES } from '../reading/reading-types.js';
import type { Plan } from '../semantic/plan.js';
import { samePlan } from './agreement.js';

const sameSentence = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The readings worth offering beside the one answered: none with the answered plan, no two with the same plan
 * or the same sentence (two choices that read alike cannot be told apart), best first, capped.
 */
export function distinctAlternatives(
  answered: { plan?: Plan | undefined; interpretation?: string | undefined },
  candidates: readonly AlternativeReading[],
): AlternativeReading[] {
  const kept: AlternativeReading[] = [];
  for (const candidate of candidates) {
    if (kept.length >= MAX_ALTERNATIVES) break;
    if (!candidate.interpretation.trim()) continue;
    if (answered.plan && samePlan(answered.plan, candidate.plan)) continue;
    if (answered.interpretation && sameSentence(answered.interpretation, candidate.interpretation)) continue;
    if (
      kept.some(
        (other) =>
          samePlan(other.plan, candidate.plan) ||
          sameSentence(other.interpretation, candidate.interpretation),
      )
    )
      continue;
    kept.push(candidate);
  }
  return kept;
}

/**
 * The alternatives of an answer made by choosing `alternatives[index]`: the reading it replaces first (when it
 * had a plan), then the others that were offered, in their order.
 */
export function alternativesAfterChoosing(
  replaced: { plan?: Plan | undefined; interpretation?: string | null | undefined },
  alternatives: readonly AlternativeReading[],
  index: number,
): AlternativeReading[] {
  const chosen = alternatives[index];
  if (!chosen) return [...alternatives];
  const previous: AlternativeReading[] =
    replaced.plan && replaced.interpretation
      ? [{ interpretation: replaced.interpretation, plan: replaced.plan }]
      : [];
  const others = alternatives.filter((_, i) => i !== index);
  return distinctAlternatives(chosen, [...previous, ...others]);
}
