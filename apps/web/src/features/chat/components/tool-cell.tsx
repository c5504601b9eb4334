/**
 * Tool cells: a pending cell shows its input parameters; the completed cell shows the
 * parameters and the result, with a chart or map embedded when the tool drew one. Inputs collapse at
 * 120 px and results at 200 px. MCP tools are marked.
 */
import type { ToolResult } from '@qa/contracts';
import { ChevronDown, ChevronUp, CircleAlert, CircleCheck, Plug, Wrench } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { type AnswerTable, shownInAnswer } from '../utils/answer-tables';
import {
  argumentRows,
  chartFromResult,
  formatToolValue,
  type TabularResult,
  type ToolPart,
  tabularResult,
  toolErrorMessage,
} from '../utils/tool-parts';
import { ChartFrame } from './chart-frame';
import { CollapsibleBox } from './collapsible-box';

export const TOOL_INPUT_COLLAPSE_PX = 120;
export const TOOL_RESULT_COLLAPSE_PX = 200;

export function ToolCell({
  part,
  answerTables = [],
}: {
  part: ToolPart;
  /** The markdown tables of the answer's text: a result already shown there is folded here. */
  answerTables?: AnswerTable[];
}) {
  const { call, result } = part;
  const done = result !== null;
  const chart = done ? chartFromResult(result.result) : null;
  const failure = done ? toolErrorMessage(result.result) : null;
  return (
    <ToolFrame testId="tool-cell" status={done ? 'complete' : 'pending'} tool={call.tool_name}>
      <ToolFrameHeader>
        {call.is_mcp ? (
          <Plug aria-hidden className="size-3.5 text-sky-600" />
        ) : (
          <Wrench aria-hidden className="size-3.5 text-slate-500" />
        )}
        <span className="min-w-0 truncate font-mono text-xs font-medium text-slate-800">
          {call.tool_name}
        </span>
        {call.is_mcp ? (
          <Badge tone="blue" className="px-1.5 py-0 text-[10px]" title="Served by an MCP tool server">
            MCP
          </Badge>
        ) : null}
        <span className="ml-auto flex shrink-0 items-center gap-1.5 text-xs">
          {failure ? (
            <>
              <CircleAlert aria-hidden className="size-3.5 text-red-600" />
              <span className="text-red-700">Failed</span>
            </>
          ) : done ? (
            <>
              <CircleCheck aria-hidden className="size-3.5 text-emerald-600" />
              <span className="text-emerald-700">Done</span>
              {result.details?.result_length ? (
                <span className="text-slate-600">
                  · {result.details.result_length.toLocaleString('en-GB')} chars
                </span>
              ) : null}
            </>
          ) : (
            <>
              <Spinner className="size-3.5" label="Running" />
              <span className="text-slate-500" data-testid="tool-pending">
                Running…
              </span>
            </>
          )}
        </span>
      </ToolFrameHeader>
      <div className="space-y-3 px-3 py-2.5">
        <ToolValue label="Input" value={call.args} maxHeightPx={TOOL_INPUT_COLLAPSE_PX} testId="tool-input" />
        {chart ? <ChartFrame chart={chart} /> : null}
        {failure ? (
          <p className="rounded-md bg-red-50 px-2.5 py-2 text-xs text-red-800" data-testid="tool-error">
            {failure}
          </p>
        ) : done ? (
          <ToolResultValue value={result.result} answerTables={answerTables} chart={chart} />
        ) : null}
      </div>
    </ToolFrame>
  );
}

/** Results that matched no call: shown together after the answer's cells. */
export function ToolResultsBlock({
  results,
  answerTables = [],
}: {
  results: ToolResult[];
  answerTables?: AnswerTable[];
}) {
  return (
    <ToolFrame testId="tool-results-block">
      <ToolFrameHeader className="text-xs font-medium text-slate-700">
        <Wrench aria-hidden className="size-3.5 text-slate-500" />
        Tool results
      </ToolFrameHeader>
      <div className="divide-y divide-slate-100">
        {results.map((result, i) => {
          const chart = chartFromResult(result.result);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: results only ever append, and call ids may repeat or be empty
            <div key={`${result.tool_call_id}-${i}`} className="space-y-2 px-3 py-2.5">
              <p className="font-mono text-xs font-medium text-slate-800">{result.tool_name}</p>
              <ToolResultValue value={result.result} answerTables={answerTables} chart={chart} />
              {chart ? <ChartFrame chart={chart} /> : null}
            </div>
          );
        })}
      </div>
    </ToolFrame>
  );
}

/** The card around a tool's cell or the loose results; `status` and `tool` are there for tests and styling. */
function ToolFrame({
  testId,
  status,
  tool,
  children,
}: {
  testId: string;
  status?: 'complete' | 'pending';
  tool?: string;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs"
      data-testid={testId}
      data-status={status}
      data-tool={tool}
    >
      {children}
    </div>
  );
}

