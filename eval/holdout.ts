/**
 * Held-out evaluation set for the query agent, written independently of the agent's code and of the golden set in
 * questions.ts. Questions are phrased the way analysts type them (abbreviations, relative dates, everyday place and
 * operator names, the odd typo). Gold SQL follows the counting rules of docs/data-contract.md: premises are counted
 * over DISTINCT postcodes joined to upc_output, a network is operators.operator_group, altnets come from fact_altnet,
 * full fibre is tech 'fttponly', gigabit is fastest_down >= 1000. The latest availability snapshot is 2026-11-01, so
 * relative dates resolve to explicit DATE literals ("past 6 months" = 2026-05-01 vs 2026-11-01, "a year ago" =
 * 2025-11-01). Gold result sets keep only the columns the question asks for; percentages are on a 0-100 scale and
 * left unrounded (the comparison tolerates rounding to two decimals).
 */
import type { EvalQuestion } from './questions.js';

/** Postcodes with an Openreach full-fibre offer in the latest snapshot. */
const OPENREACH_FF = `
  SELECT f.postcode FROM fact_operator f
  JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'`;

export const holdoutQuestions: EvalQuestion[] = [
  // ---------------------------------------------------------------- coverage growth
  {
    id: 'ho-01',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'whats the YoY change in FTTP coverage across Wales? in percentage points pls',
    gold: `
      WITH ff AS (
        SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
        WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
      )
      SELECT 100.0 * (
          SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM ff WHERE reported_at = DATE '2026-11-01'))
        - SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM ff WHERE reported_at = DATE '2025-11-01'))
      ) / SUM(u.premises) AS ff_coverage_change_pp
      FROM upc_output u
      WHERE u.country = 'Wales'`,
  },
  {
    id: 'ho-02',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Gigabit coverage (% of premises) in the North East at the start of each quarter this year',
    gold: `
      WITH ne AS (SELECT postcode, premises FROM upc_output WHERE government_region = 'North East'),
      g AS (
        SELECT DISTINCT f.reported_at, f.postcode FROM fact_operator_time_series f
        WHERE f.fastest_down >= 1000
          AND f.reported_at IN (DATE '2026-01-01', DATE '2026-04-01', DATE '2026-07-01', DATE '2026-10-01')
          AND f.postcode IN (SELECT postcode FROM ne)
      )
      SELECT g.reported_at, 100.0 * SUM(ne.premises) / (SELECT SUM(premises) FROM ne) AS gigabit_pct
      FROM g JOIN ne ON ne.postcode = g.postcode
      GROUP BY g.reported_at
      ORDER BY g.reported_at`,
  },
  {
    id: 'ho-03',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'How many premises has Openreach added to its full fibre footprint over the past 6 months?',
    gold: `
      WITH orff AS (
        SELECT DISTINCT f.postcode, f.reported_at FROM fact_operator_time_series f
        JOIN operators o ON o.operator = f.operator
        WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
          AND f.reported_at IN (DATE '2026-05-01', DATE '2026-11-01')
      )
      SELECT
          SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM orff WHERE reported_at = DATE '2026-11-01'))
        - SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM orff WHERE reported_at = DATE '2026-05-01'))
        AS premises_added
      FROM upc_output u`,
  },
  {
    id: 'ho-04',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'which 5 altnets grew their footprint the most in the last 12 months? premises added',
    gold: `
      WITH a AS (
        SELECT DISTINCT operator, postcode, reported_at FROM fact_altnet_time_series
        WHERE reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
      ),
      p AS (
        SELECT a.operator, a.reported_at, SUM(u.premises) AS premises
        FROM a JOIN upc_output u ON u.postcode = a.postcode
        GROUP BY a.operator, a.reported_at
      )
      SELECT operator,
        SUM(CASE WHEN reported_at = DATE '2026-11-01' THEN premises ELSE -premises END) AS premises_added
      FROM p
      GROUP BY operator
      ORDER BY premises_added DESC, operator
      LIMIT 5`,
  },
  {
    id: 'ho-05',
    theme: 'coverage_growth',
    dataset: 'upc',
    question:
      'Which region saw the biggest jump in gigabit coverage over the past 2 years, and by how many points?',
    gold: `
      WITH g AS (
        SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
        WHERE fastest_down >= 1000 AND reported_at IN (DATE '2024-11-01', DATE '2026-11-01')
      )
      SELECT u.government_region,
        100.0 * (
            SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM g WHERE reported_at = DATE '2026-11-01'))
          - SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM g WHERE reported_at = DATE '2024-11-01'))
        ) / SUM(u.premises) AS gigabit_change_pp
      FROM upc_output u
      GROUP BY u.government_region
      ORDER BY gigabit_change_pp DESC, u.government_region
      LIMIT 1`,
  },

  // ---------------------------------------------------------------- alternative networks
  {
    id: 'ho-06',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'top 5 altnets by premises passed rn',
    gold: `
      SELECT a.operator, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
      JOIN upc_output u ON u.postcode = a.postcode
      GROUP BY a.operator
      ORDER BY premises DESC, a.operator
      LIMIT 5`,
  },
  {
    id: 'ho-07',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'What % of premises in Scotland can get at least one altnet?',
    gold: `
      SELECT 100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM fact_altnet))
        / SUM(u.premises) AS altnet_coverage_pct
      FROM upc_output u
      WHERE u.country = 'Scotland'`,
  },
  {
    id: 'ho-08',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'which altnets are live in Edinburgh and how many premises does each one pass?',
    gold: `
      SELECT a.operator, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
      JOIN upc_output u ON u.postcode = a.postcode
      WHERE u.la_name = 'City of Edinburgh'
      GROUP BY a.operator
      ORDER BY premises DESC, a.operator`,
  },
  {
    id: 'ho-09',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'How many premises have a choice of 2 or more altnets?',
    gold: `
      SELECT SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (
        SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2
      )`,
  },
  {
    id: 'ho-10',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'brsk - top 5 local authorities by premises passed',
    gold: `
      SELECT u.la_name, SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'brsk')
      GROUP BY u.la_name
      ORDER BY premises DESC, u.la_name
      LIMIT 5`,
  },

  // ---------------------------------------------------------------- competition
  {
    id: 'ho-11',
    theme: 'competition',
    dataset: 'upc',
    question: 'how many premises have 3 or more full fibre networks to choose from?',
    gold: `
      SELECT SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (
        SELECT f.postcode FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
        GROUP BY f.postcode
        HAVING COUNT(DISTINCT o.operator_group) >= 3
      )`,
  },
  {
    id: 'ho-12',
    theme: 'competition',
    dataset: 'upc',
    question:
      'Break down UK premises by the number of FTTP networks available to them (0, 1, 2, 3 ...), premises in each',
    gold: `
      WITH n AS (
        SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks
        FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
        GROUP BY f.postcode
      )
      SELECT COALESCE(n.networks, 0) AS ff_networks, SUM(u.premises) AS premises
      FROM upc_output u
      LEFT JOIN n ON n.postcode = u.postcode
      GROUP BY ff_networks
      ORDER BY ff_networks`,
  },
  {
    id: 'ho-13',
    theme: 'competition',
    dataset: 'upc',
    question: 'Bristol: what % of premises have both CF and Openreach FTTP (overbuild)?',
    gold: `
      SELECT 100.0 * SUM(u.premises) FILTER (
          WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'CityFibre')
            AND u.postcode IN (${OPENREACH_FF})
        ) / SUM(u.premises) AS overlap_pct
      FROM upc_output u
      WHERE u.la_name = 'Bristol, City of'`,
  },
  {
    id: 'ho-14',
    theme: 'competition',
    dataset: 'upc',
    question: 'Top 10 LAs by share of premises with 2+ gigabit capable networks',
    gold: `
      WITH g AS (
        SELECT f.postcode FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.fastest_down >= 1000
        GROUP BY f.postcode
        HAVING COUNT(DISTINCT o.operator_group) >= 2
      )
      SELECT u.la_name,
        100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM g)) / SUM(u.premises) AS pct
      FROM upc_output u
      GROUP BY u.la_name
      ORDER BY pct DESC, u.la_name
      LIMIT 10`,
  },
  {
    id: 'ho-15',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises where VM cable and Openreach FTTP go head to head, by region',
    gold: `
      SELECT u.government_region, SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Virgin Cable')
        AND u.postcode IN (${OPENREACH_FF})
      GROUP BY u.government_region
      ORDER BY premises DESC, u.government_region`,
  },

  // ---------------------------------------------------------------- market leaders
  {
    id: 'ho-16',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'top 10 networks by FTTP premises passed',
    gold: `
      SELECT x.operator_group, SUM(u.premises) AS premises
      FROM (
        SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
      ) x
      JOIN upc_output u ON u.postcode = x.postcode
      GROUP BY x.operator_group
      ORDER BY premises DESC, x.operator_group
      LIMIT 10`,
  },
  {
    id: 'ho-17',
    theme: 'market_leaders',
    dataset: 'upc',
    question: "who's the biggest full fibre network in Northern Ireland?",
    gold: `
      SELECT x.operator_group
      FROM (
        SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
      ) x
      JOIN upc_output u ON u.postcode = x.postcode
      WHERE u.country = 'Northern Ireland'
      GROUP BY x.operator_group
      ORDER BY SUM(u.premises) DESC, x.operator_group
      LIMIT 1`,
  },
  {
    id: 'ho-18',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Largest altnet in each region by premises passed',
    gold: `
      WITH p AS (
        SELECT u.government_region, a.operator, SUM(u.premises) AS premises
        FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
        JOIN upc_output u ON u.postcode = a.postcode
        GROUP BY u.government_region, a.operator
      )
      SELECT government_region, operator
      FROM p
      QUALIFY ROW_NUMBER() OVER (PARTITION BY government_region ORDER BY premises DESC, operator) = 1
      ORDER BY government_region`,
  },
  {
    id: 'ho-19',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'In London which networks cover the most gigabit-capable premises? top 5',
    gold: `
      SELECT x.operator_group, SUM(u.premises) AS premises
      FROM (
        SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.fastest_down >= 1000
      ) x
      JOIN upc_output u ON u.postcode = x.postcode
      WHERE u.government_region = 'London'
      GROUP BY x.operator_group
      ORDER BY premises DESC, x.operator_group
      LIMIT 5`,
  },
  {
    id: 'ho-20',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'FTTP premises passed: Openreach vs Virgin vs nexfibre vs CityFibre',
    gold: `
      SELECT x.operator_group, SUM(u.premises) AS premises
      FROM (
        SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f
        JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
          AND o.operator_group IN ('Openreach', 'Virgin Media', 'nexfibre', 'CityFibre')
      ) x
      JOIN upc_output u ON u.postcode = x.postcode
      GROUP BY x.operator_group
      ORDER BY premises DESC, x.operator_group`,
  },

  // ---------------------------------------------------------------- regional analysis
  {
    id: 'ho-21',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'FF coverage % by region, highest first',
    gold: `
      SELECT u.government_region,
        100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly'))
          / SUM(u.premises) AS ff_pct
      FROM upc_output u
      GROUP BY u.government_region
      ORDER BY ff_pct DESC, u.government_region`,
  },
  {
    id: 'ho-22',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Which 10 local authorites have the lowest gigabit coverage?',
    gold: `
      SELECT u.la_name,
        100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000))
          / SUM(u.premises) AS gigabit_pct
      FROM upc_output u
      GROUP BY u.la_name
      ORDER BY gigabit_pct ASC, u.la_name
      LIMIT 10`,
  },
  {
    id: 'ho-23',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'urban vs rural full fibre coverage in Scotland',
    gold: `
      SELECT u.urban_rural,
        100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly'))
          / SUM(u.premises) AS ff_pct
      FROM upc_output u
      WHERE u.country = 'Scotland'
      GROUP BY u.urban_rural
      ORDER BY u.urban_rural`,
  },
  {
    id: 'ho-24',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Compare gigabit coverage in Edinburgh vs Glasgow',
    gold: `
      SELECT u.la_name,
        100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000))
          / SUM(u.premises) AS gigabit_pct
      FROM upc_output u
      WHERE u.la_name IN ('City of Edinburgh', 'Glasgow City')
      GROUP BY u.la_name
      ORDER BY u.la_name`,
  },
  {
    id: 'ho-25',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Hull - which 3 postcode districts have the lowest full fibre coverage?',
    gold: `
      SELECT u.postcode_district,
        100.0 * SUM(u.premises) FILTER (WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly'))
          / SUM(u.premises) AS ff_pct
      FROM upc_output u
      WHERE u.la_name = 'Kingston upon Hull, City of'
      GROUP BY u.postcode_district
      ORDER BY ff_pct ASC, u.postcode_district
      LIMIT 3`,
  },

  // ---------------------------------------------------------------- forecasts
  {
    id: 'ho-26',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'What % of UK premises are forecast to have FTTP by end of 2030?',
    gold: `
      SELECT 100.0 * SUM(u.premises) FILTER (
          WHERE u.postcode IN (SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')
        ) / SUM(u.premises) AS ff_forecast_pct
      FROM upc_output u`,
  },
  {
    id: 'ho-27',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Openreach forecast FTTP premises at the end of each year 2026 to 2030',
    gold: `
      SELECT f.reported_at, SUM(u.premises) AS premises
      FROM (
        SELECT DISTINCT postcode, reported_at FROM forecast_footprint
        WHERE operator = 'Openreach'
          AND reported_at IN (DATE '2026-12-01', DATE '2027-12-01', DATE '2028-12-01', DATE '2029-12-01', DATE '2030-12-01')
      ) f
      JOIN upc_output u ON u.postcode = f.postcode
      GROUP BY f.reported_at
      ORDER BY f.reported_at`,
  },
  {
    id: 'ho-28',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'which altnets are forecast to add the most premises between end-2026 and end-2030? top 5',
    gold: `
      WITH f AS (
        SELECT DISTINCT operator, postcode, reported_at FROM forecast_footprint
        WHERE reported_at IN (DATE '2026-12-01', DATE '2030-12-01')
          AND operator IN (SELECT operator_group FROM operators WHERE is_altnet)
      ),
      p AS (
        SELECT f.operator, f.reported_at, SUM(u.premises) AS premises
        FROM f JOIN upc_output u ON u.postcode = f.postcode
        GROUP BY f.operator, f.reported_at
      )
      SELECT operator,
        SUM(CASE WHEN reported_at = DATE '2030-12-01' THEN premises ELSE -premises END) AS premises_added
      FROM p
      GROUP BY operator
      ORDER BY premises_added DESC, operator
      LIMIT 5`,
  },
  {
    id: 'ho-29',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'forcast full fibre coverage in Wales by the end of 2027?',
    gold: `
      SELECT 100.0 * SUM(u.premises) FILTER (
          WHERE u.postcode IN (SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2027-12-01')
        ) / SUM(u.premises) AS ff_forecast_pct
      FROM upc_output u
      WHERE u.country = 'Wales'`,
  },
  {
    id: 'ho-30',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'How many premises in Scotland will CityFibre reach by mid-2028 according to the forecast?',
    gold: `
      SELECT SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.country = 'Scotland'
        AND u.postcode IN (
          SELECT postcode FROM forecast_footprint WHERE operator = 'CityFibre' AND reported_at = DATE '2028-06-01'
        )`,
  },

  // ---------------------------------------------------------------- take-up
  {
    id: 'ho-31',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Top 5 ISPs by market share of lines in the latest quarter',
    gold: `
      WITH t AS (
        SELECT operator, SUM(lines) AS lines FROM take_up_quarterly
        WHERE quarter = (SELECT MAX(quarter) FROM take_up_quarterly)
        GROUP BY operator
      )
      SELECT operator, 100.0 * lines / SUM(lines) OVER () AS share_pct
      FROM t
      ORDER BY share_pct DESC, operator
      LIMIT 5`,
  },
  {
    id: 'ho-32',
    theme: 'take_up',
    dataset: 'take_up',
    question: '% of all broadband lines on FTTP for each quarter of 2025',
    gold: `
      SELECT quarter, 100.0 * SUM(lines) FILTER (WHERE tech = 'fttp') / SUM(lines) AS fttp_share_pct
      FROM take_up_quarterly
      WHERE quarter IN ('2025Q1', '2025Q2', '2025Q3', '2025Q4')
      GROUP BY quarter
      ORDER BY quarter`,
  },
  {
    id: 'ho-33',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'VM lines on fibre vs cable in the latest quarter (resi + business)',
    gold: `
      SELECT tech, SUM(lines) AS lines
      FROM take_up_quarterly
      WHERE operator = 'Virgin Media' AND tech IN ('fttp', 'cable')
        AND quarter = (SELECT MAX(quarter) FROM take_up_quarterly)
      GROUP BY tech
      ORDER BY tech`,
  },
  {
    id: 'ho-34',
    theme: 'take_up',
    dataset: 'take_up',
    question: "BT's total lines, YoY % change for the latest quarter vs the same quarter last year",
    gold: `
      WITH q AS (
        SELECT quarter_start, SUM(lines) AS lines FROM take_up_quarterly
        WHERE operator = 'BT'
        GROUP BY quarter_start
      ),
      latest AS (SELECT MAX(quarter_start) AS qs FROM take_up_quarterly)
      SELECT 100.0 * (cur.lines - prev.lines) / prev.lines AS yoy_change_pct
      FROM latest
      JOIN q cur ON cur.quarter_start = latest.qs
      JOIN q prev ON prev.quarter_start = CAST(latest.qs - INTERVAL 1 YEAR AS DATE)`,
  },
  {
    id: 'ho-35',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Which 5 LAs have the most Community Fibre lines, latest qtr?',
    gold: `
      SELECT u.la_name, SUM(t.lines) AS lines
      FROM take_up_postcode t
      JOIN upc_output u ON u.postcode = t.postcode
      WHERE t.operator = 'Community Fibre'
        AND t.quarter = (SELECT MAX(quarter) FROM take_up_quarterly)
      GROUP BY u.la_name
      ORDER BY lines DESC, u.la_name
      LIMIT 5`,
  },

  // ---------------------------------------------------------------- technology and speeds
  {
    id: 'ho-36',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'How many premises can each technology reach? FTTP, FTTC, cable, FWA, ADSL',
    gold: `
      SELECT t.tech, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT tech, postcode FROM fact_operator) t
      JOIN upc_output u ON u.postcode = t.postcode
      GROUP BY t.tech
      ORDER BY premises DESC, t.tech`,
  },
  {
    id: 'ho-37',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'max download speed on offer from each full fibre network',
    gold: `
      SELECT o.operator_group, MAX(f.fastest_down) AS max_down_mbps
      FROM fact_operator f
      JOIN operators o ON o.operator = f.operator
      WHERE f.tech = 'fttponly'
      GROUP BY o.operator_group
      ORDER BY max_down_mbps DESC, o.operator_group`,
  },
  {
    id: 'ho-38',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises can get symetric gigabit, i.e. 1000 down and 1000 up?',
    gold: `
      SELECT SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000 AND fastest_up >= 1000)`,
  },
  {
    id: 'ho-39',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'Premises covered by FWA that have no full fibre option',
    gold: `
      SELECT SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fwa')
        AND u.postcode NOT IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly')`,
  },
  {
    id: 'ho-40',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises are still ADSL only, with no other technology available?',
    gold: `
      SELECT SUM(u.premises) AS premises
      FROM upc_output u
      WHERE u.postcode IN (
        SELECT postcode FROM fact_operator GROUP BY postcode HAVING BOOL_AND(tech = 'adsl')
      )`,
  },
];
