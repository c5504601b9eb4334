/**
 * The built-in analyst as an AI SDK language model (model id `builtin`), so the chat's own loop, tools and
 * stream run unchanged with no key and no network. On a user turn it reads the message (builtin-intent.ts) and
 * calls tools: run_sql with the analyst's SQL, plus create_chart or create_map when a chart or map was asked
 * for, la_stats for one local authority, describe_datasets for questions about the data. On the turn after the
 * tool results it streams a markdown answer written from those results by the analyst (every number it quotes
 * is read from a tool result). Usage is an estimate (about four characters per token) and costs nothing.
 */
import { randomUUID } from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { formatNumber } from '../../analyst/compile/narrate.js';
import { BUILTIN_MODEL_ID } from '../../analyst/llm/model-table.js';
import type { BuiltinAnalyst } from '../../analyst/reading/builtin-analyst.js';
import { SQL_ROW_LIMIT } from '../../analyst/tools/warehouse-sql.js';
import { type BuiltinAction, type ChatTurnContext, chosenAction, readMessage } from './builtin-intent.js';
import type { ChosenReading } from './reading-choice.js';

const CHARS_PER_TOKEN = 4;
const TEXT_CHUNK_CHARS = 24;
const TABLE_ROWS = 10;
const TABLE_MAX_COLUMNS = 6;
/** How many listed values a turn keeps for "those" in the next message. */
const SHOWN_VALUES = 50;

type ToolResults = Map<string, { value: unknown; error: boolean }>;
type Step = { text: string; toolCalls: { toolName: string; input: Record<string, unknown> }[] };

function promptChars(prompt: LanguageModelV3Prompt): number {
  return prompt.reduce(
    (sum, message) =>
      sum +
      (typeof message.content === 'string'
        ? message.content.length
        : message.content.reduce((n, part) => n + JSON.stringify(part).length, 0)),
    0,
  );
}

function usageFor(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / CHARS_PER_TOKEN);
  const output = Math.ceil(outputChars / CHARS_PER_TOKEN);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** The last user message, and the tool results that came after it (empty on a user turn). */
