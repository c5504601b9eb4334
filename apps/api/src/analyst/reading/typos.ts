/**
 * Typos of the grammar's words, put right before the question is read: "overbuild by regoin" is read "overbuild
 * by region", so the readers and the tagger see the word the analyst meant and the plan is built on it (a typo
 * only forgiven by the word check would count as used while no reading used it). Names are not touched: a word
 * the lexicon reads as a place or a network, even by a close spelling, is a name.
 */
import type { Lexicon } from './lexicon.js';
import { typoOf } from './vocabulary.js';

export function correctTypos(question: string, lexicon: Lexicon): string {
  return withApostrophes(
    question.replace(/[A-Za-z][A-Za-z-]{4,}[A-Za-z]/g, (word) => {
      const meant = typoOf(word.toLowerCase());
      if (!meant || lexicon.find(word).length > 0) return word;
      return meant;
    }),
    lexicon,
  );
}

/**
 * "Whats BTs market share", "VMs footprint": a network's or brand's name with the possessive's apostrophe left
 * out is that name ("BT's"), when the word as written names nothing itself.
 */
function withApostrophes(question: string, lexicon: Lexicon): string {
  return question.replace(/\b([A-Za-z][A-Za-z]{1,11})s\b(?!')/g, (word, stem: string) => {
    if (lexicon.find(word).some((m) => !m.fuzzy)) return word;
    const named = lexicon
      .find(stem)
      .some(
        (m) =>
          (m.entity.kind === 'group' || m.entity.kind === 'operator') &&
          !m.fuzzy &&
          m.text.length === stem.length,
      );
    return named ? `${stem}'s` : word;
  });
}
