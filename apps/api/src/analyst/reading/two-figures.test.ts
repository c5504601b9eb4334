import { describe, expect, it } from 'vitest';
import { alongsidePlans } from '../compile/alongside.js';
import { interpret } from '../compile/interpret.js';
import { buildQuery } from '../compile/sql-builder.js';
import { verifyPlan } from '../compile/verify-plan.js';
import { testLexicon, testTime } from './test-fixtures.js';
import { splitTwoQuestions } from './two-figures.js';
import { understand } from './understand.js';

const read = (question: string) => {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  return u;
};

describe('two figures in one question', () => {
  it('splits at a second question word, not at every "and"', () => {
    expect(
      splitTwoQuestions('How many altnets operate in Wales, and how many premises do they pass?'),
    ).toEqual(['How many altnets operate in Wales', 'how many premises do they pass?']);
    expect(splitTwoQuestions('Gigabit coverage in Leeds? What about full fibre there?')).toEqual([
      'Gigabit coverage in Leeds',
      'What about full fibre there?',
    ]);
    expect(splitTwoQuestions('full fibre and gigabit coverage in Leeds and Cornwall')).toBeNull();
    // A clause of a word or two is not a question of its own.
    expect(splitTwoQuestions('which LA is lowest and why')).toBeNull();
  });

  it("a forecast asked after today's figure is of the same network", () => {
    const u = read(
      'CityFibre - how many premises do they pass today and how many are they forecast to pass by mid 2028? side by side',
    );
    const parts = alongsidePlans(u.plan);
    expect(parts.map((p) => p.dataset)).toEqual(['upc', 'upc_forecast']);
    expect(parts[1]?.subject.operatorGroups).toEqual(['CityFibre']);
    expect(u.plan.unknowns).toEqual([]);
  });

  it('reads each clause, the second taking the place and subject it points back to', () => {
    const u = read('How many altnets operate in Leeds, and how many premises do they pass between them?');
    const [first, second] = alongsidePlans(u.plan);
    expect(first).toMatchObject({ measure: 'operator_count', geo: { values: ['Leeds'] } });
    expect(second).toMatchObject({
      measure: 'premises',
      subject: { altnet: true },
      geo: { values: ['Leeds'] },
    });
    expect(interpret(u.plan, testTime)).toMatch(/altnets .*Leeds.*; and premises in Leeds where an altnet/);
  });

  it('keeps two conditions asked as two figures apart, not as one postcode meeting both', () => {
    const u = read('How many premises in Cornwall have full fibre and how many have no superfast?');
    const [first, second] = alongsidePlans(u.plan);
    expect(first?.subject).toEqual({ tech: 'fttponly' });
    expect(second?.subject.tech).toBeUndefined();
    expect(second).toMatchObject({ measure: 'premises', geo: { values: ['Cornwall'] } });
  });

  it('a figure with no measure of its own takes the first one, for the place it names', () => {
    const u = read('Which region has the lowest full fibre coverage, and what is the UK figure?');
    const [first, second] = alongsidePlans(u.plan);
    expect(first).toMatchObject({ measure: 'coverage_pct', dimension: 'government_region', limit: 1 });
    expect(second).toMatchObject({ measure: 'coverage_pct', subject: { tech: 'fttponly' } });
    expect(second?.dimension).toBeUndefined();
    const built = buildQuery(u.plan, testTime);
    // The region's row keeps its name and its ranking; the UK's figure is beside it, named as the UK's.
    expect(built.sql).toMatch(/SELECT f1\.\*,/);
    expect(built.sql).toMatch(/f2\.coverage_pct AS uk_coverage_pct/);
    expect(built.sql).toMatch(/CROSS JOIN f2\nORDER BY coverage_pct ASC/);
  });

  it('the same figure asked twice is one answer ("and what share is that")', () => {
    const u = read('How many premises in Leeds have gigabit, and what share is that?');
    expect(u.plan.alongside).toBeUndefined();
    expect(u.plan.measure).toBe('coverage_pct');
  });

  it('counts the same postcodes again in premises when asked ("and how many premises is that")', () => {
    const u = read('how many postcodes in Leeds have no full fibre, and how many premises is that?');
    expect(alongsidePlans(u.plan).map((p) => p.measure)).toEqual(['postcodes', 'premises']);
    expect(
      alongsidePlans(read('how many postcodes in Leeds have no full fibre + premises').plan),
    ).toHaveLength(2);
  });

  it('keeps every figure of a question of three, each completed from the first', () => {
    const u = read(
      'how many premises in Leeds have FF, and how many premises in Cornwall have gigabit, and what share of Cardiff is below the USO?',
    );
    const parts = alongsidePlans(u.plan);
    expect(parts.map((p) => p.geo?.values[0])).toEqual(['Leeds', 'Cornwall', 'Cardiff']);
    expect(parts[2]).toMatchObject({ measure: 'coverage_pct', subject: { belowUso: true } });
  });

  it('compiles to SQL the guard accepts with every figure in it', async () => {
    const u = read('What share of premises in Leeds can get gigabit, and how many are below the USO?');
    expect(alongsidePlans(u.plan).map((p) => p.measure)).toEqual(['coverage_pct', 'premises']);
    const built = buildQuery(u.plan, testTime);
    const check = await verifyPlan(u.plan, built, testTime);
    expect(check).toEqual({ ok: true, missing: [] });
    // A figure left out of the SQL is found.
    const broken = { ...built, sql: built.sql.replace(/f2 AS \([\s\S]*?\n\),?/, '') };
    expect((await verifyPlan(u.plan, broken, testTime)).ok).toBe(false);
    expect(u.confidence).toBeLessThan(0.9);
  });
});
