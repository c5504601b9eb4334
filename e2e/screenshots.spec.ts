/**
 * Desktop screenshots of every screen, for a human to look at after UI changes:
 *   SCREENSHOTS=1 npx playwright test screenshots
 * Files land in test-results/screenshots/. Skipped in normal runs.
 */
import type { Page } from '@playwright/test';
import { createUserViaApi, uniqueEmail } from './support/api';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/env';
import { expect, test } from './support/fixtures';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });

test.describe('public screens', () => {
  test('login and reset password', async ({ page, loginPage }) => {
    await loginPage.goto();
    await shot(page, '01-login');
    await loginPage.goto('/admin/users');
    await loginPage.login(E2E_ADMIN.email, 'Wrong-password-1');
    await expect(loginPage.error).toBeVisible();
    await shot(page, '02-login-error-redirect');
    await page.goto('/reset-password');
    await shot(page, '03-reset-request');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await shot(page, '04-reset-request-sent');
    await page.goto('/reset-password?token=abc');
    await page.getByLabel('New Password').fill('Abcdefg1');
    await page.getByLabel('Confirm Password').fill('Abcdefg2');
    await page.getByRole('button', { name: 'Show' }).first().click();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await shot(page, '05-set-password-error');
  });
});

test.describe('admin screens', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });

  test('layout, users and logs', async ({ page, appShell, usersPage, request }) => {
    await createUserViaApi(request, { email: uniqueEmail('analyst'), password: 'Analyst-pass1' });
    await createUserViaApi(request, {
      email: uniqueEmail('manager'),
      password: 'Manager-pass1',
      role: 'admin',
    });

    await page.goto('/');
    await shot(page, '10-home');
    await appShell.openMenu();
    await shot(page, '11-menu');
    await page.keyboard.press('Escape');
    await appShell.helpButton.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, '12-help');
    await page.keyboard.press('Escape');

    await usersPage.goto();
    await shot(page, '20-users');
    await usersPage.addUserToggle.click();
    const form = page.getByRole('form', { name: 'Add a user' });
    await form.getByLabel('Email', { exact: true }).fill('bad');
    await form.getByLabel('Password (optional)').fill('weakpass');
    await form.getByRole('button', { name: 'Add User' }).click();
    await shot(page, '21-users-add-form-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await usersPage.openEdit(E2E_ADMIN.email);
    await shot(page, '22-users-edit');
    await page.keyboard.press('Escape');

    const someone = (await usersPage.rows.getByTestId('user-email').allTextContents()).find((e) =>
      e.startsWith('analyst'),
    );
    await usersPage.openDelete(someone ?? '');
    await shot(page, '23-users-delete-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await usersPage.openUsage(E2E_ADMIN.email);
    await shot(page, '24-users-usage-empty');
    await page.keyboard.press('Escape');

    await page.route('**/api/users/*/usage', (route) =>
      route.fulfill({
        json: {
          user_id: 'x',
          user_email: E2E_ADMIN.email,
          total_cost_usd: 4.2371,
          monthly_breakdown: [
            { month: '2025-01', cost_usd: 0.8123, message_count: 41, sessions_count: 7 },
            { month: '2025-02', cost_usd: 2.5, message_count: 120, sessions_count: 19 },
            { month: '2025-03', cost_usd: 0.9248, message_count: 37, sessions_count: 5 },
            { month: '2025-04', cost_usd: 0.0004, message_count: 1, sessions_count: 1 },
          ],
        },
      }),
    );
    await usersPage.openUsage(E2E_ADMIN.email);
    await page.waitForTimeout(1500);
    await shot(page, '25-users-usage-data');
    await page.keyboard.press('Escape');
    await page.unroute('**/api/users/*/usage');

    await page.route('**/api/users/*/usage', (route) => route.fulfill({ status: 500, json: {} }));
    await usersPage.openUsage(E2E_ADMIN.email);
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await shot(page, '26-users-usage-error');
    await page.keyboard.press('Escape');

    await page.goto('/admin/logs');
    await expect(page.getByTestId('log-connection-status')).toHaveText('Connected');
    await page.request.get('/api/health');
    await page.waitForTimeout(500);
    await page
      .getByTestId('log-line')
      .first()
      .locator('summary')
      .click()
      .catch(() => undefined);
    await shot(page, '30-logs');

    for (const [path, name] of [
      ['/results', '40-history'],
      ['/results/abc', '41-detail'],
      ['/chat', '42-chat'],
      ['/nowhere', '43-not-found'],
    ] as const) {
      await page.goto(path);
      await page.waitForTimeout(300);
      await shot(page, name);
    }
  });

  test('a non-admin on /admin/users', async ({ browser, request }) => {
    const email = uniqueEmail('viewer');
    await createUserViaApi(request, { email, password: 'Viewer-pass1' });
    const context = await browser.newContext({ storageState: undefined });
    const page = await context.newPage();
    await page.goto('/login?redirectUrl=%2Fadmin%2Fusers');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Viewer-pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Not authorized - Admin access required')).toBeVisible();
    await shot(page, '50-not-authorized');
    await context.close();
  });
});
