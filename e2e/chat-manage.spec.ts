/**
 * Managing conversations in the browser: rename, delete and search past conversations, regenerate the last
 * answer, edit a question and resend, copy a message, and the list on a phone-sized screen.
 */
import { ChatPage } from './pages/chat-page';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

const SCREENS = '/work/screens-chatux';

/** Opens the chat, streaming; a busy machine may take a while to load the route's code. */
async function openChat(chat: ChatPage) {
  await chat.useStreaming(true);
  await chat.page.goto('/chat');
  await expect(chat.input).toBeVisible({ timeout: 60_000 });
}

test('rename, search and delete past conversations', async ({ page }) => {
  test.setTimeout(240_000);
  const chat = new ChatPage(page);
  const marker = `zebra${Date.now().toString(36)}`;
  await openChat(chat);
  await chat.askAndWait('Tell me about Leeds', 120_000);
  const leedsUrl = page.url();
  await chat.startNewChat();
  await chat.askAndWait('How many premises are there in each region?', 120_000);
  // Each result table shows once: the answer's table is in view; the run_sql card's copy is folded.
  const answer = chat.assistantMessages.last();
  await expect(answer.getByTestId('assistant-text').locator('table')).toHaveCount(1);
  await expect(answer.locator('table:visible')).toHaveCount(1);
  const folded = answer.locator('[data-testid="tool-result"][data-table-in-answer="true"]');
  await expect(folded).toContainText('the table is shown in the answer');
  await folded.getByRole('button', { name: 'Show the raw result' }).click();
  await expect(folded.locator('table')).toBeVisible();
  await folded.getByRole('button', { name: 'Hide the raw result' }).click();

  // Rename the Leeds conversation to a unique title.
  const leeds = chat.sidebar.locator('li').filter({ hasText: 'Tell me about Leeds' }).first();
  await leeds.hover();
  await leeds.getByRole('button', { name: /^Rename/ }).click();
  const title = chat.sidebar.getByRole('textbox', { name: 'Conversation title' });
  await title.fill(`Leeds ${marker}`);
  await title.press('Enter');
  await expect(chat.sessions.filter({ hasText: `Leeds ${marker}` })).toHaveCount(1);

  // Search finds it by its new title, and by a word only in the other conversation's question.
  const search = chat.sidebar.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill(marker);
  await expect(chat.sessions).toHaveCount(1);
  await expect(chat.sessions.first()).toContainText(`Leeds ${marker}`);
  await search.fill('premises region');
  await expect(chat.sessions.filter({ hasText: 'How many premises' }).first()).toBeVisible();
  await expect(chat.sessions.filter({ hasText: `Leeds ${marker}` })).toHaveCount(0);
  await search.fill(`${marker}nothing`);
  await expect(chat.sidebar.getByText('No conversation matches')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/chat-search-empty.png` });
  await search.fill('');

  // Delete it (open): it leaves the list, its URL no longer loads, and a new chat starts.
  await page.goto(leedsUrl);
  await expect(chat.userTexts.first()).toHaveText('Tell me about Leeds');
  const renamed = chat.sidebar.locator('li').filter({ hasText: `Leeds ${marker}` });
  await renamed.hover();
  await renamed.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(chat.sessions.filter({ hasText: `Leeds ${marker}` })).toHaveCount(0);
  await page.goto(leedsUrl);
  await expect(page.getByText('This conversation could not be found.')).toBeVisible();
});

test('regenerate the last answer, edit a question and resend, copy a message', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const chat = new ChatPage(page);
  await openChat(chat);
  await chat.askAndWait('Tell me about Leeds', 120_000);
  await chat.askAndWait('What data do you have?', 120_000);
  await expect(chat.userTexts).toHaveCount(2);

  // Regenerate: the same question again, one answer for it, replaced on the server too.
  const replaced = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/chat/message'));
  await chat.assistantMessages.last().getByRole('button', { name: 'Regenerate' }).click();
  expect((await replaced).postDataJSON()).toMatchObject({
    message: 'What data do you have?',
    replace_from: 1,
  });
  await expect(chat.input).toBeVisible({ timeout: 120_000 });
  await expect(chat.userTexts).toHaveText(['Tell me about Leeds', 'What data do you have?']);
  await expect(chat.assistantMessages).toHaveCount(2);

  // Edit the first question and resend: what followed goes.
  await chat.userMessages.first().getByRole('button', { name: 'Edit question' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit question' });
  await editor.fill('Map altnet coverage by local authority');
  await page.getByRole('button', { name: 'Save and send' }).click();
  await expect(chat.input).toBeVisible({ timeout: 120_000 });
  await expect(chat.userTexts).toHaveText(['Map altnet coverage by local authority']);
  await expect(chat.chartFrames).toHaveCount(1);
  await chat.expectChartDrawn(chat.chartFrames.first());
  await page.screenshot({ path: `${SCREENS}/chat-after-edit.png` });

  // The server agrees after a reload.
  await page.reload();
  await expect(chat.userTexts).toHaveText(['Map altnet coverage by local authority']);
  await expect(chat.assistantMessages).toHaveCount(1);

  // Copy puts the message's text on the clipboard.
  await chat.userMessages.first().getByRole('button', { name: 'Copy message' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Map altnet coverage by local authority',
  );
});

test('past conversations are reachable on a phone-sized screen', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const chat = new ChatPage(page);
  await openChat(chat);
  await chat.askAndWait('Tell me about Leeds', 120_000);
  await expect(chat.sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Conversations' }).click();
  const panel = page.getByTestId('chat-conversations-panel');
  await expect(panel.getByTestId('chat-session').first()).toBeVisible();
  await expect(panel.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
  // The panel slides in: wait for its animation to end, or the screenshot catches it half-way off the screen.
  await panel.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.screenshot({ path: `${SCREENS}/chat-phone-conversations.png` });
  await panel.getByRole('button', { name: 'New chat' }).click();
  await expect(panel).toBeHidden();
  await expect(chat.emptyState).toBeVisible();
  await page.getByRole('button', { name: 'Conversations' }).click();
  await panel.getByTestId('chat-session').filter({ hasText: 'Tell me about Leeds' }).first().click();
  await expect(panel).toBeHidden();
  await expect(chat.userTexts.first()).toHaveText('Tell me about Leeds');
});
