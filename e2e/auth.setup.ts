import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/env';
import { expect, test as setup } from './support/fixtures';

setup('sign in as the admin once and keep the browser state', async ({ page, loginPage }) => {
  await loginPage.goto();
  await loginPage.login(E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
});
