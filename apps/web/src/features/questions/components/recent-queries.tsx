import type { QueryRecord } from '@qa/contracts';
import { History, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { QuestionListItem } from '../../../components/question-list-item';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';

/** 'Recently Asked Questions': the newest five, from every user, each opening its detail page. */
export function RecentQueries({ items, loading }: { items: QueryRecord[]; loading: boolean }) {
  return (
    <Card className="overflow-hidden" data-testid="recent-queries">
      <section>
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-3.5">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <History aria-hidden className="size-4" />
          </span>
          <h2 className="text-[15px] font-semibold text-slate-900">Recently Asked Questions</h2>
          <Link
            to="/results"
            className="ml-auto text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
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
          <p className="px-5 py-6 text-sm text-slate-500">No recent queries available</p>
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
