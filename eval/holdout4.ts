/*
 * Holdout set 4: independent, held-out evaluation questions for the text-to-SQL product.
 *
 * How it was written: by a helper that read ONLY the warehouse data contract (now docs/data-contract.md)
 * and the product description (now docs/product.md, for the `unsupported` / `system_info` classifications).
 * No application code and no other question set was opened. Questions are phrased the way analysts
 * type them (abbreviations, loose wording, relative dates, the odd typo). Relative dates are
 * resolved against the latest upc snapshot 2026-11-01, the latest take-up quarter 2026Q4
 * (quarter_start 2026-10-01) and the latest attractiveness date 2026-10-01; gold SQL states absolute dates.
 *
 * Counting rules followed (the data contract): premises = SUM(upc premises) over DISTINCT postcodes (never summed
 * over fact rows); gigabit = fastest_down >= 1000; superfast = fastest_down >= 30; full fibre = tech
 * 'fttponly'; a "network" is an operators.operator_group; altnet = operators.is_altnet (fact_altnet's
 * operator is already the canonical group); "can't get X Mbps" includes postcodes with no service at all;
 * forecast presence = a row in forecast_footprint at that half-year date.
 * Every gold SQL was run read-only on /work/data-full/warehouse/warehouse.duckdb and returned a
 * non-empty, plausible result.
 *
 * Each question carries a comment naming the failure class it targets:
 *   [neg]    conditions / negations with thresholds
 *   [quant]  quantifiers (at least / more than / exactly)
 *   [numword] number words colliding with names (operator "Three", "top three", "two biggest")
 *   [shape]  output shape (count of groups = one number, one row per period, change not levels,
 *            a chosen month of each year)
 *   [inter]  intersections
 *   [fcst]   forecast new build between half-years and the character of those areas
 *   [core]   normal in-scope question
 *   [oos]    out of scope -> unsupported;  [sys] about the data/system -> system_info
 */
import type { EvalQuestion } from './questions.js';

