/**
 * The golden question set for the query agent. Questions are phrased the way analysts ask them
 * (abbreviations, loose wording, relative dates), each with gold SQL written by hand against the data
 * contract. Dates are explicit in the gold SQL: the latest snapshot is 2026-11-01, so "the last 6 months"
 * compares 2026-05-01 with 2026-11-01 and "a year ago" is 2025-11-01.
 *
 * Shared definitions the gold SQL follows (the same ones the semantic catalog states):
 * - premises passed by X = SUM(premises) over DISTINCT postcodes where X is present (never a sum over fact rows);
 * - coverage % = premises passed / all premises in upc_output (or the area's premises), x 100;
 * - full fibre = tech 'fttponly'; gigabit = fastest_down >= 1000 (cable included);
 * - a "network" is an operator_group; altnet = operators.is_altnet (fact_altnet already canonical).
 */
export type Theme =
  | 'coverage_growth'
  | 'alternative_networks'
  | 'competition'
  | 'market_leaders'
  | 'regional_analysis'
  | 'forecasts'
  | 'take_up'
  | 'technology_and_speeds'
  /** Questions the data cannot answer: the agent must say so (classification `unsupported`). */
  | 'out_of_scope'
  /** Questions about the data and the tool itself (classification `system_info`). */
  | 'about_the_data';

export interface EvalQuestion {
  id: string;
  theme: Theme;
  dataset: 'upc' | 'upc_forecast' | 'take_up';
  question: string;
  /** Gold SQL; empty when the question expects a classification instead of a table. */
  gold: string;
  /** Set for questions whose right answer is a classification, not a result table. */
  expect?: 'unsupported' | 'system_info';
}

const FF_PREMISES_AT = (date: string) => `
  SELECT SUM(u.premises) FROM upc_output u
  WHERE u.postcode IN (SELECT postcode FROM fact_operator_time_series WHERE tech = 'fttponly' AND reported_at = DATE '${date}')`;

