import { test as base } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { LogsPage } from '../pages/logs-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { UsersAdminPage } from '../pages/users-admin-page';

type Pages = {
  loginPage: LoginPage;
  resetPasswordPage: ResetPasswordPage;
  appShell: AppShell;
  usersPage: UsersAdminPage;
  logsPage: LogsPage;
};

/** Page objects as fixtures, so specs read as steps. */
export const test = base.extend<Pages>({
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  resetPasswordPage: async ({ page }, use) => use(new ResetPasswordPage(page)),
  appShell: async ({ page }, use) => use(new AppShell(page)),
  usersPage: async ({ page }, use) => use(new UsersAdminPage(page)),
  logsPage: async ({ page }, use) => use(new LogsPage(page)),
});

export { expect } from '@playwright/test';