export const holdout4Questions: EvalQuestion[] = [
  // ---------------------------------------------------------------- conditions and negations
  // [neg] threshold negation incl. postcodes with no service; Wales is a country (also a region)
  {
    id: 'h4-01',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'how many premises in wales cant get 30 meg?',
    gold: `SELECT SUM(u.premises) AS premises_below_30mbps
FROM upc_output u
WHERE u.country = 'Wales'
  AND NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.fastest_down >= 30)`,
  },

  // [neg] "no gigabit" = no operator row with fastest_down >= 1000; count of postcodes, not premises
  {
    id: 'h4-02',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'no. of postcodes in Cornwall with no gigabit option at all',
    gold: `SELECT COUNT(*) AS postcodes_without_gigabit
FROM upc_output u
WHERE u.la_name = 'Cornwall'
  AND NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.fastest_down >= 1000)`,
  },

  // [neg] share without full fibre in a rural/country subset
  {
    id: 'h4-03',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'what % of rural premisses in Scotland still have no full fibre?',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT ROUND(100.0 * SUM(CASE WHEN ff.postcode IS NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_without_full_fibre
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
WHERE u.country = 'Scotland' AND u.urban_rural = 'rural'`,
  },

  // [neg] has X but not Y (FTTC available, no full fibre)
  {
    id: 'h4-04',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'premises in the north east that can get FTTC but not full fibre',
    gold: `WITH pc AS (
  SELECT postcode FROM fact_operator WHERE tech = 'fttc'
  EXCEPT
  SELECT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT SUM(u.premises) AS premises_fttc_no_full_fibre
FROM upc_output u JOIN pc ON pc.postcode = u.postcode
WHERE u.government_region = 'North East'`,
  },

  // [neg] below-USO threshold (can't get 10Mbps, incl. no service), grouped by region
  {
    id: 'h4-05',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: "premises that can't even get 10Mbps, by region, worst first",
    gold: `SELECT u.government_region, SUM(u.premises) AS premises_below_10mbps
FROM upc_output u
WHERE NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.fastest_down >= 10)
GROUP BY u.government_region
ORDER BY premises_below_10mbps DESC`,
  },

  // [neg][shape] count of LAs under a threshold -> ONE number
  {
    id: 'h4-06',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'how many LAs have fewer than 3/4 of their premises able to get gigabit?',
    gold: `WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000),
la AS (
  SELECT u.la_code, SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS share
  FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
  GROUP BY u.la_code)
SELECT COUNT(*) AS local_authorities FROM la WHERE share < 0.75`,
  },

  // ---------------------------------------------------------------- quantifiers
  // [quant] at least 3 networks = distinct operator_group (Openreach retailers count once)
  {
    id: 'h4-07',
    theme: 'competition',
    dataset: 'upc',
    question: 'how many premises can choose from at least 3 full fibre networks?',
    gold: `WITH n AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 3)
SELECT SUM(u.premises) AS premises_3plus_ff_networks
FROM upc_output u JOIN n ON n.postcode = u.postcode`,
  },

  // [quant] more than two altnets (> 2, i.e. 3+), by region
  {
    id: 'h4-08',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'premises with more than two altnets, split by region pls',
    gold: `WITH n AS (SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) > 2)
SELECT u.government_region, SUM(u.premises) AS premises_3plus_altnets
FROM upc_output u JOIN n ON n.postcode = u.postcode
GROUP BY u.government_region
ORDER BY premises_3plus_altnets DESC`,
  },

  // [quant] exactly one network, as a share of all premises
  {
    id: 'h4-09',
    theme: 'competition',
    dataset: 'upc',
    question: 'what share of UK premises have exactly one full fibre network - no more, no less?',
    gold: `WITH n AS (
  SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS k
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' GROUP BY f.postcode)
SELECT ROUND(100.0 * SUM(CASE WHEN n.k = 1 THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_exactly_one_ff_network
FROM upc_output u LEFT JOIN n ON n.postcode = u.postcode`,
  },

  // [quant][shape] "in how many LAs" -> ONE number; 2+ networks per postcode, >50% per LA
  {
    id: 'h4-10',
    theme: 'competition',
    dataset: 'upc',
    question: 'in how many local authorities are more than half of premises overbuilt (2+ FTTP networks)?',
    gold: `WITH n AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 2),
la AS (
  SELECT u.la_code, SUM(CASE WHEN n.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS share
  FROM upc_output u LEFT JOIN n ON n.postcode = u.postcode
  GROUP BY u.la_code)
SELECT COUNT(*) AS local_authorities FROM la WHERE share > 0.5`,
  },

  // [quant][neg] exactly one altnet AND no Openreach full fibre
  {
    id: 'h4-11',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'how many postcodes have exactly 1 altnet but no openreach fttp?',
    gold: `WITH a AS (SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) = 1)
SELECT COUNT(*) AS postcodes
FROM a
WHERE NOT EXISTS (
  SELECT 1 FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.postcode = a.postcode AND o.operator_group = 'Openreach' AND f.tech = 'fttponly')`,
  },

  // [quant] at least 3 different altnets per LA (list, not a count)
  {
    id: 'h4-12',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'which councils have 3 or more different altnets present?',
    gold: `SELECT u.la_code, u.la_name, COUNT(DISTINCT a.operator) AS altnets
FROM fact_altnet a JOIN upc_output u ON u.postcode = a.postcode
GROUP BY u.la_code, u.la_name
HAVING COUNT(DISTINCT a.operator) >= 3
ORDER BY altnets DESC, u.la_name`,
  },

  // ---------------------------------------------------------------- number words vs names
  // [numword] "Three" is the FWA operator (operator_group 'Three', operator 'Three Broadband')
  {
    id: 'h4-13',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises can get Three home broadband?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Three')`,
  },

  // [numword] "top three" is a LIMIT, not the operator
  {
    id: 'h4-14',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'top three altnets by premises passed',
    gold: `SELECT a.operator AS altnet, SUM(u.premises) AS premises_passed
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator
ORDER BY premises_passed DESC
LIMIT 3`,
  },

  // [numword] Three as a retail brand in take_up
  {
    id: 'h4-15',
    theme: 'take_up',
    dataset: 'take_up',
    question: "what's Three's share of fixed lines in the latest quarter?",
    gold: `SELECT ROUND(100.0 * SUM(CASE WHEN operator = 'Three' THEN lines ELSE 0 END) / SUM(lines), 2) AS three_share_pct
FROM take_up_quarterly
WHERE quarter = '2026Q4'`,
  },

  // [numword] "the two biggest" -> LIMIT 2 over networks (operator_group)
  {
    id: 'h4-16',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'the two biggest full fibre networks in Scotland?',
    gold: `WITH p AS (
  SELECT DISTINCT o.operator_group, f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly')
SELECT p.operator_group AS network, SUM(u.premises) AS premises
FROM p JOIN upc_output u ON u.postcode = p.postcode
WHERE u.country = 'Scotland'
GROUP BY p.operator_group
ORDER BY premises DESC
LIMIT 2`,
  },

  // [numword][shape] Three vs Vodafone, one row per quarter of 2026
  {
    id: 'h4-17',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Three vs Vodafone lines for each quarter of 2026',
    gold: `SELECT quarter,
  SUM(CASE WHEN operator = 'Three' THEN lines ELSE 0 END) AS three_lines,
  SUM(CASE WHEN operator = 'Vodafone' THEN lines ELSE 0 END) AS vodafone_lines
FROM take_up_quarterly
WHERE quarter IN ('2026Q1', '2026Q2', '2026Q3', '2026Q4')
GROUP BY quarter
ORDER BY quarter`,
  },

  // [numword] "3" is a LIMIT and "Three" is the operator, in one question
  {
    id: 'h4-18',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'which 3 councils have the highest % of premises covered by Three?',
    gold: `WITH t AS (
  SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Three')
SELECT u.la_code, u.la_name,
  ROUND(100.0 * SUM(CASE WHEN t.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_covered_by_three
FROM upc_output u LEFT JOIN t ON t.postcode = u.postcode
GROUP BY u.la_code, u.la_name
ORDER BY pct_covered_by_three DESC
LIMIT 3`,
  },

  // ---------------------------------------------------------------- output shape
  // [shape] count of groups meeting a condition -> ONE number
  {
    id: 'h4-19',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how many local authorities have full fibre above 90%?',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'),
la AS (
  SELECT u.la_code, SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS share
  FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
  GROUP BY u.la_code)
SELECT COUNT(*) AS local_authorities FROM la WHERE share > 0.9`,
  },

  // [shape] one row per month for the last 6 snapshots (2026-06 .. 2026-11)
  {
    id: 'h4-20',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'FTTP coverage % in each of the last 6 months',
    gold: `WITH ff AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at BETWEEN DATE '2026-06-01' AND DATE '2026-11-01')
SELECT u.reported_at,
  ROUND(100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_full_fibre
FROM upc_output_time_series u
LEFT JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
WHERE u.reported_at BETWEEN DATE '2026-06-01' AND DATE '2026-11-01'
GROUP BY u.reported_at
ORDER BY u.reported_at`,
  },

  // [shape] one row per quarter for the last 4 quarters
  {
    id: 'h4-21',
    theme: 'take_up',
    dataset: 'take_up',
    question: "BT's total lines in each of the last 4 quarters",
    gold: `SELECT quarter, SUM(lines) AS bt_lines
FROM take_up_quarterly
WHERE operator = 'BT' AND quarter IN ('2026Q1', '2026Q2', '2026Q3', '2026Q4')
GROUP BY quarter
ORDER BY quarter`,
  },

  // [shape] the change in percentage points, not the levels; one winner
  {
    id: 'h4-22',
    theme: 'regional_analysis',
    dataset: 'upc',
    question:
      'which region gained the most percentage points of gigabit coverage between Jan 2024 and Jan 2026?',
    gold: `WITH g AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE fastest_down >= 1000 AND reported_at IN (DATE '2024-01-01', DATE '2026-01-01')),
r AS (
  SELECT u.government_region, u.reported_at,
    100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
  FROM upc_output_time_series u
  LEFT JOIN g ON g.postcode = u.postcode AND g.reported_at = u.reported_at
  WHERE u.reported_at IN (DATE '2024-01-01', DATE '2026-01-01')
  GROUP BY u.government_region, u.reported_at)
SELECT government_region,
  ROUND(MAX(CASE WHEN reported_at = DATE '2026-01-01' THEN pct END)
      - MAX(CASE WHEN reported_at = DATE '2024-01-01' THEN pct END), 2) AS pp_gain
FROM r
GROUP BY government_region
ORDER BY pp_gain DESC
LIMIT 1`,
  },

  // [shape] series on a chosen month of each year
  {
    id: 'h4-23',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'full fibre coverage every March since 2022',
    gold: `WITH ff AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at IN (DATE '2022-03-01', DATE '2023-03-01', DATE '2024-03-01', DATE '2025-03-01', DATE '2026-03-01'))