function readPrompt(prompt: LanguageModelV3Prompt): { message: string; results: ToolResults } {
  let lastUser = -1;
  prompt.forEach((entry, i) => {
    if (entry.role === 'user') lastUser = i;
  });
  const user = prompt[lastUser];
  const message =
    user && user.role === 'user'
      ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
      : '';
  const results: ToolResults = new Map();
  for (const entry of prompt.slice(lastUser + 1)) {
    if (entry.role !== 'tool') continue;
    for (const part of entry.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      const value =
        output.type === 'json' || output.type === 'error-json'
          ? output.value
          : output.type === 'text' || output.type === 'error-text'
            ? tryJson(output.value)
            : null;
      results.set(part.toolName, { value, error: output.type.startsWith('error') });
    }
  }
  return { message, results };
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function errorOf(result: { value: unknown; error: boolean } | undefined): string | null {
  if (!result) return null;
  const record = asRecord(result.value);
  if (typeof record.error === 'string') return record.error;
  if (result.error) return typeof result.value === 'string' ? result.value : 'the tool failed';
  return null;
}

function markdownTable(columns: string[], rows: unknown[][]): string {
  const cell = (value: unknown, column: string) => formatNumber(value, column).replace(/\|/g, '\\|');
  return [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c, i) => cell(row[i], c)).join(' | ')} |`),
  ].join('\n');
}

export class BuiltinChatModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'builtin';
  readonly modelId = BUILTIN_MODEL_ID;
  readonly supportedUrls = {};

  /** What this turn leaves for the next message to refer to, once it has answered (saved with the answer). */
  turnContext: ChatTurnContext | null = null;

  /**
   * @param previous what the previous answer in the conversation left (its plan), read from the stored
   *   conversation, so a follow-up resolves the same on any server process and after a reload.
   * @param chosen a reading chosen under "Did you mean": answered as it is, the message is not read.
   */
  constructor(
    private readonly analyst: BuiltinAnalyst,
    private readonly exampleQuestions: string[] = [],
    private readonly previous: ChatTurnContext | null = null,
    private readonly chosen: ChosenReading | null = null,
  ) {}

  /** What to say or call for this prompt. */
  private step(options: LanguageModelV3CallOptions): Step {
    const { message, results } = readPrompt(options.prompt);
    const available = new Set((options.tools ?? []).map((tool) => tool.name));
    const action = this.chosen
      ? chosenAction(this.chosen.question, this.chosen.planned, this.chosen.alternatives)
      : readMessage(this.analyst, message, this.previous);
    this.turnContext = contextOf(action, results);
    if (results.size > 0) return { text: this.answer(action, results), toolCalls: [] };
    return this.plan(action, available);
  }

  private plan(action: BuiltinAction, tools: Set<string>): Step {
    const missing = (name: string): Step => ({
      text: `I need the \`${name}\` tool for this, and it is not available right now.`,
      toolCalls: [],
    });
    switch (action.kind) {
      case 'describe':
        if (!tools.has('describe_datasets')) return missing('describe_datasets');
        return { text: '', toolCalls: [{ toolName: 'describe_datasets', input: {} }] };
      case 'la_stats':
        if (!tools.has('la_stats')) return missing('la_stats');
        return {
          text: `Here are the broadband statistics for ${action.localAuthority}.\n\n`,
          toolCalls: [{ toolName: 'la_stats', input: { local_authority: action.localAuthority } }],
        };
      case 'unsupported':
        return { text: this.unsupported(action.reasoning), toolCalls: [] };
      case 'query': {
        if (!tools.has('run_sql')) return missing('run_sql');
        const calls: Step['toolCalls'] = [{ toolName: 'run_sql', input: { sql: action.sql } }];
        // Charts are titled with the question as answered, not its words ("That" in "show that as a line chart").
        const title = chartTitle(action);
        if (action.draw?.tool === 'create_chart' && tools.has('create_chart')) {
          calls.push({
            toolName: 'create_chart',
            input: {
              title,
              chart_type: action.draw.type,
              sql: action.sql,
              ...(action.measure ? { y: action.measure } : {}),
            },
          });
        }
        if (action.draw?.tool === 'create_map' && tools.has('create_map')) {
          calls.push({
            toolName: 'create_map',
            input: {
              title,
              sql: action.sql,
              ...(action.place ? { area_column: action.place } : {}),
              ...(action.measure ? { value_column: action.measure } : {}),
            },
          });
        }
        // No preamble: the tool cells say what is being done, and a whole (non-streamed) answer shows its cells
        // before its words, where "I will query the data" would read after the results.
        return { text: '', toolCalls: calls };
      }
    }
  }

  private unsupported(reasoning: string): string {
    const examples = this.exampleQuestions.slice(0, 4).map((q) => `- ${q}`);
    return [
      "I couldn't turn that into a question about the broadband data.",
      reasoning ? `\n_${reasoning}_` : '',
      '\nI answer questions about UK broadband availability (networks, full fibre and gigabit coverage, altnets, ' +
        'competition, regions and local authorities), forecasts to 2030 and take-up.',
      examples.length ? `\nFor example:\n${examples.join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }

  private answer(action: BuiltinAction, results: ToolResults): string {
    switch (action.kind) {
      case 'describe':
        return describeAnswer(results.get('describe_datasets'));
      case 'la_stats':
        return laStatsAnswer(results.get('la_stats'));
      case 'unsupported':
        return this.unsupported(action.reasoning);
      case 'query':
        return this.queryAnswer(action, results);
    }
  }

  private queryAnswer(action: Extract<BuiltinAction, { kind: 'query' }>, results: ToolResults): string {
    const out: string[] = [];
    const sql = results.get('run_sql');
    const sqlError = errorOf(sql);
    const drawn = results.get('create_chart') ?? results.get('create_map');
    const drawError = errorOf(drawn);
    const drawnRecord = asRecord(drawn?.value);
    const chart = asRecord(drawnRecord.chart);
    // Which question was answered, first, as on the query tool's result (generated from the same plan).
    if (action.planned.interpretation) out.push(`**Answered as:** ${action.planned.interpretation}`, '');

    if (sqlError || !sql) {
      out.push(`The query could not run: ${sqlError ?? 'no result came back'}.`);
    } else {
      const result = asRecord(sql.value);
      const columns = (Array.isArray(result.columns) ? result.columns : []).map(String);
      const types = Array.isArray(result.column_types) ? result.column_types.map(String) : [];
      const rows = (Array.isArray(result.rows) ? result.rows : []) as unknown[][];
      // run_sql hands a model at most MODEL_ROW_CAP rows; row_count is what the query returned. Only a query cut at
      // SQL_ROW_LIMIT is "cut at the row limit"; a shorter view of a whole result is said as such.
      const rowCount = typeof result.row_count === 'number' ? result.row_count : rows.length;
      const viewCapped = rows.length < rowCount;
      out.push(
        this.analyst.analyse(action.planned, {
          columns: columns.map((name, i) => ({ name, type: types[i] ?? '' })),
          rows,
          truncated: rowCount >= SQL_ROW_LIMIT || (result.truncated === true && !viewCapped),
        }),
      );
      if (viewCapped)
        out.push(
          '',
          `_These figures are read from the first ${rows.length.toLocaleString('en-GB')} of ${rowCount.toLocaleString('en-GB')} rows, in the query's order${drawn && !drawError ? `; the ${action.draw?.tool === 'create_map' ? 'map' : 'chart'} draws every row` : ''}._`,
        );
      if (!drawn && rows.length > 1 && columns.length <= TABLE_MAX_COLUMNS) {
        out.push('', markdownTable(columns, rows.slice(0, TABLE_ROWS)));
        if (rows.length > TABLE_ROWS) out.push('', `_First ${TABLE_ROWS} of ${result.row_count} rows._`);
      }
    }
    if (drawn) {
      const what = action.draw?.tool === 'create_map' ? 'map' : 'chart';
      if (drawError) out.push('', `I could not draw the ${what}: ${drawError}.`);
      else if (what === 'map') {
        const matched = drawnRecord.places_matched;
        out.push(
          '',
          `The map **${String(chart.title ?? action.title)}** colours each place by ${drawnRecord.measure_label ? `“${String(drawnRecord.measure_label)}”` : 'the measure'}` +
            (typeof matched === 'number' ? ` (${matched} places matched)` : '') +
            '; places without a value are grey.',
        );
      } else {
        out.push('', `The chart **${String(chart.title ?? action.title)}** shows the result.`);
        // The chart picker drew another type than asked for (a line over places): say why.
        if (typeof drawnRecord.chart_type_note === 'string') out.push('', `_${drawnRecord.chart_type_note}_`);
      }
    }
    return out.join('\n');
  }

  private respond(options: LanguageModelV3CallOptions) {
    const step = this.step(options);
    const calls = step.toolCalls.map((call) => ({
      toolCallId: `builtin_${randomUUID()}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    }));
    const outputChars = step.text.length + calls.reduce((n, call) => n + call.input.length, 0);
    return {
      step,
      calls,
      usage: usageFor(promptChars(options.prompt), outputChars),
      finishReason: {
        unified: calls.length ? ('tool-calls' as const) : ('stop' as const),
        raw: calls.length ? 'tool_calls' : 'stop',
      },
    };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { step, calls, usage, finishReason } = this.respond(options);
    const content: LanguageModelV3Content[] = [];
    if (step.text) content.push({ type: 'text', text: step.text });
    for (const call of calls) content.push({ type: 'tool-call', ...call });
    return { content, finishReason, usage, warnings: [] };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const { step, calls, usage, finishReason } = this.respond(options);
    const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    if (step.text) {
      parts.push({ type: 'text-start', id: 't0' });
      for (let i = 0; i < step.text.length; i += TEXT_CHUNK_CHARS) {
        parts.push({ type: 'text-delta', id: 't0', delta: step.text.slice(i, i + TEXT_CHUNK_CHARS) });
      }
      parts.push({ type: 'text-end', id: 't0' });
    }
    for (const call of calls) {
      parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName });
      parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta: call.input });
      parts.push({ type: 'tool-input-end', id: call.toolCallId });
      parts.push({ type: 'tool-call', ...call });
    }
    parts.push({ type: 'finish', finishReason, usage });
    const signal = options.abortSignal;
    let index = 0;
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
            return;
          }
          // Yield to the event loop between parts, as a network stream would.
          await new Promise((resolve) => setImmediate(resolve));
          const part = parts[index];
          index += 1;
          if (part) controller.enqueue(part);
          if (index >= parts.length) controller.close();
        },
      }),
    };
  }
}

/**
 * A chart's title: the interpretation (the question as answered) as one line, else the title read from the words. A
 * follow-up's interpretation says how it follows ("Same as before, as a line chart — Share of ..."): the chart is
 * titled with what it shows, the part after the dash.
 */
function chartTitle(action: Extract<BuiltinAction, { kind: 'query' }>): string {
  const interpretation = action.planned.interpretation?.trim() ?? '';
  const followUp = /^Same as before\b[^—]*—\s*(.+)$/s.exec(interpretation);
  const text = (followUp?.[1] ?? interpretation).replace(/[.?!]+$/, '');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : action.title;
}

/** The plan and what the answer listed; nothing for answers a follow-up cannot build on. */
function contextOf(action: BuiltinAction, results: ToolResults): ChatTurnContext | null {
  if (action.kind === 'la_stats') return { kind: 'la_stats', localAuthority: action.localAuthority };
  if (action.kind !== 'query' || !action.planned.plan) return null;
  const plan = action.planned.plan;
  const context: ChatTurnContext = {
    kind: 'query',
    plan,
    question: action.question,
    ...(action.draw ? { draw: action.draw } : {}),
    ...(action.alternatives.length ? { alternatives: action.alternatives } : {}),
  };
  const result = asRecord(results.get('run_sql')?.value);
  const columns = Array.isArray(result.columns) ? result.columns.map(String) : [];
  const rows = (Array.isArray(result.rows) ? result.rows : []) as unknown[][];
  const index = plan.dimension ? columns.indexOf(plan.dimension) : -1;
  if (index >= 0 && rows.length > 0) {
    context.shown = rows.slice(0, SHOWN_VALUES).map((row) => String(row[index]));
  }
  return context;
}

function describeAnswer(result: { value: unknown; error: boolean } | undefined): string {
  const error = errorOf(result);
  if (error || !result) return `I could not read the dataset descriptions: ${error ?? 'no result'}.`;
  const record = asRecord(result.value);
  const datasets = (Array.isArray(record.datasets) ? record.datasets : []).map(asRecord);
  const tables = (Array.isArray(record.tables) ? record.tables : []).map(asRecord);
  const examples = (Array.isArray(record.example_questions) ? record.example_questions : []).map(String);
  const out = ['**The data I can answer from**', ''];
  for (const dataset of datasets) {
    out.push(
      `- **${String(dataset.title ?? dataset.name)}** (\`${String(dataset.name)}\`): ${String(dataset.description ?? '')}`,
    );
  }
  if (tables.length) {
    out.push('', `Tables: ${tables.map((t) => `\`${String(t.name)}\``).join(', ')}.`);
  }
  if (examples.length)
    out.push('', '**Questions you could ask**', '', ...examples.slice(0, 6).map((q) => `- ${q}`));
  if (typeof record.note === 'string') out.push('', `_${record.note}_`);
  return out.join('\n');
}

function laStatsAnswer(result: { value: unknown; error: boolean } | undefined): string {
  const error = errorOf(result);
  if (error || !result) {
    const candidates = asRecord(result?.value).candidates;
    const list =
      Array.isArray(candidates) && candidates.length ? ` Did you mean: ${candidates.join(', ')}?` : '';
    return `I could not get the statistics: ${error ?? 'no result'}.${list}`;
  }
  const r = asRecord(result.value);
  const la = asRecord(r.local_authority);
  const fullFibre = asRecord(r.full_fibre);
  const gigabit = asRecord(r.gigabit);
  const growth = asRecord(r.growth_12m);
  const networks = (Array.isArray(r.networks) ? r.networks : []).map(asRecord);
  const altnets = (Array.isArray(r.altnets) ? r.altnets : []).map(String);
  const n = (value: unknown, column = '') => formatNumber(value, column);
  const out = [
    `**${String(la.la_name)}** (${String(la.government_region)}), snapshot ${String(r.snapshot)}:`,
    '',
    `- **${n(r.premises)}** premises in **${n(r.postcodes)}** postcodes (${n(r.households)} households, population ${n(r.population)})`,
    `- Full fibre: **${n(fullFibre.premises)}** premises (**${n(fullFibre.coverage_pct, 'pct')}**)`,
    `- Gigabit-capable: **${n(gigabit.premises)}** premises (**${n(gigabit.coverage_pct, 'pct')}**)`,
    `- Networks present: **${n(r.networks_present)}**${altnets.length ? `, of which altnets: ${altnets.join(', ')}` : ', no altnets'}`,
  ];
  if (growth.from) {
    out.push(
      `- Full fibre since ${String(growth.from)}: ${n(growth.full_fibre_pct_then, 'pct')} → ${n(growth.full_fibre_pct_now, 'pct')} (${n(growth.change_pp, 'pp_change')}, ${n(growth.full_fibre_premises_gained)} premises gained)`,
    );
  }
  if (networks.length) {
    out.push(
      '',
      markdownTable(
        ['network', 'premises_passed', 'coverage_pct'],
        networks.slice(0, TABLE_ROWS).map((net) => [net.network, net.premises_passed, net.coverage_pct]),
      ),
    );
  }
  out.push('', '_Operator footprints are modelled (synthetic data calibrated to public figures)._');
  return out.join('\n');
}
