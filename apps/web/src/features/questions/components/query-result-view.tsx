import type { Classification, QueryResult } from '@qa/contracts';
import { BookOpenText, Lightbulb, type LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { downloadFileName } from '../../../components/query-result/csv';
import { FeedbackPanel, type FeedbackPanelProps } from '../../../components/query-result/feedback-panel';
import { InterpretationBanner } from '../../../components/query-result/interpretation-banner';
import { MarkdownSection } from '../../../components/query-result/markdown-section';
import { ResultsTableSection } from '../../../components/query-result/results-table';
import { type SqlEditor, SqlSection } from '../../../components/query-result/sql-section';
import { VerifiedBadge } from '../../../components/query-result/verified-badge';
import { Card } from '../../../components/ui/card';
import { ClassificationSection } from './classification-section';
import { QueryVisualSection } from './query-visual';

type ResultSectionName =
  | 'classification'
  | 'systemInfo'
  | 'analysis'
  | 'sql'
  | 'visual'
  | 'results'
  | 'explanation'
  | 'feedback';

/**
 * The one order of an answer's sections, on the home page and on a saved query's detail page alike:
 * classification, system information, analysis, SQL (with the chart or map it offers), results, SQL
 * explanation, feedback.
 */
const RESULT_ORDER: readonly ResultSectionName[] = [
  'classification',
  'systemInfo',
  'analysis',
  'sql',
  'visual',
  'results',
  'explanation',
  'feedback',
];

/** What the view reads of an answer: a fresh result or a saved query both have these. */
export type ResultFields = Pick<
  QueryResult,
  | 'interpretation'
  | 'csv_analysis'
  | 'sql_query'
  | 'csv_results'
  | 'result_columns'
  | 'sql_explanation'
  | 'row_count'
  | 'truncated'
  | 'sql_source'
  | 'verified'
> & { id?: string | undefined; classification?: Classification | null | undefined };

function markdownSection(title: string, icon: LucideIcon, text: string | null | undefined, testId: string) {
  return text ? <MarkdownSection title={title} icon={icon} text={text} data-testid={testId} /> : null;
}

/**
 * An answer's sections under the "Answered as" banner and the "Did you mean" choices, in the one order above; a
 * section without content is left out. The system information differs between the screens (the home page offers
 * example questions), so each screen renders it and passes it in; so are the choices (each screen shows the
 * answer a choice makes in its own way).
 */
export function QueryResultView({
  result,
  systemInfo,
  choices,
  feedback,
  sqlEditor,
  question,
  'data-testid': testId,
}: {
  result: ResultFields;
  /** The question asked: names the downloads. */
  question?: string | undefined;
  /** Edit the SQL and run it again (the screen says where the new answer goes). */
  sqlEditor?: SqlEditor;
  systemInfo?: ReactNode;
  /** The other readings of the question and the latest choice among them, under the "Answered as" banner. */
  choices?: ReactNode;
  /** The feedback form's saved state and what to do after a submit (the form needs a saved answer's id). */
  feedback?: Omit<FeedbackPanelProps, 'queryId'>;
  'data-testid': string;
}) {
  const sections: Record<ResultSectionName, ReactNode> = {
    classification: result.classification ? (
      <ClassificationSection classification={result.classification} />
    ) : null,
    systemInfo,
    analysis: markdownSection('Analysis', Lightbulb, result.csv_analysis, 'section-analysis'),
    sql: result.sql_query ? (
      <SqlSection key={result.id} sql={result.sql_query} source={result.sql_source} editor={sqlEditor} />
    ) : null,
    visual:
      result.id && result.sql_query && result.csv_results ? <QueryVisualSection queryId={result.id} /> : null,
    results:
      typeof result.csv_results === 'string' && result.sql_query ? (
        <ResultsTableSection
          csv={result.csv_results}
          columns={result.result_columns}
          truncated={result.truncated ?? false}
          fileName={downloadFileName(question || result.interpretation)}
          {...(result.row_count !== undefined ? { rowCount: result.row_count } : {})}
        />
      ) : null,
    explanation: markdownSection(
      'SQL Explanation',
      BookOpenText,
      result.sql_explanation,
      'section-explanation',
    ),
    feedback: result.id ? (
      <Card className="px-5 py-4" data-testid="section-feedback">
        <FeedbackPanel queryId={result.id} {...feedback} />
      </Card>
    ) : null,
  };

  return (
    <div className="space-y-5" data-testid={testId}>
      <InterpretationBanner interpretation={result.interpretation} />
      <VerifiedBadge verified={result.verified} currentQueryId={result.id} />
      {choices}
      {RESULT_ORDER.map((name) => (
        <Fragment key={name}>{sections[name]}</Fragment>
      ))}
    </div>
  );
}
