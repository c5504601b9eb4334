import { describe, expect, it } from 'vitest';
import { tagQuestion } from './tagger.js';
import { testLexicon, testTime } from './test-fixtures.js';

const tags = (question: string) =>
  tagQuestion(question, testLexicon, testTime).tags.map((t) => `${t.role}:${t.value}`);
const unplaced = (question: string) =>
  tagQuestion(question, testLexicon, testTime).unplaced.map((t) => t.text);

describe('tagging a question', () => {
  it('tags names from the warehouse, terms from the vocabulary and numbers, one role per span', () => {
    expect(tags('How many premises in Leeds have FTTP from at least 3 networks?')).toEqual([
      'shape:count',
      'measure:premises',
      'place:la_name:Leeds',
      'technology:full_fibre',
      'comparator:gte',
      'number:3',
      'dimension:operator_group',
    ]);
  });

  it('reads a unit postcode, a post sector and a postcode district written as codes', () => {
    expect(tags('full fibre in LS1 4AP, LS1 4 and M1')).toEqual([
      'technology:full_fibre',
      'place:postcode:LS1 4AP',
      'place:post_sector:LS1 4',
      'place:postcode_district:M1',
    ]);
  });

  it('keeps the other meaning of a name that is also a postcode area ("CF")', () => {
    const cf = tagQuestion('full fibre coverage in CF', testLexicon, testTime).tags.find(
      (t) => t.text === 'cf',
    );
    expect(cf).toMatchObject({ role: 'network', value: 'CityFibre' });
    expect(cf?.alternatives).toContainEqual({ role: 'place', value: 'postcode_area:CF' });
  });

  it('reads a condition written around a name as the condition ("gigabit only through Virgin cable")', () => {
    expect(tags('homes that get gigabit only through Virgin cable')).toEqual([
      'measure:premises',
      'technology:cable_only_gigabit',
    ]);
  });

  it('reads "3+" as a number and "at least"', () => {
    expect(tags('premises with 3+ networks')).toEqual([
      'measure:premises',
      'number:3',
      'comparator:gte',
      'dimension:operator_group',
    ]);
  });

  it('tags a list of named places, each as a place', () => {
    expect(
      tags('gigabit coverage in Wales, Scotland and England').filter((t) => t.startsWith('place')),
    ).toHaveLength(3);
  });

  it('leaves a content word it cannot place unplaced, and needs no role for function or presentation words', () => {
    expect(unplaced('show me the full fibre coverage of Leeds as a chart')).toEqual([]);
    expect(unplaced('full fibre coverage of Leeds for hedgehogs')).toEqual(['hedgehogs']);
  });

  it('reads a synonym from the vocabulary table ("UFBB" is ultrafast)', () => {
    expect(tags('UFBB coverage in Leeds')).toContain('technology:ultrafast');
  });

  it('reads "extra" and "additional" as a change', () => {
    expect(tags('How many extra FTTP premises in Leeds?')).toContain('measure:change');
    expect(tags('additional gigabit premises in Leeds')).toContain('measure:change');
  });
});
