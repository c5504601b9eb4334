/**
 * Desktop screenshots of the query tool's screens, for a human to look at after UI changes:
 *   SCREENSHOTS=1 npx playwright test query-screenshots
 * Files land in test-results/screenshots/. Skipped in normal runs.
 */
import type { Page } from '@playwright/test';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/query-fixtures';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.use({ storageState: ADMIN_STORAGE_STATE });

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });

test('home, history and detail with a real answer', async ({ page, queryPage, historyPage, detailPage }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('feature_flag_v2_endpoint', 'true'));
  await queryPage.goto();
  await expect(page.getByText('Loading recent queries...')).toHaveCount(0);
  await shot(page, '60-home-recent');

  const result = await queryPage.ask(
    'Which local authorities gained the most full fibre premises in the last 6 months?',
  );
  await expect(queryPage.resultRows.first()).toBeVisible();
  await queryPage.progressToggle.click();
  await shot(page, '61-home-result');
  await shot(page, '61b-home-result-top', false);

  await queryPage.ask('What data do you have?');
  await shot(page, '62-home-system-info');

  await detailPage.goto(String(result.id));
  await detailPage.commentBox.fill('Matches the regional dashboard for Q1.');
  await detailPage.addComment.click();
  await expect(detailPage.commentItems).toHaveCount(1);
  await shot(page, '63-detail');

  await historyPage.goto();
  await shot(page, '64-history');
});
