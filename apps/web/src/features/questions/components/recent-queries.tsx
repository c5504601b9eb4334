import type { QueryRecord, RecentScope } from '@qa/contracts';
import { History, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { QuestionListItem } from '../../../components/question-list-item';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

const SCOPES: { value: RecentScope; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'mine', label: 'Mine' },
];

/** Everyone's questions (the default) or the signed-in user's own. */
function ScopeSwitch({ scope, onScope }: { scope: RecentScope; onScope: (scope: RecentScope) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form's fieldset
    <div role="group" aria-label="Whose questions" className="flex rounded-lg border border-slate-300 p-0.5">
      {SCOPES.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={scope === value}
          onClick={() => onScope(value)}
          data-testid={`recent-scope-${value}`}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
            scope === value ? 'bg-brand-600 text-on-accent' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * 'Recently Asked Questions': the newest five, from every user (answered with data) or only the user's own, each
 * opening its detail page.
 */
export function RecentQueries({
  items,
  loading,
  scope = 'everyone',
  onScope,
}: {
  items: QueryRecord[];
  loading: boolean;
  scope?: RecentScope;
  onScope?: (scope: RecentScope) => void;
}) {
  return (
    <Card className="overflow-hidden" data-testid="recent-queries">
      <section>
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-3.5">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <History aria-hidden className="size-4" />
          </span>
          <h2 className="text-[15px] font-semibold text-slate-900">Recently Asked Questions</h2>
          {onScope ? <ScopeSwitch scope={scope} onScope={onScope} /> : null}
          <Link
            to="/results"
            className="ml-auto text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            View All Query History →
          </Link>
        </header>
        {loading ? (
          <p className="flex items-center gap-2.5 px-5 py-6 text-sm text-slate-500">
            <Spinner className="size-4" label="Loading recent queries" />
            Loading recent queries...
          </p>
        ) : items.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600">No recent queries available</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <QuestionListItem key={item.id} item={item} testId="recent-query" density="compact">
                {item.feedback_rating !== null ? (
                  <p
                    className="mt-1.5 flex items-start gap-1.5 text-xs text-slate-600"
                    data-testid="recent-feedback"
                  >
                    {item.feedback_rating ? (
                      <ThumbsUp aria-label="Helpful" className="mt-px size-3.5 shrink-0 text-emerald-600" />
                    ) : (
                      <ThumbsDown
                        aria-label="Not helpful"
                        className="mt-px size-3.5 shrink-0 text-rose-600"
                      />
                    )}
                    {item.feedback_comment ? (
                      <span className="line-clamp-1 italic">“{item.feedback_comment}”</span>
                    ) : null}
                  </p>
                ) : null}
              </QuestionListItem>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
