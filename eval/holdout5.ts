/*
 * Holdout set 5: independent, held-out evaluation questions for the text-to-SQL product.
 *
 * How it was written: by a helper ("holdout5") that read ONLY the warehouse data contract
 * (docs/data-contract.md and /work/shared/DATA.md), the product description (docs/product.md and
 * /work/shared/spec/product-spec.md, for the `unsupported` / `system_info` classifications), the header of
 * eval/holdout4.ts and the EvalQuestion / Theme types of eval/questions.ts (for the file format only). No
 * application code was opened and no other set's questions were used. Questions are phrased the way analysts
 * type them (loose wording, abbreviations, relative dates, the odd typo).
 *
 * Relative dates are resolved against the warehouse's actual latest dates, queried before writing: latest upc
 * snapshot 2026-11-01 ("now", "latest", "rn"); latest take-up quarter 2026Q4 (quarter_start 2026-10-01), so
 * "last year" in take-up = 2025Q1..2025Q4; forecast half-years 2024-12-01 .. 2030-12-01 (H1 = YYYY-06-01,
 * H2 / "end of YYYY" = YYYY-12-01); latest attractiveness date 2026-10-01. "Since March" = 2026-03-01,
 * "last 12 months" = 2025-11-01 -> 2026-11-01. Gold SQL states absolute dates.
 *
 * Counting rules followed (the data contract): premises = SUM(upc_output.premises) over DISTINCT postcodes
 * (never summed over fact rows); postcodes = COUNT(DISTINCT postcode); area totals from upc_output; coverage %
 * = 100.0 * premises passed / all premises of the area; full fibre = tech 'fttponly' (take-up: 'fttp');
 * gigabit = fastest_down >= 1000 whatever the tech; superfast = best fastest_down >= 30; below the USO = no row
 * with fastest_down >= 10 AND fastest_up >= 1 (the contract's updated definition; postcodes with no service
 * count, though every live postcode has at least one fact row, checked); a network = operators.
 * operator_group (Openreach counted once, CityFibre once); altnet = operators.is_altnet (fact_altnet.operator
 * is already canonical); Virgin Media's footprint = 'Virgin Cable' or 'Virgin Media RFOG'; the FWA operator is
 * 'Three Broadband' (group 'Three', take-up brand 'Three'); growth = premises at the later snapshot minus the
 * earlier one; forecast presence = a row in forecast_footprint at that half-year; market share = an operator's
 * lines / all lines of the same quarter (both segments unless one is named).
 * Every postcode is live in every snapshot of this warehouse (checked), so the latest premises serve as the
 * denominator at past dates too.
 * Every gold SQL was run read-only on /work/data-full/warehouse/warehouse.duckdb and returned a non-empty,
 * plausible result.
 *
 * Each question carries a comment naming the class it targets:
 *   [neg]     conditions / negations with thresholds
 *   [quant]   quantifiers (at least / more than / fewer than / exactly N)
 *   [numword] number words colliding with names (the operator "Three", "top three", "two biggest")
 *   [shape]   output shape (count of places = one number, one row per period, change not levels,
 *             a chosen month or quarter of each year)
 *   [inter]   intersections (both of two networks)
 *   [fcst]    forecasts between half-years
 *   [takeup]  take-up: lines and market share of lines
 *   [speed]   speeds
 *   [rank]    rankings
 *   [oos]     out of scope -> unsupported;  [sys] about the data itself -> system_info
 */
import type { EvalQuestion } from './questions.js';

