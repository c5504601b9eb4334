/**
 * One reading of a question, whole: its tags and the candidate plans they allow, best first. What `npm run
 * explain` prints and what the query agent's alternatives come from.
 */
import type { Lexicon } from './lexicon.js';
import type { ReadingTrace } from './reading-types.js';
import type { TimeContext } from './time-phrases.js';
import { understand } from './understand.js';

export function readQuestion(
  question: string,
  lexicon: Lexicon,
  time: TimeContext,
): ReadingTrace & { kind: string } {
  const understanding = understand(question, lexicon, time);
  if (understanding.kind !== 'data' || !understanding.tagging) {
    return { kind: understanding.kind, text: question, tokens: [], tags: [], candidates: [] };
  }
  const { tagging, candidates = [] } = understanding;
  // The chosen reading's unused words are everything the answer says it did not use (words, conditions, tags).
  const [best, ...rest] = candidates;
  const chosen = best ? [{ ...best, unused: understanding.plan.unknowns }, ...rest] : [];
  return { kind: 'data', text: tagging.text, tokens: tagging.tokens, tags: tagging.tags, candidates: chosen };
}
