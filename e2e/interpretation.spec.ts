/**
 * The interpretation end to end (built-in analyst, no key): the one-sentence restatement of the question that was
 * answered shows first on the home result, again on the query's detail page (as saved), and opens the chat answer.
 */
import { ChatPage } from './pages/chat-page';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/query-fixtures';

const QUESTION = "How many premises in Wales still can't get gigabit?";
const READING = /^Premises in Wales where no network offers gigabit-capable broadband, \w+ \d{4} snapshot$/;

test.use({ storageState: ADMIN_STORAGE_STATE });

test('the interpretation shows on the home result, on the detail page and in the chat answer', async ({
  page,
  queryPage,
  detailPage,
}) => {
  test.setTimeout(150_000);
  // A busy machine can be slow to serve the first page: wait longer than the default for the question box.
  await page.goto('/');
  await expect(queryPage.prompt).toBeVisible({ timeout: 30_000 });
  const result = (await queryPage.ask(QUESTION)) as { id: string; interpretation: string };
  expect(result.interpretation).toMatch(READING);

  // Home: first in the result, above the classification and the analysis.
  const banner = queryPage.result.getByTestId('interpretation');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Answered as:');
  await expect(banner.getByTestId('interpretation-text')).toHaveText(result.interpretation);
  const first = queryPage.result.locator(':scope > *').first();
  await expect(first).toHaveAttribute('data-testid', 'interpretation');

  // Detail: the saved interpretation, the same sentence.
  await detailPage.goto(result.id);
  await expect(page.getByTestId('interpretation-text')).toHaveText(result.interpretation);

  // Chat: the built-in model's answer opens with the same reading.
  const chat = new ChatPage(page);
  await chat.goto();
  await chat.askAndWait(QUESTION);
  const answer = chat.assistantMessages.last();
  await expect(answer).toContainText(`Answered as: ${result.interpretation}`);
});