export const holdout5Questions: EvalQuestion[] = [
  // ---------------------------------------------------------------- conditions and negations
  // [neg] "no X from anyone": premises of postcodes with no fttponly row at all, one country
  {
    id: 'h5-01',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'how many premises in scotland have no fttp from anyone atm?',
    gold: `SELECT SUM(u.premises) AS premises_without_full_fibre
FROM upc_output u
WHERE u.country = 'Scotland'
  AND u.postcode NOT IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly')`,
  },
  // [neg] below the USO = no row with 10 down and 1 up; count of postcodes, not premises; rural + region filter
  {
    id: 'h5-02',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'no. of rural postcodes in the north east still stuck below the USO',
    gold: `SELECT COUNT(*) AS rural_postcodes_below_uso
FROM upc_output u
WHERE u.government_region = 'North East'
  AND u.urban_rural = 'rural'
  AND NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.fastest_down >= 10 AND f.fastest_up >= 1)`,
  },
  // [neg] threshold on a computed share ("still under 70%"), per LA, lowest first
  {
    id: 'h5-03',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'which LAs are still under 70% gigabit coverage? worst first',
    gold: `WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000)
SELECT u.la_name,
       ROUND(100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 1) AS gigabit_pct
FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
GROUP BY u.la_code, u.la_name
HAVING 100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) < 70
ORDER BY gigabit_pct, u.la_name`,
  },
  // [neg] "X but not Y": gigabit-capable postcodes without any full fibre (cable-only gigabit)
  {
    id: 'h5-04',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'london premises that can get gig speeds but NOT full fibre - how many?',
    gold: `SELECT SUM(u.premises) AS gigabit_without_full_fibre_premises
FROM upc_output u
WHERE u.government_region = 'London'
  AND u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)
  AND u.postcode NOT IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly')`,
  },
  // [neg] Virgin footprint (cable or RFOG) minus Openreach full fibre (group, not retailer)
  {
    id: 'h5-05',
    theme: 'competition',
    dataset: 'upc',
    question: "premises in virgin's footprint where openreach hasnt built fttp yet",
    gold: `SELECT SUM(u.premises) AS virgin_premises_without_openreach_fttp
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG'))
  AND u.postcode NOT IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')`,
  },
  // [neg] altnet full fibre where Openreach has none, split by country
  {
    id: 'h5-06',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'where altnets have fibre but openreach doesnt - premises by country',
    gold: `SELECT u.country, SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE tech = 'fttponly')
  AND u.postcode NOT IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
GROUP BY u.country
ORDER BY premises DESC`,
  },
  // [neg] "only": postcodes where every row is ADSL (nothing else on offer), per region
  {
    id: 'h5-07',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'postcodes where adsl is the only thing on offer, by region',
    gold: `SELECT u.government_region, COUNT(*) AS adsl_only_postcodes
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator GROUP BY postcode HAVING BOOL_AND(tech = 'adsl'))
GROUP BY u.government_region
ORDER BY adsl_only_postcodes DESC, u.government_region`,
  },
  // [neg] can't get superfast = best speed under 30, premises, one LA
  {
    id: 'h5-08',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises in cornwall cant get superfast?',
    gold: `SELECT SUM(u.premises) AS premises_below_superfast
FROM upc_output u
WHERE u.la_name = 'Cornwall'
  AND u.postcode IN (SELECT postcode FROM fact_operator GROUP BY postcode HAVING MAX(fastest_down) < 30)`,
  },

  // ---------------------------------------------------------------- quantifiers
  // [quant] at least 3 full-fibre networks (operator_group, not operator)
  {
    id: 'h5-09',
    theme: 'competition',
    dataset: 'upc',
    question: 'how many premises can pick from at least 3 full fibre networks rn',
    gold: `WITH n AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 3)
SELECT SUM(u.premises) AS premises_3plus_ff_networks
FROM upc_output u JOIN n ON n.postcode = u.postcode`,
  },
  // [quant] "more than two" = 3+, gigabit networks of any tech, one LA
  {
    id: 'h5-10',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises in manchester with more than two gigabit capable networks',
    gold: `WITH n AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.fastest_down >= 1000
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) > 2)
SELECT SUM(u.premises) AS premises
FROM upc_output u JOIN n ON n.postcode = u.postcode
WHERE u.la_name = 'Manchester'`,
  },
  // [quant] exactly one network of any technology (monopoly postcodes), one number
  {
    id: 'h5-11',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'how many postcodes are served by exactly 1 network (any tech)?',
    gold: `SELECT COUNT(*) AS single_network_postcodes
FROM (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) = 1) s`,
  },
  // [quant] "fewer than 2" must include LAs with no altnet at all; answer is one number
  {
    id: 'h5-12',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'how many local authorities have fewer than 2 altnets present?',
    gold: `WITH a AS (
  SELECT u.la_code, COUNT(DISTINCT fa.operator) AS altnets
  FROM fact_altnet fa JOIN upc_output u ON u.postcode = fa.postcode
  GROUP BY u.la_code)
SELECT COUNT(*) AS las_with_fewer_than_2_altnets
FROM local_authorities la LEFT JOIN a ON a.la_code = la.la_code
WHERE COALESCE(a.altnets, 0) < 2`,
  },
  // [quant] 2+ altnets (distinct fact_altnet.operator) in a region, premises
  {
    id: 'h5-13',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'SE premises covered by 2 or more altnets',
    gold: `WITH m AS (SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2)
SELECT SUM(u.premises) AS premises_2plus_altnets
FROM upc_output u JOIN m ON m.postcode = u.postcode
WHERE u.government_region = 'South East'`,
  },
  // [quant][numword][shape] "at least three" is a number here, not the operator; a count of LAs (one number)
  {
    id: 'h5-14',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'number of LAs with at least three different altnets',
    gold: `SELECT COUNT(*) AS las_with_3plus_altnets
FROM (
  SELECT u.la_code FROM fact_altnet fa JOIN upc_output u ON u.postcode = fa.postcode
  GROUP BY u.la_code HAVING COUNT(DISTINCT fa.operator) >= 3) s`,
  },

  // ---------------------------------------------------------------- number words vs names
  // [numword] "Three" is the FWA operator (Three Broadband), not a number; premises by region
  {
    id: 'h5-15',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: "Three's fwa footprint by region (premises)",
    gold: `SELECT u.government_region, SUM(u.premises) AS three_premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Three Broadband')
GROUP BY u.government_region
ORDER BY three_premises DESC, u.government_region`,
  },
  // [numword][rank] "top three" is a LIMIT, "Three" is the operator
  {
    id: 'h5-16',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'top three LAs for Three broadband premises',
    gold: `SELECT u.la_name, SUM(u.premises) AS three_premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Three Broadband')
GROUP BY u.la_code, u.la_name
ORDER BY three_premises DESC, u.la_name
LIMIT 3`,
  },
  // [numword][takeup] take-up brand 'Three', latest quarter 2026Q4
  {
    id: 'h5-17',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'how many lines did three have last quarter',
    gold: `SELECT SUM(lines) AS three_lines
FROM take_up_quarterly
WHERE operator = 'Three' AND quarter = '2026Q4'`,
  },
  // [numword][neg] Three's postcodes that have no full fibre at all
  {
    id: 'h5-18',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises covered by three but with no full fibre',
    gold: `SELECT SUM(u.premises) AS three_premises_without_ff
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Three Broadband')
  AND u.postcode NOT IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly')`,
  },
  // [numword][rank] "two biggest" = LIMIT 2 of altnets by premises passed
  {
    id: 'h5-19',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'two biggest altnets by premises passed now?',
    gold: `SELECT a.operator, SUM(u.premises) AS premises
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator
ORDER BY premises DESC
LIMIT 2`,
  },
  // [numword][inter] "Three and Virgin both": postcodes count, intersection
  {
    id: 'h5-20',
    theme: 'competition',
    dataset: 'upc',
    question: 'in how many postcodes do three and virgin both operate?',
    gold: `SELECT COUNT(*) AS postcodes
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Three Broadband')
  AND u.postcode IN (SELECT postcode FROM fact_operator WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG'))`,
  },

  // ---------------------------------------------------------------- output shapes
  // [shape] a count of places meeting a condition = one number, not a list
  {
    id: 'h5-21',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'how many LAs are above 90% FTTP?',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'),
l AS (
  SELECT u.la_code,
         100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ff_pct
  FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
  GROUP BY u.la_code)
SELECT COUNT(*) AS las_above_90pct FROM l WHERE ff_pct > 90`,
  },
  // [shape][neg] count of postcode areas with no Hyperoptic at all (one number)
  {
    id: 'h5-22',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'how many postcode areas have no hyperoptic whatsoever',
    gold: `SELECT COUNT(DISTINCT postcode_area) AS areas_without_hyperoptic
FROM upc_output
WHERE postcode_area NOT IN (
  SELECT DISTINCT u.postcode_area FROM upc_output u
  WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'Hyperoptic'))`,
  },
  // [shape] one row per month for "each of the last 6 months" (2026-06-01 .. 2026-11-01)
  {
    id: 'h5-23',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'FTTP premises for each of the last 6 months',
    gold: `WITH ff AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly'
    AND reported_at IN (DATE '2026-06-01', DATE '2026-07-01', DATE '2026-08-01',
                        DATE '2026-09-01', DATE '2026-10-01', DATE '2026-11-01'))
