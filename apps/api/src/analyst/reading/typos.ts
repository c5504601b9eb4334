/**
 * Typos of the grammar's words, put right before the question is read: "overbuild by regoin" is read "overbuild
 * by region", so the readers and the tagger see the word the analyst meant and the plan is built on it (a typo
 * only forgiven by the word check would count as used while no reading used it). Names are not touched: a word
 * the lexicon reads as a place or a network, even by a close spelling, is a name.
 */
import type { Lexicon } from './lexicon.js';
import { typoOf } from './vocabulary.js';

export function correctTypos(question: string, lexicon: Lexicon): string {
  return countyDistricts(
    withApostrophes(
      question.replace(/[A-Za-z][A-Za-z-]{4,}[A-Za-z]/g, (word) => {
        const meant = typoOf(word.toLowerCase());
        if (!meant || lexicon.find(word).length > 0) return word;
        return meant;
      }),
      lexicon,
    ),
    lexicon,
  );
}

/**
 * "Rank Norfolk's seven districts": a county's districts are its councils, said as "the districts of Norfolk" (which
 * the reading takes as its local authorities); a council's own "districts" stay its postcode districts.
 */
function countyDistricts(question: string, lexicon: Lexicon): string {
  return question.replace(
    /\b([A-Z][A-Za-z.&-]*(?: [A-Z][A-Za-z.&-]*){0,2})'s (?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) )?(?:district council |local )?districts\b/g,
    (whole, words: string) => {
      // The county is the last one to three capitalised words ("Rank Norfolk's" is Norfolk's).
      const parts = words.split(' ');
      for (let n = Math.min(3, parts.length); n >= 1; n--) {
        const name = parts.slice(-n).join(' ');
        if (lexicon.counties.some((c) => c.county.toLowerCase() === name.toLowerCase()))
          return `${parts.slice(0, -n).join(' ')}${parts.length > n ? ' ' : ''}the districts of ${name}`;
      }
      return whole;
    },
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
