import { describe, expect, it } from 'vitest';
import { leftoverWords } from './leftover.js';
import { analyse } from './narrate.js';
import { buildQuery } from './sql-builder.js';
import { testLexicon, testTime } from './test-fixtures.js';
import { understand } from './understand.js';

function read(question: string) {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  return u;
}

describe('every word of the question is accounted for', () => {
  it('a question read whole keeps its confidence and has nothing left over', () => {
    for (const question of [
      'Full fibre coverage by region',
      'Which 10 local authorities have the worst full fibre coverage?',
      'how many premisses in Leeds can get gigabit right now?',
      'Top 5 altnets by premises passed, latest qtr',
    ]) {
      const u = read(question);
      expect(u.plan.unknowns, question).toEqual([]);
      expect(u.confidence, question).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('a content word it could not place is kept, said, and lowers the confidence below 0.8', () => {
    const u = read('full fibre premises in Leeds built by housebuilders');
    expect(u.plan.unknowns).toContain('"housebuilders"');
    expect(u.confidence).toBeLessThan(0.8);
    const built = buildQuery(u.plan, testTime);
    const text = analyse(
      u.plan,
      built,
      { columns: [{ name: 'premises_passed', type: 'DOUBLE' }], rows: [[100]], truncated: false },
      testTime.latest,
    );
    expect(text).toContain('Not used from the question: "housebuilders"');
  });

  it('a negation the plan does not carry is never dropped silently', () => {
    const u = read('premises in Leeds with full fibre apart from Openreach');
    expect(u.plan.unknowns.join(' ')).toMatch(/negation \("apart from"\)/);
    expect(u.confidence).toBeLessThan(0.8);
  });

  it('a comparison with a number, and a count of places, are checked against the plan', () => {
    const u = read('how many local authorities have full fibre coverage above 90%?');
    expect(u.plan.unknowns.join(' ')).toMatch(/comparison \("above 9/);
    expect(u.plan.unknowns.join(' ')).toMatch(/count of places/);
    expect(u.confidence).toBeLessThan(0.8);
    // A threshold the plan carries is accounted for.
    const carried = read('how many premises have 3 or more full fibre networks?');
    expect(carried.plan.unknowns).toEqual([]);
  });

  it('names and time phrases are accounted for by the lexicon and the time parser', () => {
    expect(
      leftoverWords(
        'CityFibre premises in Westminster since January 2025',
        testLexicon.find('CityFibre premises in Westminster since January 2025'),
        ['since january 2025'],
      ),
    ).toEqual([]);
  });
});
