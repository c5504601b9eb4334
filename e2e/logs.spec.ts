import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('the Logs page connects and shows a live line caused by an API request', async ({ page, logsPage }) => {
  await logsPage.goto();
  await expect(logsPage.status).toHaveText('Connected');

  await logsPage.clear.click().catch(() => undefined);
  await expect(logsPage.lines).toHaveCount(0);

  // Any request is logged with its request id; this one is easy to recognise by its URL.
  const marker = `e2e-marker-${Date.now()}`;
  await page.request.get(`/api/health?${marker}`);
  await expect(logsPage.lines.filter({ hasText: marker }).first()).toBeVisible();
  await expect(page.getByTestId('log-count')).not.toHaveText('0 / 100 entries');
});
