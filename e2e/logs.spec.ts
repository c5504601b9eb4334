import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('the Logs page connects and shows a live line caused by an API request', async ({ page, logsPage }) => {
  await logsPage.goto();
  await expect(logsPage.status).toHaveText('Connected');

  // Other tests run in parallel and their requests are logged too, so new lines may arrive at any moment:
  // check that the lines shown before Clear are gone, not that the list stays empty.
  await expect(logsPage.lines.first()).toBeVisible();
  const before = await logsPage.lines.allTextContents();
  await logsPage.clear.click();
  // Lines that carry a request id are unique (others, such as a health check, may well repeat).
  for (const line of before.filter((text) => /\[[\w-]+\]/.test(text)).slice(0, 5)) {
    await expect(logsPage.lines.filter({ hasText: line })).toHaveCount(0);
  }

  // Any request is logged with its request id; this one is easy to recognise by its URL.
  const marker = `e2e-marker-${Date.now()}`;
  await page.request.get(`/api/health?${marker}`);
  await expect(logsPage.lines.filter({ hasText: marker }).first()).toBeVisible();
  await expect(page.getByTestId('log-count')).not.toHaveText('0 / 100 entries');
});
