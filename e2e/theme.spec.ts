/**
 * The colour theme: System (the default) follows the browser's prefers-color-scheme; the menu's Light or
 * Dark overrides it and is remembered across a reload. Also takes a screenshot of every main screen in
 * both themes (into /tmp/shots-chatux) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { ChatPage } from './pages/chat-page';
import { QueryPage } from './pages/query-page';
import { askViaApi } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

const SHOTS = '/tmp/shots-chatux';

const htmlClass = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.className);
const pageBackground = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('System follows prefers-color-scheme; a chosen theme persists across reload', async ({ page }) => {
  // Three loads of the home screen, each allowed 60 s on a busy machine: the whole flow gets their sum.
  test.setTimeout(240_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible({ timeout: 60_000 });
  expect(await htmlClass(page)).toContain('dark');
  const darkBackground = await pageBackground(page);
  // System follows the system live.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => htmlClass(page)).toContain('light');
  expect(await pageBackground(page)).not.toBe(darkBackground);

  // Choose Dark in the menu while the system is light: it applies at once and survives a reload.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect.poll(() => htmlClass(page)).toContain('dark');
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible({ timeout: 60_000 });
  expect(await htmlClass(page)).toContain('dark');
  expect(await pageBackground(page)).toBe(darkBackground);

  // Light overrides a dark system, and also persists.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Light' }).click();
  await expect.poll(() => htmlClass(page)).toContain('light');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible({ timeout: 60_000 });
  expect(await htmlClass(page)).toContain('light');

  // Back to System: the dark system shows again.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'System' }).click();
  await expect.poll(() => htmlClass(page)).toContain('dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('screenshots of every main screen in both themes', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const { id } = await askViaApi(request, 'How many premises are there in each region?');

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const shot = async (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });

    const query = new QueryPage(page);
    await query.goto();
    await shot('home');
    await query.ask('Which local authorities have the highest full fibre coverage?');
    await expect(query.results).toBeVisible({ timeout: 90_000 });
    await shot('results');
    await query.sql.scrollIntoViewIfNeeded();
    await shot('results-sql');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
    await shot('menu');
    await page.keyboard.press('Escape');
    await page.goto(`/results/${id}`);
    await expect(page.getByTestId('results-table')).toBeVisible({ timeout: 60_000 });
    await page
      .getByRole('button', { name: /premises/ })
      .first()
      .click();
    await shot('detail');
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await shot('history');

    const chat = new ChatPage(page);
    await chat.useStreaming(true);
    await page.goto('/chat');
    await expect(chat.input).toBeVisible({ timeout: 60_000 });
    await chat.askAndWait('How many premises are there in each region?', 120_000);
    await shot('chat');
    await chat.startNewChat();
    await chat.askAndWait('Chart full fibre coverage by region', 120_000);
    await expect(chat.chartFrames.first()).toBeVisible({ timeout: 60_000 });
    await shot('chat-chart');

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await shot('admin-users');
    await page.goto('/admin/logs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await shot('logs');

    const anonymous = await browser.newContext({
      colorScheme: theme,
      storageState: { cookies: [], origins: [] },
    });
    const login = await anonymous.newPage();
    await login.goto('/login');
    await expect(login.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 60_000 });
    await login.screenshot({ path: `${SHOTS}/login-${theme}.png` });
    await anonymous.close();
  }
});
