import { describe, expect, it } from 'vitest';
import { planFor, testLexicon, testTime } from '../reading/test-fixtures.js';
import type { Plan } from '../semantic/plan.js';
import { planShape, shapeKey } from './plan-shape.js';
import { fillPlan, slotQuestion } from './slots.js';
import {
  answeredAsVerified,
  EXACT_MATCH_CONFIDENCE,
  type VerifiedEntry,
  VerifiedReadings,
} from './verified-readings.js';

const knowledge = { lexicon: testLexicon, time: testTime };

const plan = (fields: Partial<Plan>): Plan => ({
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { tech: 'fttponly' },
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
  ...fields,
});

const entry = (question: string, verified: Plan, id = 'v1'): VerifiedEntry => ({
  id,
  queryId: null,
  question,
  plan: verified,
  interpretation: 'a reading',
  verifiedBy: 'admin@test.example',
  verifiedAt: '2026-11-20T10:00:00.000Z',
});

describe('the shape of a plan', () => {
  it('is the same for plans that differ only in their place, network, technology and dates', () => {
    const leeds = plan({
      geo: { column: 'la_name', values: ['Leeds'] },
      subject: { tech: 'fttponly', operatorGroups: ['CityFibre'] },
      time: { at: '2025-01-01', phrase: 'in January 2025' },
    });
    const wales = plan({
      geo: { column: 'country', values: ['Wales'] },
      subject: { tech: 'cable', operatorGroups: ['Openreach'] },
      time: { at: '2026-11-01' },
    });
    expect(shapeKey(leeds)).toBe(shapeKey(wales));
    expect(planShape(leeds)).toMatchObject({
      geo: '<place>',
      subject: { tech: '<technology>', operatorGroups: ['<network>'] },
      time: { at: '<date>' },
    });
  });

  it('differs when the measure, the grouping, a filter or the number of networks differs', () => {
    const base = plan({ geo: { column: 'la_name', values: ['Leeds'] } });
    expect(shapeKey(plan({ ...base, measure: 'premises' }))).not.toBe(shapeKey(base));
    expect(shapeKey(plan({ ...base, dimension: 'la_name' }))).not.toBe(shapeKey(base));
    expect(shapeKey(plan({ ...base, subject: { tech: 'fttponly', gigabit: true } }))).not.toBe(
      shapeKey(base),
    );
    expect(shapeKey(plan({ ...base, subject: { allGroups: ['A', 'B'] } }))).not.toBe(
      shapeKey(plan({ ...base, subject: { allGroups: ['A', 'B', 'C'] } })),
    );
    expect(shapeKey(plan({ ...base, geo: undefined }))).not.toBe(shapeKey(base));
  });

  it('leaves out the reading’s bookkeeping', () => {
    expect(shapeKey(plan({ notes: ['x'], unknowns: ['y'], assumptions: ['z'] }))).toBe(shapeKey(plan({})));
  });
});

