import { LOG_PANEL_CAP } from '@qa/contracts';
import { Eraser } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { useLogStream } from '../hooks/use-log-stream';
import type { LogRow } from '../utils/log-entries';

/** Level colours for the dark log surface. */
const LEVEL_CLASSES = {
  trace: 'text-slate-400',
  debug: 'text-slate-400',
  info: 'text-sky-400',
  warn: 'text-amber-400',
  error: 'text-red-400',
  fatal: 'text-red-300 font-bold',
} as const;

/** Follow the newest line only while the reader is already at the bottom (within 20 px). */
const FOLLOW_THRESHOLD_PX = 20;

export function LogPanel() {
  const { status, entries, clear } = useLogStream();
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a row arrives.
  useEffect(() => {
    const el = scroller.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [entries]);

  const connected = status === 'connected';
  return (
    <Card className="flex h-[calc(100vh-15rem)] min-h-96 flex-col overflow-hidden">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <span
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
            connected
              ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20'
              : 'bg-slate-100 text-slate-600 ring-slate-500/20',
          )}
          data-testid="log-connection-status"
          data-status={status}
          role="status"
        >
          <span className="relative flex size-2">
            {connected ? (
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
            ) : null}
            <span
              className={cn(
                'relative inline-flex size-2 rounded-full',
                connected ? 'bg-emerald-500' : 'bg-slate-400',
              )}
            />
          </span>
          {connected ? 'Connected' : 'Disconnected'}
        </span>
        <span className="text-xs text-slate-500 tabular-nums" data-testid="log-count">
          {entries.length} / {LOG_PANEL_CAP} entries
        </span>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          onClick={clear}
          disabled={entries.length === 0}
        >
          <Eraser aria-hidden />
          Clear
        </Button>
      </div>
      <div
        ref={scroller}
        onScroll={(event) => {
          const el = event.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto fixed-palette bg-slate-950 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 font-mono text-[12.5px] leading-relaxed text-slate-200"
        role="log"
        aria-live="polite"
        aria-label="Server log"
        // Scrolls by keyboard too (a focusable region), with a visible focus.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
        tabIndex={0}
      >
        {entries.length === 0 ? (
          <p className="px-4 py-6 text-slate-400">
            {connected ? 'Waiting for log lines...' : 'Not connected. Retrying every second...'}
          </p>
        ) : (
          <ol className="py-2">
            {entries.map((entry) => (
              <LogLine key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}

function LogLine({ entry }: { entry: LogRow }) {
  return (
    <li
      className="grid grid-cols-[11.5rem_4.5rem_1fr] gap-3 px-4 py-0.5 hover:bg-white/5"
      data-testid="log-line"
    >
      <time dateTime={entry.time} className="text-slate-400 tabular-nums">
        {formatDateTime(entry.time)}
      </time>
      <span className={cn('font-semibold uppercase', LEVEL_CLASSES[entry.level])}>{entry.level}</span>
      <div className="min-w-0 break-words whitespace-pre-wrap">
        {entry.context && Object.keys(entry.context).length ? (
          <details className="group">
            <summary className="cursor-pointer list-none marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="mr-1.5 inline-block text-slate-400 transition-transform group-open:rotate-90">
                ›
              </span>
              {entry.msg}
              {entry.req_id ? <span className="ml-2 text-slate-400">[{entry.req_id}]</span> : null}
            </summary>
            <pre className="mt-1 mb-1.5 ml-4 overflow-x-auto rounded bg-white/5 px-2.5 py-1.5 text-[11.5px] text-slate-400">
              {JSON.stringify(entry.context, null, 2)}
            </pre>
          </details>
        ) : (
          <>
            <span className="mr-1.5 inline-block text-transparent">›</span>
            {entry.msg}
            {entry.req_id ? <span className="ml-2 text-slate-400">[{entry.req_id}]</span> : null}
          </>
        )}
      </div>
    </li>
  );
}
