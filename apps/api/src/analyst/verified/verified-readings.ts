/**
 * The verified questions as an index the answer path consults before reading a question
 * (docs/product.md#verified-answers). Each verified question is slotted (slots.ts) and its terms indexed with
 * MiniSearch; a new question is slotted the same way and looked up:
 * - exact: the same terms in the same order (case, punctuation and slot values aside): answered with the verified
 *   plan, its slots filled from the new question, at EXACT_MATCH_CONFIDENCE, without calling any model;
 * - close: the same slot types, every term the reading tags (measures, filters, groupings, rankings, numbers...)
 *   the same, and untagged words differing by little (Jaccard of the content terms >= CLOSE_MATCH_MIN): answered
 *   the same way, at a confidence that falls with the difference;
 * - otherwise the closest verified questions are examples for the language model's plan.
 */
import MiniSearch from 'minisearch';
import type { AnalystKnowledge } from '../reading/builtin-analyst.js';
import type { Plan } from '../semantic/plan.js';
import { contentTerms, fillPlan, type SlottedQuestion, slotQuestion, slotSignature } from './slots.js';

/** An exact match is an expert's reading of these very words (their slot values aside). */
export const EXACT_MATCH_CONFIDENCE = 0.95;
/** The least share of content terms two questions must have in common to be a close match. */
export const CLOSE_MATCH_MIN = 0.75;
/** Verified questions given to the language model as examples. */
export const MAX_EXAMPLES = 3;

export interface VerifiedEntry {
  id: string;
  /** The saved question it was verified on (its detail page). */
  queryId: string | null;
  question: string;
  plan: Plan;
  interpretation: string;
  verifiedBy: string;
  verifiedAt: string;
}

export interface VerifiedMatch {
  entry: VerifiedEntry;
  kind: 'exact' | 'close';
  /** Share of content terms in common, 1 for an exact match. */
  similarity: number;
  confidence: number;
  /** The verified plan with the new question's slot values. */
  plan: Plan;
}

export interface VerifiedExample {
  question: string;
  plan: Plan;
}

/** What the answer path asks of the verified questions (query-agent.ts). */
export interface VerifiedLookup {
  match(question: string): VerifiedMatch | undefined;
  examples(question: string): VerifiedExample[];
}

interface Indexed {
  entry: VerifiedEntry;
  slotted: SlottedQuestion;
  key: string;
}

const termsKey = (terms: readonly string[]) => terms.join(' ');
const isTagged = (term: string) => term.startsWith('#');

function jaccard(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 && right.size === 0) return 1;
  let common = 0;
  for (const term of left) if (right.has(term)) common += 1;
  return common / (left.size + right.size - common);
}

/** Same tagged terms (as multisets): only words the reading does not tag may differ. */
function sameTaggedTerms(a: readonly string[], b: readonly string[]): boolean {
  const tagged = (terms: readonly string[]) => terms.filter(isTagged).sort().join(' ');
  return tagged(a) === tagged(b);
}

export class VerifiedReadings implements VerifiedLookup {
  private readonly indexed: Indexed[];
  private readonly search: MiniSearch<{ id: number; terms: string }>;

  constructor(
    entries: readonly VerifiedEntry[],
    private readonly knowledge: AnalystKnowledge,
  ) {
    this.indexed = entries.map((entry) => {
      const slotted = slotQuestion(entry.question, knowledge);
      return { entry, slotted, key: termsKey(slotted.terms) };
    });
    // Terms are already normalised: split on spaces only, so `#measure:share` and `<place>` stay whole.
    this.search = new MiniSearch({
      fields: ['terms'],
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => (term.length ? term : null),
    });
    this.search.addAll(
      this.indexed.map((item, id) => ({ id, terms: contentTerms(item.slotted.terms).join(' ') })),
    );
  }

  get size(): number {
    return this.indexed.length;
  }

  /** Verified questions by closeness to these terms, best first. */
  private nearest(slotted: SlottedQuestion, limit: number): Indexed[] {
    const query = contentTerms(slotted.terms).join(' ');
    if (!query) return [];
    return this.search
      .search(query, { fuzzy: (term) => (isTagged(term) || term.startsWith('<') ? 0 : 0.2), prefix: false })
      .slice(0, limit)
      .map((hit) => this.indexed[hit.id as number])
      .filter((item): item is Indexed => item !== undefined);
  }

  match(question: string): VerifiedMatch | undefined {
    if (this.indexed.length === 0) return undefined;
    const slotted = slotQuestion(question, this.knowledge);
    const key = termsKey(slotted.terms);
    // Newest verification first, so a correction of a correction wins.
    const exact = [...this.indexed].reverse().filter((item) => item.key === key);
    for (const item of exact) {
      const plan = fillPlan(item.entry.plan, item.slotted, slotted);
      if (plan)
        return { entry: item.entry, kind: 'exact', similarity: 1, confidence: EXACT_MATCH_CONFIDENCE, plan };
    }
    const mine = contentTerms(slotted.terms);
    for (const item of this.nearest(slotted, 10)) {
      if (slotSignature(item.slotted) !== slotSignature(slotted)) continue;
      const theirs = contentTerms(item.slotted.terms);
      if (!sameTaggedTerms(mine, theirs)) continue;
      const similarity = jaccard(mine, theirs);
      if (similarity < CLOSE_MATCH_MIN) continue;
      const plan = fillPlan(item.entry.plan, item.slotted, slotted);
      if (!plan) continue;
      return { entry: item.entry, kind: 'close', similarity, confidence: closeConfidence(similarity), plan };
    }
    return undefined;
  }

  examples(question: string): VerifiedExample[] {
    if (this.indexed.length === 0) return [];
    return this.nearest(slotQuestion(question, this.knowledge), MAX_EXAMPLES).map(({ entry }) => ({
      question: entry.question,
      plan: entry.plan,
    }));
  }
}

/** 0.825 at CLOSE_MATCH_MIN, rising towards 0.9: close to an expert's reading, never as sure as the same words. */
export function closeConfidence(similarity: number): number {
  return Math.min(EXACT_MATCH_CONFIDENCE - 0.05, 0.6 + 0.3 * similarity);
}

/** Said with an answer a verified question answered (its reasoning, progress and analysis). */
export function answeredAsVerified(match: Pick<VerifiedMatch, 'entry' | 'kind'>): string {
  const { question, verifiedBy, verifiedAt } = match.entry;
  const how = match.kind === 'exact' ? '' : ' (a close wording)';
  return `Answered as the verified question '${question}'${how}, verified by ${verifiedBy} on ${verifiedAt.slice(0, 10)}.`;
}
