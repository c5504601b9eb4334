/**
 * Issue 25, acceptance 3: the warehouse on PostgreSQL answers like the embedded one. The small generated build
 * (scale 0.01) is loaded into a scratch PostgreSQL database with data:load-pg's loader, and every golden question
 * runs on both engines: the SQL the built-in analyst writes for it (including the summary-table and
 * engine-physical fast paths of the compiler) and the question's gold SQL. The rows must be the same: same
 * columns in the same order, same row count, and the same values (numbers within rounding, rows in any order
 * unless the SQL orders them).
 */

import { loadPostgresFromDuckDb, PostgresWarehouse, warehousePath } from '@qa/warehouse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cell, compareResults } from '../../../eval/compare-results.js';
import { questions } from '../../../eval/questions.js';
import { type ClosableAgentWarehouse, fromWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { buildQuery } from '../src/analyst/compile/sql-builder.js';
import { type AnalystKnowledge, loadAnalystKnowledge } from '../src/analyst/reading/builtin-analyst.js';
import { understand } from '../src/analyst/reading/understand.js';
import { openSmallWarehouse, smallWarehouseDir } from './support/small-warehouse.js';

const DATA_QUESTIONS = questions.filter((q) => q.gold.trim() !== '');

/**
 * Readings whose SQL takes compile paths no golden question takes (bands of speed, a share of a footprint, the
 * first networks of each place, networks left out, a tier lacking, places counted, a share within a base, the
 * forecast's first full fibre): each must run, and give the same rows, on both engines.
 */
const NEW_PATHS = [
  // Session 22: places with the UK as one more row; one figure at several moments, side by side.
  'FF % by nation and the UK as a whole',
  'FF %, gigabit % per nation and UK total',
  'OR full fibre homes passed: latest figure, MoM net adds, YoY net adds',
  'UFBB coverage by region, latest %, and pp move vs last month',
  'Share of premises reached by at least one altnet: NE, UK overall, and the gap (NE minus UK) in pts.',
  'top 5 altnets by YoY % growth in premises passed',
  'cable-only gigabit premises UK-wide a year ago vs now, and the change',
  'FWA premises with no full fibre each year since 2022',
  'second biggest full fibre network in each nation',
  // Session 20: a series of only the points listed; networks whose forecast footprint passes a size; one figure at
  // two dates as its change.
  "CityFibre's forecast footprint in Wales at the end of 2026, 2028 and 2030",
  'FF coverage at Jan 2021, Jun 2023 and Nov 2026',
  'List the networks forecast to be passing over 1m premises by end-2030',
  'What % of premises had superfast in Jan 2021, and what % in Nov 2026?',
  'CityFibre premises passed Nov-24, Nov-25, Nov-26 w/ YoY growth %',
  'full fibre premises at Nov-24, Nov-25 and Nov-26 w/ YoY growth %',
  'Openreach FTTP homes passed at the start of each quarter in 2026 and now, with net adds between each',
  'Bottom 10 councils on gigabit coverage today: % of premises, plus the YoY pp change for each',
  'Sky broadband lines 2026Q4 plus QoQ and YoY net adds',
  'altnet reach in premises now vs Nov-25, YoY growth % and current share of UK premises',
  // Session 19: a series for each place (places named, stacked; every place of a level, from the place summaries or
  // grouped); a network's fastest speeds at an address.
  'full fibre coverage in Leeds, Bradford and Wakefield each year since 2021',
  'full fibre coverage by region each year since 2021',
  'gigabit coverage by nation each year since 2021',
  'altnet premises by nation each year since 2022',
  'forecast full fibre coverage by nation at each forecast point',
  'which networks are at M14 4JX and what speeds?',
  'CF vs Netomnia vs brsk premises passed at each quarter start since Jan 24',
  'In Scotland, how many premises are in postcodes where ADSL is the only technology on offer, by council area',
  'Which altnets are present in Scotland, and how many premises does each pass?',
  'top 10 postcodes in LS6 by attractiveness score',
  'What share of premises have three or more full fibre networks in Scotland, versus the rest of the UK?',
  'How does superfast coverage in rural Scotland compare with rural areas in the rest of the UK?',
  'Hyperoptic outside London - premises passed by region',
  'Which Scottish council areas have no altnet presence whatsoever?',
  // Session 18: when a network or technology first reached a place (activation dates, forecast points).
  'when did LS6 2YU first get fibre to the premises',
  'when did each altnet first go live in Derby? newest first',
  'when is openreach fttp forecast to land at LS6 4ZG',
  'when did CityFibre first arrive in each Scottish council',
  // Session 17: a named place's position among its peers; below the USO over time; a share's change each quarter.
  'By how many premises has the number of premises in Wales below the USO fallen since the July 2024 snapshot?',
  'premises below the USO in Wales each month of 2026',
  'QoQ change in FTTP coverage in Scotland over the last year',
  'FTTP share of lines by nation, latest quarter',
  'min, median and max FTTP coverage by LA in Scotland',
  'distribution of local authorities by gigabit coverage in 10% bands',
  'urban-rural gap in full fibre coverage by nation, widest first',
  'Lines by operator x segment for BT, Sky, Virgin Media and TalkTalk, latest quarter',
  'What proportion of premises in each nation is classed as rural?',
  'median LA full fibre coverage a year ago vs now, and the change in the median (pp)',
  'quartiles of gigabit coverage across local authorities in Wales',
  '% of premises with no full fibre by region - a year ago vs now',
  "Of Netomnia's current footprint, what % of premises also have Openreach FF?",
  "How does Leeds's full fibre coverage compare with Yorkshire and The Humber as a whole?",
  'where does Leeds rank among local authorities in Yorkshire and The Humber for full fibre coverage',
  // Session 16: two figures of different kinds in one question (one row each, a ranked row beside the UK's figure,
  // a count beside a share); a series for each brand named.
  'How many altnets operate in Wales, and how many premises do they pass between them?',
  'Which region has the lowest full fibre coverage, and what is the UK figure?',
  'What share of premises in Scotland can get gigabit, and how many are still below the USO?',
  'sky vs talktalk vs vodafone total subs for each quarter of 2026',
  'post sectors in cornwall where ff coverage is under 50%',
  // Session 15: a place beside the UK as a whole; a yearly series labelled by its year; a share of lines in two
  // quarters; a reported operator's forecast.
  'gigabit coverage in Wales, and how does that compare with the UK as a whole?',
  'full fibre coverage in Scotland forecast for the end of 2030 compared with the UK overall',
  'full fibre premises by year from 2022 to 2025',
  'fttp % of lines 2021Q4 vs 2026Q3 - how many pp has it gone up?',
  "BT's full fibre homes passed now vs forecast end of 2027",
  'break down FTTP premises by number of FF networks available: 1, 2, 3, 4+',
  'premises in the LS postcode area by number of FF networks: 1, 2, 3+',
  'where CF and Virgin overlap - how many premises have both?',
  'which ten local authorities in Scotland, Wales and Northern Ireland have the highest percentage of premises below the USO?',
  'local authorities in Scotland or Wales with full fibre coverage below 50%',
  'When is Wales forecast to pass 95% full fibre coverage?',
  'when did Leeds reach 50% FTTP coverage',
  'top 5 altnets by premises passed and their yoy growth',
  'top 10 LAs by FTTP premises and their growth over the last year',
  'which altnets added the most premises in H1 2026',
  'premises by speed band in Wales',
  'premises by speed band in Leeds',
  "what share of CityFibre's footprint in Scotland is rural",
  'what percentage of Scottish premises are rural',
  'top 3 networks by full fibre premises in each region',
  'rank networks by gigabit premises excluding Openreach and Virgin Media',
  'premises with superfast but not ultrafast in Wales',
  'how many LAs have no altnet at all',
  'which LAs have more than 5% of premises below the USO',
  'what % of gigabit premises are served by Virgin Media',
  'How many premises are forecast to get their first full fibre in 2027?',
  'how many postcodes in the M postcode area have no broadband at all',
  'which LAs have CityFibre but no Openreach FTTP',
  "what percentage of the UK's full fibre premises does Openreach pass?",
  'Share of lines for BT, Sky and TalkTalk in Q4 of each year from 2022 to 2026',
  'which 5 brands gained the most share yoy, in pp',
  "how did Sky's and TalkTalk's share of lines move last quarter, in pp",
  'what share of lines does each brand have in Leeds',
  "Sky's customer base by technology: lines and share",
  'OR FTTP net adds month by month since Jan',
  'gigabit premises added in each of the last 3 months',
  "Virgin Media's coverage in the ten largest local authorities",
  "what share of CityFibre's footprint also has Openreach FTTP",
  'Which altnet has the largest footprint in each region?',
  'How many unit postcodes in Leeds got their first full fibre during 2025?',
  'How many different altnets are present in each local authority? Include the councils with none.',
  'premises by number of full fibre networks, with the share',
  'Which five independent networks added the most premises over the last 6 months?',
  'Leaving Openreach aside, who is the largest full-fibre network in each nation?',
  'CityFibre premises passed each January from 2022 to 2025, plus the latest figure',
  'Split UK premises by how many full-fibre networks they can choose from: 0, 1, 2, 3 or more.',
  'Split premises in Leeds by how many full-fibre networks they can choose from: 0, 1 or more.',
  "Within Virgin Media's footprint, how many premises also have Openreach full fibre, and what share of VM's footprint is that?",
  'Urban vs rural FTTP coverage in each of the four nations',
  'rural vs urban gigabit premises by region',
  'Which 5 altnets are present in the most local authorities? Give the LA count.',
  'in how many regions is each network present',
  'premises by speed band in Wales: under 30, 30-300 and 300+',
  'List postcode areas with over 50 premises below the USO, worst first.',
  'how many LAs have more than 1000 premises with no full fibre',
  'For each region, how many premises are in postcodes with a digital deprivation score of 0.7 or higher?',
  'top 5 LAs by premises scoring 0.6+ on attractiveness with no FF today',
  'Which 5 FF networks overlap CityFibre the most? Premises where both are live.',
  'premises with exactly one full fibre network vs two or more, by region',
  'premises with only one FF network, by network',
  '% change in ADSL lines between 2021Q4 and 2026Q4',
  'LAs with over 90% FTTP',
  // Session 21: several figures of the same rows listed (alongside, joined on the places; a ranked lead with the
  // other figures looked up for its rows; the leading network of each row beside counts).
  'Leeds, Manchester and Cardiff: total premises, FF %, % reached by any altnet, and Virgin Media %',
  'Bottom 10 councils on gigabit coverage, with their FF coverage and how many networks (any tech) are present in each',
  'Snapshot for Leeds, Cardiff and Manchester: how many altnets are live in each, % of premises reached by at least one altnet, and which altnet is biggest there by premises',
  'FF %, gigabit %, superfast % and % of premises below the USO by region',
];

describe.runIf(inject('testDatabaseUrl'))('every golden question on DuckDB and on PostgreSQL', () => {
  const adminUrl = inject('testDatabaseUrl');
  const dbName = `engines_golden_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let duck: ClosableAgentWarehouse;
  let postgres: ClosableAgentWarehouse;
  let knowledge: AnalystKnowledge;

  beforeAll(async () => {
    duck = await openSmallWarehouse();
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    await loadPostgresFromDuckDb({
      duckdbPath: warehousePath(await smallWarehouseDir()),
      url: url.toString(),
    });
    postgres = fromWarehouse(await PostgresWarehouse.open({ url: url.toString() }));
    knowledge = await loadAnalystKnowledge(duck);
  }, 600_000);

  afterAll(async () => {
    await postgres?.close();
    await duck?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
  });

  async function run(warehouse: ClosableAgentWarehouse, sql: string) {
    const guarded = await warehouse.guard(sql, { rowLimit: 10_000 });
    if (!guarded.ok) throw new Error(guarded.reason);
    const result = await warehouse.query(guarded.sql, { rowLimit: 10_000, timeoutMs: 60_000 });
    return { columns: result.columns.map((c) => c.name), rows: result.rows as Cell[][] };
  }

  /** Both engines' rows for one SQL: the same column names in order, and the same rows. */
  async function expectSameRows(sql: string) {
    const [onDuck, onPostgres] = await Promise.all([run(duck, sql), run(postgres, sql)]);
    expect(onPostgres.columns).toEqual(onDuck.columns);
    expect(onPostgres.rows.length).toBe(onDuck.rows.length);
    expect(compareResults(onPostgres, onDuck)).toEqual({ match: true, reason: 'match' });
    // An ordered answer lists its rows in the same order on both engines (ties are broken in the SQL).
    if (/\bORDER BY\b[^)]*$/i.test(sql)) {
      const key = (rows: Cell[][]) => rows.map((r) => String(r[0]).toLowerCase());
      expect(key(onPostgres.rows)).toEqual(key(onDuck.rows));
    }
    return onDuck.rows.length;
  }

  it('reads the same calendar from the date tables of both engines', async () => {
    expect(await postgres.calendar!()).toEqual(await duck.calendar!());
    const calendar = await duck.calendar!();
    expect(calendar.months.length).toBeGreaterThan(12);
    expect(calendar.forecastDates.length).toBeGreaterThan(2);
    expect(calendar.quarters.length).toBeGreaterThan(4);
  });

  it.each(DATA_QUESTIONS)('$id: the analyst SQL gives the same rows ($question)', async (q) => {
    const understanding = understand(q.question, knowledge.lexicon, knowledge.time);
    if (understanding.kind !== 'data') return;
    const rows = await expectSameRows(buildQuery(understanding.plan, knowledge.time).sql);
    expect(rows).toBeGreaterThanOrEqual(0);
  });

  it.each(NEW_PATHS)('%s: the analyst SQL runs and gives the same rows', async (question) => {
    const understanding = understand(question, knowledge.lexicon, knowledge.time);
    expect(understanding.kind).toBe('data');
    if (understanding.kind !== 'data') return;
    await expectSameRows(buildQuery(understanding.plan, knowledge.time).sql);
  });

  it.each(DATA_QUESTIONS)('$id: the gold SQL gives the same rows', async (q) => {
    await expectSameRows(q.gold);
  });
});