SELECT u.reported_at,
  ROUND(100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_full_fibre
FROM upc_output_time_series u
LEFT JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
WHERE u.reported_at IN (DATE '2022-03-01', DATE '2023-03-01', DATE '2024-03-01', DATE '2025-03-01', DATE '2026-03-01')
GROUP BY u.reported_at
ORDER BY u.reported_at`,
  },

  // [shape] count of regions meeting a condition -> ONE number
  {
    id: 'h4-24',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'how many regions are still below 85% FTTP?',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'),
r AS (
  SELECT u.government_region, SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS share
  FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
  GROUP BY u.government_region)
SELECT COUNT(*) AS regions FROM r WHERE share < 0.85`,
  },

  // [shape] chosen month of each year, network = operator_group Openreach (all 4 retailers)
  {
    id: 'h4-25',
    theme: 'market_leaders',
    dataset: 'upc',
    question: "openreach fttp premises every september since '21",
    gold: `WITH p AS (
  SELECT DISTINCT f.postcode, f.reported_at
  FROM fact_operator_time_series f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
    AND f.reported_at IN (DATE '2021-09-01', DATE '2022-09-01', DATE '2023-09-01', DATE '2024-09-01', DATE '2025-09-01', DATE '2026-09-01'))
SELECT u.reported_at, SUM(u.premises) AS openreach_fttp_premises
FROM upc_output_time_series u
JOIN p ON p.postcode = u.postcode AND p.reported_at = u.reported_at
GROUP BY u.reported_at
ORDER BY u.reported_at`,
  },

  // [shape] change over the last 12 months (pp), single winning LA
  {
    id: 'h4-26',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'which council had the biggest jump in full fibre % over the last 12 months?',
    gold: `WITH ff AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')),
l AS (
  SELECT u.la_code, u.la_name, u.reported_at,
    100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
  FROM upc_output_time_series u
  LEFT JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
  WHERE u.reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
  GROUP BY u.la_code, u.la_name, u.reported_at)
SELECT la_code, la_name,
  ROUND(MAX(CASE WHEN reported_at = DATE '2026-11-01' THEN pct END)
      - MAX(CASE WHEN reported_at = DATE '2025-11-01' THEN pct END), 2) AS pp_gain
FROM l
GROUP BY la_code, la_name
ORDER BY pp_gain DESC
LIMIT 1`,
  },

  // ---------------------------------------------------------------- intersections
  // [inter] both networks present in the same postcode
  {
    id: 'h4-27',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises where both openreach FTTP and cityfibre are available',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
  AND u.postcode IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'CityFibre')`,
  },

  // [inter] Virgin Media (cable or RFOG) and any altnet
  {
    id: 'h4-28',
    theme: 'competition',
    dataset: 'upc',
    question: 'how many postcodes have virgin media AND at least one altnet?',
    gold: `SELECT COUNT(*) AS postcodes
