/**
 * Tool cells (spec §2, §4): a pending cell shows its input parameters; the completed cell shows the
 * parameters and the result, with a chart or map embedded when the tool drew one. Inputs collapse at
 * 120 px and results at 200 px. MCP tools are marked.
 */
import type { ToolResult } from '@qa/contracts';
import { CircleCheck, Plug, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { chartFromResult, formatToolValue, type ToolPart } from '../utils/tool-parts';
import { ChartFrame } from './chart-frame';
import { CollapsibleBox } from './collapsible-box';

export const TOOL_INPUT_COLLAPSE_PX = 120;
export const TOOL_RESULT_COLLAPSE_PX = 200;

export function ToolCell({ part }: { part: ToolPart }) {
  const { call, result } = part;
  const done = result !== null;
  const chart = done ? chartFromResult(result.result) : null;
  return (
    <div
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs"
      data-testid="tool-cell"
      data-status={done ? 'complete' : 'pending'}
      data-tool={call.tool_name}
    >
      <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50/80 px-3 py-2">
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
          {done ? (
            <>
              <CircleCheck aria-hidden className="size-3.5 text-emerald-600" />
              <span className="text-emerald-700">Done</span>
              {result.details?.result_length ? (
                <span className="text-slate-400">
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
      </div>
      <div className="space-y-3 px-3 py-2.5">
        <ToolValue label="Input" value={call.args} maxHeightPx={TOOL_INPUT_COLLAPSE_PX} testId="tool-input" />
        {done ? (
          <ToolValue
            label="Result"
            value={result.result}
            maxHeightPx={TOOL_RESULT_COLLAPSE_PX}
            testId="tool-result"
          />
        ) : null}
        {chart ? <ChartFrame chart={chart} /> : null}
      </div>
    </div>
  );
}

/** Results that matched no call (spec §4): shown together after the answer's cells. */
export function ToolResultsBlock({ results }: { results: ToolResult[] }) {
  return (
    <div
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs"
      data-testid="tool-results-block"
    >
      <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50/80 px-3 py-2 text-xs font-medium text-slate-700">
        <Wrench aria-hidden className="size-3.5 text-slate-500" />
        Tool results
      </div>
      <div className="divide-y divide-slate-100">
        {results.map((result, i) => {
          const chart = chartFromResult(result.result);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: results only ever append, and call ids may repeat or be empty
            <div key={`${result.tool_call_id}-${i}`} className="space-y-2 px-3 py-2.5">
              <p className="font-mono text-xs font-medium text-slate-800">{result.tool_name}</p>
              <ToolValue
                label="Result"
                value={result.result}
                maxHeightPx={TOOL_RESULT_COLLAPSE_PX}
                testId="tool-result"
              />
              {chart ? <ChartFrame chart={chart} /> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function ToolValue({
  label,
  value,
  maxHeightPx,
  testId,
}: {
  label: string;
  value: unknown;
  maxHeightPx: number;
  testId: string;
}): ReactNode {
  const text = formatToolValue(value);
  return (
    <div data-testid={testId}>
      <p className="mb-1 text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <CollapsibleBox maxHeightPx={maxHeightPx} label={`${label.toLowerCase()}`}>
        <pre className="rounded-md bg-slate-50 px-2.5 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-700">
          {text || <span className="text-slate-400">(none)</span>}
        </pre>
      </CollapsibleBox>
    </div>
  );
}
