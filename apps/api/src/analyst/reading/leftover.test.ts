import { describe, expect, it } from 'vitest';
import { analyse } from '../compile/narrate.js';
import { buildQuery } from '../compile/sql-builder.js';
import { droppedByCompiler, leftoverWords, uncarriedConditions } from './leftover.js';
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
      // How to show it is presentation, not a condition.
      'Map altnet coverage in the North West',
      'Show me full fibre coverage by region as a chart',
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
    const u = read('premises in Leeds with full fibre apart from the new builds');
    expect(u.plan.unknowns.join(' ')).toMatch(/negation \("apart from"\)/);
    expect(u.confidence).toBeLessThan(0.8);
  });

  it('a comparison with a number, and a count of places, are checked against the plan', () => {
    const read90 = read('how many local authorities have full fibre coverage above 90%?');
    const flat = { ...read90.plan, groupFilter: undefined, countGroups: undefined };
    const missing = uncarriedConditions(
      'how many local authorities have full fibre coverage above 90%?',
      flat,
    );
    expect(missing.join(' ')).toMatch(/comparison \("above 9/);
    expect(missing.join(' ')).toMatch(/count of places/);
    // Read as places passing a test and counted, both are carried.
    expect(read90.plan.unknowns).toEqual([]);
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

  it('"more than two networks" is at least three, and a quantifier the plan does not carry is said', () => {
    const u = read('premises with more than two full fibre networks in Leeds');
    expect(u.plan.subject).toMatchObject({ minNetworks: 3 });
    expect(u.plan.subject.exactNetworks).toBeUndefined();
    expect(u.plan.unknowns).toEqual([]);
    const fewer = read('premises with fewer than 2 full fibre networks');
    expect(fewer.plan.unknowns.join(' ')).toMatch(/quantifier \("fewer than 2/);
    expect(fewer.confidence).toBeLessThan(0.8);
  });

  it('rows per period, a chosen month of each year and the number of results are checked against the plan', () => {
    expect(read('full fibre coverage in Cardiff every month this year').plan.unknowns).toEqual([]);
    expect(read('gigabit coverage in Leeds each June').plan.unknowns).toEqual([]);
    expect(read('the three biggest altnets in Wales').plan.unknowns).toEqual([]);
    // The same questions against a plan that lost the shape: each loss is named.
    const flat = read('full fibre coverage in Cardiff').plan;
    expect(uncarriedConditions('full fibre coverage in Cardiff in each of the last 6 months', flat)).toEqual([
      'the rows per period ("each of the last 6")',
    ]);
    expect(uncarriedConditions('full fibre coverage in Cardiff in June of each year', flat)).toContain(
      'the chosen month of each year ("june of each year")',
    );
    expect(uncarriedConditions('the two biggest networks in Cardiff', flat)).toEqual([
      'the number of results ("the two biggest")',
    ]);
  });

  it('a number word the plan does not use is left over, never read silently as nothing', () => {
    const u = read('premises covered by three in Leeds');
    expect(u.plan.unknowns).toContain('"three"');
    expect(u.confidence).toBeLessThan(0.8);
    // A name that is also a number word makes any reading ambiguous.
    const named = read('How many premises can get Three FWA in Leeds?');
    expect(named.plan.subject.operatorGroups).toEqual(['Three FWA']);
  });

  it('a speed with its unit and a comparison of two things must reach the plan', () => {
    const flat = read('full fibre coverage in Cardiff').plan;
    expect(uncarriedConditions('superfast 30Mb+ coverage in Cardiff', flat)).toEqual(['the speed ("30mb+")']);
    expect(uncarriedConditions('full fibre coverage in Cardiff now vs last year', flat)).toEqual([
      'the comparison of two things ("vs")',
      'the change over time ("now vs")',
    ]);
    // Carried: a threshold in the plan, two places side by side.
    expect(read('premises in Cardiff that cannot get 30 Mbit/s').plan.unknowns).toEqual([]);
    expect(read('full fibre coverage in Leeds vs Manchester').plan.unknowns).toEqual([]);
    // A negation is carried by "exactly one network" only when it says there is no competition.
    expect(
      uncarriedConditions('premises with exactly 1 altnet but no openreach', {
        ...flat,
        subject: { altnet: true, exactNetworks: 1 },
      }).join(' '),
    ).toMatch(/negation/);
  });
  it('a change over time read as a level is not carried', () => {
    const flat = read('gigabit coverage by region').plan;
    expect(uncarriedConditions('which region gained the most gigabit coverage', flat)).toEqual([
      'the change over time ("gained")',
    ]);
    expect(
      uncarriedConditions('gigabit coverage by region between Jan 2024 and Jan 2026', flat, [], ['jan 2024']),
    ).toEqual(['the change over time ("between jan 2024 and")', 'the time ("jan 2024")']);
    // Carried: a change measure, and a series (each point is a date).
    const change = read('which region gained the most full fibre premises in the last 6 months').plan;
    expect(change.measure).toBe('change_premises');
    expect(uncarriedConditions('which region gained the most full fibre premises', change)).toEqual([]);
    expect(uncarriedConditions('which region gained the most full fibre %', change)).toEqual([
      'the change in share ("%"), read as a change in premises',
    ]);
  });

  it('every subject the question names must reach the plan', () => {
    const virgin = read('how many postcodes have Virgin Media').plan;
    expect(uncarriedConditions('how many postcodes have Virgin Media and altnet full fibre', virgin)).toEqual(
      ['the altnets ("altnet")', 'the technology ("full fibre")'],
    );
    const openreach = read('Openreach full fibre premises in Leeds').plan;
    expect(uncarriedConditions('forecast Openreach full fibre premises in Leeds', openreach)).toEqual([
      'the forecast ("forecast")',
    ]);
    // An average is a measure of its own.
    expect(uncarriedConditions('avg download speed in Leeds', openreach)).toEqual(['the average ("avg")']);
  });

  it('networks counted across a place are not networks per postcode', () => {
    const plan = read('premises with 3 or more altnets by local authority').plan;
    expect(plan.subject.minNetworks).toBe(3);
    expect(uncarriedConditions('which councils have 3 or more different altnets present?', plan)).toEqual([
      'networks counted across each place ("councils have 3 or more different altnets"), not per postcode',
    ]);
  });
  it('places, the upload direction, a time and a date the plan does not use are said', () => {
    const uk = read('full fibre coverage').plan;
    const leeds = testLexicon.find('full fibre coverage in Leeds');
    expect(uncarriedConditions('full fibre coverage in Leeds', uk, leeds)).toEqual(['the place ("leeds")']);
    expect(
      uncarriedConditions('premises that can get 1gbps upload', read('gigabit premises').plan),
    ).toContain('the upload direction ("upload")');
    expect(uncarriedConditions('full fibre coverage last year', uk, [], ['last year'])).toEqual([
      'the time ("last year")',
    ]);
    expect(uncarriedConditions('full fibre coverage jun 27 -> dec 27', uk, [], [])).toEqual([
      'the date ("jun 27")',
    ]);
    // A share compared with a number filters places: a gigabit subject does not carry "under 70%".
    const gigabit = read('gigabit coverage by local authority').plan;
    expect(uncarriedConditions('LAs still under 70% gigabit coverage', gigabit)).toEqual([
      'the comparison ("under 70%")',
    ]);
  });

  it('what the compiled SQL does not mention is dropped', () => {
    const plan = read('lines by operator in Leeds').plan;
    expect(
      droppedByCompiler(plan, 'SELECT operator, SUM(lines) FROM take_up_quarterly GROUP BY operator'),
    ).toEqual(['the place ("Leeds")']);
    expect(droppedByCompiler(plan, "SELECT 1 FROM x WHERE la_name IN ('Leeds')")).toEqual([]);
  });

  it('a judgement of the broadband with nothing named to judge it by is not a count of premises', () => {
    const u = read('which 5 LAs have the worst broadband');
    expect(u.plan.unknowns.join(' ')).toMatch(/what "worst" judges the broadband by/);
    expect(u.confidence).toBeLessThan(0.8);
    expect(read('which LA has the most premises').plan.unknowns).toEqual([]);
  });
});
