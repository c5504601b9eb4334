/*
 * Held-out evaluation set 6.
 *
 * How it was written: from docs/data-contract.md and docs/product.md only. No product code, tests, prompts,
 * catalog or existing question sets were read, and the product was not run. Every gold SQL was written by hand
 * from the contract's counting rules and run read-only against the full-scale DuckDB warehouse
 * (1,737,602 live postcodes); every result is non-empty.
 *
 * Date facts queried from the warehouse before writing:
 *   - availability snapshots: 2021-01-01 .. 2026-11-01 (latest; "now" = 2026-11-01, "a year ago" = 2025-11-01,
 *     "last 6 months" = 2026-05-01 -> 2026-11-01, "since Jan" = 2026-01-01 -> 2026-11-01);
 *   - take-up quarters: 2021Q1 .. 2026Q4 (latest, quarter_start 2026-10-01); take_up_postcode holds 2026Q1..2026Q4;
 *   - forecast dates: every June and December from 2024-12-01 to 2030-12-01;
 *   - attractiveness: quarterly 2024-01-01 .. 2026-10-01 (latest).
 *
 * Counting rules followed (data-contract.md, "Counting rules"):
 *   - premises passed = SUM(upc_output.premises) over the DISTINCT postcodes meeting the condition; never summed
 *     over fact rows; totals (denominators) come from upc_output / upc_output_time_series at the same date;
 *   - coverage % = 100.0 * premises passed / all premises of the same area (no rounding in gold);
 *   - networks = operators.operator_group (Openreach once, CityFibre once); retail/reported names = operator;
 *     altnet = operators.is_altnet (fact_altnet holds canonical altnet names);
 *   - full fibre = tech 'fttponly' (take-up: 'fttp'); gigabit = fastest_down >= 1000 any tech; superfast = best
 *     download >= 30; ultrafast = best >= 300; below USO = no row with fastest_down >= 10 AND fastest_up >= 1;
 *     cable-only gigabit = gigabit with no full fibre at the postcode;
 *   - overbuild N+ = COUNT(DISTINCT operator_group) over a postcode's fttponly rows >= N; 2+ altnets counts
 *     DISTINCT fact_altnet.operator; Virgin Media footprint = 'Virgin Cable' or 'Virgin Media RFOG';
 *   - growth = premises passed at the later snapshot minus the earlier one (or first full fibre =
 *     MIN(activated_date) of fttponly rows, for full-fibre gains); pp change = later % minus earlier %;
 *   - market share = an operator's lines / all lines of the same quarter (both segments unless one is named);
 *   - forecast coverage = premises of distinct postcodes with a forecast row at the date / all premises (latest).
 * Defaults applied where the question leaves them open (stated in the comment above each such question):
 * latest snapshot, premises rather than postcodes, both take-up segments, latest take-up quarter.
 */
import type { EvalQuestion } from './questions.js';

