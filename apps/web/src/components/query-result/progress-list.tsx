import { CircleCheck } from 'lucide-react';
import { formatDateTime } from '../../lib/format-date';
import type { DisplayProgress } from './progress';

const EXECUTING = /^(executing sql query:?)\s*([\s\S]*)$/i;

/** Progress messages as a timeline; an executed statement is shown as code. */
export function ProgressList({ items, active = false }: { items: DisplayProgress[]; active?: boolean }) {
  return (
    <ol className="space-y-0.5" data-testid="progress-list">
      {items.map((item, index) => {
        const last = index === items.length - 1;
        const sql = EXECUTING.exec(item.message);
        return (
          <li key={item.key} className="flex gap-3 py-1.5 text-sm" data-testid="progress-item">
            <span className="relative mt-1 flex size-3.5 shrink-0 items-center justify-center">
              {last && active ? (
                <span className="absolute size-3 animate-ping rounded-full bg-brand-400/60" />
              ) : null}
              {last && !active ? (
                <CircleCheck aria-hidden className="size-3.5 text-emerald-600" />
              ) : (
                <span className="relative size-2 rounded-full bg-brand-500" />
              )}
            </span>
            <div className="min-w-0 flex-1">
              {sql ? (
                <>
                  <span className="text-slate-700">{sql[1]}</span>
                  {/* A scrolling box the keyboard can reach (and scroll) too. */}
                  <section
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
                    tabIndex={0}
                    aria-label="SQL executed"
                    className="mt-1 block max-h-28 overflow-auto rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-xs whitespace-pre-wrap text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <code>{sql[2]}</code>
                  </section>
                </>
              ) : (
                <span className="break-words text-slate-700">{item.message}</span>
              )}
            </div>
            {item.timestamp ? (
              <time
                dateTime={item.timestamp}
                className="shrink-0 pt-0.5 font-mono text-[11px] text-slate-600 tabular-nums"
              >
                {formatDateTime(item.timestamp, '')}
              </time>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
