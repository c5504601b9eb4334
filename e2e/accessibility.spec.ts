/**
 * Accessibility with axe-core (WCAG 2.2 AA and axe's best practices) on the main screens, in the light and the dark
 * theme: no serious and no critical violation anywhere (charts' frames are scanned too). Every screen's figures are
 * printed, so a run says where the moderate ones are. Then what axe cannot see: a visible focus on the rows of the
 * recent questions and the history, scrolling regions reached by the keyboard, a main landmark on the sign-in
 * screen and one h1 on the chat.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { ChatSettings } from './pages/chat-settings';
import { QueryPage } from './pages/query-page';
import { askViaApi } from './support/api';
import { chartDrawn } from './support/charts';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage } from './support/ordinary-user';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Finding = { screen: string; rule: string; impact: string; nodes: number; example: string };

async function scan(page: Page, screen: string, findings: Finding[]) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  for (const violation of result.violations) {
    findings.push({
      screen,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.length,
      example: violation.nodes[0]?.target.join(' ') ?? '',
    });
  }
}

async function adminPage(browser: Browser, theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({
    storageState: ADMIN_STORAGE_STATE,
    colorScheme: theme,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  await context.addInitScript((chosen) => {
    try {
      window.localStorage.setItem('theme', chosen);
    } catch {
      // A sandboxed chart frame has no storage.
    }
  }, theme);
  return context.newPage();
}

/** Fails on any serious or critical finding; every finding is printed, so a run says where the moderate ones are. */
function report(theme: string, part: string, findings: Finding[]) {
  const summary = findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) x${f.nodes} e.g. ${f.example}`);
  console.log(`axe (${theme}, ${part}): ${summary.length ? `\n${summary.join('\n')}` : 'no violations'}`);
  expect(
    findings.filter((f) => f.impact === 'serious' || f.impact === 'critical'),
    summary.join('\n'),
  ).toEqual([]);
}

// One test per theme and kind of visitor, so each stays well inside its timeout on a busy machine and the two
// workers share them.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`the main screens have no serious or critical axe violation (${theme})`, () => {
    test('signed out: sign-in and reset password', async ({ browser }) => {
      // An axe scan takes seconds on a quiet machine and over a minute on a busy one.
      test.setTimeout(180_000);
      const findings: Finding[] = [];
      const visitor = await (
        await browser.newContext({ storageState: undefined, colorScheme: theme })
      ).newPage();
      await visitor.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), theme);
      await visitor.goto('/login');
      await expect(visitor.getByRole('button', { name: 'Login' })).toBeVisible();
      await scan(visitor, 'login', findings);
      await visitor.goto('/reset-password');
      await expect(visitor.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
      await scan(visitor, 'reset password', findings);
      report(theme, 'signed out', findings);
    });

    test('an ordinary user: home, a result, its detail, the history, the chat with a chart, MCP settings', async ({
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const saved = await askViaApi(request, 'Full fibre coverage in the local authorities of Wales');
      const { page } = await ordinaryUserPage(browser, request, { theme, streaming: true });
      const home = new QueryPage(page);
      await expect(home.starters.first()).toBeVisible();
      await scan(page, 'home', findings);
      await home.ask('Full fibre coverage in the local authorities of Wales');
      await chartDrawn(home.chartFrame);
      await scan(page, 'home with a result', findings);
      await page.goto(`/results/${saved.id}`);
      await chartDrawn(page.getByTestId('chart-frame'));
      await scan(page, 'query detail', findings);
      await page.goto('/results');
      await expect(page.getByTestId('history-item').first()).toBeVisible();
      await scan(page, 'history', findings);
      const chat = new ChatPage(page);
      await chat.goto('/chat');
      await scan(page, 'chat', findings);
      await chat.askAndWait('Show me full fibre coverage by region as a chart', 120_000);
      await chartDrawn(chat.chartFrames.first());
      await scan(page, 'chat with a chart', findings);
      await chat.settings.click();
      await new ChatSettings(page).waitLoaded();
      await scan(page, 'MCP settings', findings);
      report(theme, 'ordinary user', findings);
    });

    test('an admin: users and the live log', async ({ browser }) => {
      test.setTimeout(180_000);
      const findings: Finding[] = [];
      const admin = await adminPage(browser, theme);
      await admin.goto('/admin/users');
      await expect(admin.getByRole('table')).toBeVisible();
      await scan(admin, 'users', findings);
      await admin.goto('/admin/logs');
      await expect(admin.getByRole('log', { name: 'Server log' })).toBeVisible();
      await scan(admin, 'logs', findings);
      report(theme, 'admin', findings);
    });
  });
}

test.describe('what axe cannot see', () => {
  test('the rows of the recent questions and the history show a visible focus', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await askViaApi(request, 'Full fibre coverage by region');
    const { page } = await ordinaryUserPage(browser, request);
    const focusRing = async (row: ReturnType<Page['getByTestId']>) => {
      await row.focus();
      return row.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          style: style.outlineStyle,
          width: style.outlineWidth,
          visible: el.matches(':focus-visible'),
        };
      });
    };
    // Reached with the keyboard, as a keyboard user would.
    await page.keyboard.press('Tab');
    const recent = page.getByTestId('recent-query').first();
    await expect(recent).toBeVisible();
    expect(await focusRing(recent)).toMatchObject({ style: 'solid', width: '2px', visible: true });
    await page.goto('/results');
    await page.keyboard.press('Tab');
    const row = page.getByTestId('history-item').first();
    await expect(row).toBeVisible();
    expect(await focusRing(row)).toMatchObject({ style: 'solid', width: '2px', visible: true });
  });

  test('scrolling regions are reached by the keyboard, the sign-in screen has a main landmark, the chat an h1', async ({
    browser,
    request,
    page,
  }) => {
    test.setTimeout(120_000);
    const saved = await askViaApi(request, 'Full fibre coverage by region');
    const { page: user } = await ordinaryUserPage(browser, request);
    await user.goto(`/results/${saved.id}`);
    const log = user.getByRole('region', { name: 'Saved progress log' });
    await expect(log).toBeVisible();
    await expect(log).toHaveAttribute('tabindex', '0');
    await expect(user.getByRole('region', { name: 'SQL executed' }).first()).toHaveAttribute('tabindex', '0');
    await user.goto('/chat');
    await expect(user.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(user.getByRole('heading', { level: 1 })).toHaveText('Chat with the broadband analyst');

    // Signed out (this test's own page has no session).
    await page.goto('/login');
    await expect(page.getByRole('main')).toContainText('Login');
  });
});
