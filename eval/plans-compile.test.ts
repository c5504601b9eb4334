/**
 * Issue 21, acceptance 8: the chosen plan of every data question of every eval set compiles to SQL that the
 * warehouse guard accepts and that carries every element of the plan (`compile/verify-plan.ts`: each filter,
 * place, network, measure, grouping, ranking and date). Read with the unit tests' vocabulary and dates
 * (`reading/test-fixtures.ts`), so no warehouse is needed.
 *
 * KNOWN_GAPS is what the SQL of some plans leaves out today: real compiler or reader bugs, listed exactly, so a
 * new gap fails at once and a fixed one fails until its entry is removed. The acceptance holds when it is empty.
 */
import { describe, expect, it } from 'vitest';
import { buildQuery } from '../apps/api/src/analyst/compile/sql-builder.js';
import { verifyPlan } from '../apps/api/src/analyst/compile/verify-plan.js';
import { testLexicon, testTime } from '../apps/api/src/analyst/reading/test-fixtures.js';
import { understand } from '../apps/api/src/analyst/reading/understand.js';
import type { Plan } from '../apps/api/src/analyst/semantic/plan.js';
import { holdoutQuestions } from './holdout.js';
import { holdout2Questions } from './holdout2.js';
import { holdout3Questions } from './holdout3.js';
import { holdout4Questions } from './holdout4.js';
import { holdout5Questions } from './holdout5.js';
import { holdout6Questions } from './holdout6.js';
import { questions } from './questions.js';

const SETS = {
  golden: questions,
  holdout: holdoutQuestions,
  holdout2: holdout2Questions,
  holdout3: holdout3Questions,
  holdout4: holdout4Questions,
  holdout5: holdout5Questions,
  holdout6: holdout6Questions,
};

const KNOWN_GAPS: Record<string, string[]> = {};

/** The plan the built-in analyst chooses for a question, or undefined for questions that are not about data. */
function chosenPlan(question: string): Plan | undefined {
  const understanding = understand(question, testLexicon, testTime);
  return understanding.kind === 'data' ? understanding.plan : undefined;
}

for (const [set, items] of Object.entries(SETS)) {
  describe(`every plan of the ${set} set is in its SQL`, () => {
    for (const q of items) {
      const plan = chosenPlan(q.question);
      if (!plan) continue;
      it(`${q.id}: ${q.question}`, async () => {
        const check = await verifyPlan(plan, buildQuery(plan, testTime), testTime);
        expect(check.refused).toBeUndefined();
        expect(check.missing).toEqual(KNOWN_GAPS[q.id] ?? []);
      });
    }
  });
}

it('lists only questions of the eval sets as known gaps', () => {
  const ids = new Set(Object.values(SETS).flatMap((items) => items.map((q) => q.id)));
  expect(Object.keys(KNOWN_GAPS).filter((id) => !ids.has(id))).toEqual([]);
});
