import type { QueryRecord, SqlSource } from '@qa/contracts';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format-date';
import { Badge } from './ui/badge';

/** How a list marks a question whose SQL the user wrote or edited. */
export const SQL_SOURCE_LABELS: Partial<Record<SqlSource, string>> = {
  user: 'Your SQL',
  edited: 'Edited SQL',
};

type Props = {
  item: Pick<QueryRecord, 'id' | 'prompt' | 'user_email' | 'timestamp'> & {
    sql_source?: SqlSource | undefined;
  };
  /** The link's data-testid, which the end-to-end tests select by. */
  testId: string;
  /** 'compact' for the short list on the home page, 'comfortable' for the history page. */
  density: 'compact' | 'comfortable';
  /** Shown under the asker and time (the recent list's rating with its comment). */
  children?: ReactNode;
  /** Markers before the chevron (the history's rating and archived badge). */
  aside?: ReactNode;
};

/**
 * One asked question in a list (the recent questions and the query history): its text, 'Asked by' with the
 * asker's e-mail and the time, linking to its detail page.
 */
export function QuestionListItem({ item, testId, density, children, aside }: Props) {
  const compact = density === 'compact';
  return (
    <li>
      <Link
        to={`/results/${encodeURIComponent(item.id)}`}
        className={cn(
          // The focus ring sits inside the row, so the list's rounded card does not clip it.
          'group flex items-start px-5 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          compact ? 'gap-3 py-3.5' : 'gap-4 py-4',
        )}
        data-testid={testId}
      >
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium text-slate-900 group-hover:text-brand-700">
            {item.prompt}
          </p>
          <p
            className={cn(
              'flex flex-wrap items-center gap-x-2 text-xs text-slate-500',
              compact ? 'mt-1 gap-y-0.5' : 'mt-1.5 gap-y-1',
            )}
          >
            <span>
              Asked by <span className="font-medium text-slate-600">{item.user_email}</span>
            </span>
            <span aria-hidden className="text-slate-400">
              ·
            </span>
            <time dateTime={item.timestamp} className="tabular-nums">
              {formatDateTime(item.timestamp)}
            </time>
            {item.sql_source && SQL_SOURCE_LABELS[item.sql_source] ? (
              <Badge tone="amber" data-testid="sql-source-badge">
                {SQL_SOURCE_LABELS[item.sql_source]}
              </Badge>
            ) : null}
          </p>
          {children}
        </div>
        <div className="flex shrink-0 items-center gap-2 pt-0.5">
          {aside}
          <ChevronRight
            aria-hidden
            className="size-4 text-slate-300 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-500"
          />
        </div>
      </Link>
    </li>
  );
}
