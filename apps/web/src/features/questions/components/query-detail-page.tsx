/**
 * /results/:queryId (the query detail): the question and who asked it when, the archived banner, the
 * saved feedback, the result view (in the same order as on the home page), comments and the progress log;
 * Archive/Unarchive for those allowed, and Back to History.
 */
import type { QueryDetail } from '@qa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Archive,
  ArchiveRestore,
  ArrowLeft,
  BadgeCheck,
  BadgeX,
  FileQuestion,
  ThumbsDown,
  ThumbsUp,
} from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { DidYouMean, ReadingChoiceNote } from '../../../components/query-result/did-you-mean';
import { MarkdownSection } from '../../../components/query-result/markdown-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { useArchiveQuery } from '../api/archive-query';
import { alternativeErrorMessage, useChooseAlternative } from '../api/choose-alternative';
import { queryDetailKey, useQueryDetail } from '../api/get-query';
import { queryHistoryKey } from '../api/get-query-history';
import { editedSqlErrorMessage, useRunEditedSql } from '../api/run-edited-sql';
import { useRevokeVerification, useVerifyAnswer, verifyErrorMessage } from '../api/verify-answer';
import { archiveErrorMessage, queryDetailErrorMessage } from '../utils/history-messages';
import { CommentsPanel } from './comments-panel';
import { ProgressLog } from './progress-log';
import { QueryResultView } from './query-result-view';

export function QueryDetailPage() {
  useDocumentTitle('Query Results');
  const { queryId = '' } = useParams();
  const detail = useQueryDetail({ id: queryId });
  const archive = useArchiveQuery({ id: queryId });
  const verify = useVerifyAnswer();
  const revoke = useRevokeVerification();
  const query = detail.data;
  // This question's own verification (the badge may also come from another question of the same shape).
  const ownVerification = query?.verified && query.verified.query_id === query.id ? query.verified : null;
  const verifiable =
    query?.response_type === 'data_query' && (query.sql_source ?? 'generated') === 'generated';

  const backLink = (
    <Link to="/results" className={buttonClassName({ variant: 'outline' })}>
      <ArrowLeft aria-hidden />
      Back to History
    </Link>
  );

  return (
    <div className="space-y-5">
      <PageHeader
        title="Query Results"
        actions={
          <>
            {query?.can_verify && ownVerification ? (
              <Button
                variant="outline"
                onClick={() => revoke.mutate({ id: ownVerification.id, queryId: query.id })}
                disabled={revoke.isPending}
                data-testid="revoke-verification-button"
              >
                <BadgeX aria-hidden />
                {revoke.isPending ? 'Taking back...' : 'Take back verification'}
              </Button>
            ) : query?.can_verify && verifiable ? (
              <Button
                variant="outline"
                onClick={() => verify.mutate({ queryId: query.id })}
                disabled={verify.isPending}
                data-testid="verify-button"
              >
                <BadgeCheck aria-hidden />
                {verify.isPending ? 'Verifying...' : 'Verify'}
              </Button>
            ) : null}
            {query?.can_archive ? (
              <Button
                variant={query.is_archived ? 'secondary' : 'outline'}
                onClick={() => archive.mutate()}
                disabled={archive.isPending}
                data-testid="archive-button"
              >
                {query.is_archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                {archive.isPending
                  ? query.is_archived
                    ? 'Unarchiving...'
                    : 'Archiving...'
                  : query.is_archived
                    ? 'Unarchive'
                    : 'Archive'}
              </Button>
            ) : null}
            {backLink}
          </>
        }
      />

      {detail.isPending ? (
        <Card className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-500">
          <Spinner label="Loading query" />
          Loading query...
        </Card>
      ) : detail.isError || !query ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center" data-testid="query-error">
          <div className="flex size-12 items-center justify-center rounded-full bg-slate-100">
            <FileQuestion aria-hidden className="size-6 text-slate-500" />
          </div>
          <p className="mt-4 text-base font-semibold text-slate-900">
            {queryDetailErrorMessage(detail.error)}
          </p>
        </Card>
      ) : (
        <>
          {archive.isError ? <ErrorAlert>{archiveErrorMessage(archive.error)}</ErrorAlert> : null}
          {verify.isError ? <ErrorAlert>{verifyErrorMessage(verify.error)}</ErrorAlert> : null}
          {revoke.isError ? <ErrorAlert>{verifyErrorMessage(revoke.error)}</ErrorAlert> : null}
          <QueryHeader query={query} />
          <ResultPanel query={query} />
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <CommentsPanelForViewer queryId={query.id} />
            <ProgressLog value={query.progress_log} />
          </div>
        </>
      )}
    </div>
  );
}

