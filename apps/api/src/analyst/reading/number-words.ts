/** Names that are number words ("Three", the network): read as a count where the words around them count. */
import { numberFrom } from './time-phrases.js';

/** What a number word counts when it counts ("three or more FF networks", "at least three altnets", "top three"). */
const COUNTED_AFTER =
  /^(?:\+|or more|or fewer|of (?:them|these|those)\b|of (?=[a-z][\w.&' -]*(?:,| and | or )[a-z])|(?:(?:welsh|scottish|english|northern irish|london|rural|urban|uk|british) )?(?:different |competing |separate )?(?:full[- ]fibre |fttp |ff |gigabit[- ]capable |gigabit |fibre )?(?:networks?|altnets?|alt nets?|operators?|providers?|isps?|rivals?|competitors?|local authorit(?:y|ies)|las?|regions?|councils?|areas?|districts?|postcodes?|months?|quarters?|years?))\b/;
const COUNTED_BEFORE =
  /\b(?:top|bottom|at least|more than|over|exactly|fewer than|under|biggest|largest|first|last|which|all|these|those|the other)$/;

/**
 * A network whose name is a number word ("Three") written where the word counts: the count, not the network.
 * "Three's 5G footprint" and "Three vs Vodafone" stay names.
 */
export function countingWord(text: string, start: number, end: number, word: string): boolean {
  if (numberFrom(word) === null || /^\d+$/.test(word)) return false;
  const after = text.slice(end).trimStart();
  const before = text.slice(0, start).trimEnd();
  return COUNTED_AFTER.test(after) || COUNTED_BEFORE.test(before);
}