SELECT ff.reported_at, SUM(u.premises) AS ff_premises
FROM ff JOIN upc_output u ON u.postcode = ff.postcode
GROUP BY ff.reported_at
ORDER BY ff.reported_at`,
  },
  // [shape] one row per quarter start this year (2026-01/04/07/10 snapshots), a percentage
  {
    id: 'h5-24',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'gigabit % at the start of every quarter this yr',
    gold: `WITH g AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE fastest_down >= 1000
    AND reported_at IN (DATE '2026-01-01', DATE '2026-04-01', DATE '2026-07-01', DATE '2026-10-01'))
SELECT g.reported_at,
       ROUND(100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output), 2) AS gigabit_pct
FROM g JOIN upc_output u ON u.postcode = g.postcode
GROUP BY g.reported_at
ORDER BY g.reported_at`,
  },
  // [shape] change in percentage points between two dates (2025-11-01 -> 2026-11-01), not two levels
  {
    id: 'h5-25',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'change in wales fttp coverage (pts) since nov last year',
    gold: `WITH ff AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')),
w AS (SELECT postcode, premises FROM upc_output WHERE country = 'Wales')
SELECT ROUND(
  100.0 * (SUM(CASE WHEN ff.reported_at = DATE '2026-11-01' THEN w.premises ELSE 0 END)
         - SUM(CASE WHEN ff.reported_at = DATE '2025-11-01' THEN w.premises ELSE 0 END))
  / (SELECT SUM(premises) FROM w), 2) AS change_pct_points
