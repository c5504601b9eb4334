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

const KNOWN_GAPS: Record<string, string[]> = {
  'h3-05': ['the window ("2024-11-01 to 2026-11-01")'],
  'h4-15': ['the measure ("a share of lines")'],
  'h4-20': ['the window ("2026-05-01 to 2026-11-01")'],
  'h4-32': ['the window ("2026-12-01 to 2027-12-01")'],
  'h4-35': ['the technology ("full fibre")', 'the window ("2026-12-01 to 2028-12-01")'],
  'h4-36': ['the technology ("full fibre")', 'the negation ("without")', 'the date ("2030-12-01")'],
  'h4-38': ['the measure ("a share of lines")', 'the grouping ("by year")'],
  'h5-23': ['the window ("2026-05-01 to 2026-11-01")'],
  'h5-28': ['the measure ("a share of lines")', 'the grouping ("by year")'],
  'h5-37': ['the window ("2027-06-01 to 2027-12-01")'],
  'h5-39': ['the technology ("full fibre")', 'the date ("2027-06-01")'],
  'h5-42': ['the window ("2025-11-01 to 2026-11-01")'],
  'h6-03': ['the window ("2024-01-01 to 2026-01-01")'],
  'h6-25': ['the number of results ("10")'],
  'h6-28': ['the number of networks ("exactly 5")'],
  'h6-35': ['the number of results ("10")'],
  'h6-43': ['the technology ("full fibre")', 'the negation ("without")', 'the date ("2030-12-01")'],
  'h6-46': ['the measure ("a share of lines")', 'the grouping ("by year")'],
};

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