FROM upc_output u
WHERE u.postcode IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'Virgin Media')
  AND u.postcode IN (SELECT postcode FROM fact_altnet)`,
  },

  // [inter] two altnets overlapping within a region
  {
    id: 'h4-29',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'premises in London where Hyperoptic and Community Fibre overlap',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.government_region = 'London'
  AND u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Hyperoptic')
  AND u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Community Fibre')`,
  },

  // [inter][neg] Virgin cable present, Openreach full fibre absent, by country
  {
    id: 'h4-30',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises with virgin cable but no openreach full fibre, by country',
    gold: `SELECT u.country, SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Virgin Cable')
  AND u.postcode NOT IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
GROUP BY u.country
ORDER BY premises DESC`,
  },

  // ---------------------------------------------------------------- forecasts
  // [fcst] new build between two forecast half-years for one network
  {
    id: 'h4-31',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'how many new premises is cityfibre forecast to reach between end of 2026 and end of 2028?',
    gold: `WITH a AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE operator = 'CityFibre' AND reported_at = DATE '2026-12-01'),
b AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE operator = 'CityFibre' AND reported_at = DATE '2028-12-01')
SELECT SUM(u.premises) AS new_premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM b) AND u.postcode NOT IN (SELECT postcode FROM a)`,
  },

  // [fcst] character (urban/rural) of the new-build areas
  {
    id: 'h4-32',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question:
      "Openreach's forecast new build from Dec 2026 to Dec 2027 - how does it split urban vs rural (premises)?",
    gold: `WITH a AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE operator = 'Openreach' AND reported_at = DATE '2026-12-01'),
b AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE operator = 'Openreach' AND reported_at = DATE '2027-12-01')
SELECT u.urban_rural, SUM(u.premises) AS new_premises,
  ROUND(100.0 * SUM(u.premises) / SUM(SUM(u.premises)) OVER (), 2) AS pct_of_new_build
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM b) AND u.postcode NOT IN (SELECT postcode FROM a)
GROUP BY u.urban_rural
ORDER BY u.urban_rural`,
  },

  // [fcst][core] forecast coverage level at 2030-12 by nation
  {
    id: 'h4-33',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'forecast full fibre coverage at end of 2030 by nation',
    gold: `WITH f AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')
SELECT u.country,
  ROUND(100.0 * SUM(CASE WHEN f.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_full_fibre_2030
FROM upc_output u LEFT JOIN f ON f.postcode = u.postcode
GROUP BY u.country
ORDER BY u.country`,
  },

  // [fcst][numword-free top N] new build by network between two H1 dates
  {
    id: 'h4-34',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'which 5 networks add the most premises in the forecast between H1 2027 and H1 2029?',
    gold: `WITH a AS (SELECT DISTINCT operator, postcode FROM forecast_footprint WHERE reported_at = DATE '2027-06-01'),
b AS (SELECT DISTINCT operator, postcode FROM forecast_footprint WHERE reported_at = DATE '2029-06-01'),
n AS (SELECT operator, postcode FROM b EXCEPT SELECT operator, postcode FROM a)
SELECT n.operator AS network, SUM(u.premises) AS new_premises
FROM n JOIN upc_output u ON u.postcode = n.postcode
GROUP BY n.operator
ORDER BY new_premises DESC
LIMIT 5`,
  },

  // [fcst] first-time full fibre between two half-years; character = urban/rural + deprivation (latest scores 2026-10-01)
  {
    id: 'h4-35',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question:
      'areas forecast to get full fibre for the first time between Dec 2026 and Dec 2028 - urban/rural split and avg digital deprivation?',
    gold: `WITH a AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2026-12-01'),
b AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2028-12-01'),
n AS (SELECT postcode FROM b EXCEPT SELECT postcode FROM a)
SELECT u.urban_rural, COUNT(*) AS postcodes, SUM(u.premises) AS premises,
  ROUND(AVG(pa.digital_deprivation), 3) AS avg_digital_deprivation
FROM n
JOIN upc_output u ON u.postcode = n.postcode
LEFT JOIN postcode_attractiveness pa ON pa.postcode = n.postcode AND pa.reported_at = DATE '2026-10-01'
GROUP BY u.urban_rural
ORDER BY u.urban_rural`,
  },

  // [neg][core] attractiveness of postcodes without full fibre today vs with
  {
    id: 'h4-36',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'avg build attractiveness score for postcodes with no full fibre today vs ones that have it',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT CASE WHEN ff.postcode IS NULL THEN 'no full fibre' ELSE 'has full fibre' END AS status,
  COUNT(*) AS postcodes,
  ROUND(AVG(pa.general_attractiveness), 3) AS avg_general_attractiveness
FROM postcode_attractiveness pa
JOIN upc_output u ON u.postcode = pa.postcode
LEFT JOIN ff ON ff.postcode = pa.postcode
WHERE pa.reported_at = DATE '2026-10-01'
GROUP BY 1
ORDER BY 1`,
  },

  // [shape][fcst] one row per forecast year end
  {
    id: 'h4-37',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'openreach forecast FTTP premises at each year end 2025-2030',
    gold: `WITH p AS (
  SELECT DISTINCT postcode, reported_at FROM forecast_footprint
  WHERE operator = 'Openreach' AND EXTRACT(month FROM reported_at) = 12
    AND reported_at BETWEEN DATE '2025-12-01' AND DATE '2030-12-01')
SELECT p.reported_at, SUM(u.premises) AS openreach_premises
FROM p JOIN upc_output u ON u.postcode = p.postcode
GROUP BY p.reported_at
ORDER BY p.reported_at`,
  },

  // ---------------------------------------------------------------- take-up
  // [shape] a chosen quarter of each year
  {
    id: 'h4-38',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'fttp as a % of all lines, Q4 of each year',
    gold: `SELECT quarter,
  ROUND(100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines), 2) AS fttp_share_pct
