import { expect, type Locator, type Page } from '@playwright/test';

export class LogsPage {
  readonly status: Locator;
  readonly lines: Locator;
  readonly clear: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('log-connection-status');
    this.lines = page.getByTestId('log-line');
    this.clear = page.getByRole('button', { name: 'Clear' });
  }

  async goto() {
    await this.page.goto('/admin/logs');
    await expect(this.page.getByRole('heading', { name: 'Live Logs' })).toBeVisible();
  }
}
