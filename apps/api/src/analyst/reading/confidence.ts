/**
 * Confidence from what can be measured about a reading, the same for the built-in analyst's plans and for the
 * plans a language model writes: the content words of the question no grammar word or name accounts for, the
 * conditions the question states that the plan does not carry, the defaults chosen, names matched only by a
 * close spelling, a question with no word of the domain, and what the compiled SQL could not apply. A reading
 * that used every word starts at 0.89; each gap takes it below the 0.8 at which an answer counts as confident.
 *
 * The weights are calibrated on the evaluation sets (`npm run eval -- --set all`, 272 data questions of six sets,
 * two of them written without seeing this code), by how often readings of each kind were right:
 *   every word and condition accounted for      96% right   -> 0.92
 *   one content word not placed                 36% right   -> 0.52
 *   one stated condition not carried            26% right   -> 0.32
 *   two or more gaps                             0% right   -> the floor, 0.15
 * Re-measured after tags had to be held by the plan to count as used (each date of a list, "combined", "only",
 * listed technologies, direction words, a base named first; candidates.ts), on 282 questions: golden, holdout
 * 1-3 and the two sets of new wordings dev9/learn9 (104 questions written without the code; tuned on, so their
 * figures are optimistic):
 *   0.9-1.0 (every tag used)                   239/240 right (dev9 35/40 and learn9 19/26 before)
 *   0.8-0.9 (one default assumed, or a close   7/7 right
 *            second reading)
 *   0.5-0.8 (one content word not placed)       0/1 right
 *   below 0.5 (a tag or condition not carried)  5/31 right
 * The weights stand: every band below 0.8 is right far less often than the 0.8 it stays under.
 * Re-measure with the eval's reliability table whenever the reading changes.
 *
 * Those figures are on sets the reading was tuned on. On first contact, sets written from the docs alone and
 * scored before anyone read their failures (kept outside the repository), a full reading was right less often:
 *   holdout10 (76 questions)  39/47 at 0.92 (83%)
 *   holdout11 (80 questions)  58/60 at 0.92 (97%)
 *   holdout12 (80 questions)  36/42 at 0.92 (86%)
 * 133 of 149 (89%): a full reading says 0.89, what it has been on questions it had never seen.
 * Re-measured on two more sets written from the docs alone and never tuned to (session 10): holdout13 58/64 and
 * holdout14 48/55 at >= 0.8, 106 of 119 (89%). The weight stands; what would raise the answers at 0.89 toward the
 * 97% the issue asks for is better readings, not a different number.
 *
 * Session 13, seven sets on first contact (holdout24-30, 470 questions): at >= 0.8, 275 of 291 right (94.5%);
 * below it, 108 of 174 (62%) at a mean of 0.25, far more often than said. By what the reading missed:
 *   only unplaced words (1, 2, 3+)        34/37, 17/20, 18/21 right  -> 0.79, 0.69, 0.59
 *   one condition not carried, no word     17/30 right                -> 0.44
 *   two or more conditions                  2/16 right                -> the floor, 0.15
 * An unplaced word still keeps an answer under 0.8: a word the reading could not place is sometimes the one
 * that mattered (4 of 7 right on the tuned sets).
 *
 * Session 17, five sets on first contact (holdout60-63 and 69, 300 questions): >= 0.8, 182 of 192 right (94.8%) at a
 * mean of 0.89; 0.5-0.8, 27 of 45 (60%) at 0.72; below 0.5, 33 of 63 (52%) at 0.31. The weights stand: the band the
 * issue counts is honest; below it the claims are rough in both directions.
 *
 * Session 18, five sets on first contact (holdout70, 72, 73, 74 and 76, 300 questions): >= 0.8, 150 of 164 right
 * (91.5%) at a mean of 0.89; 0.5-0.8, 25 of 58 (43%) at 0.71; below 0.5, 20 of 78 (26%) at 0.26. The top band claims
 * a little more than it delivers and the middle band over-claims: the misses were readings that used every word
 * (a county's "districts" read as postcode districts, "#2 network" as two networks), which no weight can see.
 *
 * Session 19, five sets on first contact (holdout83, 84, 86, 87 and 89, 300 questions): >= 0.8, 175 of 193 right
 * (90.7%) at a mean of 0.89; 0.5-0.8, 22 of 43 (51%) at 0.69; below 0.5, 13 of 64 (20%) at 0.28. An unplaced word
 * now costs 0.15 (see UNPLACED_WORD); the top band's misses are again readings that used every word (a series
 * asked as points read as a change, columns asked side by side read as rows), which no weight can see.
 *
 * Session 20, five sets on first contact (holdout96-100, 300 questions, never read before scoring): >= 0.8, 214 of
 * 221 right (96.8%) at a mean of 0.89; 0.5-0.8, 21 of 33 (64%) at 0.69; below 0.5, 14 of 46 (30%) at 0.32. The weights
 * stand: the top band claims a little less than it delivers, the middle band a little more, the low band less.
 *
 * Session 21, five sets on first contact (holdout107-111, 300 questions, never read before scoring, on the session's
 * final code): >= 0.8, 194 of 199 right (97.5%) at a mean of 0.89; 0.5-0.8, 24 of 40 (60%) at 0.69; below 0.5, 17 of
 * 61 (28%) at 0.30. The same bands as session 20, so the weights stand; the middle band claims about ten points
 * more than it delivers, as it has for three sessions.
 *
 * Session 22, five sets on first contact (holdout129-133, 300 questions, never read before scoring, on the session's
 * final reading): >= 0.8, 200 of 202 right (99.0%) at a mean of 0.89; 0.5-0.8, 44 of 54 (81.5%) at 0.71; below 0.5,
 * 25 of 44 (57%) at 0.31. Eight more never-read sets (holdout115-119 and 126-128, 480 questions) scored on the code
 * of mid-session: >= 0.8, 363 of 378 (96.0%); 0.5-0.8, 29 of 46 (63%); below 0.5, 27 of 56 (48%). The weights stand;
 * the low band now under-claims, and the top band's misses are dense multi-figure asks (a board pack's).
 */

