import { createUserViaApi, uniqueEmail } from './support/api';
import { E2E_ADMIN } from './support/env';
import { expect, test } from './support/fixtures';

test.describe('signing in', () => {
  test('a wrong password is refused and clears the field, then the right one signs in', async ({
    page,
    loginPage,
    appShell,
  }) => {
    await loginPage.goto();
    await loginPage.submit.click();
    await expect(loginPage.error).toHaveText('Please enter both email and password');

    await loginPage.login(E2E_ADMIN.email, 'Wrong-password-1');
    await expect(loginPage.error).toHaveText('Incorrect email or password. Please try again.');
    await expect(loginPage.password).toHaveValue('');

    await loginPage.password.fill(E2E_ADMIN.password);
    await loginPage.submit.click();
    await expect(page).toHaveURL('/');
    await expect(appShell.title).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  test('a protected page sends a visitor to login with redirectUrl and back after signing in', async ({
    page,
    loginPage,
  }) => {
    await page.goto('/admin/users?q=1');
    await expect(page).toHaveURL(`/login?redirectUrl=${encodeURIComponent('/admin/users?q=1')}`);
    await expect(loginPage.redirectNotice).toBeVisible();
    await loginPage.login(E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/admin/users?q=1');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  });

  test('a non-admin on /admin/users is told admin access is required', async ({
    page,
    request,
    loginPage,
    appShell,
  }) => {
    const email = uniqueEmail('analyst');
    await createUserViaApi(request, { email, password: 'Analyst-pass1' });

    await loginPage.goto('/admin/users');
    await loginPage.login(email, 'Analyst-pass1');
    await expect(page).toHaveURL('/admin/users');
    await expect(page.getByText('Not authorized - Admin access required')).toBeVisible();

    // The admin-only entries and the Chat (beta) switch are not offered to a user.
    await expect(appShell.chatBetaToggle).toHaveCount(0);
    await appShell.openMenu();
    await expect(appShell.menuItem('View History')).toBeVisible();
    await expect(appShell.menuItem('Users')).toHaveCount(0);
    await expect(appShell.menuItem('Logs')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await appShell.logout();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirectUrl=%2F$/);
  });

  test('a token revoked on the server ends the session at the next call (a 401 outside sign-in)', async ({
    page,
    loginPage,
  }) => {
    await loginPage.goto();
    await loginPage.login(E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const revoked = await page.request.post('/api/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBe(true);

    await page.goto('/admin/users');
    await expect(page).toHaveURL(`/login?redirectUrl=${encodeURIComponent('/admin/users')}`);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});
