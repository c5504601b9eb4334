import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionListItem } from './question-list-item';

afterEach(cleanup);

const item = {
  id: 'q/1',
  prompt: 'How many premises have gigabit?',
  user_email: 'ana@example.com',
  timestamp: '2025-03-04T10:20:00Z',
};

describe('QuestionListItem', () => {
  it('links to the detail page and shows the question, the asker and the time', () => {
    render(
      <MemoryRouter>
        <ul>
          <QuestionListItem item={item} testId="recent-query" density="compact" />
        </ul>
      </MemoryRouter>,
    );
    const link = screen.getByTestId('recent-query');
    expect(link.getAttribute('href')).toBe('/results/q%2F1');
    expect(within(link).getByText(item.prompt)).toBeTruthy();
    expect(link.textContent).toContain('Asked by ana@example.com');
    expect(link.querySelector('time')?.getAttribute('dateTime')).toBe(item.timestamp);
  });

  it('places the extra content under the meta line and the markers before the chevron', () => {
    render(
      <MemoryRouter>
        <ul>
          <QuestionListItem
            item={item}
            testId="history-item"
            density="comfortable"
            aside={<span data-testid="marker">m</span>}
          >
            <p data-testid="below">b</p>
          </QuestionListItem>
        </ul>
      </MemoryRouter>,
    );
    const link = screen.getByTestId('history-item');
    const below = within(link).getByTestId('below');
    const marker = within(link).getByTestId('marker');
    expect(below.previousElementSibling?.textContent).toContain('Asked by');
    expect(marker.nextElementSibling?.tagName.toLowerCase()).toBe('svg');
  });
});
