/**
 * Home: the query screen (docs/product.md#query-screen). A submit clears the previous error,
 * result and live messages, hides the recent list and runs the question on /query (or /query/v2 when the
 * v2 flag is on); success keeps the result and reloads the recent list, failure shows the error banner.
 */
import { useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useV2Flag } from '../../../hooks/use-v2-flag';
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
  const loading = run.isPending;
  const result = run.data ?? null;
  const error = run.isError ? queryErrorMessage(run.error) : null;
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    const text = prompt.trim();
    if (!text || loading) return;
    // A new run starts with no result and no error; the live messages are cleared by hand.
    feed.clear();
    setSubmitted(true);
    run.mutate({ prompt: text, useV2, progressChannel: channel });
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
          data-testid="query-result"
        />
      ) : null}
      {submitted ? <ProgressPanel messages={feed.messages} loading={loading} /> : null}
    </div>
  );
}
