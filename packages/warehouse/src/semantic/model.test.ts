import { describe, expect, it } from 'vitest';
import { DATASET_LIST } from './datasets.js';
import { DIMENSION_LIST, LA_PLACE_COLUMNS, PLACE_COLUMNS } from './dimensions.js';
import { MEASURE_LIST } from './measures.js';
import { modelPhrases, SEGMENT_LIST, segmentSql, segmentsNamedIn } from './model.js';
import { datasetSchema, dimensionSchema, measureSchema, segmentSchema } from './model-schema.js';
import { SEGMENTS, TAKE_UP_TECHS, TECHS, takeUpTech } from './segments.js';

describe('the semantic model', () => {
  it('matches its schemas, term by term', () => {
    for (const s of SEGMENT_LIST) segmentSchema.parse(s);
    for (const m of MEASURE_LIST) measureSchema.parse(m);
    for (const d of DIMENSION_LIST) dimensionSchema.parse(d);
    for (const d of DATASET_LIST) datasetSchema.parse(d);
  });

  it('declares each term once', () => {
    for (const list of [SEGMENT_LIST, MEASURE_LIST, DIMENSION_LIST, DATASET_LIST]) {
      const ids = list.map((t) => t.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('states the contract thresholds: gigabit 1000, ultrafast 300, superfast 30, the USO 10 down and 1 up', () => {
    expect(segmentSql('gigabit', 'row')).toBe('f.fastest_down >= 1000');
    expect(segmentSql('ultrafast', 'row')).toBe('f.fastest_down >= 300');
    expect(segmentSql('superfast', 'postcode', { alias: 'x' })).toBe('MAX(x.fastest_down) >= 30');
    expect(segmentSql('below_uso', 'row')).toBe('f.fastest_down >= 10 AND f.fastest_up >= 1');
    expect(SEGMENTS.below_uso.negated).toBe(true);
  });

  it('renders a segment for any alias, and the parameter of N+ networks', () => {
    expect(segmentSql('full_fibre', 'row', { alias: '' })).toBe("tech = 'fttponly'");
    expect(segmentSql('full_fibre_networks', 'summary', { n: 3 })).toBe('f.full_fibre_networks >= 3');
    expect(segmentSql('full_fibre_networks', 'postcode')).toBe(
      "COUNT(DISTINCT CASE WHEN f.tech = 'fttponly' THEN o.operator_group END) >= 2",
    );
    expect(() => segmentSql('cable_only_gigabit', 'row')).toThrow();
  });

  it('names the technologies and their take-up spelling', () => {
    expect([...TECHS]).toEqual(['fttponly', 'fttc', 'adsl', 'cable', 'fwa']);
    expect([...TAKE_UP_TECHS]).toEqual(['fttp', 'fttc', 'adsl', 'cable', 'fwa']);
    expect(takeUpTech('fttponly')).toBe('fttp');
  });

  it('orders the places from the nation down to the unit postcode', () => {
    expect([...PLACE_COLUMNS]).toEqual([
      'country',
      'government_region',
      'la_name',
      'postcode_area',
      'postcode_district',
      'post_sector',
      'postcode',
    ]);
    expect(LA_PLACE_COLUMNS).toEqual(['la_code', 'la_name', 'government_region', 'country']);
  });

  it('says every named filter in plain words, with its threshold and no warehouse code', () => {
    for (const s of SEGMENT_LIST) {
      expect(s.meaning, s.id).not.toMatch(/_|\bfact\b|\btech '|>=|\bis_altnet\b/);
    }
    expect(SEGMENTS.gigabit.meaning).toContain('1,000 Mbit/s');
    expect(SEGMENTS.ultrafast.meaning).toContain('300 Mbit/s');
    expect(SEGMENTS.below_uso.meaning).toMatch(/10 Mbit\/s down and 1 Mbit\/s up/);
    expect(segmentsNamedIn('How do you define gigabit-capable?').map((s) => s.id)).toEqual(['gigabit']);
    expect(segmentsNamedIn('what does "below the USO" mean').map((s) => s.id)).toEqual(['below_uso']);
  });

  it('gives every term its phrases, lower case, from the glossary', () => {
    const phrases = modelPhrases();
    const named = (phrase: string) => phrases.filter((p) => p.phrase === phrase).map((p) => p.id);
    expect(named('gc')).toContain('gigabit');
    expect(named('council')).toContain('la_name');
    expect(named('uso')).toContain('below_uso');
    expect(named('market share')).toContain('line_share_pct');
    for (const p of phrases) expect(p.phrase).toBe(p.phrase.toLowerCase());
  });
});
