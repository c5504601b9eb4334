/**
 * Home: the query screen (docs/product.md#query-screen). A submit clears the previous error,
 * result and live messages, hides the recent list and runs the question on /query (or /query/v2 when the
 * v2 flag is on); success keeps the result and reloads the recent list, failure shows the error banner.
 * Before the first question: starter questions (a click asks one) and the recent questions, everyone's or mine.
 * A result's SQL can be edited and run again; its answer (a new saved query) replaces the one shown.
 */
import type { QueryResult, RecentScope } from '@qa/contracts';
import { useRef, useState } from 'react';
import { DidYouMean, ReadingChoiceNote } from '../../../components/query-result/did-you-mean';
import { ErrorAlert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useV2Flag } from '../../../hooks/use-v2-flag';
import { alternativeErrorMessage, useChooseAlternative } from '../api/choose-alternative';
import { useRecentQueries } from '../api/get-recent-queries';
import { editedSqlErrorMessage, useRunEditedSql } from '../api/run-edited-sql';
import { queryErrorMessage, useRunQuery } from '../api/run-query';
import { useProgressFeed } from '../hooks/use-progress-feed';
import { getProgressChannelId } from '../utils/progress-channel';
import { ProgressPanel } from './progress-panel';
import { QueryForm } from './query-form';
import { QueryResultView } from './query-result-view';
import { RecentQueries } from './recent-queries';
import { StarterQuestions } from './starter-questions';
import { AnswerSystemInfo } from './system-info-section';

export function HomePage() {
  useDocumentTitle('');
  const { enabled: useV2 } = useV2Flag();
  const [channel] = useState(getProgressChannelId);
  const feed = useProgressFeed({ channel });
  const [scope, setScope] = useState<RecentScope>('everyone');
  const recent = useRecentQueries(scope);

  const [prompt, setPrompt] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The question the result answers (the box may have changed since): names the downloads.
  const [asked, setAsked] = useState('');
  const run = useRunQuery();
  // "Did you mean": the answer to a chosen reading replaces the one shown, until the next question.
  const choose = useChooseAlternative();
  // Edited SQL is answered as a new saved query, shown in place of the result it was edited from.
  const edit = useRunEditedSql();
  const [chosen, setChosen] = useState<QueryResult | null>(null);
  const loading = run.isPending;
  const result = chosen ?? run.data ?? null;
  const error = run.isError ? queryErrorMessage(run.error) : null;
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const ask = (question: string) => {
    const text = question.trim();
    if (!text || loading) return;
    // A new run starts with no result and no error; the live messages are cleared by hand.
    feed.clear();
    setSubmitted(true);
    setChosen(null);
    choose.reset();
    edit.reset();
    setAsked(text);
    run.mutate({ prompt: text, useV2, progressChannel: channel });
  };
  const submit = () => ask(prompt);
  const askStarter = (question: string) => {
    setPrompt(question);
    ask(question);
  };

  const runEdited = (sql: string) => {
    if (!result?.id || edit.isPending) return;
    feed.clear();
    edit.mutate(
      { queryId: result.id, sql, progressChannel: channel },
      { onSuccess: (answer) => setChosen(answer) },
    );
  };

  const chooseReading = (index: number) => {
    if (!result?.id || loading || choose.isPending) return;
    feed.clear();
    choose.mutate(
      { queryId: result.id, index, progressChannel: channel },
      { onSuccess: (answer) => setChosen(answer) },
    );
  };

  const fillExample = (example: string) => {
    setPrompt(example);
    const textarea = textareaRef.current;
    if (textarea) {
      textarea.focus();
      textarea.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }
  };

  const showRecent = !submitted && !result;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Ask a question"
        description="Plain-English questions about UK broadband availability: you get the SQL, the results, an explanation and an analysis."
      />
      <QueryForm
        prompt={prompt}
        onPromptChange={setPrompt}
        onSubmit={submit}
        loading={loading}
        textareaRef={textareaRef}
      />
      {error ? (
        <ErrorAlert className="animate-fade-in" title="The query could not be completed">
          {error}
        </ErrorAlert>
      ) : null}
      {showRecent ? (
        <>
          <StarterQuestions onAsk={askStarter} disabled={loading} />
          <RecentQueries
            items={recent.data ?? []}
            loading={recent.isPending}
            scope={scope}
            onScope={setScope}
          />
        </>
      ) : null}
      {loading ? (
        <Card
          className="flex items-center gap-3 px-5 py-4 text-sm text-slate-600"
          data-testid="query-running"
        >
          <Spinner className="size-4" label="Generating query" />
          Working on your question: understanding it, writing the SQL and running it…
        </Card>
      ) : null}
      {result ? (
        <QueryResultView
          result={result}
          systemInfo={<AnswerSystemInfo result={result} onExample={fillExample} />}
          question={result.sql_source === 'user' ? undefined : asked}
          sqlEditor={{
            onRun: runEdited,
            pending: edit.isPending,
            error: edit.isError ? editedSqlErrorMessage(edit.error) : null,
          }}
          choices={
            <>
              <ReadingChoiceNote choice={result.reading_choice} />
              <DidYouMean
                alternatives={result.alternatives}
                onChoose={chooseReading}
                pendingIndex={choose.isPending ? choose.variables.index : null}
                error={choose.isError ? alternativeErrorMessage(choose.error) : null}
              />
            </>
          }
          data-testid="query-result"
        />
      ) : null}
      {submitted ? (
        <ProgressPanel messages={feed.messages} loading={loading || choose.isPending || edit.isPending} />
      ) : null}
    </div>
  );
}