export const questions: EvalQuestion[] = [
  // ---------------------------------------------------------------- coverage growth
  {
    id: 'cg-01',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Which local authorities gained the most full fibre premises in the last 6 months?',
    gold: `
      WITH ff AS (
        SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
        WHERE tech = 'fttponly' AND reported_at IN (DATE '2026-05-01', DATE '2026-11-01')
      )
      SELECT u.la_name,
             SUM(CASE WHEN ff.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
           - SUM(CASE WHEN ff.reported_at = DATE '2026-05-01' THEN u.premises ELSE 0 END) AS premises_gained
      FROM ff JOIN upc_output u ON u.postcode = ff.postcode
      GROUP BY u.la_name ORDER BY premises_gained DESC, u.la_name LIMIT 10`,
  },
  {
    id: 'cg-02',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how did UK full fibre coverage move month by month through 2025?',
    gold: `
      WITH ff AS (
        SELECT DISTINCT f.reported_at, f.postcode FROM fact_operator_time_series f
        WHERE f.tech = 'fttponly' AND f.reported_at BETWEEN DATE '2025-01-01' AND DATE '2025-12-01'
      )
      SELECT ff.reported_at, 100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output) AS full_fibre_coverage_pct
      FROM ff JOIN upc_output u ON u.postcode = ff.postcode
      GROUP BY ff.reported_at ORDER BY ff.reported_at`,
  },
  {
    id: 'cg-03',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'What percentage of UK premises could get FTTP back in January 2023?',
    gold: `SELECT 100.0 * (${FF_PREMISES_AT('2023-01-01')}) / (SELECT SUM(premises) FROM upc_output) AS pct`,
  },
  {
    id: 'cg-04',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Gigabit coverage trend by quarter since the start of 2024',
    gold: `
      WITH g AS (
        SELECT DISTINCT reported_at, postcode FROM fact_operator_time_series
        WHERE fastest_down >= 1000 AND reported_at >= DATE '2024-01-01'
          AND EXTRACT(MONTH FROM reported_at) IN (1, 4, 7, 10)
      )
      SELECT g.reported_at, 100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output) AS gigabit_pct
      FROM g JOIN upc_output u ON u.postcode = g.postcode
      GROUP BY g.reported_at ORDER BY g.reported_at`,
  },
  {
    id: 'cg-05',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'How many postcodes got full fibre for the first time in the last year?',
    gold: `
      SELECT COUNT(*) AS postcodes FROM (
        SELECT postcode FROM fact_operator WHERE tech = 'fttponly'
        GROUP BY postcode HAVING MIN(activated_date) > DATE '2025-11-01'
      ) t`,
  },
  {
    id: 'cg-06',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'how many premises has Openreach added to its FTTP footprint over the past 12 months?',
    gold: `
      WITH orp AS (
        SELECT DISTINCT f.postcode, f.reported_at FROM fact_operator_time_series f
        JOIN operators o ON o.operator = f.operator
        WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
          AND f.reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
      )
      SELECT SUM(CASE WHEN orp.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
           - SUM(CASE WHEN orp.reported_at = DATE '2025-11-01' THEN u.premises ELSE 0 END) AS premises_added
      FROM orp JOIN upc_output u ON u.postcode = orp.postcode`,
  },
  {
    id: 'cg-07',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'By how many percentage points did full fibre coverage in Manchester go up over the last year?',
    gold: `
      WITH ff AS (
        SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
        WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
      ), m AS (SELECT postcode, premises FROM upc_output WHERE la_name = 'Manchester')
      SELECT 100.0 * (SUM(CASE WHEN ff.reported_at = DATE '2026-11-01' THEN m.premises ELSE 0 END)
                    - SUM(CASE WHEN ff.reported_at = DATE '2025-11-01' THEN m.premises ELSE 0 END))
             / (SELECT SUM(premises) FROM m) AS pp_change
      FROM ff JOIN m ON m.postcode = ff.postcode`,
  },
  {
    id: 'cg-08',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Show me the number of gigabit-capable premises in Wales each month this year',
    gold: `
      WITH g AS (
        SELECT DISTINCT f.reported_at, f.postcode FROM fact_operator_time_series f
        WHERE f.fastest_down >= 1000 AND f.reported_at >= DATE '2026-01-01'
      )
      SELECT g.reported_at, SUM(u.premises) AS gigabit_premises
      FROM g JOIN upc_output u ON u.postcode = g.postcode
      WHERE u.country = 'Wales'
      GROUP BY g.reported_at ORDER BY g.reported_at`,
  },
  {
    id: 'cg-09',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Rank the regions by full fibre growth in percentage points since January 2025',
    gold: `
      WITH ff AS (
        SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
        WHERE tech = 'fttponly' AND reported_at IN (DATE '2025-01-01', DATE '2026-11-01')
      ), reg AS (SELECT government_region, SUM(premises) AS premises FROM upc_output GROUP BY government_region)
      SELECT u.government_region,
             100.0 * (SUM(CASE WHEN ff.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
                    - SUM(CASE WHEN ff.reported_at = DATE '2025-01-01' THEN u.premises ELSE 0 END))
             / MAX(reg.premises) AS pp_growth
      FROM ff JOIN upc_output u ON u.postcode = ff.postcode
      JOIN reg ON reg.government_region = u.government_region
      GROUP BY u.government_region ORDER BY pp_growth DESC`,
  },
  {
    id: 'cg-10',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'what was full fibre coverage in each nation at the end of 2022?',
    gold: `
      WITH ff AS (SELECT DISTINCT postcode FROM fact_operator_time_series WHERE tech = 'fttponly' AND reported_at = DATE '2022-12-01')
      SELECT u.country, 100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
      GROUP BY u.country ORDER BY u.country`,
  },

  // ---------------------------------------------------------------- alternative networks
  {
    id: 'alt-01',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Top 10 altnets by premises passed',
    gold: `
      SELECT a.operator, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a JOIN upc_output u ON u.postcode = a.postcode
      GROUP BY a.operator ORDER BY premises DESC, a.operator LIMIT 10`,
  },
  {
    id: 'alt-02',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: "What's CityFibre's footprint right now in premises?",
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'CityFibre')`,
  },
  {
    id: 'alt-03',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'where is hyperoptic strongest? top 5 LAs by premises covered',
    gold: `
      SELECT u.la_name, SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Hyperoptic')
      GROUP BY u.la_name ORDER BY premises DESC, u.la_name LIMIT 5`,
  },
  {
    id: 'alt-04',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'How many different altnets operate in Leeds?',
    gold: `
      SELECT COUNT(DISTINCT a.operator) AS altnets FROM fact_altnet a
      JOIN upc_output u ON u.postcode = a.postcode WHERE u.la_name = 'Leeds'`,
  },
  {
    id: 'alt-05',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'How many premises can choose between two or more altnets?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_altnet GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2)`,
  },
  {
    id: 'alt-06',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Community Fibre premises by London borough',
    gold: `
      SELECT u.la_name, SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_altnet WHERE operator = 'Community Fibre')
      GROUP BY u.la_name ORDER BY premises DESC, u.la_name`,
  },
  {
    id: 'alt-07',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Which 5 alt nets added the most premises in the last 12 months?',
    gold: `
      WITH a AS (
        SELECT DISTINCT operator, postcode, reported_at FROM fact_altnet_time_series
        WHERE reported_at IN (DATE '2025-11-01', DATE '2026-11-01')
      )
      SELECT a.operator,
             SUM(CASE WHEN a.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
           - SUM(CASE WHEN a.reported_at = DATE '2025-11-01' THEN u.premises ELSE 0 END) AS premises_added
      FROM a JOIN upc_output u ON u.postcode = a.postcode
      GROUP BY a.operator ORDER BY premises_added DESC, a.operator LIMIT 5`,
  },
  {
    id: 'alt-08',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'What share of UK premises is passed by at least one altnet?',
    gold: `
      SELECT 100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output) AS pct FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_altnet)`,
  },
  {
    id: 'alt-09',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'number of altnets present in each region',
    gold: `
      SELECT u.government_region, COUNT(DISTINCT a.operator) AS altnets
      FROM fact_altnet a JOIN upc_output u ON u.postcode = a.postcode
      GROUP BY u.government_region ORDER BY altnets DESC, u.government_region`,
  },
  {
    id: 'alt-10',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: "Gigaclear's footprint: how many postcodes do they cover?",
    gold: `SELECT COUNT(DISTINCT postcode) AS postcodes FROM fact_altnet WHERE operator = 'Gigaclear'`,
  },

  // ---------------------------------------------------------------- competition / overbuild
  {
    id: 'comp-01',
    theme: 'competition',
    dataset: 'upc',
    question: 'How many premises have 3 or more full fibre networks?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (
        SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 3)`,
  },
  {
    id: 'comp-02',
    theme: 'competition',
    dataset: 'upc',
    question: 'overbuild by region - % of premises with 2+ FTTP networks',
    gold: `
      WITH ob AS (
        SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 2
      )
      SELECT u.government_region,
             100.0 * SUM(CASE WHEN ob.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ob ON ob.postcode = u.postcode
      GROUP BY u.government_region ORDER BY pct DESC`,
  },
  {
    id: 'comp-03',
    theme: 'competition',
    dataset: 'upc',
    question:
      'Where do Openreach and CityFibre go head to head? Top 10 local authorities by overlapping premises',
    gold: `
      WITH g AS (
        SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly' AND o.operator_group IN ('Openreach', 'CityFibre')
        GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) = 2
      )
      SELECT u.la_name, SUM(u.premises) AS premises FROM upc_output u JOIN g ON g.postcode = u.postcode
      GROUP BY u.la_name ORDER BY premises DESC, u.la_name LIMIT 10`,
  },
  {
    id: 'comp-04',
    theme: 'competition',
    dataset: 'upc',
    question: 'How many postcodes have no gigabit-capable service at all?',
    gold: `
      SELECT COUNT(*) AS postcodes FROM upc_output
      WHERE postcode NOT IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)`,
  },
  {
    id: 'comp-05',
    theme: 'competition',
    dataset: 'upc',
    question: 'In how many postcodes is Virgin Media the only gigabit option?',
    gold: `
      SELECT COUNT(*) AS postcodes FROM (
        SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.fastest_down >= 1000 GROUP BY f.postcode
        HAVING COUNT(DISTINCT o.operator_group) = 1 AND MIN(o.operator_group) = 'Virgin Media'
      ) t`,
  },
  {
    id: 'comp-06',
    theme: 'competition',
    dataset: 'upc',
    question: 'Break down premises by how many full fibre networks they can get (0, 1, 2, ...)',
    gold: `
      WITH n AS (
        SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks
        FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly' GROUP BY f.postcode
      )
      SELECT COALESCE(n.networks, 0) AS networks, SUM(u.premises) AS premises
      FROM upc_output u LEFT JOIN n ON n.postcode = u.postcode
      GROUP BY COALESCE(n.networks, 0) ORDER BY networks`,
  },
  {
    id: 'comp-07',
    theme: 'competition',
    dataset: 'upc',
    question:
      'Which councils have the highest share of premises with two or more full fibre networks? top 10',
    gold: `
      WITH ob AS (
        SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 2
      )
      SELECT u.la_name,
             100.0 * SUM(CASE WHEN ob.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ob ON ob.postcode = u.postcode
      GROUP BY u.la_name ORDER BY pct DESC, u.la_name LIMIT 10`,
  },
  {
    id: 'comp-08',
    theme: 'competition',
    dataset: 'upc',
    question: 'How many premises can get both Openreach full fibre and Virgin Media?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                           WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
        AND u.postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                           WHERE o.operator_group = 'Virgin Media')`,
  },
  {
    id: 'comp-09',
    theme: 'competition',
    dataset: 'upc',
    question: 'how many premises have 4+ FTTP networks in london?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.government_region = 'London' AND u.postcode IN (
        SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly' GROUP BY f.postcode HAVING COUNT(DISTINCT o.operator_group) >= 4)`,
  },

  // ---------------------------------------------------------------- market leaders
  {
    id: 'ml-01',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Rank the network operators by full fibre premises passed',
    gold: `
      WITH g AS (
        SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
      )
      SELECT g.operator_group, SUM(u.premises) AS premises FROM g JOIN upc_output u ON u.postcode = g.postcode
      GROUP BY g.operator_group ORDER BY premises DESC, g.operator_group`,
  },
  {
    id: 'ml-02',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Top 5 local authorities for Openreach full fibre coverage (%)',
    gold: `
      WITH orp AS (
        SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly'
      )
      SELECT u.la_name, 100.0 * SUM(CASE WHEN orp.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN orp ON orp.postcode = u.postcode
      GROUP BY u.la_name ORDER BY pct DESC, u.la_name LIMIT 5`,
  },
  {
    id: 'ml-03',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Who has the biggest full fibre network in each region?',
    gold: `
      WITH g AS (
        SELECT u.government_region, o.operator_group, SUM(u.premises) AS premises
        FROM (SELECT DISTINCT o2.operator_group, f.postcode FROM fact_operator f
              JOIN operators o2 ON o2.operator = f.operator WHERE f.tech = 'fttponly') o
        JOIN upc_output u ON u.postcode = o.postcode
        GROUP BY u.government_region, o.operator_group
      ), ranked AS (
        SELECT g.*, ROW_NUMBER() OVER (PARTITION BY government_region ORDER BY premises DESC, operator_group) AS rn FROM g
      )
      SELECT government_region, operator_group, premises FROM ranked WHERE rn = 1 ORDER BY government_region`,
  },
  {
    id: 'ml-04',
    theme: 'market_leaders',
    dataset: 'upc',
    question: "What's Virgin Media's total footprint (cable plus their own fibre)?",
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE operator IN ('Virgin Cable', 'Virgin Media RFOG'))`,
  },
  {
    id: 'ml-05',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Which networks cover the most postcodes with gigabit speeds? give me the top 5',
    gold: `
      SELECT o.operator_group, COUNT(DISTINCT f.postcode) AS postcodes
      FROM fact_operator f JOIN operators o ON o.operator = f.operator
      WHERE f.fastest_down >= 1000
      GROUP BY o.operator_group ORDER BY postcodes DESC, o.operator_group LIMIT 5`,
  },
  {
    id: 'ml-06',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Largest full fibre networks in Scotland by premises',
    gold: `
      WITH g AS (
        SELECT DISTINCT o.operator_group, f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE f.tech = 'fttponly'
      )
      SELECT g.operator_group, SUM(u.premises) AS premises FROM g JOIN upc_output u ON u.postcode = g.postcode
      WHERE u.country = 'Scotland'
      GROUP BY g.operator_group ORDER BY premises DESC, g.operator_group`,
  },
  {
    id: 'ml-07',
    theme: 'market_leaders',
    dataset: 'upc',
    question: "What share of the UK's full fibre premises does Openreach reach?",
    gold: `
      WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly'),
      orp AS (SELECT DISTINCT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
              WHERE o.operator_group = 'Openreach' AND f.tech = 'fttponly')
      SELECT 100.0 * (SELECT SUM(u.premises) FROM upc_output u JOIN orp ON orp.postcode = u.postcode)
                   / (SELECT SUM(u.premises) FROM upc_output u JOIN ff ON ff.postcode = u.postcode) AS pct`,
  },
  {
    id: 'ml-08',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Which operator names does the data report on the Openreach network?',
    gold: `SELECT operator FROM operators WHERE operator_group = 'Openreach' ORDER BY operator`,
  },
  {
    id: 'ml-09',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'list the CityFibre retail partners in the data',
    gold: `SELECT operator FROM operators WHERE operator_group = 'CityFibre' ORDER BY operator`,
  },

  // ---------------------------------------------------------------- regional analysis
  {
    id: 'reg-01',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Full fibre coverage by region',
    gold: `
      WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
      SELECT u.government_region,
             100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
      GROUP BY u.government_region ORDER BY pct DESC`,
  },
  {
    id: 'reg-02',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'gigabit coverage for each of the four nations',
    gold: `
      WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE fastest_down >= 1000)
      SELECT u.country,
             100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
      GROUP BY u.country ORDER BY pct DESC`,
  },
  {
    id: 'reg-03',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Rank regions by number of gigabit capable premises',
    gold: `
      SELECT u.government_region, SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)
      GROUP BY u.government_region ORDER BY premises DESC`,
  },
  {
    id: 'reg-04',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Which 10 local authorities have the worst full fibre coverage?',
    gold: `
      WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
      SELECT u.la_name,
             100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
      GROUP BY u.la_name ORDER BY pct ASC, u.la_name LIMIT 10`,
  },
  {
    id: 'reg-05',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Compare full fibre coverage in urban and rural areas',
    gold: `
      WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
      SELECT u.urban_rural,
             100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
      GROUP BY u.urban_rural ORDER BY u.urban_rural`,
  },
  {
    id: 'reg-06',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'How many premises in Cornwall have full fibre available?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.la_name = 'Cornwall' AND u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly')`,
  },
  {
    id: 'reg-07',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'full fibre coverage by postcode area across Scotland',
    gold: `
      WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE tech = 'fttponly')
      SELECT u.postcode_area,
             100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
      WHERE u.country = 'Scotland'
      GROUP BY u.postcode_area ORDER BY pct DESC`,
  },
  {
    id: 'reg-08',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'How many premises in Northern Ireland can get gigabit?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.country = 'Northern Ireland' AND u.postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)`,
  },
  {
    id: 'reg-09',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Number of postcodes and premises per country',
    gold: `
      SELECT country, COUNT(*) AS postcodes, SUM(premises) AS premises FROM upc_output
      GROUP BY country ORDER BY premises DESC`,
  },
  {
    id: 'reg-10',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'What is the gigabit coverage in Birmingham?',
    gold: `
      SELECT 100.0 * SUM(CASE WHEN postcode IN (SELECT postcode FROM fact_operator WHERE fastest_down >= 1000)
                              THEN premises ELSE 0 END) / SUM(premises) AS pct
      FROM upc_output WHERE la_name = 'Birmingham'`,
  },

  // ---------------------------------------------------------------- forecasts
  {
    id: 'fc-01',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'What share of premises is forecast to have full fibre by the end of 2027?',
    gold: `
      SELECT 100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output) AS pct FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2027-12-01')`,
  },
  {
    id: 'fc-02',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: "Openreach's forecast FTTP footprint at end of 2026, in premises",
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM forecast_footprint WHERE operator = 'Openreach' AND reported_at = DATE '2026-12-01')`,
  },
  {
    id: 'fc-03',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'forecast full fibre coverage by region for December 2030',
    gold: `
      WITH f AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')
      SELECT u.government_region,
             100.0 * SUM(CASE WHEN f.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN f ON f.postcode = u.postcode
      GROUP BY u.government_region ORDER BY pct DESC`,
  },
  {
    id: 'fc-04',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'How many premises are expected to have both Openreach and CityFibre by the end of 2028?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (
        SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2028-12-01' AND operator IN ('Openreach', 'CityFibre')
        GROUP BY postcode HAVING COUNT(DISTINCT operator) = 2)`,
  },
  {
    id: 'fc-05',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Forecast premises per network operator at end of 2029',
    gold: `
      SELECT f.operator, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT operator, postcode FROM forecast_footprint WHERE reported_at = DATE '2029-12-01') f
      JOIN upc_output u ON u.postcode = f.postcode
      GROUP BY f.operator ORDER BY premises DESC, f.operator`,
  },
  {
    id: 'fc-06',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question:
      'Which local authorities will still have the lowest full fibre coverage in Dec 2030 according to the forecast? bottom 10',
    gold: `
      WITH f AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')
      SELECT u.la_name,
             100.0 * SUM(CASE WHEN f.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS pct
      FROM upc_output u LEFT JOIN f ON f.postcode = u.postcode
      GROUP BY u.la_name ORDER BY pct ASC, u.la_name LIMIT 10`,
  },
  {
    id: 'fc-07',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'average build attractiveness score by region, latest quarter',
    gold: `
      SELECT u.government_region, AVG(a.general_attractiveness) AS avg_attractiveness
      FROM postcode_attractiveness a JOIN upc_output u ON u.postcode = a.postcode
      WHERE a.reported_at = (SELECT MAX(reported_at) FROM postcode_attractiveness)
      GROUP BY u.government_region ORDER BY avg_attractiveness DESC`,
  },
  {
    id: 'fc-08',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Top 10 most digitally deprived local authorities (average digital deprivation score, latest)',
    gold: `
      SELECT u.la_name, AVG(a.digital_deprivation) AS avg_digital_deprivation
      FROM postcode_attractiveness a JOIN upc_output u ON u.postcode = a.postcode
      WHERE a.reported_at = (SELECT MAX(reported_at) FROM postcode_attractiveness)
      GROUP BY u.la_name ORDER BY avg_digital_deprivation DESC, u.la_name LIMIT 10`,
  },
  {
    id: 'fc-09',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'How many premises are forecast to have 2 or more full fibre networks by end of 2030?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01'
                           GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2)`,
  },
  {
    id: 'fc-10',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'CityFibre forecast footprint growth: premises at each half-year point to 2030',
    gold: `
      SELECT f.reported_at, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT reported_at, postcode FROM forecast_footprint WHERE operator = 'CityFibre') f
      JOIN upc_output u ON u.postcode = f.postcode
      GROUP BY f.reported_at ORDER BY f.reported_at`,
  },

  // ---------------------------------------------------------------- take-up
  {
    id: 'tu-01',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'market share of lines by operator in the latest quarter',
    gold: `
      WITH q AS (SELECT * FROM take_up_quarterly WHERE quarter = (SELECT MAX(quarter) FROM take_up_quarterly))
      SELECT operator, SUM(lines) AS lines, 100.0 * SUM(lines) / (SELECT SUM(lines) FROM q) AS share_pct
      FROM q GROUP BY operator ORDER BY lines DESC, operator`,
  },
  {
    id: 'tu-02',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'How many fixed broadband lines are there in total as of last quarter?',
    gold: `SELECT SUM(lines) AS lines FROM take_up_quarterly WHERE quarter = (SELECT MAX(quarter) FROM take_up_quarterly)`,
  },
  {
    id: 'tu-03',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'What share of lines are full fibre, quarter by quarter since 2021?',
    gold: `
      SELECT quarter, 100.0 * SUM(CASE WHEN tech = 'fttp' THEN lines ELSE 0 END) / SUM(lines) AS fttp_share_pct
      FROM take_up_quarterly GROUP BY quarter ORDER BY quarter`,
  },
  {
    id: 'tu-04',
    theme: 'take_up',
    dataset: 'take_up',
    question: "BT's residential lines split by technology, most recent quarter",
    gold: `
      SELECT tech, SUM(lines) AS lines FROM take_up_quarterly
      WHERE operator = 'BT' AND segment = 'residential' AND quarter = (SELECT MAX(quarter) FROM take_up_quarterly)
      GROUP BY tech ORDER BY lines DESC`,
  },
  {
    id: 'tu-05',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'how many ADSL lines are still left?',
    gold: `
      SELECT SUM(lines) AS lines FROM take_up_quarterly
      WHERE tech = 'adsl' AND quarter = (SELECT MAX(quarter) FROM take_up_quarterly)`,
  },
  {
    id: 'tu-06',
    theme: 'take_up',
    dataset: 'take_up',
    question: "Virgin Media's share of lines over time",
    gold: `
      SELECT quarter, 100.0 * SUM(CASE WHEN operator = 'Virgin Media' THEN lines ELSE 0 END) / SUM(lines) AS share_pct
      FROM take_up_quarterly GROUP BY quarter ORDER BY quarter`,
  },
  {
    id: 'tu-07',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Business lines by operator for the latest quarter',
    gold: `
      SELECT operator, SUM(lines) AS lines FROM take_up_quarterly
      WHERE segment = 'business' AND quarter = (SELECT MAX(quarter) FROM take_up_quarterly)
      GROUP BY operator ORDER BY lines DESC, operator`,
  },
  {
    id: 'tu-08',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'How many full fibre lines were there in each quarter of 2025?',
    gold: `
      SELECT quarter, SUM(lines) AS lines FROM take_up_quarterly
      WHERE tech = 'fttp' AND quarter LIKE '2025Q%' GROUP BY quarter ORDER BY quarter`,
  },
  {
    id: 'tu-09',
    theme: 'take_up',
    dataset: 'take_up',
    question:
      'FTTP take-up in Leeds: full fibre lines as a share of premises that can get full fibre (latest quarter)',
    gold: `
      WITH l AS (SELECT postcode, premises FROM upc_output WHERE la_name = 'Leeds')
      SELECT 100.0 * (SELECT SUM(t.lines) FROM take_up_postcode t JOIN l ON l.postcode = t.postcode
                      WHERE t.tech = 'fttp' AND t.quarter = (SELECT MAX(quarter) FROM take_up_postcode))
                   / (SELECT SUM(l.premises) FROM l WHERE l.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fttponly'))
             AS take_up_pct`,
  },
  {
    id: 'tu-10',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Sky lines by quarter for the last four quarters',
    gold: `
      SELECT quarter, SUM(lines) AS lines FROM take_up_quarterly
      WHERE operator = 'Sky' AND quarter IN (SELECT DISTINCT quarter FROM take_up_quarterly ORDER BY quarter DESC LIMIT 4)
      GROUP BY quarter ORDER BY quarter`,
  },

  // ---------------------------------------------------------------- technology and speeds
  {
    id: 'ts-01',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'How many postcodes can only get ADSL?',
    gold: `
      SELECT COUNT(*) AS postcodes FROM (
        SELECT postcode FROM fact_operator GROUP BY postcode
        HAVING SUM(CASE WHEN tech <> 'adsl' THEN 1 ELSE 0 END) = 0
      ) t`,
  },
  {
    id: 'ts-02',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: "What's the fastest upload speed on offer in Westminster?",
    gold: `
      SELECT MAX(f.fastest_up) AS fastest_up FROM fact_operator f
      JOIN upc_output u ON u.postcode = f.postcode WHERE u.la_name = 'Westminster'`,
  },
  {
    id: 'ts-03',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'Number of postcodes where the best available download speed is under 30 Mbps',
    gold: `
      SELECT COUNT(*) AS postcodes FROM (
        SELECT postcode FROM fact_operator GROUP BY postcode HAVING MAX(fastest_down) < 30
      ) t`,
  },
  {
    id: 'ts-04',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'How many premises are covered by FTTC?',
    gold: `
      SELECT SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fttc')`,
  },
  {
    id: 'ts-05',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'premises passed by each technology',
    gold: `
      SELECT t.tech, SUM(u.premises) AS premises
      FROM (SELECT DISTINCT tech, postcode FROM fact_operator) t JOIN upc_output u ON u.postcode = t.postcode
      GROUP BY t.tech ORDER BY premises DESC`,
  },
  {
    id: 'ts-06',
    theme: 'technology_and_speeds',
    dataset: 'upc',
    question: 'Where is fixed wireless available? FWA premises by region',
    gold: `
      SELECT u.government_region, SUM(u.premises) AS premises FROM upc_output u
      WHERE u.postcode IN (SELECT postcode FROM fact_operator WHERE tech = 'fwa')
      GROUP BY u.government_region ORDER BY premises DESC`,
  },
];
