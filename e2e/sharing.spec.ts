/**
 * Issue 22, acceptance 4: a user shares a conversation; another signed-in user opens its link read-only (no way to
 * continue it), an anonymous visitor gets the login page, and deleting the conversation ends the link. The Markdown
 * export holds the conversation's text and its tables.
 */
import { readFile } from 'node:fs/promises';

import { ChatPage } from './pages/chat-page';
import { apiLogin, createUserViaApi, uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';
import { signedInPage } from './support/ordinary-user';

const PASSWORD = 'Analyst-pass1';

test('a shared conversation opens read-only for another user, never anonymously, and ends when deleted', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const ownerEmail = uniqueEmail('sharer');
  const readerEmail = uniqueEmail('reader');
  await createUserViaApi(request, { email: ownerEmail, password: PASSWORD, role: 'user' });
  await createUserViaApi(request, { email: readerEmail, password: PASSWORD, role: 'user' });

  const owner = await signedInPage(browser, ownerEmail, PASSWORD);
  const chat = new ChatPage(owner);
  await chat.goto('/chat', { streaming: true });
  await chat.askAndWait('How many premises are there in each region?', 120_000);

  // The Markdown export holds the question, the answer's text and a table.
  const download = owner.waitForEvent('download');
  await owner.getByTestId('export-markdown').click();
  const markdown = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(markdown).toContain('## Question\n\nHow many premises are there in each region?');
  expect(markdown).toContain('## Answer');
  expect(markdown).toMatch(/\| .*region.* \|/i);
  expect(markdown).toMatch(/\| --- \|/);

  await owner.getByTestId('share-conversation').click();
  const link = owner.getByTestId('share-link');
  await expect(link).toBeVisible();
  const path = (await link.getAttribute('href')) ?? '';
  expect(path).toMatch(/^\/shared\/conversations\/[\w-]+$/);

  // Another signed-in user reads it, with no composer and no way to continue it.
  const reader = await signedInPage(browser, readerEmail, PASSWORD);
  await reader.goto(path);
  const shared = reader.getByTestId('shared-conversation');
  await expect(shared).toContainText(`shared by ${ownerEmail}`);
  await expect(shared).toContainText('How many premises are there in each region?');
  await expect(reader.getByRole('textbox')).toHaveCount(0);

  // Anonymous visitors get the login page.
  const anonymous = await (await browser.newContext({ storageState: undefined })).newPage();
  await anonymous.goto(path);
  await expect(anonymous).toHaveURL(/\/login/, { timeout: 60_000 });

  // Deleting the conversation ends its link.
  const sessionId = new URL(owner.url()).pathname.split('/').pop() ?? '';
  const token = await apiLogin(request, ownerEmail, PASSWORD);
  const deleted = await request.delete(`/api/chat/sessions/${sessionId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(deleted.status()).toBe(204);
  await reader.reload();
  await expect(reader.getByTestId('shared-not-found')).toBeVisible();
});