function QueryHeader({ query }: { query: QueryDetail }) {
  return (
    <Card className="px-5 py-4">
      <p className="text-lg leading-snug font-semibold text-slate-900" data-testid="query-prompt">
        {query.prompt}
      </p>
      <p className="mt-1.5 text-sm text-slate-600" data-testid="query-asked-by">
        Asked by {query.user_email} on {formatDateTime(query.timestamp)}
      </p>
      {query.sql_source === 'edited' ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="edited-from">
          SQL edited by the user
          {query.edited_from ? (
            <>
              {' '}
              from{' '}
              <Link
                to={`/results/${encodeURIComponent(query.edited_from)}`}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                the original query
              </Link>
            </>
          ) : null}
          , run as written.
        </p>
      ) : query.sql_source === 'user' ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="edited-from">
          SQL written by the user, run as written.
        </p>
      ) : null}
      {query.is_archived ? (
        <div
          className="mt-4 flex items-center gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900"
          role="status"
          data-testid="archived-banner"
        >
          <Archive aria-hidden className="size-4 shrink-0 text-amber-600" />
          <span className="font-medium">This query has been archived</span>
          {query.archived_by || query.archived_at ? (
            <span className="text-amber-700">
              {[
                query.archived_by ? `by ${query.archived_by}` : '',
                query.archived_at ? `on ${formatDateTime(query.archived_at)}` : '',
              ]
                .filter(Boolean)
                .join(' ')}
            </span>
          ) : null}
        </div>
      ) : null}
      {query.feedback_rating !== null ? (
        <div
          className={cn(
            'mt-4 flex items-start gap-2.5 rounded-lg border px-3.5 py-2.5 text-sm',
            query.feedback_rating
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
              : 'border-rose-200 bg-rose-50 text-rose-900',
          )}
          data-testid="feedback-block"
        >
          {query.feedback_rating ? (
            <ThumbsUp aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          ) : (
            <ThumbsDown aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-600" />
          )}
          <div className="min-w-0">
            <p className="font-medium">{query.feedback_rating ? 'Rated helpful' : 'Rated not helpful'}</p>
            {query.feedback_comment ? (
              <p className="mt-0.5 break-words whitespace-pre-wrap">{query.feedback_comment}</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </Card>
  );
}

function ResultPanel({ query }: { query: QueryDetail }) {
  const queryClient = useQueryClient();
  const onFeedback = () => {
    void queryClient.invalidateQueries({ queryKey: queryDetailKey(query.id) });
    void queryClient.invalidateQueries({ queryKey: queryHistoryKey });
  };
  // A choice saves another answer to this question: the page shows it once the detail is read again.
  const choose = useChooseAlternative();
  // Edited SQL is saved as a new query: the page moves to it.
  const navigate = useNavigate();
  const edit = useRunEditedSql();
  return (
    <QueryResultView
      result={query}
      // Downloads are named after the question (pasted SQL has none: its interpretation names them).
      question={query.sql_source === 'user' ? undefined : query.prompt}
      sqlEditor={{
        onRun: (sql) =>
          edit.mutate(
            { queryId: query.id, sql },
            { onSuccess: (answer) => answer.id && navigate(`/results/${encodeURIComponent(answer.id)}`) },
          ),
        pending: edit.isPending,
        error: edit.isError ? editedSqlErrorMessage(edit.error) : null,
      }}
      choices={
        <>
          <ReadingChoiceNote choice={query.reading_choice} />
          {query.can_choose ? (
            <DidYouMean
              alternatives={query.alternatives}
              onChoose={(index) => choose.mutate({ queryId: query.id, index })}
              pendingIndex={choose.isPending ? choose.variables.index : null}
              error={choose.isError ? alternativeErrorMessage(choose.error) : null}
            />
          ) : null}
        </>
      }
      systemInfo={
        query.message && !query.sql_query ? (
          <MarkdownSection title="System Information" icon={FileQuestion} text={query.message} />
        ) : null
      }
      feedback={{
        initialRating: query.feedback_rating,
        initialComment: query.feedback_comment,
        onSubmitted: onFeedback,
      }}
      data-testid="result-panel"
    />
  );
}

function CommentsPanelForViewer({ queryId }: { queryId: string }) {
  const { user } = useAuth();
  return <CommentsPanel queryId={queryId} viewerEmail={user?.email ?? ''} />;
}
