/** The result table downloads as a CSV file (not only the clipboard), named after the question. */
import { readFile } from 'node:fs/promises';
import { askViaApi } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('Download CSV saves the results as a file', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { id, csv_results } = await askViaApi(request, 'How many premises are there in each region?');
  await page.goto(`/results/${id}`);
  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  // Named after the question, not every file query-results.csv.
  expect(download.suggestedFilename()).toBe('how-many-premises-are-there-in-each-region.csv');
  expect(await readFile((await download.path())!, 'utf8')).toBe(csv_results);
});
