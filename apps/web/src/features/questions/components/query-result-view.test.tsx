import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_RESULT_ORDER, HOME_RESULT_ORDER, QueryResultView } from './query-result-view';

afterEach(cleanup);

// No id: the chart or map and the feedback form need a saved answer, so they stay out of this test.
const answer = {
  interpretation: null,
  classification: { type: 'data_query', confidence: 0.9, reasoning: 'r', suggested_databases: [] },
  csv_analysis: 'An analysis',
  sql_query: 'SELECT 1 AS n',
  csv_results: 'n\n1\n',
  sql_explanation: 'An explanation',
};

function sectionOrder(order: typeof HOME_RESULT_ORDER) {
  render(
    <QueryResultView
      result={answer}
      order={order}
      systemInfo={<section data-testid="section-system-info" />}
      data-testid="view"
    />,
  );
  const testIds = [...screen.getByTestId('view').querySelectorAll('[data-testid^="section-"]')].map((node) =>
    node.getAttribute('data-testid'),
  );
  return testIds.filter((id, index) => testIds.indexOf(id) === index);
}

describe('QueryResultView', () => {
  it('shows a fresh answer’s sections in the home order', () => {
    expect(sectionOrder(HOME_RESULT_ORDER)).toEqual([
      'section-classification',
      'section-system-info',
      'section-analysis',
      'section-sql',
      'section-results',
      'section-explanation',
    ]);
  });

  it('shows a saved answer’s sections in the detail order, without the classification', () => {
    expect(sectionOrder(DETAIL_RESULT_ORDER)).toEqual([
      'section-system-info',
      'section-sql',
      'section-explanation',
      'section-results',
      'section-analysis',
    ]);
  });
});