import { FULL_FIBRE } from '@qa/warehouse';
import type { Plan } from '../semantic/plan.js';
import { droppedByCompiler, leftoverWords, uncarriedConditions } from './leftover.js';
import type { EntityMatch } from './lexicon.js';
import { parseTime, type TimeContext } from './time-phrases.js';

/** A reading that accounts for every word. */
const FULL = 0.89;
/**
 * What a content word the reading could not place costs, and a condition the plan does not carry. A word alone
 * keeps the answer under the 0.8 of a confident one: on first contact with seven sets written from the docs
 * alone (session 13, 470 questions), answers whose only gaps were unplaced words were right 69 of 78 times (the
 * words were mostly the chat around the question), while one condition not carried was right 17 of 30. Since then
 * the claim fell behind: one unplaced word (0.79) was right 28 of 45 times on six sets of session 19 (h82, h85, h88
 * on the start's code, h90-92 on first contact), so a word now costs 0.15 (0.74, 0.59, 0.44 for one to three).
 */
const UNPLACED_WORD = 0.15;
const UNCARRIED_CONDITION = 0.45;
/** The most an answer can claim when its SQL leaves out part of the plan. */
const DROPPED_MAX = 0.3;

export interface Reading {
  confidence: number;
  /** Words and conditions of the question the plan does not account for, said in the answer. */
  unknowns: string[];
}

