/**
 * The query tool end to end on the default install (built-in analyst, no key): the acceptance question,
 * every result section, live progress, feedback, comments and archive.
 */
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/env';
import { expect, test } from './support/query-fixtures';

const QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';

test.use({ storageState: ADMIN_STORAGE_STATE, permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  // The v2 endpoint adds the classification; admins switch it with 'Chat (beta)'.
  await page.addInitScript(() => window.localStorage.setItem('feature_flag_v2_endpoint', 'true'));
});

test('the acceptance question fills every section, streams progress, and can be rated, commented and archived', async ({
  page,
  queryPage,
  detailPage,
  historyPage,
}) => {
  test.setTimeout(120_000);
  await queryPage.goto();
  await expect(queryPage.recent.getByRole('heading', { name: 'Recently Asked Questions' })).toBeVisible();
  await expect(queryPage.recent.getByRole('link', { name: 'View All Query History →' })).toHaveAttribute(
    'href',
    '/results',
  );
  await expect(queryPage.prompt).toHaveAttribute('rows', '5');

  // A blank question does nothing.
  let asked = 0;
  page.on('request', (r) => {
    if (/\/api\/query(\/v2)?$/.test(new URL(r.url()).pathname)) asked += 1;
  });
  await queryPage.prompt.fill('   ');
  await queryPage.generate.click();
  await expect(queryPage.recent).toBeVisible();
  expect(asked).toBe(0);

  // While running: the button reads 'Generating Query...' and is disabled; the recent list goes away.
  await queryPage.prompt.fill(QUESTION);
  const answerPromise = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/v2', {
    timeout: 60_000,
  });
  await queryPage.generate.click();
  await expect(queryPage.recent).toBeHidden();
  const answer = await answerPromise;
  expect(answer.status()).toBe(200);
  const result = (await answer.json()) as { id: string; sql_query: string; csv_results: string };
  expect(result.id).toBeTruthy();
  await expect(queryPage.generate).toHaveText('Generate Query');
  await expect(queryPage.generate).toBeEnabled();

  // 1. Classification (V2), with the confidence as a percent.
  await expect(queryPage.classification).toContainText('Query Classification');
  await expect(queryPage.classification).toContainText('V2');
  await expect(queryPage.classification.getByTestId('classification-confidence')).toHaveText(/^\d{1,3}%$/);
  // 3. Analysis, 4. SQL, 5. Results, 6. Explanation, 7. Feedback — in that order.
  await expect(queryPage.analysis).toBeVisible();
  expect((await queryPage.analysis.innerText()).length).toBeGreaterThan(40);
  await expect(queryPage.sql.getByTestId('sql-code')).toContainText(/select/i);
  await expect(queryPage.resultRows.first()).toBeVisible();
  await expect(queryPage.results.getByTestId('row-count')).toHaveText(/^\d[\d,]* rows?$/);
  await expect(queryPage.explanation).toBeVisible();
  await expect(queryPage.feedback).toContainText('Was this response helpful?');
  const order = await page
    .getByTestId('query-result')
    .locator(':scope > [data-testid^="section-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  // The map or chart a result offers sits beside the fixed result sections, not among them.
  expect(order.filter((id) => id !== 'section-system-info' && id !== 'section-visual')).toEqual([
    'section-classification',
    'section-analysis',
    'section-sql',
    'section-results',
    'section-explanation',
    'section-feedback',
  ]);

  // The results table shows the CSV's first local authority; numbers are right-aligned.
  const firstDataLine = result.csv_results.split(/\r?\n/)[1] ?? '';
  const firstCell = firstDataLine.startsWith('"') ? firstDataLine.split('"')[1] : firstDataLine.split(',')[0];
  if (firstCell && !/^[-\d.]+$/.test(firstCell))
    await expect(queryPage.resultRows.first()).toContainText(firstCell);

  // Copy SQL and the copy menu say 'Copied!' and put the text on the clipboard.
  await queryPage.sql.getByRole('button', { name: 'Copy SQL' }).click();
  await expect(queryPage.sql.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(result.sql_query);
  await expect(queryPage.sql.getByRole('button', { name: 'Copy SQL' })).toBeVisible({ timeout: 4000 });

  await queryPage.results.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    /CSV.*Excel compatible/,
    /TSV.*tab separated/,
    /Markdown.*table format/,
    /JSON.*structured data/,
  ]);
  await page.getByRole('menuitem', { name: /JSON/ }).click();
  await expect(queryPage.results.getByRole('button', { name: /Copied!/ })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as unknown[];
  expect(Array.isArray(copied) && copied.length > 0).toBe(true);

  // Progress Updates: live messages arrived; the panel closed when loading ended and can be reopened.
  await expect(queryPage.progressPanel).toBeVisible();
  await expect(queryPage.progressToggle).toHaveAttribute('aria-expanded', 'false');
  await queryPage.progressToggle.click();
  await expect(queryPage.progressToggle).toHaveAttribute('aria-expanded', 'true');
  expect(await queryPage.progressItems.count()).toBeGreaterThan(0);
  const body = queryPage.progressPanel.getByTestId('progress-panel-body');
  expect(await body.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');

  // Rate it.
  await queryPage.feedback.getByRole('button', { name: 'Yes' }).click();
  await queryPage.feedback.getByPlaceholder('Any additional feedback? (optional)').fill('Clear and correct.');
  await queryPage.feedback.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(queryPage.feedback.getByText('Thank you for your feedback!')).toBeVisible();

  // The detail page shows the same answer, the feedback, comments, progress log and archive.
  await detailPage.goto(result.id);
  await expect(detailPage.prompt).toHaveText(QUESTION);
  await expect(detailPage.askedBy).toHaveText(
    new RegExp(
      `^Asked by ${E2E_ADMIN.email.replace('.', '\\.')} on \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}:\\d{2}$`,
    ),
  );
  await expect(detailPage.feedbackBlock).toContainText('Clear and correct.');
  await expect(detailPage.feedback.getByRole('button', { name: 'Update Feedback' })).toBeVisible();
  await expect(detailPage.sql).toContainText(/select/i);
  await expect(detailPage.results.getByTestId('results-row').first()).toBeVisible();
  await expect(detailPage.explanation).toBeVisible();
  await expect(detailPage.analysis).toBeVisible();
  await expect(detailPage.progressLog.getByTestId('progress-item').first()).toBeVisible();

  await expect(detailPage.comments).toContainText('No comments yet');
  await expect(detailPage.addComment).toBeDisabled();
  await detailPage.commentBox.fill('  Matches the regional dashboard.  ');
  await detailPage.addComment.click();
  await expect(detailPage.commentItems).toHaveCount(1);
  await expect(detailPage.commentItems.first()).toContainText('Matches the regional dashboard.');
  await expect(detailPage.commentItems.first()).toContainText(E2E_ADMIN.email);
  await detailPage.commentBox.fill('A second thought, to be deleted.');
  await detailPage.addComment.click();
  await expect(detailPage.commentItems).toHaveCount(2);
  await detailPage.commentItems
    .filter({ hasText: 'A second thought' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(detailPage.commentItems).toHaveCount(1);

  await expect(detailPage.archivedBanner).toHaveCount(0);
  await detailPage.archiveButton.click();
  await expect(detailPage.archivedBanner).toBeVisible();
  await expect(detailPage.archiveButton).toHaveText('Unarchive');

  // Archived: listed for the admin with Show Archived, with its badge and feedback marker.
  await historyPage.goto();
  await historyPage.archivedToggle.click();
  await expect(historyPage.archivedToggle).toHaveText('Hide Archived');
  await expect(historyPage.item(result.id)).toBeVisible();
  await expect(historyPage.item(result.id).getByTestId('archived-badge')).toBeVisible();
  await expect(historyPage.item(result.id).getByTestId('feedback-marker')).toBeVisible();
  await historyPage.item(result.id).click();
  await expect(page).toHaveURL(`/results/${result.id}`);
  await detailPage.archiveButton.click();
  await expect(detailPage.archiveButton).toHaveText('Archive');
  await expect(detailPage.archivedBanner).toHaveCount(0);
  await detailPage.backToHistory.click();
  await expect(page).toHaveURL('/results');
});

test('a question about the data answers with System Information, and an example fills the box', async ({
  queryPage,
}) => {
  test.setTimeout(60_000);
  await queryPage.goto();
  await queryPage.ask('What data do you have?');
  await expect(queryPage.systemInfo).toBeVisible();
  const example = queryPage.systemInfo.getByRole('button').first();
  const text = (await example.innerText()).trim();
  await example.click();
  await expect(queryPage.prompt).toHaveValue(text);
});

test('a failing question shows the server message in the error banner', async ({ page, queryPage }) => {
  await page.route('**/api/query/v2', (route) =>
    route.fulfill({ status: 500, json: { detail: 'The planner fell over' } }),
  );
  await queryPage.goto();
  await queryPage.prompt.fill('Anything at all');
  await queryPage.generate.click();
  await expect(queryPage.errorBanner).toContainText('The planner fell over');
  await expect(queryPage.recent).toBeHidden();
  await expect(queryPage.result).toHaveCount(0);
});

test('a failing recent list is treated as empty', async ({ page, queryPage }) => {
  await page.route('**/api/history/query-history*', (route) => route.fulfill({ status: 500, json: {} }));
  await queryPage.goto();
  await expect(queryPage.recent).toContainText('No recent queries available');
});

test('a large result stays fast: only the visible rows are rendered, and scrolling reaches the last', async ({
  page,
  queryPage,
}) => {
  const rows = Array.from(
    { length: 20_000 },
    (_, i) => `"Postcode ${i}, Area",${i * 7},${(i / 3).toFixed(3)}`,
  );
  await page.route('**/api/query/v2', (route) =>
    route.fulfill({
      json: {
        id: 'big',
        response_type: 'data_query',
        sql_query: 'SELECT postcode, premises, share FROM t',
        csv_results: ['postcode,premises,share', ...rows].join('\n'),
        csv_analysis: 'Many rows.',
        sql_explanation: 'Selects everything.',
        row_count: 20_000,
        truncated: true,
      },
    }),
  );
  await queryPage.goto();
  await queryPage.ask('Everything, please');
  await expect(queryPage.results.getByTestId('row-count')).toHaveText('20,000 rows');
  await expect(queryPage.results.getByTestId('truncated-note')).toBeVisible();
  expect(await queryPage.resultRows.count()).toBeLessThan(100);
  await expect(queryPage.resultRows.first()).toContainText('Postcode 0, Area');
  await expect(queryPage.resultRows.nth(1)).toContainText('7');
  await queryPage.results
    .getByTestId('results-table-scroll')
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(queryPage.resultRows.last()).toContainText('Postcode 19999, Area');
  await expect(queryPage.resultRows.last()).toContainText('139,993');
});