FROM ff JOIN w ON w.postcode = ff.postcode`,
  },
  // [shape] growth in premises between 2026-03-01 and 2026-11-01 for one network (a change, one number)
  {
    id: 'h5-26',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how much has openreach fttp grown since march? in premises pls',
    gold: `WITH orf AS (
  SELECT DISTINCT f.reported_at, f.postcode
  FROM fact_operator_time_series f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
    AND f.reported_at IN (DATE '2026-03-01', DATE '2026-11-01'))
SELECT SUM(CASE WHEN orf.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN orf.reported_at = DATE '2026-03-01' THEN u.premises ELSE 0 END) AS premises_added
FROM orf JOIN upc_output u ON u.postcode = orf.postcode`,
  },
  // [shape] a chosen month of each year: every January 2022..2026
  {
    id: 'h5-27',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'full fibre % every january since 2022',
    gold: `WITH ff AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly'
    AND reported_at IN (DATE '2022-01-01', DATE '2023-01-01', DATE '2024-01-01', DATE '2025-01-01', DATE '2026-01-01'))
SELECT ff.reported_at,
       ROUND(100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output), 2) AS ff_pct
FROM ff JOIN upc_output u ON u.postcode = ff.postcode
GROUP BY ff.reported_at
ORDER BY ff.reported_at`,
  },
  // [shape][takeup] a chosen quarter of each year: Q4 of 2021..2026, fttp share of all lines
  {
    id: 'h5-28',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'fttp share of lines in Q4 of each yr',
    gold: `SELECT quarter,
       ROUND(100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines), 2) AS fttp_share_pct
