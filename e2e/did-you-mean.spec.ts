/**
 * "Did you mean" end to end, as an ordinary user, with the Chat (beta) flag off (whole answers, /api/query) and on
 * (the stream, /api/query/v2): "full fibre coverage in CF" has a close second reading (CF as CityFibre, or as the
 * Cardiff postcode area). The home result offers the other readings; choosing one answers it in place; the query's
 * detail page, opened from the history, shows the chosen answer, who chose it and the reading it replaced; the
 * chat's answer offers the same choices, and choosing one asks that reading.
 */
import type { Browser, Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { QueryDetailPage } from './pages/query-detail-page';
import { QueryPage } from './pages/query-page';
import { createUserViaApi, uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';

const QUESTION = 'full fibre coverage in CF';
const PASSWORD = 'Analyst-pass1';

type Answer = { id: string; interpretation: string; alternatives?: { interpretation: string }[] };

async function signedInUser(browser: Browser, email: string, streaming: boolean): Promise<Page> {
  const page = await (await browser.newContext({ storageState: undefined })).newPage();
  // A non-admin has no beta switch: the flag only comes from storage.
  await new ChatPage(page).useStreaming(streaming);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  return page;
}

for (const streaming of [false, true]) {
  test(`an ordinary user chooses another reading on the home result, in the history and in chat (beta ${streaming ? 'on' : 'off'})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('reader');
    await createUserViaApi(request, { email, password: PASSWORD, role: 'user' });
    const page = await signedInUser(browser, email, streaming);

    // Home: the answer, and under it the other readings.
    const home = new QueryPage(page);
    await home.goto();
    const first = (await home.ask(QUESTION)) as Answer;
    const offered = first.alternatives ?? [];
    expect(
      offered.length,
      'the reader must offer other readings of "CF" (the ranked reader of issue 21)',
    ).toBeGreaterThan(0);
    await expect(home.interpretationText).toHaveText(first.interpretation);
    await expect(home.choices).toHaveText(offered.map((a) => a.interpretation));
    await page.screenshot({ path: testInfo.outputPath('home-did-you-mean.png'), fullPage: true });

    // Choosing one answers it in place; the replaced reading is offered in its turn.
    const chosen = (await home.choose(0)) as Answer;
    expect(chosen.id).toBe(first.id);
    expect(chosen.interpretation).toBe(offered[0]?.interpretation);
    await expect(home.interpretationText).toHaveText(chosen.interpretation);
    await expect(home.readingChoice).toContainText(`Reading chosen by ${email}`);
    await expect(home.readingChoice).toContainText(`It replaced: ${first.interpretation}`);
    await expect(home.choices.first()).toHaveText(first.interpretation);
    await expect(home.sql).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('home-chosen.png'), fullPage: true });

    // The history keeps the choice: the detail page shows the chosen answer and who chose it.
    await page.goto('/results');
    await page.locator(`a[href="/results/${first.id}"]`).first().click();
    const detail = new QueryDetailPage(page);
    await expect(detail.prompt).toHaveText(QUESTION);
    await expect(detail.interpretationText).toHaveText(chosen.interpretation);
    await expect(detail.readingChoice).toContainText(`Reading chosen by ${email}`);
    await expect(detail.readingChoice).toContainText(`It replaced: ${first.interpretation}`);
    await expect(detail.choices.first()).toHaveText(first.interpretation);
    await expect(detail.progressLog).toContainText('Answering the reading chosen under "Did you mean"...');
    await page.screenshot({ path: testInfo.outputPath('detail-chosen.png'), fullPage: true });

    // Chat: the built-in answer offers the same choices; choosing one asks that reading.
    const chat = new ChatPage(page);
    const used: { path: string; alternative?: number }[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && path.startsWith('/api/chat/message')) {
        used.push({ path, ...(r.postDataJSON() as { alternative?: number }) });
      }
    });
    await chat.goto('/chat', { streaming });
    await chat.askAndWait(QUESTION, 120_000);
    await expect(chat.assistantMessages.last()).toContainText(`Answered as: ${first.interpretation}`);
    await expect(chat.choices).toHaveText(offered.map((a) => a.interpretation));
    await chat.chooseAndWait(0, 120_000);
    await expect(chat.userTexts.last()).toHaveText(chosen.interpretation);
    await expect(chat.assistantMessages.last()).toContainText(`Answered as: ${chosen.interpretation}`);
    await expect(chat.choices.first()).toHaveText(first.interpretation);
    const endpoint = streaming ? '/api/chat/message/stream' : '/api/chat/message';
    expect(used.map((u) => [u.path, u.alternative])).toEqual([
      [endpoint, undefined],
      [endpoint, 0],
    ]);
    await page.screenshot({ path: testInfo.outputPath('chat-chosen.png'), fullPage: true });

    // After a reload the conversation still offers the choices of its latest answer.
    await page.reload();
    await expect(chat.userTexts).toHaveText([QUESTION, chosen.interpretation]);
    await expect(chat.choices.first()).toHaveText(first.interpretation);
    await page.context().close();
  });
}
