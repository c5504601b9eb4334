/**
 * Issue 23, acceptance 3: no answer of the built-in analyst speaks code. Every question of the golden set and
 * the held-out sets is answered on the small generated warehouse, and every text a user reads — the restatement,
 * the reasoning line, the explanation of the SQL, the analysis, the message of an answer without data, the
 * "Did you mean" readings and the chart's title, axes and legend — is scanned for the warehouse's own words
 * (`fastest_down`, `fttponly`, table and column names) and for ISO dates. The SQL itself is exempt, and so are
 * the column names the explanation lists in code spans (`premises_passed`: the result table's own header).
 *
 * ANSWER_TEXT_DUMP=<file> writes every answer's texts to a JSON file to read them.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BuiltinPlanner } from '../apps/api/src/analyst/agent/builtin-planner.js';
import { createQueryAgent, type QueryAgent } from '../apps/api/src/analyst/agent/query-agent.js';
import type { ClosableAgentWarehouse } from '../apps/api/src/analyst/agent/warehouse-adapter.js';
import { loadAnalystKnowledge } from '../apps/api/src/analyst/reading/builtin-analyst.js';
import { chooseVisual } from '../apps/api/src/analyst/visuals/auto-visual.js';
import { openSmallWarehouse } from '../apps/api/test/support/small-warehouse.js';
import { holdoutQuestions } from './holdout.js';
import { holdout2Questions } from './holdout2.js';
import { holdout3Questions } from './holdout3.js';
import { holdout4Questions } from './holdout4.js';
import { holdout5Questions } from './holdout5.js';
import { holdout6Questions } from './holdout6.js';
import { questions } from './questions.js';

const ALL = [
  ...questions,
  ...holdoutQuestions,
  ...holdout2Questions,
  ...holdout3Questions,
  ...holdout4Questions,
  ...holdout5Questions,
  ...holdout6Questions,
];

/**
 * Words of the warehouse a reader never sees: its codes and ISO dates anywhere; its column and table names
 * anywhere but in code spans (the explanation names the result's columns and the tables it reads as code).
 */
const CODE_WORDS: { what: string; pattern: RegExp; inCode?: 'allowed' }[] = [
  { what: 'fastest_down', pattern: /fastest_down/i },
  { what: 'fastest_up', pattern: /fastest_up/i },
  { what: 'fttponly', pattern: /fttponly/i },
  { what: 'fttp_', pattern: /\bfttp_/i },
  { what: 'an ISO date', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { what: 'an SQL comparison', pattern: /\b[a-z_]+ (?:>=|<=|<>|!=|=|IN) ?(?:\d|'|\()/ },
  {
    what: 'a technology code',
    pattern: /\btech (?:fttponly|fttp|fttc|cable|fwa|adsl)\b|\b(?:fttponly|fttp|fttc|adsl|fwa)\b(?![^`]*`)/,
  },
  {
    what: 'a column name',
    pattern:
      /\b(?:reported_at|activated_date|operator_group|la_name|la_code|government_region|postcode_area|postcode_district|post_sector|is_altnet|network_type|meets_uso|best_down|urban_rural|premises_passed|total_premises|coverage_pct|pp_change)\b/,
    inCode: 'allowed',
  },
  {
    what: 'a table name',
    pattern:
      /\b(?:upc_output\w*|fact_operator\w*|fact_altnet\w*|forecast_footprint|take_up_quarterly|take_up_postcode|postcode_service_latest|postcode_attractiveness)\b/,
    inCode: 'allowed',
  },
];

const withoutCodeSpans = (text: string) => text.replace(/`[^`]*`/g, '`…`');

/**
 * What the scan skips: the result's column names that head the explanation's column list (the table's own
 * header), and the question's own words where an answer quotes them ("fttp" not used).
 */
function scanned(text: string, question: string): string {
  const asked = question.toLowerCase();
  return text
    .replace(/^- `[^`]*`:/gm, '- `…`:')
    .replace(/"([^"]*)"/g, (quoted, words: string) => (asked.includes(words.toLowerCase()) ? '"…"' : quoted));
}

interface AnswerTexts {
  id: string;
  question: string;
  texts: Record<string, string>;
}

/** Every string under a chart spec's options that a reader sees: titles, axis names, series and legend names. */
function chartWords(options: unknown, out: string[] = []): string[] {
  if (Array.isArray(options)) for (const item of options) chartWords(item, out);
  else if (options && typeof options === 'object')
    for (const [key, value] of Object.entries(options)) {
      if ((key === 'text' || key === 'name' || key === 'subtext') && typeof value === 'string')
        out.push(value);
      else if (key !== 'data') chartWords(value, out);
    }
  return out;
}

let warehouse: ClosableAgentWarehouse;
let agent: QueryAgent;
let builtin: BuiltinPlanner;
beforeAll(async () => {
  warehouse = await openSmallWarehouse();
  builtin = new BuiltinPlanner(await loadAnalystKnowledge(warehouse));
  agent = createQueryAgent({ warehouse, builtin });
}, 300_000);
afterAll(() => warehouse?.close());

async function answerTexts(id: string, question: string): Promise<AnswerTexts> {
  const answer = await agent.answer({ question, planner: builtin });
  const texts: Record<string, string> = {
    interpretation: answer.interpretation,
    reasoning: answer.classification.reasoning,
    ...(answer.message ? { message: answer.message } : {}),
    ...(answer.explanation ? { explanation: answer.explanation } : {}),
    ...(answer.analysis ? { analysis: answer.analysis } : {}),
  };
  answer.alternatives?.forEach((a, i) => {
    texts[`alternative ${i + 1}`] = a.interpretation;
  });
  if (answer.result && answer.sql) {
    // The chart the result page offers, titled and labelled as it would be there.
    const { visual } = chooseVisual({
      title: answer.interpretation,
      columns: answer.result.columns.map((c) => c.name),
      rows: answer.result.rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : String(v)))),
      sql: answer.sql,
    });
    if (visual) {
      texts.chart = [
        visual.title,
        visual.spec.format?.measure ?? '',
        visual.spec.format?.unit ?? '',
        ...chartWords(visual.spec.options),
      ].join(' | ');
    }
  }
  return { id, question, texts };
}

it("no answer text of the golden and held-out sets speaks the warehouse's code or ISO dates", async () => {
  const answers: AnswerTexts[] = [];
  for (const q of ALL) answers.push(await answerTexts(q.id, q.question));
  if (process.env.ANSWER_TEXT_DUMP)
    writeFileSync(process.env.ANSWER_TEXT_DUMP, JSON.stringify(answers, null, 2));
  const offences: string[] = [];
  for (const a of answers)
    for (const [field, text] of Object.entries(a.texts))
      for (const { what, pattern, inCode } of CODE_WORDS) {
        const seen = scanned(text, a.question);
        const hit = pattern.exec(inCode === 'allowed' ? withoutCodeSpans(seen) : seen);
        if (hit) offences.push(`${a.id} ${field}: ${what} ("${hit[0]}")`);
      }
  const offending = new Set(offences.map((o) => o.split(' ')[0]));
  expect({ answers: offending.size, offences }).toEqual({ answers: 0, offences: [] });
}, 600_000);