function ToolFrameHeader({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn('flex items-center gap-2 border-b border-slate-100 bg-slate-50/80 px-3 py-2', className)}
    >
      {children}
    </div>
  );
}

/** A tool's result, folded when the answer already shows its table or the tool drew it as `chart`. */
function ToolResultValue({
  value,
  answerTables,
  chart,
}: {
  value: unknown;
  answerTables: AnswerTable[];
  chart: ReturnType<typeof chartFromResult>;
}) {
  return (
    <ToolValue
      label="Result"
      value={value}
      maxHeightPx={TOOL_RESULT_COLLAPSE_PX}
      testId="tool-result"
      answerTables={answerTables}
      drawn={chart ? chart.title : null}
    />
  );
}

function ToolValue({
  label,
  value,
  maxHeightPx,
  testId,
  answerTables = [],
  drawn = null,
}: {
  label: 'Input' | 'Result';
  value: unknown;
  maxHeightPx: number;
  testId: string;
  answerTables?: AnswerTable[];
  /** The title of the chart or map the tool drew from this result: the drawing is what a reader wants, the JSON
   * behind it is for checking, so it folds. */
  drawn?: string | null;
}): ReactNode {
  const rows = label === 'Input' ? argumentRows(value) : null;
  const table = label === 'Result' ? tabularResult(value) : null;
  const inAnswer = table !== null && shownInAnswer(table, answerTables);
  const [open, setOpen] = useState(false);
  const foldNote = inAnswer
    ? `${rowCountText(table)} · the table is shown in the answer`
    : drawn && label === 'Result'
      ? `drawn as “${drawn}”`
      : null;
  if (foldNote) {
    // Shown elsewhere already (the answer's table, or the chart drawn from it): one copy in view, this one a click away.
    return (
      <div
        data-testid={testId}
        data-table-in-answer={inAnswer ? 'true' : undefined}
        data-folded={drawn && !inAnswer ? 'drawn' : undefined}
      >
        <p className="flex flex-wrap items-center gap-x-2 text-[11px] font-medium tracking-wide text-slate-500 uppercase">
          {label}
          <span className="font-normal tracking-normal normal-case">· {foldNote}</span>
          <button
            type="button"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            className="inline-flex items-center gap-1 rounded px-1 font-medium tracking-normal text-brand-700 normal-case hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {open ? (
              <ChevronUp aria-hidden className="size-3.5" />
            ) : (
              <ChevronDown aria-hidden className="size-3.5" />
            )}
            {open ? 'Hide the raw result' : 'Show the raw result'}
          </button>
        </p>
        {open ? (
          <CollapsibleBox maxHeightPx={maxHeightPx} label={label.toLowerCase()} className="mt-1">
            {table ? <ResultTable table={table} /> : <RawValue value={value} />}
          </CollapsibleBox>
        ) : null}
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <p className="mb-1 text-[11px] font-medium tracking-wide text-slate-500 uppercase">
        {label}
        {table ? (
          <span className="ml-1.5 font-normal tracking-normal normal-case">· {rowCountText(table)}</span>
        ) : null}
      </p>
      <CollapsibleBox maxHeightPx={maxHeightPx} label={label.toLowerCase()}>
        {rows ? (
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1.5 rounded-md bg-slate-50 px-2.5 py-2 font-mono text-xs leading-relaxed">
            {rows.map((row) => (
              <div key={row.name} className="contents">
                <dt className="text-slate-500">{row.name}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-800">{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : table ? (
          <ResultTable table={table} />
        ) : (
          <RawValue value={value} />
        )}
      </CollapsibleBox>
    </div>
  );
}

function RawValue({ value }: { value: unknown }) {
  return (
    <pre className="rounded-md bg-slate-50 px-2.5 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-700">
      {formatToolValue(value) || <span className="text-slate-600">(none)</span>}
    </pre>
  );
}

function rowCountText(table: TabularResult): string {
  const count = table.rowCount ?? table.rows.length;
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'row' : 'rows'}${table.truncated ? ' (truncated)' : ''}`;
}

function ResultTable({ table }: { table: TabularResult }) {
  // SQL may repeat a column name, so a column is known by its position too.
  const columnIds = table.columns.map((column, j) => `${j}:${column}`);
  return (
    <div className="overflow-x-auto rounded-md border border-slate-100">
      <table className="w-full text-left text-xs">
        <thead className="bg-slate-50 text-slate-500">
          <tr>
            {columnIds.map((id, j) => (
              <th key={id} className="px-2.5 py-1.5 font-medium whitespace-nowrap">
                {table.columns[j]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <tr key={i}>
              {columnIds.map((id, j) => (
                <td key={id} className="px-2.5 py-1 whitespace-nowrap text-slate-700 tabular-nums">
                  {cellText(row[j])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) ? value.toLocaleString('en-GB') : String(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
