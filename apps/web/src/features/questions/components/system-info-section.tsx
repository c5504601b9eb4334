import type { QueryResult } from '@qa/contracts';
import { CornerDownLeft, Database } from 'lucide-react';
import { Markdown } from '../../../components/markdown/markdown';
import { ResultSection } from '../../../components/query-result/result-section';
import { Badge } from '../../../components/ui/badge';

/** 2. System Information: the answer to a question about the data itself, or why a question cannot be answered. */
export function SystemInfoSection({
  message,
  databases,
  examples,
  onExample,
}: {
  message?: string | null | undefined;
  databases: string[];
  examples: string[];
  onExample: (example: string) => void;
}) {
  return (
    <ResultSection title="System Information" icon={Database} data-testid="section-system-info">
      <div className="space-y-4">
        {message ? <Markdown>{message}</Markdown> : null}
        {databases.length ? (
          <div>
            <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              Available databases
            </h3>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              {databases.map((db) => (
                <Badge key={db} tone="brand" className="font-mono">
                  {db}
                </Badge>
              ))}
            </div>
          </div>
        ) : null}
        {examples.length ? (
          <div>
            <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Example queries</h3>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {examples.map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    onClick={() => onExample(example)}
                    title="Use this question"
                    className="group flex h-full w-full items-start gap-2 rounded-lg border border-slate-200 bg-slate-50/60 px-3 py-2.5 text-left text-sm text-slate-700 transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="flex-1">{example}</span>
                    <CornerDownLeft
                      aria-hidden
                      className="mt-0.5 size-3.5 shrink-0 text-slate-300 group-hover:text-brand-500"
                    />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </ResultSection>
  );
}

/**
 * The System Information section of a fresh answer, shown for a question about the data itself and whenever
 * there is a message, a database or an example to show; null otherwise.
 */
export function AnswerSystemInfo({
  result,
  onExample,
}: {
  result: QueryResult;
  onExample: (example: string) => void;
}) {
  const databases = result.available_databases ?? [];
  const examples = result.example_queries ?? [];
  // An answer that failed repeats its message as the analysis; it is then shown once, as the analysis.
  const message = result.message && result.message !== result.csv_analysis ? result.message : null;
  const show =
    result.response_type === 'system_info' || Boolean(message) || databases.length > 0 || examples.length > 0;
  return show ? (
    <SystemInfoSection message={message} databases={databases} examples={examples} onExample={onExample} />
  ) : null;
}
