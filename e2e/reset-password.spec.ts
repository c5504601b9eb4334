import { createUserViaApi, uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';
import { readResetLink } from './support/outbox';

test('a user resets a forgotten password through the e-mailed link and signs in with it', async ({
  page,
  request,
  loginPage,
  resetPasswordPage,
}) => {
  const email = uniqueEmail('forgetful');
  await createUserViaApi(request, { email, password: 'Original-pass1' });

  await loginPage.goto();
  await loginPage.forgotPassword.click();
  await expect(page).toHaveURL('/reset-password');
  await resetPasswordPage.requestLink(email);

  const link = await readResetLink(email);
  expect(link).toMatch(/^\/reset-password\?token=/);

  // The form checks its rules before calling the server.
  await resetPasswordPage.setNewPassword(link, 'Brand-new-pass1', 'Different-pass1');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await resetPasswordPage.newPassword.fill('alllowercase1');
  await resetPasswordPage.confirmPassword.fill('alllowercase1');
  await resetPasswordPage.update.click();
  await expect(
    page.getByText(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ),
  ).toBeVisible();

  // Show/Hide reveals what was typed.
  await page.getByRole('button', { name: 'Show' }).first().click();
  await expect(resetPasswordPage.newPassword).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(resetPasswordPage.newPassword).toHaveAttribute('type', 'password');

  await resetPasswordPage.newPassword.fill('Brand-new-pass1');
  await resetPasswordPage.confirmPassword.fill('Brand-new-pass1');
  await resetPasswordPage.update.click();
  await expect(
    page.getByText('Password has been successfully updated! Redirecting to login...'),
  ).toBeVisible();
  await expect(page).toHaveURL('/login', { timeout: 6_000 });

  // The link is single use.
  await resetPasswordPage.setNewPassword(link, 'Another-pass1');
  await expect(page.getByRole('alert')).toHaveText(/Invalid password reset link|expired|invalid/i);

  await loginPage.goto();
  await loginPage.login(email, 'Brand-new-pass1');
  await expect(page).toHaveURL('/');
});
