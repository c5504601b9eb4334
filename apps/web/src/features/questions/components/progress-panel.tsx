/**
 * 'Progress Updates': shown after a submit once there are messages; at most 400 px tall and
 * scrolling; open while a question runs and closed when it ends, with the user free to toggle; following
 * the newest message while running. Messages are shown by the progress rules (tags stripped, repeats dropped).
 */
import type { LiveFeedMessage } from '@qa/contracts';
import { Activity, ChevronDown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toDisplayProgress } from '../../../components/query-result/progress';
import { PROGRESS_PANEL_MAX_HEIGHT_PX } from '../../../components/query-result/progress-constants';
import { ProgressList } from '../../../components/query-result/progress-list';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

export function ProgressPanel({ messages, loading }: { messages: LiveFeedMessage[]; loading: boolean }) {
  const items = useMemo(() => toDisplayProgress(messages), [messages]);
  const [open, setOpen] = useState(loading);
  const listRef = useRef<HTMLDivElement>(null);
  const bodyId = useId();

  useEffect(() => {
    setOpen(loading);
  }, [loading]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow each new message while running.
  useEffect(() => {
    const list = listRef.current;
    if (loading && open && list) list.scrollTop = list.scrollHeight;
  }, [items.length, loading, open]);

  if (items.length === 0) return null;

  return (
    <Card className="overflow-hidden" data-testid="progress-panel">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-3 px-5 py-3.5 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Activity aria-hidden className={cn('size-4', loading && 'animate-pulse')} />
        </span>
        <span className="text-[15px] font-semibold text-slate-900">Progress Updates</span>
        <Badge tone={loading ? 'brand' : 'neutral'} data-testid="progress-count">
          {items.length}
        </Badge>
        <ChevronDown
          aria-hidden
          className={cn('ml-auto size-4 text-slate-500 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <section
          id={bodyId}
          ref={listRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label="Progress updates"
          className="overflow-y-auto border-t border-slate-100 px-5 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          style={{ maxHeight: PROGRESS_PANEL_MAX_HEIGHT_PX }}
          data-testid="progress-panel-body"
        >
          <ProgressList items={items} active={loading} />
        </section>
      ) : null}
    </Card>
  );
}
