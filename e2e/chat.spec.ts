/**
 * The streaming analyst chat end to end on a fresh install (no API key: the built-in analyst `builtin`
 * answers): empty state, the chart and map acceptance questions with tool cards and iframes, reload restores
 * the conversation, Stop Generating, input rules, the non-streaming chat and the stream error texts.
 */
import { ChatPage } from './pages/chat-page';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

const CHART_QUESTION = 'Show me full fibre coverage by region as a chart';
const MAP_QUESTION = 'Map altnet coverage by local authority';

test('the empty chat offers four example prompts, the data areas, the model picker and the context badge', async ({
  page,
  appShell,
}) => {
  const chat = new ChatPage(page);
  await chat.useStreaming(true);
  await page.goto('/');
  await appShell.navigate('Chat');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(chat.emptyState.getByRole('heading', { level: 2 })).toBeVisible();
  for (const area of [
    'Network footprint and infrastructure',
    'Market share and subscribers',
    'Forecasts',
    'Interactive visualizations',
  ]) {
    await expect(chat.emptyState.getByText(area, { exact: true })).toBeVisible();
  }
  await expect(chat.examplePrompts).toHaveCount(4);
  await expect(chat.modelPicker).toBeVisible();
  await expect(chat.selectedModel).toHaveText('Built-in analyst (offline)');
  await expect(chat.contextBadge).toBeVisible();
  await expect(chat.contextBadge).toHaveAttribute('data-tone', 'green');
  // The built-in model is free: the session cost and the picker both say 'No cost', never '<1p' beside it.
  await expect(chat.contextBadge).toContainText('No cost');
  await expect(chat.contextBadge).not.toContainText('<1p');
  await expect(chat.send).toBeDisabled();
  await expect(chat.newChat).toBeVisible();
});

test('the chart and map questions complete their tool cards and draw in iframes; a reload restores the conversation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const chat = new ChatPage(page);
  await chat.goto();
  // The model list loads after the page: a message sent before it is sent with no model (the server's default), so
  // wait for the picker to name the built-in analyst before asking for it by name.
  await expect(chat.selectedModel).toHaveText('Built-in analyst (offline)');

  const stream = page.waitForRequest((r) => r.url().endsWith('/api/chat/message/stream'));
  await chat.ask(CHART_QUESTION);
  const request = await stream;
  const body = request.postDataJSON() as { message: string; session_id: string; model: string };
  expect(body).toMatchObject({ message: CHART_QUESTION, model: 'builtin' });
  expect(body.session_id).toBeTruthy();
  // The session id goes into the URL once the first message is sent.
  await expect(page).toHaveURL(new RegExp(`/chat/${body.session_id}$`));
  await expect(chat.userTexts.first()).toHaveText(CHART_QUESTION);

  await expect(chat.input).toBeVisible({ timeout: 120_000 });
  await expect(chat.toolCells.first()).toBeVisible();
  await expect(chat.pendingToolCells).toHaveCount(0);
  await expect(chat.chartFrames.first()).toBeVisible();
  const chart = chat.chartFrames.first();
  const kind = await chart.getAttribute('data-kind');
  expect((await chart.boundingBox())?.height).toBe(kind === 'la_stats' ? 400 : 500);
  await chat.expectChartDrawn(chart);
  await expect(chat.assistantMessages.last().getByTestId('assistant-text').first()).not.toBeEmpty();
  // The list followed the answer down to its end (the reader never scrolled up).
  await expect.poll(() => chat.distanceFromBottom()).toBeLessThanOrEqual(20);
  await expect(chat.assistantMessages.last().getByTestId('message-timestamp')).toHaveText(
    /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/,
  );

  const chartsBefore = await chat.chartFrames.count();
  await chat.askAndWait(MAP_QUESTION, 120_000);
  await expect(chat.pendingToolCells).toHaveCount(0);
  await expect(chat.chartFrames).toHaveCount(chartsBefore + 1);
  const map = chat.chartFrames.last();
  await expect(map).toHaveAttribute('data-kind', /map/);
  expect((await map.boundingBox())?.height).toBe(500);
  await chat.expectChartDrawn(map);

  // The conversation shows up in the list, and a reload restores it from the server.
  await expect(chat.sessions.first()).toContainText(/full fibre coverage by region/i);
  const cellsBefore = await chat.completedToolCells.count();
  await page.reload();
  await expect(chat.userTexts).toHaveText([CHART_QUESTION, MAP_QUESTION]);
  await expect(chat.completedToolCells).toHaveCount(cellsBefore);
  await expect(chat.pendingToolCells).toHaveCount(0);
  await expect(chat.chartFrames).toHaveCount(chartsBefore + 1);
  await chat.expectChartDrawn(chat.chartFrames.last());

  // New chat starts an empty conversation at /chat.
  await chat.newChat.click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(chat.emptyState).toBeVisible();
});

