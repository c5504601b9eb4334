import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly redirectNotice: Locator;
  readonly forgotPassword: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ });
    this.error = page.getByRole('alert');
    this.redirectNotice = page.getByText("You'll be redirected after login");
    this.forgotPassword = page.getByRole('link', { name: 'Forgot password?' });
  }

  async goto(redirectUrl?: string) {
    await this.page.goto(redirectUrl ? `/login?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/login');
    await expect(this.submit).toBeVisible();
  }

  async login(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
