/**
 * The confidence of a plan a language model wrote, from the signals the built-in analyst's confidence uses:
 * the content words of the question no grammar word or name accounts for, the conditions the question states
 * that the plan does not carry (a negation with nothing negated, a threshold, a quantifier, a number of results,
 * rows per period), and names matched only by a close spelling. The model's own estimate is not a signal.
 */
import { leftoverWords, uncarriedConditions } from '../builtin/leftover.js';
import type { Lexicon } from '../builtin/lexicon.js';
import type { Plan } from '../builtin/plan.js';
import { parseTime, type TimeContext } from '../builtin/time-phrases.js';

/** A reading that accounts for every word. */
const FULL = 0.92;

export interface PlanReading {
  confidence: number;
  /** Words and conditions of the question the plan does not account for, said in the answer. */
  unknowns: string[];
}

export function planConfidence(
  question: string,
  plan: Plan,
  lexicon: Lexicon,
  time: TimeContext,
): PlanReading {
  const entities = lexicon.find(question);
  const s = plan.subject;
  const usesNumber = Boolean(
    plan.limit || s.minNetworks || s.exactNetworks || s.minDown || s.bestDownBelow || plan.time.lastQuarters,
  );
  const text = ` ${question.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim()} `;
  const ignored = leftoverWords(question, entities, parseTime(text, time).matched, usesNumber);
  const uncarried = uncarriedConditions(question, plan, entities);
  let confidence = FULL;
  confidence -= 0.15 * Math.min(3, ignored.length);
  confidence -= 0.25 * uncarried.length;
  if (entities.some((e) => e.fuzzy)) confidence -= 0.1;
  return {
    confidence: Math.max(0.15, Math.min(0.97, Number(confidence.toFixed(2)))),
    unknowns: [...ignored.map((word) => `"${word}"`), ...uncarried],
  };
}
