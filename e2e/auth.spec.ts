import { createUserViaApi, uniqueEmail } from './support/api';
import { E2E_ADMIN } from './support/env';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage, signedInPage } from './support/ordinary-user';

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

  test('a user signs out everywhere from the menu: this browser and their other browser are both signed out', async ({
    browser,
    request,
  }) => {
    // Two sign-ins and two browsers: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const { page, email } = await ordinaryUserPage(browser, request);
    // The same user in a second browser (another context: its own storage).
    const other = await signedInPage(browser, email);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toBeVisible();
    // Cancel is where focus starts: Enter by mistake does not end every session.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    // The other browser's token is refused at its next call, and it is sent to sign in.
    await other.goto('/results');
    await expect(other).toHaveURL(`/login?redirectUrl=${encodeURIComponent('/results')}`);
    await other.context().close();
    await page.context().close();
  });
});
