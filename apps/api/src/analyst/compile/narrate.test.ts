import { describe, expect, it } from 'vitest';
import { testLexicon, testTime } from '../reading/test-fixtures.js';
import { understand } from '../reading/understand.js';
import { chooseVisual } from '../visuals/auto-visual.js';
import { columnMeta } from './column-meta.js';
import { analyse, explain } from './narrate.js';
import { buildQuery } from './sql-builder.js';
import { describePlanCheck } from './verify-plan.js';

/** The analysis of `question` over `rows` of the columns its SQL returns (named in order). */
function narrate(question: string, names: string[], rows: unknown[][]): string {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  const built = buildQuery(u.plan, testTime);
  // The names given are the SQL's own: the test fails if the builder renames a column.
  for (const name of names) expect(built.sql).toContain(name);
  return analyse(
    u.plan,
    built,
    {
      columns: names.map((name, i) => ({
        name,
        type: typeof rows[0]?.[i] === 'number' ? 'DOUBLE' : 'VARCHAR',
      })),
      rows,
      truncated: false,
    },
    testTime.latest,
    testTime.earliest,
  );
}

describe('the analysis says what each number is, from the plan', () => {
  it('a level first passed is said as the date it was passed, not as a series of one point', () => {
    const text = narrate(
      'when did Leeds pass 50% full fibre',
      ['reported_at', 'premises', 'coverage_pct'],
      [['2021-05-01', 204123, 50.61]],
    );
    expect(text).toContain('was first at least 50% in **May 2021** (50.61%)');
    expect(text).not.toMatch(/went from/);
  });

  it('a first date is said as a month, and one at the start of the data as then or earlier', () => {
    const one = narrate('when did Leeds first get full fibre', ['first_available'], [['2023-06-01']]);
    expect(one).toContain('Full fibre was first available in Leeds in **June 2023**');
    const start = narrate('when did Leeds first get full fibre', ['first_available'], [[testTime.earliest]]);
    expect(start).toMatch(/is the first month of the data, so a date there means then or earlier/);
    const none = narrate('when did Leeds first get full fibre', ['first_available'], [[null]]);
    expect(none).toMatch(/has no first date/);
  });

  it('both speeds asked: the upload is said as well as the download', () => {
    const one = narrate(
      'fastest download and upload speeds in Leeds',
      ['max_fastest_down_mbps', 'max_fastest_up_mbps'],
      [[2500, 2500]],
    );
    expect(one).toMatch(/fastest download on offer in Leeds is \*\*2,500 Mbit\/s\*\* and the fastest upload/);
    const each = narrate(
      'what can I get at LS1 4AP',
      ['operator_group', 'max_fastest_down_mbps', 'max_fastest_up_mbps'],
      [
        ['CityFibre', 2500, 1000],
        ['Openreach', 1800, 220],
      ],
    );
    expect(each).toContain('(1,000 Mbit/s up)');
    expect(each).toContain('Openreach (1,800 Mbit/s, 220 Mbit/s up)');
  });

  it('a network\'s share is of all premises in the place, not "of its premises"', () => {
    const text = narrate(
      'Premises passed by each network in Leeds',
      ['operator_group', 'premises', 'share_of_all_premises_pct'],
      [
        ['Openreach', 3000, 41.44],
        ['CityFibre', 2000, 27.62],
      ],
    );
    expect(text).toContain('**Openreach** leads on');
    expect(text).toContain('(41.44% of all premises in Leeds)');
    expect(text).not.toContain('of its premises');
  });

  it("a place's coverage is a share of its own premises", () => {
    const text = narrate(
      'Full fibre coverage by region',
      ['government_region', 'premises_passed', 'total_premises', 'coverage_pct'],
      [
        ['London', 90, 100, 90],
        ['Wales', 10, 100, 10],
      ],
    );
    expect(text).toContain('**London** leads on coverage: **90%** of its premises');
  });

  it('a share of lines is a share of lines, never of premises', () => {
    const text = narrate(
      'Market share of lines by operator',
      ['operator', 'lines', 'share_pct'],
      [
        ['BT', 7000, 35.5],
        ['Sky', 5000, 25.36],
      ],
    );
    expect(text).toContain('35.5% of all lines');
    expect(text).not.toMatch(/premises/i);
  });

  it('overlapping footprints are never added up', () => {
    const text = narrate(
      'Which networks pass the most premises?',
      ['operator_group', 'premises', 'share_of_all_premises_pct'],
      [
        ['Openreach', 3000, 60],
        ['Virgin Media', 2000, 40],
      ],
    );
    expect(text).not.toMatch(/shown total/);
    expect(text).toContain('not added up');
    // Places do partition the premises, so their total is a total.
    const places = narrate(
      'How many premises are there in each region?',
      ['government_region', 'postcodes', 'premises'],
      [
        ['London', 10, 900],
        ['Wales', 5, 100],
      ],
    );
    expect(places).toContain('The 2 regions shown total **1,000**');
  });

  it('a change in a share is in percentage points, never "%"', () => {
    const text = narrate(
      'Full fibre coverage over time in Leeds',
      ['reported_at', 'premises', 'coverage_pct'],
      [
        ['2026-01-01', 1000, 50],
        ['2026-06-01', 1500, 60.41],
      ],
    );
    expect(text).toContain('from **50%** to **60.41%** (+10.41 pp)');
    expect(text).not.toContain('+10.41%');
    const growth = narrate(
      'Which regions gained the most full fibre coverage in percentage points over the last year?',
      ['government_region', 'pp_change'],
      [
        ['London', 10.41],
        ['Wales', 2],
      ],
    );
    expect(growth).toContain('**+10.41 pp**');
    expect(growth).not.toMatch(/10\.41%/);
  });

  it('"cannot get 30 Mbit/s" is counted in columns named after it', () => {
    const columns = ['premises_below_30_mbps', 'total_premises', 'share_below_30_mbps_pct'];
    const text = narrate('How many premises in Cardiff cannot get 30 Mbit/s?', columns, [[150, 600, 25]]);
    const u = understand('How many premises in Cardiff cannot get 30 Mbit/s?', testLexicon, testTime);
    if (u.kind !== 'data') throw new Error('not data');
    const sql = buildQuery(u.plan, testTime).sql;
    expect(sql).not.toContain('premises_passed');
    expect(sql).not.toContain('coverage_pct');
    expect(text).toContain(
      '**150** premises in Cardiff are in postcodes where the best download speed is below 30 Mbit/s',
    );
    expect(text).toContain('**25%** of all 600 premises there');
  });

  it('describes each column kind from the plan', () => {
    const u = understand('Market share of lines by operator', testLexicon, testTime);
    if (u.kind !== 'data') throw new Error('not data');
    expect(columnMeta(u.plan, 'lines')).toEqual({ kind: 'count', unit: 'lines', additive: true });
    expect(columnMeta(u.plan, 'pp_change')).toEqual({ kind: 'points' });
  });
});