describe('a question with its slots', () => {
  it('reads the same whatever the case, punctuation and place', () => {
    const a = slotQuestion('Full fibre coverage in Leeds?', knowledge);
    const b = slotQuestion('full fibre coverage in MANCHESTER', knowledge);
    expect(a.terms).toEqual(b.terms);
    expect(a.slots.map((s) => s.type)).toEqual(['technology', 'place']);
    expect(a.terms).toContain('<place>');
  });

  it('fills a verified plan with the new question’s place, network and technology', () => {
    const verified = plan({
      geo: { column: 'la_name', values: ['Leeds'] },
      subject: { tech: 'fttponly', operatorGroups: ['CityFibre'] },
    });
    const from = slotQuestion('CityFibre full fibre coverage in Leeds', knowledge);
    const to = slotQuestion('Hyperoptic cable coverage in Wales', knowledge);
    const filled = fillPlan(verified, from, to);
    expect(filled).toMatchObject({
      geo: { column: 'government_region', values: ['Wales'] },
      subject: { tech: 'cable', operatorGroups: ['Hyperoptic'] },
    });
    expect(shapeKey(filled!)).toBe(shapeKey(verified));
  });

  it('fills dates from the new question', () => {
    const verified = plan({ time: { at: '2025-01-01' }, geo: { column: 'la_name', values: ['Leeds'] } });
    const from = slotQuestion('full fibre coverage in Leeds in January 2025', knowledge);
    expect(from.time.at).toBe('2025-01-01');
    const to = slotQuestion('full fibre coverage in Leeds in March 2024', knowledge);
    expect(fillPlan(verified, from, to)?.time.at).toBe('2024-03-01');
  });

  it('fills a place the reviewer put at another level than the tagger read it', () => {
    // The tagger reads Scotland as a region; the reviewer's plan has it as a nation.
    const verified = plan({ geo: { column: 'country', values: ['Scotland'] } });
    const from = slotQuestion('full fibre coverage in Scotland', knowledge);
    const to = slotQuestion('full fibre coverage in Leeds', knowledge);
    expect(fillPlan(verified, from, to)?.geo).toEqual({ column: 'la_name', values: ['Leeds'] });
  });

  it('fills nothing when a different value is not one the plan holds', () => {
    // The verified plan ignores the place the question named: it is not a template for places.
    const verified = plan({});
    const from = slotQuestion('full fibre coverage in Leeds', knowledge);
    const to = slotQuestion('full fibre coverage in Manchester', knowledge);
    expect(fillPlan(verified, from, to)).toBeNull();
  });
});

describe('verified readings', () => {
  const leedsPlan = plan({ geo: { column: 'la_name', values: ['Leeds'] }, measure: 'premises' });
  const readings = new VerifiedReadings(
    [entry('How many premises can get full fibre in Leeds?', leedsPlan)],
    knowledge,
  );

  it('answers the same words with other case and punctuation as an exact match', () => {
    const match = readings.match('how many premises can get FULL FIBRE in leeds');
    expect(match?.kind).toBe('exact');
    expect(match?.confidence).toBe(EXACT_MATCH_CONFIDENCE);
    expect(match?.plan.geo).toEqual({ column: 'la_name', values: ['Leeds'] });
  });

  it('answers a question of the same shape about another place with the verified plan', () => {
    const match = readings.match('How many premises can get full fibre in Cornwall');
    expect(match?.kind).toBe('exact');
    expect(match?.plan).toMatchObject({
      measure: 'premises',
      geo: { column: 'la_name', values: ['Cornwall'] },
    });
  });

  it('answers a close wording, less surely', () => {
    const match = readings.match('So how many premises can actually get full fibre in Leeds?');
    expect(match?.kind).toBe('close');
    expect(match!.confidence).toBeLessThan(EXACT_MATCH_CONFIDENCE);
    expect(match!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(answeredAsVerified(match!)).toContain(
      "Answered as the verified question 'How many premises can get full fibre in Leeds?'",
    );
  });

  it('does not answer a question whose tagged words differ', () => {
    expect(readings.match('How many premises can get cable broadband by local authority')).toBeUndefined();
    expect(readings.match('What share of premises can get full fibre in Leeds?')).toBeUndefined();
  });

  it('gives the closest verified questions as examples', () => {
    const examples = readings.examples('What share of premises can get full fibre in Leeds?');
    expect(examples[0]?.question).toBe('How many premises can get full fibre in Leeds?');
    expect(new VerifiedReadings([], knowledge).examples('anything')).toEqual([]);
  });

  it('prefers the newest verification of the same words', () => {
    const newer = plan({ geo: { column: 'la_name', values: ['Leeds'] }, measure: 'postcodes' });
    const both = new VerifiedReadings(
      [
        entry('premises with full fibre in Leeds', leedsPlan, 'old'),
        entry('premises with full fibre in Leeds', newer, 'new'),
      ],
      knowledge,
    );
    expect(both.match('Premises with full fibre in Leeds')?.entry.id).toBe('new');
  });

  it('reads the built-in reading’s own plan for a question as a template', () => {
    const own = planFor('full fibre coverage in Leeds');
    const r = new VerifiedReadings([entry('full fibre coverage in Leeds', own)], knowledge);
    expect(r.match('Full fibre coverage in Manchester')?.plan.geo?.values).toEqual(['Manchester']);
  });
});