FROM take_up_quarterly
WHERE quarter LIKE '%Q4'
GROUP BY quarter
ORDER BY quarter`,
  },
  // [shape] count of regions meeting a threshold (one number); Virgin = cable or RFOG
  {
    id: 'h5-29',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'in how many regions does virgin reach over half of premises?',
    gold: `WITH v AS (SELECT DISTINCT postcode FROM fact_operator WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG')),
r AS (
  SELECT u.government_region,
         100.0 * SUM(CASE WHEN v.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS virgin_pct
  FROM upc_output u LEFT JOIN v ON v.postcode = u.postcode
  GROUP BY u.government_region)
SELECT COUNT(*) AS regions_over_50pct FROM r WHERE virgin_pct > 50`,
  },
  // [shape] net adds per month (change, not levels) for each of the last 3 months: 2026-09, -10, -11
  {
    id: 'h5-30',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'gigabit premises added in each of the last 3 months',
    gold: `WITH g AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE fastest_down >= 1000
    AND reported_at IN (DATE '2026-08-01', DATE '2026-09-01', DATE '2026-10-01', DATE '2026-11-01')),
m AS (
  SELECT g.reported_at, SUM(u.premises) AS gigabit_premises
  FROM g JOIN upc_output u ON u.postcode = g.postcode
  GROUP BY g.reported_at),
d AS (SELECT reported_at, gigabit_premises - LAG(gigabit_premises) OVER (ORDER BY reported_at) AS premises_added FROM m)
SELECT reported_at, premises_added FROM d
WHERE reported_at >= DATE '2026-09-01'
ORDER BY reported_at`,
  },

  // ---------------------------------------------------------------- intersections
  // [inter] both CityFibre and Openreach full fibre in the same postcode (groups, not retailers)
  {
    id: 'h5-31',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises where both cityfibre and openreach FTTP are available',
    gold: `WITH g AS (
  SELECT f.postcode, o.operator_group FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' AND o.operator_group IN ('CityFibre', 'Openreach'))
SELECT SUM(u.premises) AS premises_with_both
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM g GROUP BY postcode HAVING COUNT(DISTINCT operator_group) = 2)`,
  },
  // [inter] Virgin and any altnet in the same postcode, one LA, postcodes count
  {
    id: 'h5-32',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'postcodes in leeds with both virgin and an altnet',
    gold: `SELECT COUNT(*) AS postcodes
FROM upc_output u
WHERE u.la_name = 'Leeds'
  AND u.postcode IN (SELECT postcode FROM fact_operator WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG'))
  AND u.postcode IN (SELECT postcode FROM fact_altnet)`,
  },
  // [inter] two named altnets overlapping in London, premises
  {
    id: 'h5-33',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'overlap between hyperoptic and community fibre in london - premises?',
    gold: `SELECT SUM(u.premises) AS overlap_premises
FROM upc_output u
WHERE u.government_region = 'London'
  AND u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Hyperoptic')
  AND u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Community Fibre')`,
  },
  // [inter][rank] nexfibre and Openreach full fibre both present, regions ranked
  {
    id: 'h5-34',
    theme: 'competition',
    dataset: 'upc',
    question: 'rank regions by premises with both nexfibre + openreach ftth, top 5',
    gold: `SELECT u.government_region, SUM(u.premises) AS premises_with_both
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator = 'nexfibre Virgin Media')
  AND u.postcode IN (
    SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
    WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
GROUP BY u.government_region
ORDER BY premises_with_both DESC
LIMIT 5`,
  },

  // ---------------------------------------------------------------- forecasts
  // [fcst] net premises added by one network between H2 2026 (2026-12-01) and H2 2027 (2027-12-01)
  {
    id: 'h5-35',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'cityfibre forecast: premises added between end of 2026 and end of 2027?',
    gold: `WITH c AS (
  SELECT DISTINCT reported_at, postcode FROM forecast_footprint
  WHERE operator = 'CityFibre' AND reported_at IN (DATE '2026-12-01', DATE '2027-12-01'))
SELECT SUM(CASE WHEN c.reported_at = DATE '2027-12-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN c.reported_at = DATE '2026-12-01' THEN u.premises ELSE 0 END) AS premises_added
FROM c JOIN upc_output u ON u.postcode = c.postcode`,
  },
  // [fcst] forecast coverage % (any network) at end of 2028, by country
  {
    id: 'h5-36',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'forecast fttp coverage end of 2028 by country',
    gold: `WITH f AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2028-12-01')
SELECT u.country,
       ROUND(100.0 * SUM(CASE WHEN f.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS ff_forecast_pct
FROM upc_output u LEFT JOIN f ON f.postcode = u.postcode
GROUP BY u.country
ORDER BY ff_forecast_pct DESC`,
  },
  // [fcst][rank] new Openreach build per LA between H1 2027 (2027-06-01) and H2 2027 (2027-12-01)
  {
    id: 'h5-37',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'top 5 LAs for new openreach build in the forecast, jun 27 -> dec 27',
    gold: `WITH o AS (
  SELECT DISTINCT reported_at, postcode FROM forecast_footprint
  WHERE operator = 'Openreach' AND reported_at IN (DATE '2027-06-01', DATE '2027-12-01'))
SELECT u.la_name,
       SUM(CASE WHEN o.reported_at = DATE '2027-12-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN o.reported_at = DATE '2027-06-01' THEN u.premises ELSE 0 END) AS premises_added
FROM o JOIN upc_output u ON u.postcode = o.postcode
GROUP BY u.la_code, u.la_name
ORDER BY premises_added DESC, u.la_name
LIMIT 5`,
  },
  // [fcst][neg] premises with no forecast full fibre from any network at 2030-12-01
  {
    id: 'h5-38',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'how many premises still wont have any fttp by end of 2030 according to the forecast',
    gold: `SELECT SUM(u.premises) AS premises_without_ff_2030
FROM upc_output u
WHERE u.postcode NOT IN (SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')`,
  },
  // [fcst] postcodes first forecast to get FTTP in H1 2027 (in 2027-06-01, not in 2026-12-01) and their
  // attractiveness scores at the latest date 2026-10-01
  {
    id: 'h5-39',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question:
      'postcodes that join the fttp forecast in H1 2027 (in at jun 27, not at dec 26) - how many + avg deprivation & attractivness?',
    gold: `WITH n AS (
  SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2027-06-01'
  EXCEPT
  SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2026-12-01')
SELECT COUNT(*) AS postcodes,
       ROUND(AVG(a.digital_deprivation), 3) AS avg_digital_deprivation,
       ROUND(AVG(a.general_attractiveness), 3) AS avg_general_attractiveness
FROM n JOIN postcode_attractiveness a ON a.postcode = n.postcode AND a.reported_at = DATE '2026-10-01'`,
  },
  // [fcst][shape] one row per half-year, Openreach forecast premises 2024-12 .. 2030-12
  {
    id: 'h5-40',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'openreach forecast premises each half year, dec 24 thru dec 30',
    gold: `WITH o AS (SELECT DISTINCT reported_at, postcode FROM forecast_footprint WHERE operator = 'Openreach')
SELECT o.reported_at, SUM(u.premises) AS openreach_premises
FROM o JOIN upc_output u ON u.postcode = o.postcode
GROUP BY o.reported_at
ORDER BY o.reported_at`,
  },

  // ---------------------------------------------------------------- take-up
  // [takeup][rank] market share of lines = operator lines / all lines, latest quarter 2026Q4
  {
    id: 'h5-41',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'market share by lines latest qtr - top 5 ISPs',
    gold: `SELECT operator,
       SUM(lines) AS lines,
       ROUND(100.0 * SUM(lines) / (SELECT SUM(lines) FROM take_up_quarterly WHERE quarter = '2026Q4'), 2) AS share_pct
FROM take_up_quarterly
WHERE quarter = '2026Q4'
GROUP BY operator
ORDER BY lines DESC
LIMIT 5`,
  },
  // [takeup][shape] change in share (points) between 2025Q4 and 2026Q4, one number
  {
    id: 'h5-42',
    theme: 'take_up',
    dataset: 'take_up',
    question: "how many pts has virgin media's line share moved yoy (q4 25 vs q4 26)",
    gold: `WITH s AS (
  SELECT quarter, 100.0 * SUM(CASE WHEN operator = 'Virgin Media' THEN lines ELSE 0 END) / SUM(lines) AS share_pct
  FROM take_up_quarterly
  WHERE quarter IN ('2025Q4', '2026Q4')
  GROUP BY quarter)
SELECT ROUND(MAX(CASE WHEN quarter = '2026Q4' THEN share_pct END)
           - MAX(CASE WHEN quarter = '2025Q4' THEN share_pct END), 2) AS change_pct_points
FROM s`,
  },
  // [takeup][shape] one row per quarter of "last year" = 2025Q1..2025Q4
  {
    id: 'h5-43',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'full fibre share of lines each quarter of last year',
    gold: `SELECT quarter,
       ROUND(100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines), 2) AS fttp_share_pct
FROM take_up_quarterly
WHERE quarter IN ('2025Q1', '2025Q2', '2025Q3', '2025Q4')
GROUP BY quarter
ORDER BY quarter`,
  },
  // [takeup] segment filter + tech split, latest quarter
  {
    id: 'h5-44',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'BT business lines by tech, latest quarter',
    gold: `SELECT tech, SUM(lines) AS lines
FROM take_up_quarterly
WHERE operator = 'BT' AND segment = 'business' AND quarter = '2026Q4'
GROUP BY tech
ORDER BY lines DESC`,
  },
  // [takeup][rank] postcode-level take-up narrowed to one LA, latest quarter
  {
    id: 'h5-45',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'who has the most lines in hull? latest q, top 5',
    gold: `SELECT t.operator, SUM(t.lines) AS lines
FROM take_up_postcode t
JOIN upc_output u ON u.postcode = t.postcode
WHERE t.quarter = '2026Q4' AND u.la_name = 'Kingston upon Hull, City of'
GROUP BY t.operator
ORDER BY lines DESC
LIMIT 5`,
  },
  // [takeup] ADSL lines remaining, latest quarter (take-up is lines, not availability)
  {
    id: 'h5-46',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'how many adsl lines r left?',
    gold: `SELECT SUM(lines) AS adsl_lines
FROM take_up_quarterly
WHERE tech = 'adsl' AND quarter = '2026Q4'`,
  },

  // ---------------------------------------------------------------- speeds and rankings
  // [speed] upload threshold (fastest_up), premises
  {
    id: 'h5-47',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'premises that can get at least 1gbps upload',
    gold: `SELECT SUM(u.premises) AS premises_1g_upload
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_up >= 1000)`,
  },
  // [speed][rank] share of premises below the USO per LA, worst 5
  {
    id: 'h5-48',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'worst 5 councils for % of premises under the USO',
    gold: `WITH b AS (SELECT u.postcode FROM upc_output u WHERE NOT EXISTS (
  SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND f.fastest_down >= 10 AND f.fastest_up >= 1))
SELECT u.la_name,
       ROUND(100.0 * SUM(CASE WHEN b.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS below_uso_pct
FROM upc_output u LEFT JOIN b ON b.postcode = u.postcode
GROUP BY u.la_code, u.la_name
ORDER BY below_uso_pct DESC, u.la_name
LIMIT 5`,
  },
  // [speed] superfast coverage %, one nation
  {
    id: 'h5-49',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'superfast coverage in NI?',
    gold: `WITH s AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 30)
SELECT ROUND(100.0 * SUM(CASE WHEN s.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS superfast_pct
FROM upc_output u LEFT JOIN s ON s.postcode = u.postcode
WHERE u.country = 'Northern Ireland'`,
  },
  // [rank] altnet premises per LA (distinct postcodes across altnets), top 10
  {
    id: 'h5-50',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'top 10 LAs by altnet premises',
    gold: `SELECT u.la_name, SUM(u.premises) AS altnet_premises
FROM upc_output u
WHERE u.postcode IN (SELECT postcode FROM fact_altnet)
GROUP BY u.la_code, u.la_name
ORDER BY altnet_premises DESC, u.la_name
LIMIT 10`,
  },
  // [rank][shape] growth per altnet over the last 12 months (2025-11-01 -> 2026-11-01), a change
  {
    id: 'h5-51',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'which altnets grew the most in the last 12 months? premises, top 5',
    gold: `WITH a AS (
  SELECT DISTINCT reported_at, operator, postcode FROM fact_altnet_time_series
  WHERE reported_at IN (DATE '2025-11-01', DATE '2026-11-01'))
SELECT a.operator,
       SUM(CASE WHEN a.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN a.reported_at = DATE '2025-11-01' THEN u.premises ELSE 0 END) AS premises_added
FROM a JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator
ORDER BY premises_added DESC
LIMIT 5`,
  },
  // [rank] the largest altnet (canonical fact_altnet.operator) in each region by premises: one row per region
  {
    id: 'h5-52',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'whos the biggest altnet in each region?',
    gold: `WITH a AS (SELECT DISTINCT operator, postcode FROM fact_altnet),
r AS (
  SELECT u.government_region, a.operator, SUM(u.premises) AS premises,
         ROW_NUMBER() OVER (PARTITION BY u.government_region ORDER BY SUM(u.premises) DESC) AS rn
  FROM a JOIN upc_output u ON u.postcode = a.postcode
  GROUP BY u.government_region, a.operator)
SELECT government_region, operator, premises FROM r WHERE rn = 1 ORDER BY government_region`,
  },
  // [rank] regions by gigabit coverage %
  {
    id: 'h5-53',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'rank the regions by gigabit %',
    gold: `WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000)
SELECT u.government_region,
       ROUND(100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises), 2) AS gigabit_pct
FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
GROUP BY u.government_region
ORDER BY gigabit_pct DESC`,
  },

  // ---------------------------------------------------------------- out of scope
  // [oos] retail prices are not in the data
  {
    id: 'h5-54',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'whats the cheapest 900meg fttp deal in leeds?',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] weather / outages
  {
    id: 'h5-55',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'did the storms last winter knock out broadband in the south west? how many outages',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] churn is not take-up lines
  {
    id: 'h5-56',
    theme: 'out_of_scope',
    dataset: 'take_up',
    question: 'sky customer churn rate per quarter since 2024',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] fault reports
  {
    id: 'h5-57',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'no. of faults reported on openreach lines in kent last month',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] customer satisfaction
  {
    id: 'h5-58',
    theme: 'out_of_scope',
    dataset: 'take_up',
    question: 'which isp has the best customer satisfaction scores?',
    gold: '',
    expect: 'unsupported',
  },
  // [oos] mobile coverage (Three as a mobile network, not its FWA footprint)
  {
    id: 'h5-59',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: '5G mobile signal coverage in cornwall for EE vs Three?',
    gold: '',
    expect: 'unsupported',
  },

  // ---------------------------------------------------------------- about the data
  // [sys] which datasets exist
  {
    id: 'h5-60',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'what datasets have u got and what can i ask about?',
    gold: '',
    expect: 'system_info',
  },
  // [sys] provenance: real or modelled
  {
    id: 'h5-61',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'is the operator footprint data real or modelled?',
    gold: '',
    expect: 'system_info',
  },
  // [sys] refresh cadence / snapshot grain
  {
    id: 'h5-62',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'how often does the availability data get updated, monthly?',
    gold: '',
    expect: 'system_info',
  },
  // [sys] what the take-up dataset holds
  {
    id: 'h5-63',
    theme: 'about_the_data',
    dataset: 'take_up',
    question: 'what does the take up data cover - which fields and how far back?',
    gold: '',
    expect: 'system_info',
  },
];
