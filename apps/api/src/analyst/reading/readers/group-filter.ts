/**
 * Places that meet a condition on their share: "which LAs are still under 70% gigabit coverage" keeps the
 * places below 70%; "how many regions are below 85% FTTP" and "in how many local authorities are more than half
 * of premises overbuilt" count them, as one figure.
 */
import { PLACE_DIMENSIONS } from '@qa/warehouse';
import type { Dimension, Plan } from '../../semantic/plan.js';
import { VOCABULARY } from '../vocabulary.js';
import type { Draft } from './draft.js';

/** The place levels' nouns, from the semantic model ("councils", "district council", "postcode areas"), longest first. */
const PLACE_NOUNS: { words: string[]; dimension: Dimension }[] = PLACE_DIMENSIONS.flatMap((d) =>
  d.phrases.map((phrase) => ({ words: phrase.split(' '), dimension: d.id as Dimension })),
).sort((a, b) => b.words.join(' ').length - a.words.join(' ').length);

const SHARE =
  '(\\d+(?:\\.\\d+)?)\\s*(?:%|per ?cent)|(half|a third|a quarter|three quarters|two thirds|3/4|2/3|1/3|1/4)';
type Op = NonNullable<Plan['groupFilter']>['op'];

/** The comparison words, from the vocabulary's comparators ("more than", "exceeding", "beneath"), longest first. */
const OPS: Record<string, Op> = Object.fromEntries(
  (['gt', 'gte', 'lt', 'lte'] as const).flatMap((op) =>
    (VOCABULARY.comparator?.[op] ?? [])
      .filter((phrase) => /^[a-z ]+$/.test(phrase))
      .map((phrase) => [phrase, op]),
  ),
);
const COMPARATOR = new RegExp(
  `\\b(${Object.keys(OPS)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\s+(?:${SHARE})`,
);
/** "99%+", "90% or more", "80 per cent or above": the comparison written after the number. */
const TRAILING =
  /\b(\d+(?:\.\d+)?)\s*(?:%|per ?cent)\s*(\+|or more|or above|and above|or higher|plus|or less|or below|or lower)/;
const FRACTIONS: Record<string, number> = {
  half: 50,
  'a third': 100 / 3,
  '1/3': 100 / 3,
  'a quarter': 25,
  '1/4': 25,
  'three quarters': 75,
  '3/4': 75,
  'two thirds': 200 / 3,
  '2/3': 200 / 3,
};

export function readGroupFilter(draft: Draft): void {
  const { text } = draft;
  // Availability now or in the forecast: "how many LAs are forecast to reach 99%+ full fibre by 2030".
  if (draft.dataset !== 'upc' && draft.dataset !== 'upc_forecast') return;
  const trailing = text.match(TRAILING);
  const compared =
    text.match(COMPARATOR) ??
    (trailing
      ? ([
          trailing[0],
          /less|below|lower/.test(trailing[2] ?? '') ? 'at most' : 'at least',
          trailing[1],
        ] as unknown as RegExpMatchArray)
      : null);
  if (!compared) return;
  const counted = text.match(
    /\bhow many (?:of the )?([a-z ]+?)\b(?: are| have| has| is| with| where| in| do| does|\?|$)/,
  );
  const countedPlace = counted ? placeOf(counted[1] ?? '') : undefined;
  const listed = text.match(
    /\b(?:which|what|list|show|name|the)\s+([a-z ]+?)\s+(?:are|have|has|with|where|still|is)\b/,
  );
  // "Post sectors in Cornwall where FF coverage is under 50%", "LAs with gigabit below 70%": the places the question
  // opens with are the ones listed.
  const opening = text.match(/^\s*(?:all |the )?([a-z ]+?)\s+(?:in|with|where|whose|that)\b/);
  const dimension =
    (counted && countedPlace) ??
    (listed ? placeOf(listed[1] ?? '') : undefined) ??
    (opening ? placeOf(opening[1] ?? '') : undefined) ??
    (draft.dimension && PLACE_NOUNS.some((n) => n.dimension === draft.dimension)
      ? draft.dimension
      : undefined);
  if (!dimension) return;
  const value = compared[2] !== undefined ? Number(compared[2]) : FRACTIONS[compared[3] ?? ''];
  const op = OPS[compared[1] ?? ''];
  if (value === undefined || op === undefined) return;
  draft.dimension = dimension;
  draft.measure = 'coverage_pct';
  draft.groupFilter = { op, value: Number(value.toFixed(4)) };
  if (counted && countedPlace) {
    draft.countGroups = true;
    delete draft.order;
    delete draft.limit;
    return;
  }
  if (draft.limit === 10 && !/\b(?:top|bottom|first)\s+\d+|\b\d+\s+(?:local|councils|regions)/.test(text)) {
    // A list of the places that pass is all of them, not a top 10.
    delete draft.limit;
    draft.assumptions = draft.assumptions.filter((a) => !/top 10/.test(a));
  }
  draft.order ??= op === 'lt' || op === 'lte' ? 'asc' : 'desc';
}

function placeOf(words: string): Dimension | undefined {
  const tokens = words.split(' ').filter(Boolean);
  // A noun of the model as whole words, singular or plural ("council" and "councils").
  const same = (token: string, word: string) =>
    token === word || token === `${word}s` || token === `${word}es`;
  return PLACE_NOUNS.find(({ words: noun }) =>
    tokens.some((_, i) => noun.every((word, j) => tokens[i + j] !== undefined && same(tokens[i + j]!, word))),
  )?.dimension;
}