export function accountFor(
  question: string,
  plan: Plan,
  entities: EntityMatch[],
  ctx: TimeContext,
  /** `names`: place codes the tagger read that the lexicon does not hold ("BS" in "each district in BS"). */
  options: { text?: string; domain?: boolean; names?: string[] } = {},
  /** Tags of the question the plan does not use (candidates.ts), described. */
  unusedTags: string[] = [],
): Reading {
  const text =
    options.text ?? ` ${question.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim()} `;
  const s = plan.subject;
  const usesNumber = Boolean(
    plan.limit ||
      plan.leaderPosition ||
      s.minNetworks ||
      s.exactNetworks ||
      s.minDown ||
      s.bestDownBelow ||
      plan.time.lastQuarters,
  );
  const timeMatched = parseTime(text, ctx).matched;
  // "The rest of the UK" is the plan's own row when it has one ("Rest of the UK").
  const ignored = leftoverWords(
    question,
    entities,
    [...timeMatched, ...(options.names ?? [])],
    usesNumber,
  ).filter((word) => !(plan.ukRest && word === 'rest'));
  // A name the plan uses in another of its meanings ("CF" as the Cardiff postcode area, not CityFibre) is used.
  const usedNames = new Set(
    [
      ...(plan.geo?.values ?? []),
      ...(plan.subject.operatorGroups ?? []),
      ...(plan.subject.operators ?? []),
    ].map((v) => v.toLowerCase()),
  );
  const conditions = uncarriedConditions(question, plan, entities, timeMatched).filter((condition) => {
    const quoted = /\("([^"]+)"\)/.exec(condition)?.[1];
    return !quoted || !usedNames.has(quoted.toLowerCase());
  });
  // A tag the plan leaves unused is a condition not carried, unless the word check already said it.
  const said = [...ignored, ...conditions].join(' ').toLowerCase();
  const uncarried = [
    ...conditions,
    ...unusedTags
      .filter((tag) => !said.includes(tag.slice(1, tag.indexOf('"', 1)).toLowerCase()))
      .map((tag) => `${tag} not used`),
  ];
  let confidence = FULL;
  if (options.domain === false) confidence -= 0.3;
  confidence -= 0.08 * plan.assumptions.length;
  confidence -= UNPLACED_WORD * Math.min(3, ignored.length);
  confidence -= UNCARRIED_CONDITION * uncarried.length;
  if (plan.unknowns.includes('measure')) confidence -= 0.15;
  if (entities.some((e) => e.fuzzy)) confidence -= 0.1;
  return {
    confidence: Math.max(0.15, Math.min(0.97, Number(confidence.toFixed(2)))),
    unknowns: [...ignored.map((word) => `"${word}"`), ...uncarried],
  };
}

/**
 * Conditions a plan both requires and excludes ("premises gained where full fibre is available and there is no full
 * fibre", read from "had no full fibre ... forecast to have full fibre"): its answer is empty or nothing, never a
 * figure to trust.
 */
export function contradictions(plan: Plan): string[] {
  const s = plan.subject;
  const out: string[] = [];
  const excludedTech = s.exclude?.tech;
  if (excludedTech && (s.tech === excludedTech || (plan.dataset === 'upc_forecast' && !s.absent)))
    out.push('the plan both requires and excludes full fibre');
  if (s.gigabit && s.exclude?.gigabit) out.push('the plan both requires and excludes gigabit');
  const both = (s.operatorGroups ?? []).filter((g) => s.exclude?.operatorGroups?.includes(g));
  if (both.length) out.push(`the plan both requires and excludes ${both.join(' and ')}`);
  // Full fibre, gigabit or 10 Mbit/s and more all give the USO's 10 down and 1 up: no premises is below it and has
  // them ("FF coverage and the share below the USO" is two figures, not one condition).
  if (s.belowUso && (s.tech === FULL_FIBRE || s.gigabit || (s.minDown ?? 0) >= 10))
    out.push('the plan asks for premises below the USO that also have a service above it');
  return out;
}

/** What the compiled SQL does not apply joins the plan's unknowns, and the answer is not confident. */
export function checkCompiled(plan: Plan, sql: string, confidence: number): number {
  const dropped = [...droppedByCompiler(plan, sql), ...contradictions(plan)];
  if (dropped.length === 0) return confidence;
  plan.unknowns.push(...dropped);
  return Math.min(confidence, DROPPED_MAX);
}