FROM take_up_quarterly
WHERE quarter LIKE '%Q4'
GROUP BY quarter
ORDER BY quarter`,
  },

  // [core] market share, residential only, latest quarter
  {
    id: 'h4-39',
    theme: 'market_leaders',
    dataset: 'take_up',
    question: 'residential market share by retailer, latest qtr',
    gold: `SELECT operator, SUM(lines) AS lines,
  ROUND(100.0 * SUM(lines) / SUM(SUM(lines)) OVER (), 2) AS share_pct
FROM take_up_quarterly
WHERE quarter = '2026Q4' AND segment = 'residential'
GROUP BY operator
ORDER BY lines DESC`,
  },

  // [core] single number, latest quarter
  {
    id: 'h4-40',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'how many ADSL lines are left now?',
    gold: `SELECT SUM(lines) AS adsl_lines FROM take_up_quarterly WHERE quarter = '2026Q4' AND tech = 'adsl'`,
  },

  // [core] postcode-level take-up rolled to LA (top 5)
  {
    id: 'h4-41',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'which 5 local authorities had the most fttp lines in the latest quarter?',
    gold: `SELECT u.la_code, u.la_name, SUM(t.lines) AS fttp_lines
FROM take_up_postcode t JOIN upc_output u ON u.postcode = t.postcode
WHERE t.quarter = '2026Q4' AND t.tech = 'fttp'
GROUP BY u.la_code, u.la_name
ORDER BY fttp_lines DESC
LIMIT 5`,
  },

  // [core] business segment by tech
  {
    id: 'h4-42',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'business lines by technology this quarter',
    gold: `SELECT tech, SUM(lines) AS business_lines
