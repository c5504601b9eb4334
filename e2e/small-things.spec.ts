/**
 * The small things an analyst trips over, each fixed, as an ordinary user: From/To day filters typed DD/MM/YYYY,
 * a live counter that announces the 4,000-character limit before a submit, an empty submit that says what is
 * wrong, conversation titles that are not cut at twenty characters, and chat search snippets without markdown.
 */
import { ChatPage } from './pages/chat-page';
import { QueryPage } from './pages/query-page';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage } from './support/ordinary-user';

test('history day filters are labelled From and To and typed day first', async ({ browser, request }) => {
  const { page } = await ordinaryUserPage(browser, request);
  await new QueryPage(page).ask('Full fibre coverage by region');
  await page.goto('/results');
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  await expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await expect(to).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await expect(page.getByText('From', { exact: true })).toBeVisible();
  await expect(page.getByText('To', { exact: true })).toBeVisible();

  // Today, typed the British way, keeps today's question; a day in the past without questions empties the list.
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' }).format(new Date());
  await from.fill(today);
  await expect(page.getByTestId('history-item').first()).toBeVisible();
  const filtered = page.waitForResponse((r) => r.url().includes('to=2020-01-31'));
  await to.fill('31/01/2020');
  await filtered;
  await expect(page.getByTestId('history-no-match')).toBeVisible();
  // A day that does not exist says so and is not searched.
  await to.fill('31/02/2020');
  await expect(page.getByText('Not a day: use DD/MM/YYYY.')).toBeVisible();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
});

test('the question box counts to 4,000, announces the limit before a submit, and says why an empty one is not sent', async ({
  browser,
  request,
}) => {
  const { page } = await ordinaryUserPage(browser, request);
  const home = new QueryPage(page);
  await expect(home.counter).toHaveText('0 / 4,000 characters');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/query') posted += 1;
  });

  await home.generate.click();
  await expect(home.promptError).toHaveText(
    'Type a question, or paste an SQL SELECT, before generating a query.',
  );
  await expect(home.prompt).toBeFocused();

  await home.prompt.fill('x'.repeat(3_990));
  await expect(home.counter).toHaveText('3,990 / 4,000 characters');
  await expect(page.getByTestId('prompt-counter-live')).toHaveText('10 characters left.');
  await home.prompt.fill('x'.repeat(5_000));
  await expect(home.promptError).toContainText(
    'The question is 5,000 characters, over the 4,000-character limit',
  );
  await home.generate.click();
  await expect(home.prompt).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
});

test('conversation titles are not cut short, and search snippets show emphasis, not markdown', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { page } = await ordinaryUserPage(browser, request);
  const chat = new ChatPage(page);
  await chat.goto('/chat');
  const question = 'Which alternative networks reach the most premises in Yorkshire and The Humber?';
  await chat.askAndWait(question, 120_000);
  const title = chat.sessions.first().getByTestId('chat-session-title');
  await expect(title).toHaveText(question);
  // Wrapped over two lines inside the sidebar, not cut at one line's end.
  const { clipped, lines } = await title.evaluate((el) => ({
    clipped: el.scrollHeight > el.clientHeight + 1,
    lines: Math.round(el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight)),
  }));
  expect(lines).toBeGreaterThanOrEqual(2);
  expect(clipped && lines < 2).toBe(false);
  await expect(chat.sessions.first()).toHaveAttribute('title', question);

  await chat.sidebar.getByRole('searchbox', { name: 'Search conversations' }).fill('answered');
  const snippet = chat.sessions.first().getByTestId('chat-session-snippet');
  await expect(snippet).toBeVisible();
  await expect(snippet).not.toContainText('**');
  await expect(snippet.locator('strong').first()).toBeVisible();
});
