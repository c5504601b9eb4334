/**
 * Third held-out evaluation set: 32 questions (4-5 per theme) written independently of the agent and of the
 * other question sets, phrased the way analysts at a broadband company type them (abbreviations, relative
 * dates, named places and operators, the odd typo). Used once, to measure the agent honestly on unseen wording.
 * Gold SQL follows the data contract (docs/data-contract.md) and the catalog's definitions; every gold query was run
 * through the SQL guard on a 0.02-scale build and on the full-scale build.
 * "Now" is the latest snapshot, 2026-11-01 (take-up: 2026Q4); "since <date>" and "over the past year" compare
 * the latest snapshot with the snapshot at that date.
 */
import type { EvalQuestion } from './questions.js';

const GIGABIT_NOW = `SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000`;

export const holdout3Questions: EvalQuestion[] = [
  // coverage_growth
  {
    id: 'h3-01',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how many postcodes have got full fibre since the start of 2025?',
    gold: `SELECT COUNT(*) AS postcodes
FROM (SELECT DISTINCT postcode FROM fact_operator_time_series
      WHERE tech = 'fttponly' AND reported_at = DATE '2026-11-01') now_ff
WHERE NOT EXISTS (SELECT 1 FROM fact_operator_time_series t
                  WHERE t.postcode = now_ff.postcode AND t.tech = 'fttponly'
                    AND t.reported_at = DATE '2025-01-01')`,
  },
  {
    id: 'h3-02',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'UK gigabit coverage % on 1 Jan each year, 2022 to 2026',
    gold: `WITH g AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE fastest_down >= 1000
    AND reported_at IN (DATE '2022-01-01', DATE '2023-01-01', DATE '2024-01-01', DATE '2025-01-01', DATE '2026-01-01')
)
SELECT g.reported_at, 100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output) AS gigabit_pct
FROM g JOIN upc_output u ON u.postcode = g.postcode
GROUP BY g.reported_at
ORDER BY g.reported_at`,
  },
  {
    id: 'h3-03',
    theme: 'coverage_growth',
    dataset: 'upc',
    question:
      'scotland - which 5 councils have had the biggest increase in FTTP coverage (pp) over the past year?',
    gold: `WITH c AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
    AND postcode IN (SELECT postcode FROM upc_output WHERE country = 'Scotland')
), la AS (
  SELECT la_name, SUM(premises) AS total FROM upc_output WHERE country = 'Scotland' GROUP BY la_name
), gain AS (
  SELECT u.la_name,
         SUM(CASE WHEN c.reported_at = DATE '2026-11-01' THEN u.premises ELSE -u.premises END) AS gained
  FROM c JOIN upc_output u ON u.postcode = c.postcode
  GROUP BY u.la_name
)
SELECT la.la_name, 100.0 * COALESCE(gain.gained, 0) / la.total AS pp_change
FROM la LEFT JOIN gain ON gain.la_name = la.la_name
ORDER BY pp_change DESC, la.la_name
LIMIT 5`,
  },
  {
    id: 'h3-04',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'NI new full fibre premisses month by month for the last 6 months',
    gold: `WITH c AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly'
    AND reported_at IN (DATE '2026-05-01', DATE '2026-06-01', DATE '2026-07-01', DATE '2026-08-01',
                        DATE '2026-09-01', DATE '2026-10-01', DATE '2026-11-01')
    AND postcode IN (SELECT postcode FROM upc_output WHERE country = 'Northern Ireland')
), m AS (
  SELECT c.reported_at, SUM(u.premises) AS ff_premises
  FROM c JOIN upc_output u ON u.postcode = c.postcode
  GROUP BY c.reported_at
), d AS (
  SELECT reported_at, ff_premises - LAG(ff_premises) OVER (ORDER BY reported_at) AS new_premises FROM m
)
SELECT reported_at, new_premises FROM d WHERE reported_at > DATE '2026-05-01' ORDER BY reported_at`,
  },
  {
    id: 'h3-05',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Cornwall gigabit coverage now vs 2 yrs ago',
    gold: `WITH g AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE fastest_down >= 1000 AND reported_at IN (DATE '2024-11-01', DATE '2026-11-01')
    AND postcode IN (SELECT postcode FROM upc_output WHERE la_name = 'Cornwall')
)
SELECT g.reported_at,
       100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output WHERE la_name = 'Cornwall') AS gigabit_pct
FROM g JOIN upc_output u ON u.postcode = g.postcode
GROUP BY g.reported_at
ORDER BY g.reported_at`,
  },
  // alternative_networks
  {
    id: 'h3-06',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'hyperoptic - how many premises passed?',
    gold: `SELECT SUM(premises) AS premises FROM upc_output
WHERE postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Hyperoptic')`,
  },
  {
    id: 'h3-07',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'altnets in Bristol ranked by premises covered',
    gold: `SELECT a.operator, SUM(u.premises) AS premises
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
WHERE u.la_name = 'Bristol, City of'
GROUP BY a.operator
ORDER BY premises DESC, a.operator`,
  },
  {
    id: 'h3-08',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'How many premises has CityFibre added to its footprint over the past year?',
    gold: `SELECT SUM(CASE WHEN a.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN a.reported_at = DATE '2025-11-01' THEN u.premises ELSE 0 END) AS premises_added
FROM (SELECT DISTINCT reported_at, postcode FROM fact_altnet_time_series
      WHERE operator = 'CityFibre' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')) a
JOIN upc_output u ON u.postcode = a.postcode`,
  },
  {
    id: 'h3-09',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'what % of UK premises can get at least one altnet?',
    gold: `WITH a AS (SELECT DISTINCT postcode FROM fact_altnet)
SELECT 100.0 * SUM(CASE WHEN a.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS altnet_pct
FROM upc_output u LEFT JOIN a ON a.postcode = u.postcode`,
  },
  {
    id: 'h3-10',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'largest altnet in each nation (England/Wales/Scotland/NI) by premises passed',
    gold: `WITH p AS (
  SELECT u.country, a.operator, SUM(u.premises) AS premises
  FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
  JOIN upc_output u ON u.postcode = a.postcode
  GROUP BY u.country, a.operator
), r AS (
  SELECT country, operator, premises,
         ROW_NUMBER() OVER (PARTITION BY country ORDER BY premises DESC, operator) AS rn
  FROM p
)
SELECT country, operator FROM r WHERE rn = 1 ORDER BY country`,
  },
  // competition
  {
    id: 'h3-11',
    theme: 'competition',
    dataset: 'upc',
    question: 'In Leeds how many premises have 3 or more full fibre networks available?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.la_name = 'Leeds'
  AND u.postcode IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE f.tech = 'fttponly'
    GROUP BY f.postcode
    HAVING COUNT(DISTINCT o.operator_group) >= 3)`,
  },
  {
    id: 'h3-12',
    theme: 'competition',
    dataset: 'upc',
    question: '% of UK premises where OR and CityFibre FTTP overlap',
    gold: `WITH both_nets AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' AND o.operator_group IN ('Openreach', 'CityFibre')
  GROUP BY f.postcode
  HAVING COUNT(DISTINCT o.operator_group) = 2
)
SELECT 100.0 * SUM(CASE WHEN b.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS overlap_pct
FROM upc_output u LEFT JOIN both_nets b ON b.postcode = u.postcode`,
  },
  {
    id: 'h3-13',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises able to get both VM cable and Openreach FTTP?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Virgin Cable')
  AND u.postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                     WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')`,
  },
  {
    id: 'h3-14',
    theme: 'competition',
    dataset: 'upc',
    question: 'top 10 postcode areas by share of premises with 2+ FF networks',
    gold: `WITH ob AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
  GROUP BY f.postcode
  HAVING COUNT(DISTINCT o.operator_group) >= 2
)
SELECT u.postcode_area,
       100.0 * SUM(CASE WHEN ob.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS overbuilt_pct
FROM upc_output u LEFT JOIN ob ON ob.postcode = u.postcode
GROUP BY u.postcode_area
ORDER BY overbuilt_pct DESC, u.postcode_area
LIMIT 10`,
  },
  // market_leaders
  {
    id: 'h3-15',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'top 5 full fibre networks in London by premises passed',
    gold: `SELECT g.operator_group, SUM(u.premises) AS premises
FROM (SELECT DISTINCT o.operator_group, f.postcode
      FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.tech = 'fttponly') g
JOIN upc_output u ON u.postcode = g.postcode
WHERE u.government_region = 'London'
GROUP BY g.operator_group
ORDER BY premises DESC, g.operator_group
LIMIT 5`,
  },
  {
    id: 'h3-16',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'whos the biggest FTTP network in Northern Ireland and how many premises does it pass',
    gold: `SELECT g.operator_group, SUM(u.premises) AS premises
FROM (SELECT DISTINCT o.operator_group, f.postcode
      FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.tech = 'fttponly') g
JOIN upc_output u ON u.postcode = g.postcode
WHERE u.country = 'Northern Ireland'
GROUP BY g.operator_group
ORDER BY premises DESC, g.operator_group
LIMIT 1`,
  },
  {
    id: 'h3-17',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Openreach FTTP footprint today (premises)',
    gold: `SELECT SUM(premises) AS premises FROM upc_output
WHERE postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                   WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')`,
  },
  {
    id: 'h3-18',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'what share of UK premises does Virgin Media reach? (cable + RFOG)',
    gold: `SELECT 100.0 * SUM(CASE WHEN v.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS vm_pct
FROM upc_output u
LEFT JOIN (SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
           WHERE o.operator_group = 'Virgin Media') v ON v.postcode = u.postcode`,
  },
  {
    id: 'h3-19',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'top 10 networks by gigabit capable premises',
    gold: `SELECT g.operator_group, SUM(u.premises) AS gigabit_premises
FROM (SELECT DISTINCT o.operator_group, f.postcode
      FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.fastest_down >= 1000) g
JOIN upc_output u ON u.postcode = g.postcode
GROUP BY g.operator_group
ORDER BY gigabit_premises DESC, g.operator_group
LIMIT 10`,
  },
  // regional_analysis
  {
    id: 'h3-20',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'full fibre coverage by nation',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT u.country,
       100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS full_fibre_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
GROUP BY u.country
ORDER BY full_fibre_pct DESC, u.country`,
  },
  {
    id: 'h3-21',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'gigabit coverage in the LS postcode area?',
    gold: `WITH g AS (${GIGABIT_NOW})
SELECT 100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
WHERE u.postcode_area = 'LS'`,
  },
  {
    id: 'h3-22',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Birmingham: FTTP coverage by postcode district',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT u.postcode_district,
       100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS full_fibre_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
WHERE u.la_name = 'Birmingham'
GROUP BY u.postcode_district
ORDER BY full_fibre_pct DESC, u.postcode_district`,
  },
  {
    id: 'h3-23',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'urban vs rural gigabit coverge in the South West',
    gold: `WITH g AS (${GIGABIT_NOW})
SELECT u.urban_rural,
       100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
WHERE u.government_region = 'South West'
GROUP BY u.urban_rural
ORDER BY u.urban_rural`,
  },
  {
    id: 'h3-24',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: "how many premises in Wales still can't get gigabit?",
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.country = 'Wales'
  AND NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.fastest_down >= 1000)`,
  },
  // forecasts
  {
    id: 'h3-25',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'forecast full fibre coverage for the UK at end of 2027',
    gold: `WITH f AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2027-12-01')
