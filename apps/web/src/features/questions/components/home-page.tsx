/**
 * Home: the query screen (docs/product.md#query-screen). A submit clears the previous error,
 * result and live messages, hides the recent list and runs the question on /query (or /query/v2 when the
 * v2 flag is on); success keeps the result and reloads the recent list, failure shows the error banner.
 */
import type { QueryResult } from '@qa/contracts';
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
import { queryErrorMessage, useRunQuery } from '../api/run-query';
import { useProgressFeed } from '../hooks/use-progress-feed';
import { getProgressChannelId } from '../utils/progress-channel';
import { ProgressPanel } from './progress-panel';
import { QueryForm } from './query-form';
import { QueryResultView } from './query-result-view';
import { RecentQueries } from './recent-queries';
import { AnswerSystemInfo } from './system-info-section';

export function HomePage() {
  useDocumentTitle('');
  const { enabled: useV2 } = useV2Flag();
  const [channel] = useState(getProgressChannelId);
  const feed = useProgressFeed({ channel });
  const recent = useRecentQueries();

  const [prompt, setPrompt] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const run = useRunQuery();
  // "Did you mean": the answer to a chosen reading replaces the one shown, until the next question.
  const choose = useChooseAlternative();
  const [chosen, setChosen] = useState<QueryResult | null>(null);
  const loading = run.isPending;
  const result = chosen ?? run.data ?? null;
  const error = run.isError ? queryErrorMessage(run.error) : null;
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    const text = prompt.trim();
    if (!text || loading) return;
    // A new run starts with no result and no error; the live messages are cleared by hand.
    feed.clear();
    setSubmitted(true);
    setChosen(null);
    choose.reset();
    run.mutate({ prompt: text, useV2, progressChannel: channel });
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
      {showRecent ? <RecentQueries items={recent.data ?? []} loading={recent.isPending} /> : null}
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
      {submitted ? <ProgressPanel messages={feed.messages} loading={loading || choose.isPending} /> : null}
    </div>
  );
}
