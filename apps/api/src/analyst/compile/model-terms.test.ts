/**
 * The compiler takes the contract's terms from the semantic model: below the USO needs 10 down AND 1 up, ultrafast
 * is 300, and the place levels reach down to the post sector and the unit postcode. Each compiled plan must also
 * pass the check that its SQL does everything the plan says.
 */
import { SEGMENTS, segmentSql } from '@qa/warehouse';
import { describe, expect, it } from 'vitest';
import { testTime } from '../reading/test-fixtures.js';
import type { Plan } from '../semantic/plan.js';
import { interpret } from './interpret.js';
import { explain } from './narrate.js';
import { buildQuery } from './sql-builder.js';
import { verifyPlan } from './verify-plan.js';
import { inWords } from './words.js';

const plan = (fields: Partial<Plan>): Plan => ({
  dataset: 'upc',
  measure: 'premises',
  subject: {},
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
  ...fields,
});

async function compiled(p: Plan) {
  const built = buildQuery(p, testTime);
  const check = await verifyPlan(p, built, testTime);
  expect(check, built.sql).toEqual({ ok: true, missing: [] });
  return built;
}

describe('the compiler reads the semantic model', () => {
  it('writes gigabit and full fibre as the model defines them', async () => {
    const built = await compiled(plan({ subject: { gigabit: true }, dimension: 'operator_group' }));
    expect(built.sql).toContain(segmentSql('gigabit', 'row'));
    // Named operators (not networks) are read from the change log itself, with the model's full-fibre test.
    const ff = await compiled(
      plan({ subject: { tech: 'fttponly', operators: ['BT'] }, time: { at: '2025-01-01' } }),
    );
    expect(ff.sql).toContain(segmentSql('full_fibre', 'row'));
  });

  it('counts below the USO as no service with 10 Mbit/s down and 1 up, postcodes with no service included', async () => {
    const share = plan({
      measure: 'coverage_pct',
      subject: { belowUso: true },
      dimension: 'la_name',
      limit: 5,
    });
    const built = await compiled(share);
    expect(built.sql).toContain('meets_uso');
    expect(built.sql).toContain('LEFT JOIN');
    expect(built.sql).toMatch(/premises_below_uso/);
    expect(interpret(share, testTime)).toContain(
      `no service offers ${SEGMENTS.below_uso.threshold.down} Mbit/s down and ${SEGMENTS.below_uso.threshold.up} Mbit/s up`,
    );
    // The model's definition, its SQL said in words.
    const explanation = explain(share, built);
    expect(explanation).toContain(
      `${SEGMENTS.below_uso.title} means ${inWords(SEGMENTS.below_uso.definition)}`,
    );
    expect(explanation).toContain('10 Mbit/s or more and an upload speed of 1 Mbit/s or more');
    expect(explanation).not.toMatch(/fastest_/);
  });

  it('checks that SQL for below the USO tests both speeds', async () => {
    const p = plan({ subject: { belowUso: true }, geo: { column: 'la_name', values: ['Leeds'] } });
    const longForm = `SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.la_name = 'Leeds' AND NOT EXISTS (SELECT 1 FROM fact_operator f
        WHERE f.postcode = u.postcode AND f.fastest_down >= 10 AND f.fastest_up >= 1)`;
    expect((await verifyPlan(p, { sql: longForm }, testTime)).ok).toBe(true);
    const downOnly = longForm.replace(' AND f.fastest_up >= 1', '');
    expect((await verifyPlan(p, { sql: downOnly }, testTime)).missing).toEqual([
      'the speed ("below the USO")',
    ]);
  });

  it('names ultrafast at the model’s 300 Mbit/s', () => {
    const p = plan({ measure: 'coverage_pct', subject: { minDown: SEGMENTS.ultrafast.threshold.down } });
    expect(SEGMENTS.ultrafast.threshold.down).toBe(300);
    expect(interpret(p, testTime)).toContain('ultrafast broadband (a download speed of 300 Mbit/s or more)');
  });

  it('filters to a post sector and groups by unit postcode', async () => {
    const built = await compiled(
      plan({
        subject: { tech: 'fttponly' },
        geo: { column: 'post_sector', values: ['LS1 4'] },
        dimension: 'postcode',
        order: 'desc',
        limit: 10,
      }),
    );
    expect(built.sql).toContain("u.post_sector IN ('LS1 4')");
    expect(built.sql).toContain('GROUP BY u.postcode');
  });

  it('groups a local authority by post sector, and answers for one unit postcode', async () => {
    const bySector = await compiled(
      plan({
        measure: 'coverage_pct',
        subject: { gigabit: true },
        geo: { column: 'la_name', values: ['Leeds'] },
        dimension: 'post_sector',
        order: 'asc',
        limit: 5,
      }),
    );
    expect(bySector.sql).toContain('GROUP BY u.post_sector');
    const one = await compiled(
      plan({ measure: 'operator_count', geo: { column: 'postcode', values: ['LS1 4AP'] } }),
    );
    expect(one.sql).toContain("u.postcode IN ('LS1 4AP')");
  });

  it('counts places of any level that pass a test', async () => {
    const built = await compiled(
      plan({
        measure: 'coverage_pct',
        subject: { tech: 'fttponly' },
        geo: { column: 'la_name', values: ['Leeds'] },
        dimension: 'post_sector',
        groupFilter: { op: 'lt', value: 50 },
        countGroups: true,
      }),
    );
    expect(built.sql).toContain('AS post_sectors');
  });
});
