/**
 * History rules in the browser: who sees which query, Load More paging, the error texts, and the detail
 * screen's edge cases. Data is arranged through the API; the browser only looks.
 */
import type { Browser, Page } from '@playwright/test';
import { apiLogin, createUserViaApi, uniqueEmail } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/query-fixtures';

const QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';
const PASSWORD = 'Analyst-pass1';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  return page;
}

test('a non-admin cannot see another user’s archived query, by list or by URL', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueEmail('owner');
  const other = uniqueEmail('other');
  await createUserViaApi(request, { email: owner, password: PASSWORD });
  await createUserViaApi(request, { email: other, password: PASSWORD });
  const token = await apiLogin(request, owner, PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };

  const ask = async () => {
    const response = await request.post('/api/query', {
      headers,
      data: { prompt: QUESTION },
      timeout: 60_000,
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  const archivedId = await ask();
  const openId = await ask();
  const archived = await request.post(`/api/history/archive-query/${archivedId}`, { headers });
  expect(await archived.json()).toEqual(expect.objectContaining({ is_archived: true }));

  // The other user: the archived one is neither listed nor reachable; the open one is, without Archive.
  const otherPage = await signedInPage(browser, other);
  await otherPage.goto('/results');
  await expect(otherPage.getByRole('heading', { name: 'Query History' })).toBeVisible();
  await expect(otherPage.locator(`a[href="/results/${openId}"]`)).toBeVisible();
  await expect(otherPage.locator(`a[href="/results/${archivedId}"]`)).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: /Show Archived|Hide Archived/ })).toHaveCount(0);
  await otherPage.goto(`/results/${archivedId}`);
  await expect(otherPage.getByText('Query not found')).toBeVisible();
  await otherPage.goto(`/results/${openId}`);
  await expect(otherPage.getByTestId('query-prompt')).toHaveText(QUESTION);
  await expect(otherPage.getByTestId('archive-button')).toHaveCount(0);
  await otherPage.context().close();

  // The owner still sees their own archived query, marked as such, and may unarchive it.
  const ownerPage = await signedInPage(browser, owner);
  await ownerPage.goto('/results');
  const own = ownerPage.locator(`a[href="/results/${archivedId}"]`);
  await expect(own).toBeVisible();
  await expect(own.getByTestId('archived-badge')).toBeVisible();
  await own.click();
  await expect(ownerPage.getByText('This query has been archived')).toBeVisible();
  await expect(ownerPage.getByTestId('archive-button')).toHaveText('Unarchive');
  await ownerPage.context().close();
});

test.describe('as an admin', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });

  test('Load More pages by offset, 15 at a time', async ({ page, historyPage }) => {
    const offsets: string[] = [];
    await page.route('**/api/history/query-history*', (route) => {
      const url = new URL(route.request().url());
      const offset = Number(url.searchParams.get('offset'));
      offsets.push(`${url.searchParams.get('limit')}/${offset}/${url.searchParams.get('show_archived')}`);
      const count = offset === 0 ? 15 : 3;
      const items = Array.from({ length: count }, (_, i) => ({
        id: `stub-${offset + i}`,
        prompt: `Stub question ${offset + i}`,
        user_email: 'someone@example.com',
        timestamp: '2025-03-05T14:07:09Z',
        is_archived: false,
        archived_by: null,
        archived_at: null,
        sql_query: null,
        sql_explanation: null,
        csv_results: null,
        csv_analysis: null,
        progress_log: null,
        feedback_rating: null,
        feedback_comment: null,
      }));
      return route.fulfill({ json: { items, hasMore: offset === 0 } });
    });
    await historyPage.goto();
    await expect(historyPage.items).toHaveCount(15);
    await expect(historyPage.items.first()).toContainText('Asked by someone@example.com');
    await expect(historyPage.items.first()).toContainText('05/03/2025, 14:07:09');
    await historyPage.loadMore.click();
    await expect(historyPage.items).toHaveCount(18);
    await expect(historyPage.loadMore).toHaveCount(0);
    expect(offsets).toEqual(['15/0/false', '15/15/false']);
  });

  test('history failures and the empty list show their fixed texts', async ({ page, historyPage }) => {
    await page.route('**/api/history/query-history*', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/results');
    await expect(page.getByText('Could not load query history. Please try again later.')).toBeVisible();

    await page.unroute('**/api/history/query-history*');
    await page.route('**/api/history/query-history*', (route) => route.abort('failed'));
    await page.goto('/results');
    await expect(
      page.getByText("Error loading query history. Please check if you're logged in and try again."),
    ).toBeVisible({ timeout: 15_000 });

    await page.unroute('**/api/history/query-history*');
    await page.route('**/api/history/query-history*', (route) =>
      route.fulfill({ json: { items: [], hasMore: false } }),
    );
    await historyPage.goto();
    await expect(page.getByText('No query history available')).toBeVisible();
  });

  test('the detail page says when a query is missing, or its progress log cannot be read', async ({
    page,
    detailPage,
  }) => {
    await detailPage.goto('no-such-query');
    await expect(detailPage.notFound).toBeVisible();

    await page.route('**/api/history/queries/broken', (route) =>
      route.fulfill({
        json: {
          id: 'broken',
          prompt: 'A stored question',
          user_email: 'someone@example.com',
          timestamp: '2025-03-05T14:07:09Z',
          is_archived: false,
          archived_by: null,
          archived_at: null,
          sql_query: 'SELECT 1 AS one',
          sql_explanation: 'Selects **one**.',
          csv_results: 'one\n1\n',
          csv_analysis: 'The answer is $1$.',
          progress_log: '[{"message": "Classifying"',
          feedback_rating: false,
          feedback_comment: 'Not what I asked',
          can_archive: false,
        },
      }),
    );
    await page.route('**/api/history/comments/broken', (route) => route.fulfill({ json: [] }));
    await detailPage.goto('broken');
    await expect(detailPage.askedBy).toHaveText('Asked by someone@example.com on 05/03/2025, 14:07:09');
    await expect(detailPage.feedbackBlock).toContainText('Not what I asked');
    await expect(detailPage.archiveButton).toHaveCount(0);
    await expect(detailPage.analysis.locator('.katex')).toBeVisible();
    await expect(
      detailPage.progressLog.getByText('Progress updates could not be loaded due to data format issue.'),
    ).toBeVisible();
    await expect(
      detailPage.progressLog.getByText('Check console for detailed error information.'),
    ).toBeVisible();

    await page.route('**/api/history/queries/failing', (route) => route.fulfill({ status: 500, json: {} }));
    await detailPage.goto('failing');
    await expect(page.getByText('Failed to fetch query')).toBeVisible();
  });
});