FROM take_up_quarterly
WHERE quarter = '2026Q4' AND segment = 'business'
GROUP BY tech
ORDER BY business_lines DESC`,
  },

  // ---------------------------------------------------------------- technology and speeds
  // [core] per-tech speeds (row-level average of what is on offer)
  {
    id: 'h4-43',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'avg down/upload speeds by technology?',
    gold: `SELECT tech, ROUND(AVG(fastest_down), 1) AS avg_down_mbps, ROUND(AVG(fastest_up), 1) AS avg_up_mbps
FROM fact_operator
GROUP BY tech
ORDER BY avg_down_mbps DESC`,
  },

  // [inter][neg] FWA on offer but no full fibre
  {
    id: 'h4-44',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises have fixed wireless on offer but no full fibre?',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fwa')
  AND NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.tech = 'fttponly')`,
  },

  // [neg/threshold] superfast coverage share by country
  {
    id: 'h4-45',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'superfast (30Mb+) coverage by country',
    gold: `WITH s AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 30)
SELECT u.country,
  ROUND(100.0 * SUM(CASE WHEN s.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_superfast
FROM upc_output u LEFT JOIN s ON s.postcode = u.postcode
GROUP BY u.country
ORDER BY pct_superfast DESC`,
  },

  // [neg] best available speed under a threshold (incl. no service), urban vs rural
  {
    id: 'h4-46',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: '% of premises whose best available download is under 100Mbps, urban vs rural',
    gold: `WITH s AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 100)
SELECT u.urban_rural,
  ROUND(100.0 * SUM(CASE WHEN s.postcode IS NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_under_100mbps
FROM upc_output u LEFT JOIN s ON s.postcode = u.postcode
GROUP BY u.urban_rural
ORDER BY u.urban_rural`,
  },

  // ---------------------------------------------------------------- market leaders / competition / growth
  // [neg] leader per group (one row per region) excluding one network
  {
    id: 'h4-47',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'biggest full fibre network in each region apart from openreach?',
    gold: `WITH p AS (
  SELECT DISTINCT o.operator_group, f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' AND o.operator_group <> 'Openreach'),
r AS (
  SELECT u.government_region, p.operator_group, SUM(u.premises) AS premises
  FROM p JOIN upc_output u ON u.postcode = p.postcode
  GROUP BY u.government_region, p.operator_group)
SELECT government_region, operator_group AS network, premises
FROM r
QUALIFY ROW_NUMBER() OVER (PARTITION BY government_region ORDER BY premises DESC) = 1
ORDER BY government_region`,
  },

  // [core] single leader in a region
  {
    id: 'h4-48',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'which altnet is biggest in the north east?',
    gold: `SELECT a.operator AS altnet, SUM(u.premises) AS premises
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
WHERE u.government_region = 'North East'
GROUP BY a.operator
ORDER BY premises DESC
LIMIT 1`,
  },

  // [quant] 2+ networks share by region
  {
    id: 'h4-49',
    theme: 'competition',
    dataset: 'upc',
    question: 'share of premises with 2 or more FTTP networks, by region',
    gold: `WITH n AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 2)
SELECT u.government_region,
  ROUND(100.0 * SUM(CASE WHEN n.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS pct_2plus_networks
FROM upc_output u LEFT JOIN n ON n.postcode = u.postcode
GROUP BY u.government_region
ORDER BY pct_2plus_networks DESC`,
  },

  // [core] compare two footprints per LA (altnets combined = distinct postcodes with any altnet)
  {
    id: 'h4-50',
    theme: 'competition',
    dataset: 'upc',
    question: 'LAs where altnets combined pass more premises than openreach fttp',
    gold: `WITH alt AS (SELECT DISTINCT postcode FROM fact_altnet),
orp AS (
  SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'),
l AS (
  SELECT u.la_code, u.la_name,
    SUM(CASE WHEN alt.postcode IS NOT NULL THEN u.premises ELSE 0 END) AS altnet_premises,
    SUM(CASE WHEN orp.postcode IS NOT NULL THEN u.premises ELSE 0 END) AS openreach_fttp_premises
  FROM upc_output u
  LEFT JOIN alt ON alt.postcode = u.postcode
  LEFT JOIN orp ON orp.postcode = u.postcode
  GROUP BY u.la_code, u.la_name)
SELECT la_code, la_name, altnet_premises, openreach_fttp_premises
FROM l
WHERE altnet_premises > openreach_fttp_premises
ORDER BY altnet_premises - openreach_fttp_premises DESC`,
  },

  // [shape] change (pp) over a calendar year, not the two levels
  {
    id: 'h4-51',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how many points did gigabit coverage go up during 2025?',
    gold: `WITH g AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE fastest_down >= 1000 AND reported_at IN (DATE '2025-01-01', DATE '2026-01-01')),
t AS (
  SELECT u.reported_at,
    100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
  FROM upc_output_time_series u
  LEFT JOIN g ON g.postcode = u.postcode AND g.reported_at = u.reported_at
  WHERE u.reported_at IN (DATE '2025-01-01', DATE '2026-01-01')
  GROUP BY u.reported_at)
SELECT ROUND(MAX(CASE WHEN reported_at = DATE '2026-01-01' THEN pct END)
           - MAX(CASE WHEN reported_at = DATE '2025-01-01' THEN pct END), 2) AS pp_change
FROM t`,
  },

  // [shape] one row per month this year, net change vs previous month
  {
    id: 'h4-52',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'net new full fibre premises each month so far this year',
    gold: `WITH ff AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at BETWEEN DATE '2025-12-01' AND DATE '2026-11-01'),
m AS (
  SELECT u.reported_at, SUM(u.premises) AS ff_premises
  FROM upc_output_time_series u
  JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
  WHERE u.reported_at BETWEEN DATE '2025-12-01' AND DATE '2026-11-01'
  GROUP BY u.reported_at),
d AS (SELECT reported_at, ff_premises, ff_premises - LAG(ff_premises) OVER (ORDER BY reported_at) AS net_new FROM m)
SELECT reported_at, ff_premises, net_new
FROM d
WHERE reported_at >= DATE '2026-01-01'
ORDER BY reported_at`,
  },

  // ---------------------------------------------------------------- out of scope -> unsupported
  // [oos] weather
  {
    id: 'h4-53',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'is it gonna rain in Manchester this weekend?',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] retail prices
  {
    id: 'h4-54',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'how much does Sky charge per month for 500Mb full fibre?',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] churn
  {
    id: 'h4-55',
    theme: 'out_of_scope',
    dataset: 'take_up',
    question: "what was TalkTalk's customer churn rate last quarter?",
    gold: '',
    expect: 'unsupported',
  },
  // [oos] faults / customer satisfaction
  {
    id: 'h4-56',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'which ISP has the most faults and the worst customer satisfaction scores?',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] unrelated finance
  {
    id: 'h4-57',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: "what's BT's share price doing today?",
    gold: '',
    expect: 'unsupported',
  },

  // ---------------------------------------------------------------- about the data -> system_info
  // [sys]
  {
    id: 'h4-58',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'what sort of things can I ask you?',
    gold: '',
    expect: 'system_info',
  },
  // [sys]
  {
    id: 'h4-59',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'which tables/datasets have you got?',
    gold: '',
    expect: 'system_info',
  },
  // [sys]
  {
    id: 'h4-60',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'how up to date is the data? whats the latest snapshot',
    gold: '',
    expect: 'system_info',
  },
  // [sys]
  {
    id: 'h4-61',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'are the operator footprint numbers real or modelled?',
    gold: '',
    expect: 'system_info',
  },
];
