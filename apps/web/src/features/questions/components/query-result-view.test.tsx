import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryResultView } from './query-result-view';

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

function sectionOrder(result: typeof answer | Omit<typeof answer, 'classification'>) {
  render(
    <QueryResultView
      result={result}
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
  it('shows an answer’s sections in the one order of the home and detail pages', () => {
    expect(sectionOrder(answer)).toEqual([
      'section-classification',
      'section-system-info',
      'section-analysis',
      'section-sql',
      'section-results',
      'section-explanation',
    ]);
  });

  it('leaves out a section without content, keeping the order of the rest', () => {
    const { classification: _, ...saved } = answer;
    expect(sectionOrder(saved)).toEqual([
      'section-system-info',
      'section-analysis',
      'section-sql',
      'section-results',
      'section-explanation',
    ]);
  });

  it('shows the "Did you mean" choices under the "Answered as" banner, before the sections', () => {
    render(
      <QueryResultView
        result={{ ...answer, interpretation: 'Full fibre coverage, UK' }}
        choices={<section data-testid="choices" />}
        data-testid="view"
      />,
    );
    const order = [...screen.getByTestId('view').querySelectorAll('[data-testid]')].map((node) =>
      node.getAttribute('data-testid'),
    );
    expect(order.indexOf('interpretation')).toBeLessThan(order.indexOf('choices'));
    expect(order.indexOf('choices')).toBeLessThan(order.indexOf('section-classification'));
  });
});