export const holdout6Questions: EvalQuestion[] = [
  // ---------------------------------------------------------------- coverage_growth
  // Full-fibre gains over a relative period ("last 12 months" = first FTTP after 2025-11-01, up to 2026-11-01); premises.
  {
    id: 'h6-01',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how many premises got FTTP for the first time in the last 12 months?',
    gold: `WITH first_ff AS (
  SELECT postcode, MIN(activated_date) AS first_ff
  FROM fact_operator WHERE tech = 'fttponly' GROUP BY postcode
)
SELECT SUM(u.premises) AS premises_gained
FROM upc_output u JOIN first_ff f ON f.postcode = u.postcode
WHERE f.first_ff > DATE '2025-11-01' AND f.first_ff <= DATE '2026-11-01'`,
  },
  // Monthly series, one row per snapshot of 2026 ("this year"), national full-fibre coverage %.
  {
    id: 'h6-02',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'UK full fibre coverage % month by month this year',
    gold: `WITH ff AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at BETWEEN DATE '2026-01-01' AND DATE '2026-11-01'
)
SELECT u.reported_at,
  100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ff_pct
FROM upc_output_time_series u
LEFT JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
WHERE u.reported_at BETWEEN DATE '2026-01-01' AND DATE '2026-11-01'
GROUP BY u.reported_at ORDER BY u.reported_at`,
  },
  // Change in percentage points between two named snapshots, one region (Wales), gigabit (any tech >= 1000).
  {
    id: 'h6-03',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'By how many pp did gigabit coverage in Wales move between Jan 2024 and Jan 2026?',
    gold: `WITH g AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE fastest_down >= 1000 AND reported_at IN (DATE '2024-01-01', DATE '2026-01-01')
), p AS (
  SELECT u.reported_at,
    100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
  FROM upc_output_time_series u
  LEFT JOIN g ON g.postcode = u.postcode AND g.reported_at = u.reported_at
  WHERE u.reported_at IN (DATE '2024-01-01', DATE '2026-01-01') AND u.government_region = 'Wales'
  GROUP BY u.reported_at
)
SELECT MAX(CASE WHEN reported_at = DATE '2026-01-01' THEN pct END)
     - MAX(CASE WHEN reported_at = DATE '2024-01-01' THEN pct END) AS pp_change
FROM p`,
  },
  // Ranking by pp change per LA over a relative period (a year ago = 2025-11-01 vs now = 2026-11-01); top 5.
  {
    id: 'h6-04',
    theme: 'coverage_growth',
    dataset: 'upc',
    question:
      'which 5 local authorities saw the biggest percentage-point jump in FF coverage over the past year?',
    gold: `WITH ff AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
), p AS (
  SELECT u.la_name, u.reported_at,
    100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
  FROM upc_output_time_series u
  LEFT JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
  WHERE u.reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
  GROUP BY u.la_name, u.reported_at
)
SELECT la_name,
  MAX(CASE WHEN reported_at = DATE '2026-11-01' THEN pct END)
  - MAX(CASE WHEN reported_at = DATE '2025-11-01' THEN pct END) AS pp_change
FROM p GROUP BY la_name ORDER BY pp_change DESC LIMIT 5`,
  },
  // Virgin Media footprint (Virgin Cable or RFOG) change in premises, a year ago vs now ("YoY").
  {
    id: 'h6-05',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'VM footprint YoY - how many more premises does Virgin Media pass now than 12 months ago?',
    gold: `WITH vm AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG') AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
)
SELECT SUM(CASE WHEN u.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN u.reported_at = DATE '2025-11-01' THEN u.premises ELSE 0 END) AS premises_change
FROM upc_output_time_series u
JOIN vm ON vm.postcode = u.postcode AND vm.reported_at = u.reported_at
WHERE u.reported_at IN (DATE '2025-11-01', DATE '2026-11-01')`,
  },
  // Quarterly series from named snapshots (Jan/Apr/Jul/Oct), region London, gigabit %.
  {
    id: 'h6-06',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'London gigabit coverage quarterly since Jan 2025 (use the Jan/Apr/Jul/Oct snapshots)',
    gold: `WITH d AS (
  SELECT * FROM (VALUES (DATE '2025-01-01'), (DATE '2025-04-01'), (DATE '2025-07-01'), (DATE '2025-10-01'),
    (DATE '2026-01-01'), (DATE '2026-04-01'), (DATE '2026-07-01'), (DATE '2026-10-01')) t(reported_at)
), g AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE fastest_down >= 1000 AND reported_at IN (SELECT reported_at FROM d)
)
SELECT u.reported_at,
  100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output_time_series u
LEFT JOIN g ON g.postcode = u.postcode AND g.reported_at = u.reported_at
WHERE u.reported_at IN (SELECT reported_at FROM d) AND u.government_region = 'London'
GROUP BY u.reported_at ORDER BY u.reported_at`,
  },
  // Yearly series: national FTTP premises at each December snapshot, 2021-2025 (5 rows).
  {
    id: 'h6-07',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'fttp premises passed at the dec snapshot of each yr, 2021 thru 2025',
    gold: `WITH ff AS (
  SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
  WHERE tech = 'fttponly'
    AND reported_at IN (DATE '2021-12-01', DATE '2022-12-01', DATE '2023-12-01', DATE '2024-12-01', DATE '2025-12-01')
)
SELECT u.reported_at, SUM(u.premises) AS ff_premises
FROM upc_output_time_series u
JOIN ff ON ff.postcode = u.postcode AND ff.reported_at = u.reported_at
WHERE u.reported_at IN (DATE '2021-12-01', DATE '2022-12-01', DATE '2023-12-01', DATE '2024-12-01', DATE '2025-12-01')
GROUP BY u.reported_at ORDER BY u.reported_at`,
  },
  // One network's (CityFibre group, full fibre) premises added "since Jan": 2026-01-01 snapshot -> latest 2026-11-01.
  {
    id: 'h6-08',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'How many premises has CityFibre added to its network since Jan?',
    gold: `WITH cf AS (
  SELECT DISTINCT f.reported_at, f.postcode
  FROM fact_operator_time_series f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'CityFibre' AND f.reported_at IN (DATE '2026-01-01', DATE '2026-11-01')
)
SELECT SUM(CASE WHEN u.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN u.reported_at = DATE '2026-01-01' THEN u.premises ELSE 0 END) AS premises_added
FROM upc_output_time_series u
JOIN cf ON cf.postcode = u.postcode AND cf.reported_at = u.reported_at
WHERE u.reported_at IN (DATE '2026-01-01', DATE '2026-11-01')`,
  },

  // ---------------------------------------------------------------- alternative_networks
  // Altnet ranking by premises (latest snapshot), canonical altnet names; top 5.
  {
    id: 'h6-09',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'top 5 altnets by premises passed rn',
    gold: `SELECT a.operator, SUM(u.premises) AS premises
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator ORDER BY premises DESC LIMIT 5`,
  },
  // Group-wise coverage by region: share of premises reached by at least one altnet (latest).
  {
    id: 'h6-10',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Altnet coverage by region: % of premises passed by at least one altnet, each region',
    gold: `WITH a AS (SELECT DISTINCT postcode FROM fact_altnet)
SELECT u.government_region,
  100.0 * SUM(CASE WHEN a.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS altnet_pct
FROM upc_output u LEFT JOIN a ON a.postcode = u.postcode
GROUP BY u.government_region ORDER BY altnet_pct DESC`,
  },
  // Two or more altnets = COUNT(DISTINCT fact_altnet.operator) >= 2; one figure in premises (latest).
  {
    id: 'h6-11',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'how many premises have a choice of 2 or more altnets?',
    gold: `WITH m AS (
  SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2
)
SELECT SUM(u.premises) AS premises FROM upc_output u JOIN m ON m.postcode = u.postcode`,
  },
  // Sole presence: Hyperoptic is the only full-fibre network (operator_group) at the postcode; premises (latest).
  {
    id: 'h6-12',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'In how many premises is Hyperoptic the only full fibre network available?',
    gold: `WITH ffn AS (
  SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS n_networks,
    MAX(CASE WHEN o.operator_group = 'Hyperoptic' THEN 1 ELSE 0 END) AS has_hyperoptic
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' GROUP BY f.postcode
)
SELECT SUM(u.premises) AS premises
FROM upc_output u JOIN ffn ON ffn.postcode = u.postcode
WHERE ffn.has_hyperoptic = 1 AND ffn.n_networks = 1`,
  },
  // One altnet's top 10 LAs by premises passed (latest).
  {
    id: 'h6-13',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: "Gigaclear's 10 biggest LAs by premises passed",
    gold: `WITH g AS (SELECT DISTINCT postcode FROM fact_altnet WHERE operator = 'Gigaclear')
SELECT u.la_name, SUM(u.premises) AS premises
FROM upc_output u JOIN g ON g.postcode = u.postcode
GROUP BY u.la_name ORDER BY premises DESC LIMIT 10`,
  },
  // Coverage % ranking within one region (London boroughs), one altnet, top 5 (latest).
  {
    id: 'h6-14',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Which five London boroughs have the highest Community Fibre coverage (% of premises)?',
    gold: `WITH c AS (SELECT DISTINCT postcode FROM fact_altnet WHERE operator = 'Community Fibre')
SELECT u.la_name,
  100.0 * SUM(CASE WHEN c.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS cf_pct
FROM upc_output u LEFT JOIN c ON c.postcode = u.postcode
WHERE u.government_region = 'London'
GROUP BY u.la_name ORDER BY cf_pct DESC LIMIT 5`,
  },
  // "last 6 months" = 2026-05-01 vs 2026-11-01; altnet premises passed in Scotland, change in premises.
  {
    id: 'h6-15',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'change in altnet premises passed in Scotland over the last 6 months',
    gold: `WITH a AS (
  SELECT DISTINCT reported_at, postcode FROM fact_altnet_time_series
  WHERE reported_at IN (DATE '2026-05-01', DATE '2026-11-01')
)
SELECT SUM(CASE WHEN u.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN u.reported_at = DATE '2026-05-01' THEN u.premises ELSE 0 END) AS premises_change
FROM upc_output_time_series u
JOIN a ON a.postcode = u.postcode AND a.reported_at = u.reported_at
WHERE u.reported_at IN (DATE '2026-05-01', DATE '2026-11-01') AND u.government_region = 'Scotland'`,
  },

  // ---------------------------------------------------------------- competition
  // Overbuild 3+: share of all UK premises with three or more full-fibre networks (latest).
  {
    id: 'h6-16',
    theme: 'competition',
    dataset: 'upc',
    question: 'What % of UK premises have 3+ FTTP networks?',
    gold: `WITH ob AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 3
)
SELECT 100.0 * SUM(CASE WHEN ob.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
FROM upc_output u LEFT JOIN ob ON ob.postcode = u.postcode`,
  },
  // Intersection of two networks' full fibre in one LA; premises (latest).
  {
    id: 'h6-17',
    theme: 'competition',
    dataset: 'upc',
    question: 'Leeds - premises where both CityFibre and Openreach have full fibre',
    gold: `WITH both_nets AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' AND o.operator_group IN ('CityFibre', 'Openreach')
  GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) = 2
)
SELECT SUM(u.premises) AS premises
FROM upc_output u JOIN both_nets b ON b.postcode = u.postcode
WHERE u.la_name = 'Leeds'`,
  },
  // Overbuild (2+ FF networks) share by region; one row per region (latest).
  {
    id: 'h6-18',
    theme: 'competition',
    dataset: 'upc',
    question: 'overbuild by regoin - share of premises with two or more full-fibre networks',
    gold: `WITH ob AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 2
)
SELECT u.government_region,
  100.0 * SUM(CASE WHEN ob.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS overbuild_pct
FROM upc_output u LEFT JOIN ob ON ob.postcode = u.postcode
GROUP BY u.government_region ORDER BY overbuild_pct DESC`,
  },
  // Intersection of Virgin Media's footprint (cable or RFOG) with Openreach FTTP in one LA; premises (latest).
  {
    id: 'h6-19',
    theme: 'competition',
    dataset: 'upc',
    question: 'how many premises in Manchester can get VM (cable or its own fibre) as well as OR FTTP?',
    gold: `WITH vm AS (
  SELECT DISTINCT postcode FROM fact_operator WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG')
), orf AS (
  SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
)
SELECT SUM(u.premises) AS premises
FROM upc_output u JOIN vm ON vm.postcode = u.postcode JOIN orf ON orf.postcode = u.postcode
WHERE u.la_name = 'Manchester'`,
  },
  // Altnet full fibre present but no Openreach FTTP; premises by country (latest).
  {
    id: 'h6-20',
    theme: 'competition',
    dataset: 'upc',
    question: 'premises with altnet full fibre but no Openreach FTTP, split by country',
    gold: `WITH alt AS (SELECT DISTINCT postcode FROM fact_altnet WHERE tech = 'fttponly'),
orf AS (
  SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
)
SELECT u.country, SUM(u.premises) AS premises
FROM upc_output u JOIN alt ON alt.postcode = u.postcode
WHERE u.postcode NOT IN (SELECT postcode FROM orf)
GROUP BY u.country ORDER BY premises DESC`,
  },
  // Count of distinct full-fibre networks (operator_group) present per region (latest).
  {
    id: 'h6-21',
    theme: 'competition',
    dataset: 'upc',
    question: 'How many different full fibre networks are present in each region?',
    gold: `SELECT u.government_region, COUNT(DISTINCT o.operator_group) AS ff_networks
FROM fact_operator f
JOIN operators o ON o.operator = f.operator
JOIN upc_output u ON u.postcode = f.postcode
WHERE f.tech = 'fttponly'
GROUP BY u.government_region ORDER BY ff_networks DESC`,
  },
  // Overbuild 4+ ranked by premises at postcode-district level; top 10 (latest).
  {
    id: 'h6-22',
    theme: 'competition',
    dataset: 'upc',
    question: 'top 10 postcode districts by premises with 4 or more FF networks',
    gold: `WITH ob AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 4
)
SELECT u.postcode_district, SUM(u.premises) AS premises
FROM upc_output u JOIN ob ON ob.postcode = u.postcode
GROUP BY u.postcode_district ORDER BY premises DESC LIMIT 10`,
  },

  // ---------------------------------------------------------------- market_leaders
  // Network ranking (operator_group, not retail names) by full-fibre premises; top 5 (latest).
  {
    id: 'h6-23',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Who are the 5 biggest full-fibre networks right now by premises?',
    gold: `WITH n AS (
  SELECT DISTINCT o.operator_group, f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
)
SELECT n.operator_group, SUM(u.premises) AS premises
FROM n JOIN upc_output u ON u.postcode = n.postcode
GROUP BY n.operator_group ORDER BY premises DESC LIMIT 5`,
  },
  // Top 1 network by gigabit-capable premises in one nation, with the figure (latest).
  {
    id: 'h6-24',
    theme: 'market_leaders',
    dataset: 'upc',
    question:
      'which network has the largest gigabit-capable footprint in Scotland, and how many premises is that?',
    gold: `WITH n AS (
  SELECT DISTINCT o.operator_group, f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.fastest_down >= 1000
)
SELECT n.operator_group, SUM(u.premises) AS premises
FROM n JOIN upc_output u ON u.postcode = n.postcode
WHERE u.country = 'Scotland'
GROUP BY n.operator_group ORDER BY premises DESC LIMIT 1`,
  },
  // Retail (reported) operator names, not networks: postcodes where each offers FTTP; top 10 (latest;
  // the four Openreach retailers tie, as do the CityFibre retail variants; the 10th/11th do not tie).
  {
    id: 'h6-25',
    theme: 'market_leaders',
    dataset: 'upc',
    question:
      'rank retail operators (as reported, not networks) by number of postcodes where they sell FTTP - top 10',
    gold: `SELECT operator, COUNT(DISTINCT postcode) AS postcodes
FROM fact_operator WHERE tech = 'fttponly'
GROUP BY operator ORDER BY postcodes DESC LIMIT 10`,
  },
  // Group-wise: for each region the altnet (canonical fact_altnet name) with most premises, with its premises (latest).
  {
    id: 'h6-26',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'For every region, which altnet passes the most premises (and how many)?',
    gold: `WITH r AS (
  SELECT u.government_region, a.operator, SUM(u.premises) AS premises
  FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
  JOIN upc_output u ON u.postcode = a.postcode
  GROUP BY u.government_region, a.operator
)
SELECT government_region, operator, premises
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY government_region ORDER BY premises DESC) AS rn FROM r)
WHERE rn = 1 ORDER BY government_region`,
  },
  // Second place in a ranking of full-fibre networks (operator_group) within one region, with its premises (latest).
  {
    id: 'h6-27',
    theme: 'market_leaders',
    dataset: 'upc',
    question: "who's no.2 for full fibre in London by premises passed, and what's their footprint?",
    gold: `WITH n AS (
  SELECT DISTINCT o.operator_group, f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE f.tech = 'fttponly'
)
SELECT n.operator_group, SUM(u.premises) AS premises
FROM n JOIN upc_output u ON u.postcode = n.postcode
WHERE u.government_region = 'London'
GROUP BY n.operator_group ORDER BY premises DESC LIMIT 1 OFFSET 1`,
  },
  // Bottom N by an explicitly asked measure (postcodes, not premises); altnets present today (latest).
  {
    id: 'h6-28',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'smallest 5 altnets by number of postcodes covered',
    gold: `SELECT operator, COUNT(DISTINCT postcode) AS postcodes
FROM fact_altnet GROUP BY operator ORDER BY postcodes ASC LIMIT 5`,
  },

  // ---------------------------------------------------------------- regional_analysis
  // Nation level: full-fibre coverage % for each of the four nations (latest).
  {
    id: 'h6-29',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'FF coverage for England, Wales, Scotland and NI',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT u.country,
  100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ff_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
GROUP BY u.country ORDER BY u.country`,
  },
  // Urban vs rural split within a nation, gigabit % (latest).
  {
    id: 'h6-30',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Scotland gigabit coverage: urban vs rural',
    gold: `WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000)
SELECT u.urban_rural,
  100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
WHERE u.country = 'Scotland'
GROUP BY u.urban_rural`,
  },
  // LAs within a region meeting a threshold (list with the figure), full fibre < 80% (latest).
  {
    id: 'h6-31',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'which LAs in the South West have full fibre coverge under 80%?',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT u.la_name,
  100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ff_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
WHERE u.government_region = 'South West'
GROUP BY u.la_name HAVING ff_pct < 80 ORDER BY ff_pct`,
  },
  // Group-wise: for each region, the LA with the lowest FTTP coverage (latest).
  {
    id: 'h6-32',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'for each region, the local authority with the lowest FTTP coverage %',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'),
la AS (
  SELECT u.government_region, u.la_name,
    100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ff_pct
  FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
  GROUP BY u.government_region, u.la_name
)
SELECT government_region, la_name, ff_pct
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY government_region ORDER BY ff_pct ASC) AS rn FROM la)
WHERE rn = 1 ORDER BY government_region`,
  },
  // List of named postcode areas, full-fibre % each (latest).
  {
    id: 'h6-33',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'fttp % in postcode areas BS, LS, G and CF',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
SELECT u.postcode_area,
  100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ff_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
WHERE u.postcode_area IN ('BS', 'LS', 'G', 'CF')
GROUP BY u.postcode_area ORDER BY u.postcode_area`,
  },
  // Postcode district level, gigabit premises, one figure (latest).
  {
    id: 'h6-34',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'How many premises in SW11 can get gigabit?',
    gold: `WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000)
SELECT SUM(u.premises) AS premises
FROM upc_output u JOIN g ON g.postcode = u.postcode
WHERE u.postcode_district = 'SW11'`,
  },
  // Post sector level within an LA: premises without superfast (no row >= 30 down); top 10 sectors (latest).
  {
    id: 'h6-35',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Top 10 post sectors in Birmingham with the most premises lacking superfast broadband',
    gold: `WITH sf AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 30)
SELECT u.post_sector, SUM(u.premises) AS premises
FROM upc_output u
WHERE u.la_name = 'Birmingham' AND u.postcode NOT IN (SELECT postcode FROM sf)
GROUP BY u.post_sector ORDER BY premises DESC LIMIT 10`,
  },
  // Single unit postcode: networks (operator_group, not the four Openreach retailers) and best download each (latest).
  {
    id: 'h6-36',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'what networks serve YO31 4AE and what is the top download speed on each?',
    gold: `SELECT o.operator_group, MAX(f.fastest_down) AS max_down
FROM fact_operator f JOIN operators o ON o.operator = f.operator
WHERE f.postcode = 'YO31 4AE'
GROUP BY o.operator_group ORDER BY max_down DESC`,
  },
  // Households (not premises) below the USO in one LA (latest).
  {
    id: 'h6-37',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'how many households in Cornwall are below the USO?',
    gold: `WITH ok AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 10 AND fastest_up >= 1)
SELECT SUM(u.households) AS households
FROM upc_output u
WHERE u.la_name = 'Cornwall' AND u.postcode NOT IN (SELECT postcode FROM ok)`,
  },
  // Count of places meeting a condition: NI postcode districts where every postcode has full fibre (latest).
  {
    id: 'h6-38',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'no. of postcode districts in Northern Ireland with 100% full fibre coverage',
    gold: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'),
d AS (
  SELECT u.postcode_district, COUNT(*) FILTER (WHERE ff.postcode IS NULL) AS postcodes_without_ff
  FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
  WHERE u.country = 'Northern Ireland'
  GROUP BY u.postcode_district
)
SELECT COUNT(*) AS districts FROM d WHERE postcodes_without_ff = 0`,
  },

  // ---------------------------------------------------------------- forecasts
  // Forecast coverage at a half-year date, any network, national % of all premises.
  {
    id: 'h6-39',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: "what's the forecast FTTP coverage for the UK by Dec 2030?",
    gold: `WITH fc AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')
SELECT 100.0 * SUM(CASE WHEN fc.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS forecast_pct
FROM upc_output u LEFT JOIN fc ON fc.postcode = u.postcode`,
  },
  // One network's forecast premises at end of 2026 (= 2026-12-01, end of H2).
  {
    id: 'h6-40',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Openreach forecast FF premises at end-2026',
    gold: `SELECT SUM(u.premises) AS premises
FROM upc_output u
JOIN (SELECT DISTINCT postcode FROM forecast_footprint WHERE operator = 'Openreach' AND reported_at = DATE '2026-12-01') fc
  ON fc.postcode = u.postcode`,
  },
  // Half-yearly forecast series for one nation, Jun 2027 .. Dec 2030 (8 rows).
  {
    id: 'h6-41',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Wales: forecast full fibre % for each half-year from H1 2027 to H2 2030',
    gold: `WITH w AS (SELECT postcode, premises FROM upc_output WHERE country = 'Wales'),
fc AS (
  SELECT DISTINCT reported_at, postcode FROM forecast_footprint
  WHERE reported_at BETWEEN DATE '2027-06-01' AND DATE '2030-12-01'
)
SELECT fc.reported_at, 100.0 * SUM(w.premises) / (SELECT SUM(premises) FROM w) AS forecast_pct
FROM fc JOIN w ON w.postcode = fc.postcode
GROUP BY fc.reported_at ORDER BY fc.reported_at`,
  },
  // Ranking networks by forecast change in premises between two forecast dates; top 5.
  {
    id: 'h6-42',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'which 5 networks are forecast to add the most premises between Dec 2026 and Dec 2028?',
    gold: `WITH p AS (
  SELECT fc.operator, fc.reported_at, SUM(u.premises) AS premises
  FROM (SELECT DISTINCT operator, reported_at, postcode FROM forecast_footprint
        WHERE reported_at IN (DATE '2026-12-01', DATE '2028-12-01')) fc
  JOIN upc_output u ON u.postcode = fc.postcode
  GROUP BY fc.operator, fc.reported_at
)
SELECT operator,
  SUM(CASE WHEN reported_at = DATE '2028-12-01' THEN premises ELSE 0 END)
  - SUM(CASE WHEN reported_at = DATE '2026-12-01' THEN premises ELSE 0 END) AS premises_added
FROM p GROUP BY operator ORDER BY premises_added DESC LIMIT 5`,
  },
  // Attractiveness (latest quarter 2026-10-01) > 0.8 and no full fibre in the latest snapshot; count of postcodes.
  {
    id: 'h6-43',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question:
      'how many postcodes with a general attractiveness score above 0.8 (latest qtr) still have no full fibre today?',
    gold: `SELECT COUNT(DISTINCT a.postcode) AS postcodes
FROM postcode_attractiveness a
JOIN upc_output u ON u.postcode = a.postcode
WHERE a.reported_at = DATE '2026-10-01' AND a.general_attractiveness > 0.8
  AND a.postcode NOT IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly')`,
  },
  // Average of the postcode-level digital deprivation score per LA (unweighted mean over postcodes), latest quarter; top 5.
  {
    id: 'h6-44',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'top 5 LAs by the average digital deprivation score of their postcodes, latest quarter',
    gold: `SELECT u.la_name, AVG(a.digital_deprivation) AS avg_digital_deprivation
FROM postcode_attractiveness a JOIN upc_output u ON u.postcode = a.postcode
WHERE a.reported_at = DATE '2026-10-01'
GROUP BY u.la_name ORDER BY avg_digital_deprivation DESC LIMIT 5`,
  },

  // ---------------------------------------------------------------- take_up
  // Market share, latest quarter (2026Q4), both segments by default; one figure.
  {
    id: 'h6-45',
    theme: 'take_up',
    dataset: 'take_up',
    question: "BT's market share in the latest quarter?",
    gold: `SELECT 100.0 * SUM(CASE WHEN operator = 'BT' THEN lines ELSE 0 END) / SUM(lines) AS bt_share_pct
FROM take_up_quarterly WHERE quarter = '2026Q4'`,
  },
  // Yearly series from take-up: FTTP share of all lines in each Q4, 2021-2026 (default: both segments).
  {
    id: 'h6-46',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'fttp as a % of all broadband lines, Q4 of each year',
    gold: `SELECT quarter, 100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines) AS fttp_share_pct
FROM take_up_quarterly WHERE quarter LIKE '%Q4'
GROUP BY quarter ORDER BY quarter`,
  },
  // Ranking retail brands by residential lines in a named quarter (Q3 2026); top 5.
  {
    id: 'h6-47',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Top 5 ISPs by residential lines in Q3 2026',
    gold: `SELECT operator, SUM(lines) AS lines
FROM take_up_quarterly WHERE quarter = '2026Q3' AND segment = 'residential'
GROUP BY operator ORDER BY lines DESC LIMIT 5`,
  },
  // Share within a chosen segment (business), one row per quarter of 2025.
  {
    id: 'h6-48',
    theme: 'take_up',
    dataset: 'take_up',
    question: "Sky's share of business lines for each quarter of 2025",
    gold: `SELECT quarter, 100.0 * SUM(CASE WHEN operator = 'Sky' THEN lines ELSE 0 END) / SUM(lines) AS sky_share_pct
FROM take_up_quarterly WHERE segment = 'business' AND quarter LIKE '2025Q%'
GROUP BY quarter ORDER BY quarter`,
  },
  // Postcode-level take-up for an LA, latest quarter (2026Q4), both segments, all brands and techs; one figure.
  {
    id: 'h6-49',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'total broadband lines in Leeds, latest quarter',
    gold: `SELECT SUM(t.lines) AS lines
FROM take_up_postcode t
JOIN (SELECT postcode FROM upc_output WHERE la_name = 'Leeds') u ON u.postcode = t.postcode
WHERE t.quarter = '2026Q4'`,
  },
  // Change in lines YoY for one technology (ADSL), 2025Q4 -> 2026Q4, both segments; one figure.
  {
    id: 'h6-50',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'ADSL lines: YoY change, Q4 25 vs Q4 26',
    gold: `SELECT SUM(CASE WHEN quarter = '2026Q4' THEN lines ELSE 0 END)
     - SUM(CASE WHEN quarter = '2025Q4' THEN lines ELSE 0 END) AS lines_change
FROM take_up_quarterly WHERE tech = 'adsl' AND quarter IN ('2025Q4', '2026Q4')`,
  },
  // Technology mix of one brand: VM's fttp lines / all VM lines, latest quarter, both segments.
  {
    id: 'h6-51',
    theme: 'take_up',
    dataset: 'take_up',
    question: "What proportion of Virgin Media's lines are on fttp now?",
    gold: `SELECT 100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines) AS fttp_pct_of_vm_lines
FROM take_up_quarterly WHERE operator = 'Virgin Media' AND quarter = '2026Q4'`,
  },

  // ---------------------------------------------------------------- technology_and_speeds
  // Superfast (best download >= 30) coverage % in one LA (latest).
  {
    id: 'h6-52',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'superfast coverage in Highland?',
    gold: `WITH sf AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 30)
SELECT 100.0 * SUM(CASE WHEN sf.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS superfast_pct
FROM upc_output u LEFT JOIN sf ON sf.postcode = u.postcode
WHERE u.la_name = 'Highland'`,
  },
  // Below the USO nationally, premises (latest).
  {
    id: 'h6-53',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'How many premises across the UK currently fall below the USO (no 10 down / 1 up service)?',
    gold: `WITH ok AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 10 AND fastest_up >= 1)
SELECT SUM(u.premises) AS premises
FROM upc_output u WHERE u.postcode NOT IN (SELECT postcode FROM ok)`,
  },
  // Cable-only gigabit (gigabit, no full fibre) premises by region; top 3 (latest).
  {
    id: 'h6-54',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'top 3 regions for cable-only gigabit premises',
    gold: `WITH p AS (
  SELECT postcode,
    MAX(CASE WHEN fastest_down >= 1000 THEN 1 ELSE 0 END) AS gig,
    MAX(CASE WHEN tech = 'fttponly' THEN 1 ELSE 0 END) AS ff
  FROM fact_operator GROUP BY postcode
)
SELECT u.government_region, SUM(u.premises) AS premises
FROM upc_output u JOIN p ON p.postcode = u.postcode
WHERE p.gig = 1 AND p.ff = 0
GROUP BY u.government_region ORDER BY premises DESC LIMIT 3`,
  },
  // Ultrafast (best >= 300) coverage of rural premises in England (latest).
  {
    id: 'h6-55',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'ultrafast % for rural England',
    gold: `WITH uf AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 300)
SELECT 100.0 * SUM(CASE WHEN uf.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS ultrafast_pct
FROM upc_output u LEFT JOIN uf ON uf.postcode = u.postcode
WHERE u.country = 'England' AND u.urban_rural = 'rural'`,
  },
  // Upload speed condition: premises where some service offers >= 500 Mbit/s up (latest, national).
  {
    id: 'h6-56',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'how many premises can get 500Mb+ upload?',
    gold: `WITH up AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_up >= 500)
SELECT SUM(u.premises) AS premises FROM upc_output u JOIN up ON up.postcode = u.postcode`,
  },
  // Technology exclusivity: postcodes whose only technology is ADSL; premises (default measure), national (latest).
  {
    id: 'h6-57',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'Premises where ADSL is the only technology available',
    gold: `WITH p AS (
  SELECT postcode FROM fact_operator GROUP BY postcode HAVING COUNT(*) FILTER (WHERE tech <> 'adsl') = 0
)
SELECT SUM(u.premises) AS premises FROM upc_output u JOIN p ON p.postcode = u.postcode`,
  },
  // Postcodes (explicitly) with no superfast service in one Welsh LA (latest).
  {
    id: 'h6-58',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'Powys - number of postcodes with no superfast service',
    gold: `SELECT COUNT(DISTINCT u.postcode) AS postcodes
FROM upc_output u
WHERE u.la_name = 'Powys'
  AND u.postcode NOT IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 30)`,
  },

  // ---------------------------------------------------------------- out_of_scope (unsupported)
  // Prices are not in the data.
  {
    id: 'h6-59',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: "what's the cheapest 900Mb FTTP deal available in Leeds?",
    gold: '',
    expect: 'unsupported',
  },
  // Churn is not in the data (take-up holds lines, not customer moves).
  {
    id: 'h6-60',
    theme: 'out_of_scope',
    dataset: 'take_up',
    question: 'monthly churn rate for Sky broadband customers in 2026',
    gold: '',
    expect: 'unsupported',
  },
  // Faults / network reliability are not in the data.
  {
    id: 'h6-61',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: 'how many Openreach line faults were reported in Kent last month?',
    gold: '',
    expect: 'unsupported',
  },
  // Mobile coverage is not in the data (fixed broadband only).
  {
    id: 'h6-62',
    theme: 'out_of_scope',
    dataset: 'upc',
    question: '5G mobile signal coverage in Cardiff by network',
    gold: '',
    expect: 'unsupported',
  },
  // Measured (speed-test) speeds are not in the data; only speeds on offer.
  {
    id: 'h6-63',
    theme: 'out_of_scope',
    dataset: 'upc',
    question:
      'average actual download speed users measure on VM in Manchester at peak time (speedtest results)',
    gold: '',
    expect: 'unsupported',
  },
  // Customer satisfaction / complaints are not in the data.
  {
    id: 'h6-64',
    theme: 'out_of_scope',
    dataset: 'take_up',
    question: 'Which ISP had the most Ofcom complaints per 100k customers this year?',
    gold: '',
    expect: 'unsupported',
  },

  // ---------------------------------------------------------------- about_the_data (system_info)
  // The datasets themselves.
  {
    id: 'h6-65',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'what datasets can I query with this tool?',
    gold: '',
    expect: 'system_info',
  },
  // Data freshness and coverage of dates.
  {
    id: 'h6-66',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'how often is the availability data refreshed and what period does it cover?',
    gold: '',
    expect: 'system_info',
  },
  // Provenance: real vs modelled.
  {
    id: 'h6-67',
    theme: 'about_the_data',
    dataset: 'upc',
    question: 'Is the operator footprint data real or modelled?',
    gold: '',
    expect: 'system_info',
  },
  // What the tool can do / fields available.
  {
    id: 'h6-68',
    theme: 'about_the_data',
    dataset: 'upc_forecast',
    question: 'what kind of forecast info do you have, and what fields are in it?',
    gold: '',
    expect: 'system_info',
  },
];