test('Stop Generating replaces the input while a request runs and cancels it', async ({ page }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  // The built-in analyst can answer within a few milliseconds; holding the request back for a moment
  // leaves time to press Stop. (Stopping the model call on the server is covered by the API tests.)
  await page.route('**/api/chat/message/stream', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined);
  });
  await chat.goto();
  await chat.ask(MAP_QUESTION);
  await expect(chat.stop).toBeVisible();
  await expect(chat.input).toBeHidden();
  await chat.stop.click();
  await expect(chat.assistantMessages.last()).toContainText('Request cancelled by user');
  await expect(chat.errorMessages).toHaveCount(0);
  await expect(chat.input).toBeVisible();
  await expect(chat.thinking).toBeHidden();
});

test('an example prompt sends itself; the answer streams with a thinking indicator first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.goto();
  const prompt = (await chat.examplePrompts.first().textContent()) ?? '';
  await chat.examplePrompts.first().click();
  await expect(chat.userTexts.first()).toHaveText(prompt);
  await expect(chat.input).toBeVisible({ timeout: 90_000 });
  await expect(chat.thinking).toBeHidden();
  await expect(chat.assistantMessages.or(chat.errorMessages).first()).toBeVisible();
  await expect(chat.errorMessages).toHaveCount(0);
});

test('the input: Enter sends, Shift+Enter adds a line, blank is not sendable, and it grows to 200 px', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto();
  await chat.input.fill('   ');
  await expect(chat.send).toBeDisabled();
  await chat.input.press('Enter');
  await expect(chat.userMessages).toHaveCount(0);

  await chat.input.fill('first line');
  await chat.input.press('Shift+Enter');
  await chat.input.pressSequentially('second line');
  await expect(chat.input).toHaveValue('first line\nsecond line');
  await expect(chat.userMessages).toHaveCount(0);

  const oneLine = (await chat.input.boundingBox())?.height ?? 0;
  await chat.input.fill(Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n'));
  const tall = (await chat.input.boundingBox())?.height ?? 0;
  expect(tall).toBeGreaterThan(oneLine);
  expect(tall).toBeLessThanOrEqual(200);
  expect(tall).toBeGreaterThanOrEqual(190);
});

test('with the v2 flag off the older chat answers in one piece with the same look', async ({ page }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.goto('/chat', { streaming: false });
  const reply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/chat/message' && r.request().method() === 'POST',
    { timeout: 90_000 },
  );
  let streamed = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/chat/message/stream')) streamed = true;
  });
  await chat.ask(CHART_QUESTION);
  expect((await reply).status()).toBe(200);
  await expect(chat.input).toBeVisible();
  await expect(chat.assistantMessages.first()).toBeVisible();
  await expect(chat.pendingToolCells).toHaveCount(0);
  expect(streamed).toBe(false);
});

test.describe('stream failures', () => {
  test('a failed status shows the HTTP error', async ({ page }) => {
    const chat = new ChatPage(page);
    await page.route('**/api/chat/message/stream', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Busy"}' }),
    );
    await chat.goto();
    await chat.ask('Hello');
    await expect(chat.errorMessages.getByTestId('error-message')).toHaveText('HTTP error! status: 503');
    await expect(chat.input).toBeVisible();
  });

  test('an error event shows the server message', async ({ page }) => {
    const chat = new ChatPage(page);
    await page.route('**/api/chat/message/stream', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: 'data: {"type":"typing_start"}\n\ndata: {"type":"error","message":"The model is unavailable"}\n\n',
      }),
    );
    await chat.goto();
    await chat.ask('Hello');
    await expect(chat.errorMessages.getByTestId('error-message')).toHaveText('The model is unavailable');
    await expect(chat.thinking).toBeHidden();
  });

  test('a dropped connection says something went wrong', async ({ page }) => {
    const chat = new ChatPage(page);
    await page.route('**/api/chat/message/stream', (route) => route.abort('connectionreset'));
    await chat.goto();
    await chat.ask('Hello');
    await expect(chat.errorMessages.getByTestId('error-message')).toHaveText(
      /^sorry, something went wrong: .+/,
    );
  });
});