SELECT 100.0 * SUM(CASE WHEN f.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS forecast_pct
FROM upc_output u LEFT JOIN f ON f.postcode = u.postcode`,
  },
  {
    id: 'h3-26',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'CityFibre forecast footprint (premises) at the end of 2027, 2028, 2029 and 2030',
    gold: `SELECT f.reported_at, SUM(u.premises) AS premises
FROM forecast_footprint f JOIN upc_output u ON u.postcode = f.postcode
WHERE f.operator = 'CityFibre'
  AND f.reported_at IN (DATE '2027-12-01', DATE '2028-12-01', DATE '2029-12-01', DATE '2030-12-01')
GROUP BY f.reported_at
ORDER BY f.reported_at`,
  },
  {
    id: 'h3-27',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'which 10 LAs are forecast to gain the most FTTP premises between end-2026 and end-2030',
    gold: `WITH c AS (
  SELECT DISTINCT reported_at, postcode FROM forecast_footprint
  WHERE reported_at IN (DATE '2026-12-01', DATE '2030-12-01')
)
SELECT u.la_name,
       SUM(CASE WHEN c.reported_at = DATE '2030-12-01' THEN u.premises ELSE -u.premises END) AS premises_gained
FROM c JOIN upc_output u ON u.postcode = c.postcode
GROUP BY u.la_name
ORDER BY premises_gained DESC, u.la_name
LIMIT 10`,
  },
  {
    id: 'h3-28',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'avg digital deprivation score by region for the latest quarter',
    gold: `SELECT u.government_region, AVG(a.digital_deprivation) AS avg_digital_deprivation
FROM postcode_attractiveness a JOIN upc_output u ON u.postcode = a.postcode
WHERE a.reported_at = (SELECT MAX(reported_at) FROM postcode_attractiveness)
GROUP BY u.government_region
ORDER BY avg_digital_deprivation DESC, u.government_region`,
  },
  // take_up
  {
    id: 'h3-29',
    theme: 'take_up',
    dataset: 'take_up',
    question: "Sky's market share of lines this quarter",
    gold: `SELECT 100.0 * SUM(CASE WHEN operator = 'Sky' THEN lines ELSE 0 END) / SUM(lines) AS sky_share_pct
FROM take_up_quarterly
WHERE quarter = '2026Q4'`,
  },
  {
    id: 'h3-30',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'BT FTTP lines per quarter in 2026',
    gold: `SELECT quarter, SUM(lines) AS lines
FROM take_up_quarterly
WHERE operator = 'BT' AND tech = 'fttp' AND quarter IN ('2026Q1', '2026Q2', '2026Q3', '2026Q4')
GROUP BY quarter
ORDER BY quarter`,
  },
  {
    id: 'h3-31',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'top 5 ISPs by business lines this quarter',
    gold: `SELECT operator, SUM(lines) AS lines
FROM take_up_quarterly
WHERE segment = 'business' AND quarter = '2026Q4'
GROUP BY operator
ORDER BY lines DESC, operator
LIMIT 5`,
  },
  {
    id: 'h3-32',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'how many fttp lines in the M postcode area in the latest quarter?',
    gold: `SELECT SUM(t.lines) AS lines
FROM take_up_postcode t JOIN upc_output u ON u.postcode = t.postcode
WHERE u.postcode_area = 'M' AND t.tech = 'fttp' AND t.quarter = '2026Q4'`,
  },
];
