import { describe, expect, it } from 'vitest';
import { fieldValue, setField, startingPlan } from './plan-form';

const plan = startingPlan({
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { tech: 'fttponly' },
  geo: { column: 'la_name', values: ['Leeds'], label: 'Leeds' },
  time: { phrase: 'now' },
  notes: ['read "coverage"'],
});

describe('the correction form', () => {
  it('reads each field from the plan', () => {
    expect(fieldValue(plan, 'measure')).toBe('coverage_pct');
    expect(fieldValue(plan, 'tech')).toBe('fttponly');
    expect(fieldValue(plan, 'places')).toBe('Leeds');
    expect(fieldValue(plan, 'placeLevel')).toBe('la_name');
    expect(fieldValue(plan, 'limit')).toBe('');
    expect(plan.notes).toEqual([]);
  });

  it('sets a field and leaves the others as they were', () => {
    const next = setField(plan, 'measure', 'premises');
    expect(next).toMatchObject({
      measure: 'premises',
      subject: { tech: 'fttponly' },
      time: { phrase: 'now' },
    });
  });

  it('sets places as a list and drops a label that named the old ones', () => {
    expect(setField(plan, 'places', 'Leeds, Bradford').geo).toEqual({
      column: 'la_name',
      values: ['Leeds', 'Bradford'],
    });
  });

  it('removes a field that is cleared', () => {
    expect(setField(plan, 'places', '')).not.toHaveProperty('geo');
    expect(setField(plan, 'tech', '').subject).toEqual({});
    expect(setField(setField(plan, 'limit', '5'), 'limit', '')).not.toHaveProperty('limit');
    expect(setField(plan, 'limit', '5').limit).toBe(5);
  });

  it('sets networks and dates inside the subject and the time', () => {
    const next = setField(setField(plan, 'networks', 'CityFibre, Openreach'), 'at', '2025-01-01');
    expect(next.subject).toEqual({ tech: 'fttponly', operatorGroups: ['CityFibre', 'Openreach'] });
    expect(next.time).toEqual({ phrase: 'now', at: '2025-01-01' });
  });
});
