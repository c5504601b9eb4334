/**
 * An ordinary (non-admin) user signed in through the login form, in a browser context of its own: the screens as
 * most analysts see them. `theme` and `viewport` set the context; the v2 flag is off unless `streaming`.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createUserViaApi, uniqueEmail } from './api';
import { expect } from './fixtures';

export const ORDINARY_PASSWORD = 'Analyst-pass1';

export async function ordinaryUserPage(
  browser: Browser,
  request: APIRequestContext,
  {
    theme = 'light',
    viewport = { width: 1440, height: 900 },
    streaming = false,
    email = uniqueEmail('analyst'),
  }: {
    theme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    streaming?: boolean;
    email?: string;
  } = {},
): Promise<{ page: Page; email: string }> {
  await createUserViaApi(request, { email, password: ORDINARY_PASSWORD, role: 'user' });
  const context = await browser.newContext({
    storageState: undefined,
    viewport,
    colorScheme: theme,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  await context.addInitScript(
    ([chosen, v2]) => {
      try {
        window.localStorage.setItem('theme', chosen);
        window.localStorage.setItem('feature_flag_v2_endpoint', v2 ? 'true' : 'false');
      } catch {
        // Init scripts run in every frame; a sandboxed chart page has no storage.
      }
    },
    [theme, streaming] as const,
  );
  const page = await context.newPage();
  await signIn(page, email);
  return { page, email };
}

/** Signs in through the login form and waits for the home page. */
export async function signIn(page: Page, email: string, password = ORDINARY_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
}

/** A user who already exists, signed in through the login form in a fresh browser context (another browser). */
export async function signedInPage(
  browser: Browser,
  email: string,
  password = ORDINARY_PASSWORD,
): Promise<Page> {
  const page = await (await browser.newContext({ storageState: undefined })).newPage();
  await signIn(page, email, password);
  return page;
}
