/**
 * The screens of issue 23, as an ordinary user, light and dark, at 1440 and 390 px, written to docs/screenshots/
 * for a person to look at (no test compares them):
 *   DOCS_SCREENSHOTS=1 npx playwright test docs-screenshots
 * Skipped in normal runs.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { QueryPage } from './pages/query-page';
import { chartDrawn } from './support/charts';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage } from './support/ordinary-user';

test.skip(!process.env.DOCS_SCREENSHOTS, 'set DOCS_SCREENSHOTS=1 to write docs/screenshots/');

const DIR = path.resolve('docs', 'screenshots');
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const shot = (target: Page | Locator, name: string) =>
  target.screenshot({ path: path.join(DIR, `${name}.png`), animations: 'disabled' });

for (const theme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    const suffix = `${theme}-${size.name}`;
    test(`issue 23 screens (${suffix})`, async ({ browser, request }) => {
      test.setTimeout(240_000);
      const { page } = await ordinaryUserPage(browser, request, { theme, viewport: size.viewport });
      const home = new QueryPage(page);
      await expect(home.starters.first()).toBeVisible();
      await shot(page, `23-01-home-first-screen-${suffix}`);

      await home.ask('Compare full fibre coverage in Leeds and Manchester');
      await chartDrawn(home.chartFrame);
      await shot(home.visual, `23-02-home-two-places-bars-${suffix}`);

      await home.ask('Full fibre coverage in the local authorities of Wales');
      await chartDrawn(home.chartFrame);
      await shot(home.visual, `23-03-home-wales-map-${suffix}`);

      await home.editSql.click();
      await home.sqlBox.fill('DROP TABLE upc_output');
      await home.runEditedSql.click();
      await expect(home.sqlEditor).toContainText('The SQL was refused by the safety check');
      await shot(home.sql, `23-04-home-edit-sql-refused-${suffix}`);

      await page.goto('/results');
      await expect(page.getByTestId('history-item').first()).toBeVisible();
      await shot(page, `23-05-history-${suffix}`);

      const chat = new ChatPage(page);
      await chat.goto('/chat', { streaming: false });
      await shot(page, `23-06-chat-empty-${suffix}`);
      await chat.askAndWait('Full fibre coverage by region', 120_000);
      await chat.askAndWait('show that as a line chart', 120_000);
      const frame = chat.assistantMessages.last().getByTestId('chart-frame');
      await chartDrawn(frame);
      await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `23-07-chat-line-as-bars-${suffix}`);
    });
  }
}
