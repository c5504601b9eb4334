/**
 * Analysts know SQL, as an ordinary user: a SELECT pasted as the question runs as written (never refused as not
 * about the data), the generated SQL can be edited and run again on the home result and on the detail page, a
 * destructive statement is refused with the safety check's reason, and the history marks SQL the user edited.
 */
import { HistoryPage } from './pages/history-page';
import { QueryPage } from './pages/query-page';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage } from './support/ordinary-user';

const PASTED = `SELECT government_region, SUM(premises) AS premises
FROM upc_output
GROUP BY government_region
ORDER BY premises DESC`;

test.describe('SQL the analyst writes', () => {
  test.setTimeout(120_000);

  test('a SELECT pasted as the question runs as written', async ({ browser, request }) => {
    const { page } = await ordinaryUserPage(browser, request);
    const home = new QueryPage(page);
    const answer = await home.ask(PASTED);
    expect(answer).toMatchObject({ sql_source: 'user', response_type: 'data_query' });
    await expect(home.interpretationText).toHaveText('Your SQL, run as written');
    await expect(home.sql.getByRole('heading', { name: 'SQL Query' })).toBeVisible();
    await expect(home.sql.getByTestId('sql-source')).toHaveText('Written by you');
    await expect(home.resultRows).toHaveCount(12);
    await expect(home.analysis).toContainText('Written by you');
    await expect(home.result).not.toContainText('does not mention anything the broadband data covers');
  });

  test('edits the generated SQL on the home result and runs it again; a destructive edit is refused', async ({
    browser,
    request,
  }) => {
    const { page } = await ordinaryUserPage(browser, request);
    const home = new QueryPage(page);
    const first = await home.ask('Full fibre coverage by region');
    await expect(home.resultRows).toHaveCount(12);
    const generated = String(first.sql_query);

    await home.editSql.click();
    await home.sqlBox.fill('DROP TABLE upc_output');
    await home.runEditedSql.click();
    await expect(home.sqlEditor).toContainText(
      'The SQL was refused by the safety check: Only read-only SELECT statements are allowed.',
    );

    const edited = `${generated.replace(/ORDER BY[\s\S]*$/i, '')}ORDER BY coverage_pct ASC LIMIT 3`;
    await home.sqlBox.fill(edited);
    const response = page.waitForResponse((r) => /\/api\/query\/[^/]+\/sql$/.test(new URL(r.url()).pathname));
    await home.runEditedSql.click();
    const rerun = (await (await response).json()) as { id: string; edited_from: string };
    expect(rerun.edited_from).toBe(first.id);
    await expect(home.resultRows).toHaveCount(3);
    await expect(home.sql.getByTestId('sql-source')).toHaveText('Edited by you');
    await expect(home.interpretationText).toHaveText('Your edited SQL, run as written');
  });

  test('edits a saved query on its detail page, which moves to the new query, marked in the history', async ({
    browser,
    request,
  }) => {
    const { page } = await ordinaryUserPage(browser, request);
    const home = new QueryPage(page);
    const first = await home.ask('How many premises are there in each region?');
    await page.goto(`/results/${first.id}`);
    await expect(home.sql).toBeVisible();
    const generated = String(first.sql_query);
    const edited = await home.runEdited(`${generated.replace(/ORDER BY[\s\S]*$/i, '')}ORDER BY 1 LIMIT 2`);
    await expect(page).toHaveURL(`/results/${edited.id}`);
    await expect(page.getByTestId('edited-from')).toContainText(
      'SQL edited by the user from the original query',
    );
    await expect(page.getByTestId('results-row')).toHaveCount(2);
    await page.getByTestId('edited-from').getByRole('link', { name: 'the original query' }).click();
    await expect(page).toHaveURL(`/results/${first.id}`);

    const history = new HistoryPage(page);
    await history.goto();
    await expect(history.item(String(edited.id)).getByTestId('sql-source-badge')).toHaveText('Edited SQL');
    await expect(history.item(String(first.id)).getByTestId('sql-source-badge')).toHaveCount(0);
  });
});
