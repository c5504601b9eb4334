/**
 * Charts and maps in chat for an ordinary (non-admin) user, with the Chat (beta) flag off (the default: the
 * whole-answer endpoint) and on (the stream): both draw on the first answer and again after a reload.
 */
import type { Browser, Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { createUserViaApi, uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';

const PASSWORD = 'Analyst-pass1';
const CHART_QUESTION = 'Show me full fibre coverage by region as a chart';
const MAP_QUESTION = 'Map altnet coverage by local authority';

async function signedInUser(
  browser: Browser,
  request: Parameters<typeof createUserViaApi>[0],
): Promise<Page> {
  const email = uniqueEmail('analyst');
  await createUserViaApi(request, { email, password: PASSWORD, role: 'user' });
  const page = await (await browser.newContext({ storageState: undefined })).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  return page;
}

for (const streaming of [false, true]) {
  test(`an ordinary user sees a chart and a map on the first answer and after a reload (beta ${streaming ? 'on' : 'off'})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const page = await signedInUser(browser, request);
    const chat = new ChatPage(page);
    await chat.goto('/chat', { streaming });
    // A non-admin has no beta switch; the flag only comes from storage.
    await expect(page.getByRole('switch', { name: 'Chat (beta)' })).toHaveCount(0);
    const endpoint = streaming ? '/api/chat/message/stream' : '/api/chat/message';
    const used: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/chat/message')) {
        used.push(new URL(r.url()).pathname);
      }
    });

    await chat.askAndWait(CHART_QUESTION, 120_000);
    await expect(chat.chartFrames).toHaveCount(1);
    await chat.expectChartDrawn(chat.chartFrames.first());
    await expect(chat.chartFrames.first().contentFrame().getByText('Chart not found.')).toHaveCount(0);

    await chat.askAndWait(MAP_QUESTION, 120_000);
    await expect(chat.chartFrames).toHaveCount(2);
    await expect(chat.chartFrames.last()).toHaveAttribute('data-kind', /map/);
    await chat.expectChartDrawn(chat.chartFrames.last());
    expect(used).toEqual([endpoint, endpoint]);

    await page.reload();
    await expect(chat.userTexts).toHaveText([CHART_QUESTION, MAP_QUESTION]);
    await expect(chat.chartFrames).toHaveCount(2);
    await chat.expectChartDrawn(chat.chartFrames.first());
    await chat.expectChartDrawn(chat.chartFrames.last());
    await page.context().close();
  });
}
