/**
 * Second held-out evaluation set: 32 questions (4 per theme) written independently of the agent and of the
 * other question sets, phrased the way analysts type them. Used once, to measure the agent honestly.
 * Gold SQL follows the data contract (docs/data-contract.md) and was run against a full-scale build.
 */
import type { EvalQuestion } from './questions.js';

const FTTP_NOW = `SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'`;

export const holdout2Questions: EvalQuestion[] = [
  // coverage_growth
  {
    id: 'h2-01',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how many more premises have FTTP now compared with 6 months ago?',
    gold: `SELECT SUM(CASE WHEN c.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN c.reported_at = DATE '2026-05-01' THEN u.premises ELSE 0 END) AS premises_added
FROM (SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
      WHERE tech = 'fttponly' AND reported_at IN (DATE '2026-05-01', DATE '2026-11-01')) c
JOIN upc_output_time_series u ON u.postcode = c.postcode AND u.reported_at = c.reported_at`,
  },
  {
    id: 'h2-02',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Wales full fibre coverage - how many percentage points has it gone up YoY?',
    gold: `WITH s AS (
  SELECT u.reported_at,
         100.0 * SUM(CASE WHEN c.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
  FROM upc_output_time_series u
  LEFT JOIN (SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
             WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')) c
    ON c.postcode = u.postcode AND c.reported_at = u.reported_at
  WHERE u.country = 'Wales' AND u.reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
  GROUP BY u.reported_at
)
SELECT MAX(CASE WHEN reported_at = DATE '2026-11-01' THEN pct END)
     - MAX(CASE WHEN reported_at = DATE '2025-11-01' THEN pct END) AS pp_change
FROM s`,
  },
  {
    id: 'h2-03',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'gigabit coverage % across the UK as at each January, 2022 to 2026',
    gold: `SELECT u.reported_at,
       100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output_time_series u
LEFT JOIN (SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
           WHERE fastest_down >= 1000
             AND reported_at IN (DATE '2022-01-01', DATE '2023-01-01', DATE '2024-01-01', DATE '2025-01-01', DATE '2026-01-01')) g
  ON g.postcode = u.postcode AND g.reported_at = u.reported_at
WHERE u.reported_at IN (DATE '2022-01-01', DATE '2023-01-01', DATE '2024-01-01', DATE '2025-01-01', DATE '2026-01-01')
GROUP BY u.reported_at
ORDER BY u.reported_at`,
  },
  {
    id: 'h2-04',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Top 5 LAs by FTTP premises added over the last 12 months',
    gold: `SELECT u.la_name,
       SUM(CASE WHEN c.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN c.reported_at = DATE '2025-11-01' THEN u.premises ELSE 0 END) AS premises_added
FROM (SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
      WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')) c
JOIN upc_output_time_series u ON u.postcode = c.postcode AND u.reported_at = c.reported_at
GROUP BY u.la_name
ORDER BY premises_added DESC, u.la_name
LIMIT 5`,
  },
  // alternative_networks
  {
    id: 'h2-05',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'top 10 altnets by premises passed',
    gold: `SELECT a.operator, SUM(u.premises) AS premises
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator
ORDER BY premises DESC, a.operator
LIMIT 10`,
  },
  {
    id: 'h2-06',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'what % of London premises can get Community Fibre?',
    gold: `SELECT 100.0 * SUM(CASE WHEN u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Community Fibre')
                         THEN u.premises ELSE 0 END) / SUM(u.premises) AS community_fibre_pct
FROM upc_output u
WHERE u.government_region = 'London'`,
  },
  {
    id: 'h2-07',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'how many premisses have a choice of 2 or more altnets',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
JOIN (SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2) m
  ON m.postcode = u.postcode`,
  },
  {
    id: 'h2-08',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'how many premises has brsk added in the last 3 months?',
    gold: `SELECT SUM(CASE WHEN a.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN a.reported_at = DATE '2026-08-01' THEN u.premises ELSE 0 END) AS premises_added
FROM (SELECT DISTINCT reported_at, postcode FROM fact_altnet_time_series
      WHERE operator = 'brsk' AND reported_at IN (DATE '2026-08-01', DATE '2026-11-01')) a
JOIN upc_output_time_series u ON u.postcode = a.postcode AND u.reported_at = a.reported_at`,
  },
  // competition
  {
    id: 'h2-09',
    theme: 'competition',
    dataset: 'upc',
    question: 'Cardiff - how many premises can get both VM cable and Openreach FTTP?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.la_name = 'Cardiff'
  AND u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Virgin Cable' AND tech = 'cable')
  AND u.postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                     WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')`,
  },
  {
    id: 'h2-10',
    theme: 'competition',
    dataset: 'upc',
    question: 'share of Bristol premises with 3+ FF networks',
    gold: `WITH n AS (
  SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
  GROUP BY f.postcode
)
SELECT 100.0 * SUM(CASE WHEN n.networks >= 3 THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct_3plus
FROM upc_output u
LEFT JOIN n ON n.postcode = u.postcode
WHERE u.la_name = 'Bristol, City of'`,
  },
  {
    id: 'h2-11',
    theme: 'competition',
    dataset: 'upc',
    question: 'In Salford how many premises have only one gigabit network, i.e. no gigabit competition?',
    gold: `WITH g AS (
  SELECT f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.fastest_down >= 1000
  GROUP BY f.postcode
  HAVING COUNT(DISTINCT o.operator_group) = 1
)
SELECT SUM(u.premises) AS premises
FROM upc_output u JOIN g ON g.postcode = u.postcode
WHERE u.la_name = 'Salford'`,
  },
  {
    id: 'h2-12',
    theme: 'competition',
    dataset: 'upc',
    question: 'where does CF overbuild Openreach FTTP the most? top 5 LAs by overlapping premises',
    gold: `SELECT u.la_name, SUM(u.premises) AS overlap_premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'CityFibre')
  AND u.postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                     WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
GROUP BY u.la_name
ORDER BY overlap_premises DESC, u.la_name
LIMIT 5`,
  },
  // market_leaders
  {
    id: 'h2-13',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'biggest FTTP network in Scotland and how many premises does it pass',
    gold: `SELECT x.operator_group, SUM(u.premises) AS premises
FROM (SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.tech = 'fttponly') x
JOIN upc_output u ON u.postcode = x.postcode
WHERE u.country = 'Scotland'
GROUP BY x.operator_group
ORDER BY premises DESC, x.operator_group
LIMIT 1`,
  },
  {
    id: 'h2-14',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Top 5 networks by gigabit capable premises',
    gold: `SELECT x.operator_group, SUM(u.premises) AS gigabit_premises
FROM (SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.fastest_down >= 1000) x
JOIN upc_output u ON u.postcode = x.postcode
GROUP BY x.operator_group
ORDER BY gigabit_premises DESC, x.operator_group
LIMIT 5`,
  },
  {
    id: 'h2-15',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'largest altnet in each region by premises covered',
    gold: `SELECT government_region, operator
FROM (
  SELECT u.government_region, a.operator,
         ROW_NUMBER() OVER (PARTITION BY u.government_region ORDER BY SUM(u.premises) DESC, a.operator) AS rn
  FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
  JOIN upc_output u ON u.postcode = a.postcode
  GROUP BY u.government_region, a.operator
) r
WHERE rn = 1
ORDER BY government_region`,
  },
  {
    id: 'h2-16',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Hull: which full fibre networks are there and how many premises does each pass? biggest first',
    gold: `SELECT x.operator_group, SUM(u.premises) AS premises
FROM (SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.tech = 'fttponly') x
JOIN upc_output u ON u.postcode = x.postcode
WHERE u.la_name = 'Kingston upon Hull, City of'
GROUP BY x.operator_group
ORDER BY premises DESC, x.operator_group`,
  },
  // regional_analysis
  {
    id: 'h2-17',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'FTTP coverage % by region, highest first',
    gold: `SELECT u.government_region,
       100.0 * SUM(CASE WHEN u.postcode IN (${FTTP_NOW}) THEN u.premises ELSE 0 END) / SUM(u.premises) AS fttp_pct
FROM upc_output u
GROUP BY u.government_region
ORDER BY fttp_pct DESC, u.government_region`,
  },
  {
    id: 'h2-18',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'the 5 scottish councils with the lowest gigabit coverage',
    gold: `SELECT u.la_name,
       100.0 * SUM(CASE WHEN u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)
                        THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output u
WHERE u.country = 'Scotland'
GROUP BY u.la_name
ORDER BY gigabit_pct, u.la_name
LIMIT 5`,
  },
  {
    id: 'h2-19',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: "what's full fibre coverage across Norfolk overall?",
    gold: `SELECT 100.0 * SUM(CASE WHEN u.postcode IN (${FTTP_NOW}) THEN u.premises ELSE 0 END) / SUM(u.premises) AS fttp_pct
FROM upc_output u
WHERE u.la_name IN ('Breckland', 'Broadland', 'Great Yarmouth', 'King''s Lynn and West Norfolk', 'North Norfolk',
                    'Norwich', 'South Norfolk')`,
  },
  {
    id: 'h2-20',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'South West: urban vs rural FTTP coverage',
    gold: `SELECT u.urban_rural,
       100.0 * SUM(CASE WHEN u.postcode IN (${FTTP_NOW}) THEN u.premises ELSE 0 END) / SUM(u.premises) AS fttp_pct
FROM upc_output u
WHERE u.government_region = 'South West'
GROUP BY u.urban_rural
ORDER BY u.urban_rural`,
  },
  // forecasts
  {
    id: 'h2-21',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'forecast FTTP coverage of UK premises by end of 2030?',
    gold: `SELECT 100.0 * SUM(CASE WHEN u.postcode IN (SELECT postcode FROM forecast_footprint
                                           WHERE reported_at = DATE '2030-12-01')
                         THEN u.premises ELSE 0 END) / SUM(u.premises) AS fttp_pct_2030
FROM upc_output u`,
  },
  {
    id: 'h2-22',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'how many premises is Openreach expected to have passed with full fibre by Dec 2027?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM forecast_footprint
                     WHERE operator = 'Openreach' AND reported_at = DATE '2027-12-01')`,
  },
  {
    id: 'h2-23',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Zzoomm forecast - how many premises will they add between end of 2026 and end of 2028?',
    gold: `SELECT SUM(CASE WHEN f.reported_at = DATE '2028-12-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN f.reported_at = DATE '2026-12-01' THEN u.premises ELSE 0 END) AS premises_added
FROM (SELECT DISTINCT reported_at, postcode FROM forecast_footprint
      WHERE operator = 'Zzoomm' AND reported_at IN (DATE '2026-12-01', DATE '2028-12-01')) f
JOIN upc_output u ON u.postcode = f.postcode`,
  },
  {
    id: 'h2-24',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'which region is forecast to have the lowest full fibre coverage in June 2028, and what %?',
    gold: `SELECT u.government_region,
       100.0 * SUM(CASE WHEN u.postcode IN (SELECT postcode FROM forecast_footprint
                                            WHERE reported_at = DATE '2028-06-01')
                        THEN u.premises ELSE 0 END) / SUM(u.premises) AS fttp_pct
FROM upc_output u
GROUP BY u.government_region
ORDER BY fttp_pct, u.government_region
LIMIT 1`,
  },
  // take_up
  {
    id: 'h2-25',
    theme: 'take_up',
    dataset: 'take_up',
    question: "what's VM's market share by lines in the latest quarter?",
    gold: `SELECT 100.0 * SUM(CASE WHEN operator = 'Virgin Media' THEN lines ELSE 0 END) / SUM(lines) AS vm_share_pct
FROM take_up_quarterly
WHERE quarter = (SELECT MAX(quarter) FROM take_up_quarterly)`,
  },
  {
    id: 'h2-26',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'FTTP share of total lines for each Q4 since 2021',
    gold: `SELECT quarter, 100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines) AS fttp_share_pct
FROM take_up_quarterly
WHERE quarter LIKE '%Q4' AND quarter >= '2021Q4'
GROUP BY quarter
ORDER BY quarter`,
  },
  {
    id: 'h2-27',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'which 5 ISPs added the most FTTP lines QoQ?',
    gold: `WITH q AS (
  SELECT MAX(quarter) AS latest,
         (SELECT MAX(quarter) FROM take_up_quarterly
          WHERE quarter < (SELECT MAX(quarter) FROM take_up_quarterly)) AS previous
  FROM take_up_quarterly
)
SELECT t.operator,
       SUM(CASE WHEN t.quarter = q.latest THEN t.lines ELSE 0 END)
     - SUM(CASE WHEN t.quarter = q.previous THEN t.lines ELSE 0 END) AS lines_added
FROM take_up_quarterly t CROSS JOIN q
WHERE t.tech = 'fttp' AND t.quarter IN (q.latest, q.previous)
GROUP BY t.operator
ORDER BY lines_added DESC, t.operator
LIMIT 5`,
  },
  {
    id: 'h2-28',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'how many FTTP lines in Manchester, latest qtr?',
    gold: `SELECT SUM(t.lines) AS fttp_lines
FROM take_up_postcode t
JOIN upc_output u ON u.postcode = t.postcode
WHERE u.la_name = 'Manchester' AND t.tech = 'fttp'
  AND t.quarter = (SELECT MAX(quarter) FROM take_up_quarterly)`,
  },
  // technology_and_speeds
  {
    id: 'h2-29',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'How many premises still cant get 30Mbps?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
JOIN (SELECT postcode FROM fact_operator GROUP BY postcode HAVING MAX(fastest_down) < 30) s
  ON s.postcode = u.postcode`,
  },
  {
    id: 'h2-30',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: '% of Trafford premises that are gigabit-capable',
    gold: `SELECT 100.0 * SUM(CASE WHEN u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)
                         THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output u
WHERE u.la_name = 'Trafford'`,
  },
  {
    id: 'h2-31',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises can get symmetric gigabit (1G down and 1G up)?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000 AND fastest_up >= 1000)`,
  },
  {
    id: 'h2-32',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'number of premises that can get 2Gbps+ downloads',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 2000)`,
  },
];
