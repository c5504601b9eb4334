/**
 * What one reading of a question produces, for every client of the reader: the tokens, the tags each span got
 * from the lexicon (one role per content token, or none), the candidate plans those tags allow with their
 * scores, and the chosen one. The query agent keeps the best few as the answer's alternatives ("Did you mean");
 * `npm run explain` prints the whole trace.
 */
import type { Plan } from '../semantic/plan.js';

/** A word or number of the normalised question, with its character span in that text. */
export interface Token {
  text: string;
  start: number;
  end: number;
  /** A word every question has ("the", "of", "in", "show me"): never needs a role. */
  functionWord: boolean;
}

/** The roles a span of the question can take. */
export type TagRole =
  | 'place'
  | 'network'
  | 'operator'
  | 'technology'
  | 'filter'
  | 'measure'
  | 'dimension'
  | 'ranking'
  | 'shape'
  | 'number'
  | 'comparator'
  | 'quantifier'
  | 'negation'
  | 'time'
  | 'dataset'
  | 'grammar';

export interface Tag {
  role: TagRole;
  /** The span of the normalised question it covers. */
  start: number;
  end: number;
  text: string;
  /** What it stands for: a term id of the semantic model, a place value, a number, ... */
  value: string;
  /** Matched by a close spelling, not exactly. */
  fuzzy?: boolean;
  /** Other things the same span can mean ("CF": CityFibre, or the Cardiff postcode area). */
  alternatives?: { role: TagRole; value: string }[];
  /** For a time tag that names one moment ("Jan 2023", "2025Q4", "2025", "today"): when it is. */
  moment?: Moment;
}

/**
 * One moment a question names, as precisely as it was written: a snapshot month, a take-up quarter, or only a
 * year. "Today" and "the latest snapshot" are the warehouse's latest month and quarter.
 */
export interface Moment {
  date?: string;
  quarter?: string;
  year?: number;
}

export interface CandidateReading {
  plan: Plan;
  /** The one-sentence restatement of this plan (interpret()). */
  interpretation: string;
  /** Higher is better: tags used, fit with the words around them, minus what is left unused. */
  score: number;
  /** Content words and conditions of the question this plan does not use. */
  unused: string[];
  /** How this candidate differs from the best one, in words ("CF read as the Cardiff postcode area"). */
  differs?: string;
}

export interface ReadingTrace {
  /** The question as read: lower case, abbreviations expanded, spaces normalised. */
  text: string;
  tokens: Token[];
  tags: Tag[];
  /** Best first; the first is the answer. */
  candidates: CandidateReading[];
}

/** Another reading offered under an answer: choosing it answers its plan directly, without reading again. */
export interface AlternativeReading {
  interpretation: string;
  plan: Plan;
}

/** At most this many alternatives are offered under an answer. */
export const MAX_ALTERNATIVES = 3;
