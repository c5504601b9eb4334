import { ListChecks } from 'lucide-react';
import { useMemo } from 'react';
import { parseProgressLog, toDisplayProgress } from '../../../components/query-result/progress';
import { PROGRESS_PANEL_MAX_HEIGHT_PX } from '../../../components/query-result/progress-constants';
import { ProgressList } from '../../../components/query-result/progress-list';
import { ResultSection } from '../../../components/query-result/result-section';
import { HISTORY_MESSAGES } from '../utils/history-messages';

/** The saved progress log of a query: a JSON string or an array; unparseable logs say so. */
export function ProgressLog({ value }: { value: unknown }) {
  const parsed = useMemo(() => parseProgressLog(value), [value]);
  const items = useMemo(() => (parsed.ok ? toDisplayProgress(parsed.entries) : []), [parsed]);
  return (
    <ResultSection title="Progress Log" icon={ListChecks} data-testid="progress-log">
      {!parsed.ok ? (
        <div
          className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          role="alert"
        >
          <p className="font-medium">{HISTORY_MESSAGES.progressUnparseable}</p>
          <p className="mt-0.5 text-amber-800">{HISTORY_MESSAGES.progressCheckConsole}</p>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">No progress updates were recorded.</p>
      ) : (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label="Saved progress log"
          className="overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
          style={{ maxHeight: PROGRESS_PANEL_MAX_HEIGHT_PX }}
        >
          <ProgressList items={items} />
        </section>
      )}
    </ResultSection>
  );
}
