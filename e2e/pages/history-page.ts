import { expect, type Locator, type Page } from '@playwright/test';

/** /results: the query history list. */
export class HistoryPage {
  readonly heading: Locator;
  readonly items: Locator;
  readonly loadMore: Locator;
  readonly archivedToggle: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Query History' });
    this.items = page.getByTestId('history-item');
    this.loadMore = page.getByRole('button', { name: 'Load More' });
    this.archivedToggle = page.getByRole('button', { name: /^(Show Archived|Hide Archived)$/ });
  }

  async goto() {
    await this.page.goto('/results');
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText('Loading query history...')).toHaveCount(0);
  }

  item(id: string): Locator {
    return this.page.locator(`a[href="/results/${encodeURIComponent(id)}"]`);
  }
}
