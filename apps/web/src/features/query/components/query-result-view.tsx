import type { QueryResult } from '@qa/contracts';
import { BookOpenText, Lightbulb } from 'lucide-react';
import { FeedbackPanel } from '../../../components/query-result/feedback-panel';
import { InterpretationBanner } from '../../../components/query-result/interpretation-banner';
import { MarkdownSection } from '../../../components/query-result/markdown-section';
import { ResultsTableSection } from '../../../components/query-result/results-table';
import { SqlSection } from '../../../components/query-result/sql-section';
import { Card } from '../../../components/ui/card';
import { ClassificationSection } from './classification-section';
import { QueryVisualSection } from './query-visual';
import { SystemInfoSection } from './system-info-section';

/**
 * The result sections in this fixed order: classification, system information, analysis, SQL, results,
 * SQL explanation, feedback. A section without content is left out.
 */
export function QueryResultView({
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
  const showSystemInfo =
    result.response_type === 'system_info' || Boolean(message) || databases.length > 0 || examples.length > 0;

  return (
    <div className="space-y-5" data-testid="query-result">
      <InterpretationBanner interpretation={result.interpretation} />
      {result.classification ? <ClassificationSection classification={result.classification} /> : null}
      {showSystemInfo ? (
        <SystemInfoSection
          message={message}
          databases={databases}
          examples={examples}
          onExample={onExample}
        />
      ) : null}
      {result.csv_analysis ? (
        <MarkdownSection
          title="Analysis"
          icon={Lightbulb}
          text={result.csv_analysis}
          data-testid="section-analysis"
        />
      ) : null}
      {result.sql_query ? <SqlSection sql={result.sql_query} /> : null}
      {result.id && result.sql_query && result.csv_results ? (
        <QueryVisualSection queryId={result.id} />
      ) : null}
      {typeof result.csv_results === 'string' && result.sql_query ? (
        <ResultsTableSection
          csv={result.csv_results}
          truncated={result.truncated ?? false}
          {...(result.row_count !== undefined ? { rowCount: result.row_count } : {})}
        />
      ) : null}
      {result.sql_explanation ? (
        <MarkdownSection
          title="SQL Explanation"
          icon={BookOpenText}
          text={result.sql_explanation}
          data-testid="section-explanation"
        />
      ) : null}
      {result.id ? (
        <Card className="px-5 py-4" data-testid="section-feedback">
          <FeedbackPanel queryId={result.id} />
        </Card>
      ) : null}
    </div>
  );
}
