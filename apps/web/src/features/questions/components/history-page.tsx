/**
 * /results (the query history): past questions, newest first, each opening its detail page; Load More
 * pages by offset (15 at a time); admins can show archived questions too. A non-admin never sees someone
 * else's archived question (the server filters; the list filters again by owner e-mail as a safeguard).
 */
import type { QueryRecord } from '@qa/contracts';
import { Archive, ArchiveRestore, FileClock, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { QuestionListItem } from '../../../components/question-list-item';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, NativeSelect } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuth } from '../../../lib/auth';
import { parseUkDate } from '../../../lib/format-date';
import { type HistoryFilters, useQueryHistory } from '../api/get-query-history';
import { HISTORY_MESSAGES, historyLoadErrorMessage } from '../utils/history-messages';

export function visibleHistoryItems(
  items: QueryRecord[],
  viewer: { email: string; isAdmin: boolean },
): QueryRecord[] {
  if (viewer.isAdmin) return items;
  const me = viewer.email.toLowerCase();
  return items.filter((item) => !item.is_archived || item.user_email.toLowerCase() === me);
}

export function HistoryPage() {
  useDocumentTitle('Query History');
  const { user, isAdmin } = useAuth();
  const [showArchived, setShowArchived] = useState(false);
  const [draft, setDraft] = useState<HistoryFilters>({ q: '', asker: '', from: '', to: '', rating: '' });
  const [filters, setFilters] = useState<HistoryFilters>(draft);
  // Typed filters apply after a short pause; the list is searched on the server. Days are typed DD/MM/YYYY and
  // sent as ISO days; one that is not a real day is left out (the field says so).
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setFilters({
          ...draft,
          from: parseUkDate(draft.from ?? '') ?? '',
          to: parseUkDate(draft.to ?? '') ?? '',
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [draft]);
  const filtering = Object.values(filters).some((value) => Boolean(value?.trim()));
  const history = useQueryHistory({
    showArchived: isAdmin && showArchived,
    filters,
    enabled: Boolean(user),
  });

  const items = useMemo(
    () =>
      visibleHistoryItems(history.data?.pages.flatMap((page) => page.items) ?? [], {
        email: user?.email ?? '',
        isAdmin,
      }),
    [history.data, user?.email, isAdmin],
  );

  return (
    <div>
      <PageHeader
        title="Query History"
        description="Every question asked with the query tool, newest first."
        actions={
          isAdmin ? (
            <Button
              variant="outline"
              onClick={() => setShowArchived((value) => !value)}
              aria-pressed={showArchived}
            >
              {showArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
              {showArchived ? 'Hide Archived' : 'Show Archived'}
            </Button>
          ) : null
        }
      />
      {user ? <HistoryFilterBar value={draft} onChange={setDraft} /> : null}
      {!user ? (
        <ErrorAlert>{HISTORY_MESSAGES.loggedOut}</ErrorAlert>
      ) : history.isPending ? (
        <Card className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-500">
          <Spinner label="Loading query history" />
          Loading query history...
        </Card>
      ) : history.isError && !history.data ? (
        <ErrorAlert>{historyLoadErrorMessage(history.error, 'initial')}</ErrorAlert>
      ) : items.length === 0 && !history.hasNextPage && filtering ? (
        <Card className="px-6 py-10 text-center text-sm text-slate-600" data-testid="history-no-match">
          No question matches these filters.
        </Card>
      ) : items.length === 0 && !history.hasNextPage ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-brand-50">
            <FileClock aria-hidden className="size-6 text-brand-600" />
          </div>
          <p className="mt-4 text-sm font-medium text-slate-700">{HISTORY_MESSAGES.empty}</p>
          <Link to="/" className="mt-1 text-sm text-brand-700 hover:text-brand-800 hover:underline">
            Ask a question
          </Link>
        </Card>
      ) : (
        <div className="space-y-4">
          <Card className="overflow-hidden">
            <ul className="divide-y divide-slate-100" data-testid="history-list">
              {items.map((item) => (
                <HistoryItem key={item.id} item={item} />
              ))}
            </ul>
          </Card>
          {history.isFetchNextPageError ? (
            <ErrorAlert>{historyLoadErrorMessage(history.error, 'more')}</ErrorAlert>
          ) : null}
          {history.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? <Spinner className="size-4" label="Loading more" /> : null}
                {history.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function HistoryItem({ item }: { item: QueryRecord }) {
  return (
    <QuestionListItem
      item={item}
      testId="history-item"
      density="comfortable"
      aside={
        <>
          {item.feedback_rating === true ? (
            <span title="Rated helpful" data-testid="feedback-marker">
              <ThumbsUp aria-label="Rated helpful" className="size-4 text-emerald-600" />
            </span>
          ) : item.feedback_rating === false ? (
            <span title="Rated not helpful" data-testid="feedback-marker">
              <ThumbsDown aria-label="Rated not helpful" className="size-4 text-rose-600" />
            </span>
          ) : null}
          {item.is_archived ? (
            <Badge tone="amber" data-testid="archived-badge">
              <Archive aria-hidden className="size-3" />
              Archived
            </Badge>
          ) : null}
        </>
      }
    />
  );
}

function HistoryFilterBar({
  value,
  onChange,
}: {
  value: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
}) {
  const set = (key: keyof HistoryFilters) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <div
      className="mb-4 grid grid-cols-1 items-start gap-2 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_1fr]"
      data-testid="history-filters"
    >
      <Input
        type="search"
        placeholder="Search questions, SQL and analysis"
        aria-label="Search history"
        value={value.q}
        onChange={set('q')}
      />
      <Input
        placeholder="Asked by (e-mail)"
        aria-label="Asked by"
        value={value.asker}
        onChange={set('asker')}
      />
      <DayField label="From" value={value.from ?? ''} onChange={set('from')} />
      <DayField label="To" value={value.to ?? ''} onChange={set('to')} />
      <NativeSelect aria-label="Rating" value={value.rating} onChange={set('rating')}>
        <option value="">Any rating</option>
        <option value="up">Rated helpful</option>
        <option value="down">Rated not helpful</option>
        <option value="none">Not rated</option>
      </NativeSelect>
    </div>
  );
}

/**
 * A day filter with a visible label, typed day first (DD/MM/YYYY, as the app shows every date), whatever the
 * browser's locale: a native date field shows the browser's own format (mm/dd/yyyy in a US browser).
 */
function DayField({
  label,
  value,
  onChange,
}: {
  label: 'From' | 'To';
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const id = useId();
  const invalid = parseUkDate(value) === null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="w-9 shrink-0 text-sm font-medium text-slate-700 lg:w-auto">
        {label}
      </label>
      <div className="min-w-0 flex-1">
        <Input
          id={id}
          inputMode="numeric"
          placeholder="DD/MM/YYYY"
          autoComplete="off"
          value={value}
          onChange={onChange}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          data-testid={`history-${label.toLowerCase()}`}
        />
        {invalid ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            Not a day: use DD/MM/YYYY.
          </p>
        ) : null}
      </div>
    </div>
  );
}
