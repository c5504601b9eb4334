import { expect, type Locator, type Page } from '@playwright/test';

export class ResetPasswordPage {
  readonly email: Locator;
  readonly sendLink: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly update: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.sendLink = page.getByRole('button', { name: 'Send Reset Link' });
    this.newPassword = page.getByLabel('New Password');
    this.confirmPassword = page.getByLabel('Confirm Password');
    this.update = page.getByRole('button', { name: 'Update Password' });
  }

  async requestLink(email: string) {
    await this.page.goto('/reset-password');
    await expect(this.page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await this.email.fill(email);
    await this.sendLink.click();
    await expect(
      this.page.getByText('Password reset email has been sent. Please check your inbox.'),
    ).toBeVisible();
  }

  async setNewPassword(linkPath: string, password: string, confirm = password) {
    await this.page.goto(linkPath);
    await expect(this.page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirm);
    await this.update.click();
  }
}
