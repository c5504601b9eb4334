import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/review: the answers that need a reviewer, each with its readings and the correction form. */
export class ReviewPage {
  readonly heading: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Review queue', level: 1 });
    this.items = page.getByTestId('review-item');
  }

  async goto() {
    await this.page.goto('/admin/review');
    await expect(this.heading).toBeVisible();
  }

  /** The queued answer to this question (the newest first). */
  item(question: string): Locator {
    return this.items
      .filter({ has: this.page.getByTestId('review-question').getByText(question, { exact: true }) })
      .first();
  }

  /** Opens the correction form of an item and returns it. */
  async correct(item: Locator): Promise<Locator> {
    await item.getByTestId('correct-button').click();
    const form = item.getByTestId('correction-form');
    await expect(form).toBeVisible();
    return form;
  }
}
