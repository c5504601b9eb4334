/** Query History: search by words and filter by asker and rating, applied on the server. */
import { apiLogin, createUserViaApi, uniqueEmail } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

const PASSWORD = 'Analyst-pass1';

test('history search finds questions by their words and filters by asker and rating', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('searcher');
  await createUserViaApi(request, { email, password: PASSWORD });
  const headers = { Authorization: `Bearer ${await apiLogin(request, email, PASSWORD)}` };
  const ask = async (prompt: string) => {
    const response = await request.post('/api/query', { headers, data: { prompt }, timeout: 90_000 });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  const regions = await ask('How many premises are there in each region?');
  const leeds = await ask('Which networks cover Leeds?');

  await page.goto('/results');
  await expect(page.getByRole('heading', { name: 'Query History' })).toBeVisible({ timeout: 60_000 });
  const items = page.getByTestId('history-item');
  const asker = page.getByRole('textbox', { name: 'Asked by' });
  await asker.fill(email);
  await expect(items).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Search history' }).fill('regions');
  await expect(items).toHaveCount(1);
  await expect(page.locator(`a[href="/results/${regions}"]`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search history' }).fill('leeds');
  await expect(page.locator(`a[href="/results/${leeds}"]`)).toBeVisible();
  await expect(items).toHaveCount(1);
  await page.screenshot({ path: '/work/screens-chatux/history-search.png' });

  await page.getByRole('searchbox', { name: 'Search history' }).fill('');
  await page.getByRole('combobox', { name: 'Rating' }).selectOption('up');
  await expect(page.getByTestId('history-no-match')).toBeVisible();
  await page.getByRole('combobox', { name: 'Rating' }).selectOption('none');
  await expect(items).toHaveCount(2);
});