describe('a distribution by number of networks', () => {
  it('lists each count with its share of all premises (the rows partition them)', () => {
    const text = narrate(
      'Break down premises by how many full fibre networks they can get (0, 1, 2, ...)',
      ['networks', 'postcodes', 'premises'],
      [
        [0, 10, 250],
        [1, 20, 500],
        [2, 8, 250],
      ],
    );
    expect(text).toContain('All 1,000 premises, by how many networks offer full fibre there:');
    expect(text).toContain('- **1** network: 500 premises (50% of all)');
    expect(text).toContain('- **2** networks: 250 premises (25% of all)');
  });

  it('says the last band by its label ("2+")', () => {
    const text = narrate(
      'Split premises by how many full-fibre networks they can choose from: 0, 1, 2 or more.',
      ['networks', 'postcodes', 'premises'],
      [
        ['0', 10, 250],
        ['1', 20, 500],
        ['2+', 8, 250],
      ],
    );
    expect(text).toContain('- **2+** networks: 250 premises (25% of all)');
    expect(text).not.toContain('NaN');
  });
});

/** The plan, its SQL and explanation for a question read with the unit tests' vocabulary. */
function compiled(question: string) {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  const built = buildQuery(u.plan, testTime);
  return { plan: u.plan, built, explanation: explain(u.plan, built) };
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

describe('words an analyst reads, not code (issue 23)', () => {
  it("says a speed threshold by the model's words, never as the SQL predicate", () => {
    const question = 'How many premises in Leeds can get gigabit?';
    const text = narrate(question, ['premises_passed', 'total_premises', 'coverage_pct'], [[3000, 4000, 75]]);
    expect(text).toContain(
      '**3,000** premises in Leeds are in postcodes where gigabit-capable broadband is available: **75%** of all 4,000 premises there.',
    );
    const { explanation } = compiled(question);
    expect(explanation).toContain('a download speed of 1000 Mbit/s or more');
    for (const said of [text, explanation]) {
      expect(said).not.toMatch(/fastest_down|>=/);
      expect(said).not.toMatch(/\bla_name\b/);
    }
  });

  it("names technologies by the model's labels, never by their codes", () => {
    const text = narrate(
      'premises passed by each technology',
      ['tech', 'premises', 'share_of_all_premises_pct'],
      [
        ['fttc', 9000, 90],
        ['fttponly', 7000, 70],
        ['cable', 5000, 50],
      ],
    );
    expect(text).toContain('**FTTC** leads on premises passed');
    expect(text).toContain('Then full fibre (7,000), cable (5,000)');
    expect(text).not.toMatch(/fttponly|fttp_/);
  });

  it('says snapshot dates as months and quarters as "2026 Q3", never as ISO dates or codes', () => {
    const monthly = narrate(
      'Full fibre coverage over time in Leeds',
      ['reported_at', 'premises', 'coverage_pct'],
      [
        ['2024-11-01', 1000, 50],
        ['2026-11-01', 1500, 75],
      ],
    );
    expect(monthly).toContain('**November 2024 to November 2026:**');
    const quarterly = narrate(
      'What share of lines are full fibre, quarter by quarter since 2021?',
      ['quarter', 'share_pct'],
      [
        ['2021Q1', 7.03],
        ['2026Q3', 38.47],
      ],
    );
    expect(quarterly).toContain('**2021 Q1 to 2026 Q3:**');
    expect(quarterly).not.toMatch(/\d{4}Q\d/);
    const halfYearly = narrate(
      'Forecast full fibre coverage every six months to 2030',
      ['reported_at', 'premises', 'coverage_pct'],
      [
        ['2026-06-01', 1000, 50],
        ['2026-12-01', 1200, 60],
      ],
    );
    expect(halfYearly).toContain('**June 2026 to December 2026:**');
    expect(describePlanCheck({ ok: false, missing: ['the window ("2024-11-01 to 2026-11-01")'] })).toBe(
      'The SQL written for this reading leaves out the window ("November 2024 to November 2026").',
    );
    const { explanation } = compiled(
      'Which local authorities gained the most full fibre premises in the last 6 months?',
    );
    expect(explanation).toContain('May 2026');
    for (const said of [monthly, quarterly, halfYearly, explanation]) expect(said).not.toMatch(ISO_DATE);
  });

  it('never stutters "postcodes in postcodes"', () => {
    const text = narrate(
      'In how many postcodes is Virgin Media the only gigabit option?',
      ['postcodes_passed', 'total_postcodes', 'coverage_pct'],
      [[1574, 17386, 9.05]],
    );
    expect(text).toContain(
      '**1,574** postcodes across the UK (**9.05%** of all 17,386) are ones where Virgin Media is the only network offering gigabit-capable broadband.',
    );
    expect(text).not.toMatch(/postcodes in postcodes|premises in postcodes with/);
  });

  it('says a forecast is planned coverage, not "premises in postcodes with any service"', () => {
    const share = narrate(
      'What share of premises is forecast to have full fibre by the end of 2027?',
      ['premises_passed', 'total_premises', 'coverage_pct'],
      [[295632, 336324, 87.9]],
    );
    expect(share).toContain(
      '**87.9%** of premises across the UK (295,632 of 336,324) are forecast to have full fibre by December 2027.',
    );
    const count = narrate(
      'How many premises will Openreach pass with full fibre by December 2026 according to the forecast?',
      ['premises_passed', 'total_premises', 'coverage_pct'],
      [[226214, 336324, 67.26]],
    );
    expect(count).toContain(
      '**226,214** premises across the UK are forecast to have full fibre from Openreach',
    );
    for (const said of [share, count]) expect(said).not.toMatch(/any service|in postcodes with/);
  });

  it('gives a change in points with the coverage it started and ended at', () => {
    const question =
      'By how many percentage points did full fibre coverage in Manchester go up over the last year?';
    const text = narrate(
      question,
      [
        'premises_2025_11',
        'premises_2026_11',
        'premises_gained',
        'pp_change',
        'coverage_2025_11_pct',
        'coverage_2026_11_pct',
      ],
      [[6120, 6840, 720, 7.2, 61.2, 68.4]],
    );
    expect(text).toContain(
      'The share of premises in Manchester where full fibre is available went from **61.2%** in November 2025 to **68.4%** in November 2026, up **7.2 points** (6,120 to 6,840 premises).',
    );
    const ranked = narrate(
      'Which regions gained the most full fibre coverage in percentage points over the last year?',
      ['government_region', 'pp_change', 'coverage_2025_11_pct', 'coverage_2026_11_pct'],
      [
        ['Scotland', 14.04, 60, 74.04],
        ['Wales', 13.91, 50, 63.91],
      ],
    );
    expect(ranked).toContain(
      '**Scotland** leads on the change in coverage: **+14.04 pp** (from 60% in November 2025 to 74.04% in November 2026).',
    );
    const premises = narrate(
      'How many full fibre premises did Openreach add over the last year?',
      ['premises_2025_11', 'premises_2026_11', 'premises_gained'],
      [[200000, 225000, 25000]],
    );
    expect(premises).toContain(
      'went from **200,000** in November 2025 to **225,000** in November 2026, up **25,000** (+12.5%).',
    );
  });

  it('labels shares of take-up lines as shares of lines, in the narration and on the chart', () => {
    const question = 'Market share of lines by operator';
    const text = narrate(
      question,
      ['operator', 'lines', 'share_pct'],
      [
        ['BT', 7000, 35.5],
        ['Sky', 5000, 25.36],
      ],
    );
    expect(text).toContain('(35.5% of all lines)');
    const { built } = compiled(question);
    const chart = chooseVisual({
      title: 'Share of broadband lines by operator, 2026 Q3',
      columns: ['operator', 'lines', 'share_pct'],
      rows: [
        ['BT', '7000', '35.5'],
        ['Sky', '5000', '25.36'],
        ['TalkTalk', '3000', '15.2'],
      ],
      sql: built.sql,
    });
    expect(chart.visual?.spec.format).toMatchObject({ measure: 'Share of lines', unit: '%' });
    expect(JSON.stringify(chart.visual?.spec.options)).not.toContain('% of premises');
  });

  it('charts a ranking by what it ranks, in words: a change in points, premises gained', () => {
    const { built } = compiled(
      'Which regions gained the most full fibre coverage in percentage points over the last year?',
    );
    const chart = chooseVisual({
      title: 'Change in coverage (percentage points) by region where full fibre is available',
      columns: [
        'government_region',
        'premises_2025_11',
        'premises_2026_11',
        'premises_gained',
        'pp_change',
        'coverage_2025_11_pct',
        'coverage_2026_11_pct',
      ],
      rows: [
        ['Scotland', '100', '200', '100', '14.04', '60', '74.04'],
        ['Wales', '100', '150', '50', '13.91', '50', '63.91'],
        ['London', '100', '120', '20', '5', '70', '75'],
      ],
      sql: built.sql,
    });
    expect(chart.visual?.spec.format).toMatchObject({
      measure: 'Change in full fibre coverage',
      unit: 'percentage points',
    });
    const gained = compiled(
      'Which local authorities gained the most full fibre premises in the last 6 months?',
    );
    const bars = chooseVisual({
      title: 'The 10 local authorities with the most premises gained where full fibre is available',
      columns: ['la_name', 'premises_2026_05', 'premises_2026_11', 'premises_gained'],
      rows: [
        ['Leeds', '100', '300', '200'],
        ['Cardiff', '100', '200', '100'],
        ['Belfast', '100', '150', '50'],
      ],
      sql: gained.built.sql,
    });
    expect(bars.visual?.spec.format).toMatchObject({ measure: 'Premises gained', unit: 'premises' });
  });

  it('says one-row answers as sentences with their periods, not as lists of columns', () => {
    const lines = narrate(
      'adsl lines change year on year',
      ['lines_2025q3', 'lines_2026q3', 'change_lines', 'yoy_change_pct'],
      [[428290, 364416, -63874, -14.91]],
    );
    expect(lines).toContain(
      'Lines on ADSL went from **428,290** in 2025 Q3 to **364,416** in 2026 Q3, down **63,874** (-14.91%).',
    );
    const first = narrate(
      'How many postcodes got full fibre for the first time in the last 12 months?',
      ['postcodes', 'premises'],
      [[74512, 1423373]],
    );
    expect(first).toContain(
      '**74,512** postcodes (1,423,373 premises) across the UK got full fibre for the first time in the last 12 months.',
    );
    const speed = narrate(
      'What is the fastest upload speed available in Westminster?',
      ['max_fastest_up_mbps'],
      [[3000]],
    );
    expect(speed).toContain('The fastest upload speed on offer in Westminster is **3,000 Mbit/s**.');
    for (const said of [lines, first, speed])
      expect(said).not.toMatch(/\*\*Result\*\*|change lines|\d{4}q\d/);
  });
});

describe('the share of a footprint and the first networks of each place', () => {
  it("a footprint's share in a class is said as a share of that footprint", () => {
    const text = narrate(
      "what share of CityFibre's footprint is rural",
      ['premises_there', 'footprint_premises', 'share_of_footprint_pct'],
      [[412000, 4100000, 10.05]],
    );
    expect(text).toMatch(
      /^\*\*10\.05%\*\* of the premises where CityFibre is present are in rural areas \(412,000 of 4,100,000\)/,
    );
    expect(text).not.toMatch(/of all premises in rural/);
    const scotland = narrate(
      'what percentage of Scottish premises are rural',
      ['premises_there', 'footprint_premises', 'share_of_footprint_pct'],
      [[330519, 2966783, 11.14]],
    );
    expect(scotland).toMatch(
      /^\*\*11\.14%\*\* of premises in Scotland are in rural areas \(330,519 of 2,966,783\)/,
    );
  });

  it('the top networks of each place are listed in order, and only the first of each leads', () => {
    const text = narrate(
      'top 2 networks by full fibre premises in each region',
      ['government_region', 'operator_group', 'premises', 'share_of_premises_pct'],
      [
        ['London', 'Openreach', 2000000, 50],
        ['London', 'Hyperoptic', 500000, 12.5],
        ['Wales', 'Openreach', 900000, 60],
        ['Wales', 'CityFibre', 100000, 6.67],
      ],
    );
    expect(text).toMatch(/^Openreach leads everywhere shown\./);
    expect(text).toMatch(/\*\*London\*\*: 1\. Openreach .*; 2\. Hyperoptic/);
  });
});

describe('premises by speed band', () => {
  it('says each band with its premises and share, the bands in order', () => {
    const text = narrate(
      'premises by speed band in Wales',
      ['band_from_mbps', 'speed_band', 'postcodes', 'premises', 'share_of_premises_pct'],
      [
        [0, 'under 10 Mbit/s', 342, 2926, 0.18],
        [10, '10 to 30 Mbit/s', 2196, 21234, 1.33],
        [30, '30 to 300 Mbit/s', 14019, 172830, 10.83],
        [300, '300 to 1,000 Mbit/s', 40, 872, 0.05],
        [1000, '1,000 Mbit/s or more', 70925, 1397524, 87.6],
      ],
    );
    expect(text).toMatch(/^Of the 1,595,386 premises in Wales, by the best download speed on offer/);
    expect(text).toMatch(
      /- \*\*under 10 Mbit\/s\*\*: 2,926 premises \(0\.18%\)\n.*\n.*\n.*\n- \*\*1,000 Mbit\/s or more\*\*: 1,397,524/,
    );
  });
});

describe('a yearly series', () => {
  it('leads with its year, is told as a series of that figure and is charted over the years', () => {
    const question = 'full fibre premises by year from 2022 to 2025';
    const text = narrate(
      question,
      ['year', 'reported_at', 'premises', 'coverage_pct'],
      [
        [2022, '2022-12-01', 1000, 10],
        [2023, '2023-12-01', 2000, 20],
        [2024, '2024-12-01', 3500, 35],
      ],
    );
    // The figure is the coverage, not the year: "went from 2,022 to 2,024" would be the label read as a count.
    expect(text).toMatch(/2022 to 2024:\*\* coverage went from \*\*10%\*\* to \*\*35%\*\*/);
    expect(text).toContain('The biggest single step was **+15 pp** in 2024');
    const { built } = compiled(question);
    expect(built.sql).toMatch(
      /^SELECT CAST\(EXTRACT\(YEAR FROM reported_at\) AS INTEGER\) AS year, yearly\.\*$/m,
    );
    const chart = chooseVisual({
      title: 'Premises where full fibre is available, yearly',
      columns: ['year', 'reported_at', 'premises', 'coverage_pct'],
      rows: [
        ['2022', '2022-12-01', '1000', '10'],
        ['2023', '2023-12-01', '2000', '20'],
        ['2024', '2024-12-01', '3500', '35'],
      ],
      sql: built.sql,
    });
    expect(chart.type).toBe('line');
    expect(JSON.stringify(chart.visual?.spec.options)).toContain('"2023"');
  });
});

describe('a place beside the UK as a whole', () => {
  it('gives each figure and the gap in points, never a ranking of the places against the UK', () => {
    const text = narrate(
      'gigabit coverage in Wales and Scotland compared with the UK as a whole',
      ['government_region', 'premises_passed', 'total_premises', 'coverage_pct'],
      [
        ['Wales', 1397524, 1595386, 87.6],
        ['Scotland', 2593823, 2966783, 87.43],
        ['United Kingdom', 30787687, 33516425, 91.86],
      ],
    );
    expect(text).toContain('**The UK as a whole:** **91.86%**');
    expect(text).toMatch(/\*\*Wales:\*\* \*\*87\.6%\*\* \(-4\.26 pp against the UK\)/);
    expect(text).not.toMatch(/leads/);
  });

  it('gives one place and the UK a row each, and the gap between them', () => {
    const text = narrate(
      "What's gigabit coverage in Wales right now, and how does that compare with the UK as a whole?",
      ['government_region', 'premises_passed', 'total_premises', 'coverage_pct', 'postcodes_passed'],
      [
        ['Wales', 1397524, 1595386, 87.6, 70000],
        ['United Kingdom', 30787687, 33516425, 91.86, 1500000],
      ],
    );
    expect(text).toContain('**The UK as a whole:** **91.86%**');
    expect(text).toContain('**Wales:** **87.6%** (-4.26 pp against the UK)');
  });
});
