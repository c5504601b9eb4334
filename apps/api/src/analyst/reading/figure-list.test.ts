/**
 * Several figures of the same rows listed in one question: each read on its own, completed from the item that says
 * which rows, and answered side by side (compile/alongside.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildQuery } from '../compile/sql-builder.js';
import { readData, testTime } from './test-fixtures.js';

describe('a list of figures of the same rows', () => {
  it('reads "places: total premises, FF %, % reached by any altnet and Virgin Media %" as four figures per place', () => {
    const u = readData(
      'Cardiff, Leeds and Manchester: total premises, FF %, % reached by any altnet, and Virgin Media %',
    );
    const parts = [u.plan, ...(u.plan.alongside ?? [])];
    expect(parts.map((p) => p.measure)).toEqual(['premises', 'coverage_pct', 'coverage_pct', 'coverage_pct']);
    expect(parts.map((p) => p.dimension)).toEqual(['la_name', 'la_name', 'la_name', 'la_name']);
    expect(parts[1]!.subject).toEqual({ tech: 'fttponly' });
    expect(parts[2]!.subject).toEqual({ altnet: true });
    expect(parts[3]!.subject).toEqual({ operatorGroups: ['Virgin Media'] });
    expect(parts.every((p) => p.geo?.values.length === 3)).toBe(true);
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps the ranked rows of the lead and looks the other figures up for them', () => {
    const u = readData(
      'Bottom 10 councils on gigabit coverage, with their FF coverage and how many networks (any tech) are present in each',
    );
    expect(u.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { gigabit: true },
      limit: 10,
      order: 'asc',
    });
    const [ff, networks] = u.plan.alongside ?? [];
    expect(ff).toMatchObject({
      measure: 'coverage_pct',
      subject: { tech: 'fttponly' },
      dimension: 'la_name',
    });
    expect(ff?.limit).toBeUndefined();
    // "Any tech": every network counted, not the lead's gigabit ones.
    expect(networks).toMatchObject({ measure: 'operator_count', subject: {}, dimension: 'la_name' });
    const sql = buildQuery(u.plan, testTime).sql;
    expect(sql).toMatch(/LEFT JOIN f2 ON f2\.la_name = f1\.la_name/);
    expect(sql).toMatch(/LIMIT 10/);
  });

  it('reads "..., with each council\'s FF %" as a figure added to the ranking', () => {
    const u = readData(
      'Scottish councils with the biggest full-fibre gaps: top 10 by number of premises with no FF at all, with each council’s FF %',
    );
    expect(u.plan).toMatchObject({ measure: 'premises', dimension: 'la_name', limit: 10 });
    expect(u.plan.alongside?.[0]).toMatchObject({ measure: 'coverage_pct', subject: { tech: 'fttponly' } });
  });

  it('takes the leading network of each row for "which altnet is biggest there"', () => {
    const u = readData(
      'Snapshot for Leeds, Cardiff and Manchester councils: how many altnets are live in each, % of premises reached by at least one altnet, and which altnet is biggest there by premises',
    );
    const parts = [u.plan, ...(u.plan.alongside ?? [])];
    expect(parts.map((p) => p.measure)).toContain('operator_count');
    expect(parts.some((p) => p.leaderPerDimension && p.dimension === 'la_name')).toBe(true);
  });

  it('reads two figures merged into an impossible condition apart ("FF coverage and the share below the USO")', () => {
    const u = readData(
      'Wales, urban vs rural: FF coverage and the share of premises without decent broadband (below USO)',
    );
    expect(u.plan).toMatchObject({ subject: { tech: 'fttponly' }, dimension: 'urban_rural' });
    expect(u.plan.alongside?.[0]).toMatchObject({ subject: { belowUso: true }, dimension: 'urban_rural' });
  });

  it('leaves a question of one figure, or of technologies side by side, as it was', () => {
    expect(readData('full fibre coverage in Leeds').plan.alongside).toBeUndefined();
    const sideBySide = readData('full fibre and gigabit coverage by region').plan;
    expect(sideBySide.alongside).toBeUndefined();
    expect(sideBySide.compare).toHaveLength(1);
  });
});
