import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('the help dialog explains the data and closes by × or the backdrop', async ({ page, appShell }) => {
  await page.goto('/');
  await appShell.helpButton.click();
  const dialog = page.getByRole('dialog', { name: 'About Query Agent' });
  await expect(dialog).toBeVisible();
  // Market share is answered (from take-up lines): the dialog says so rather than that it is not covered.
  await expect(dialog).toContainText('Market share is answered from take-up');
  await expect(dialog).not.toContainText('not tracked');
  for (const theme of [
    'Coverage growth',
    'Alternative networks',
    'Competition analysis',
    'Market leaders',
    'Regional analysis',
  ]) {
    await expect(dialog.getByText(theme, { exact: true })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await appShell.helpButton.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(dialog).toBeHidden();
});

test('the menu navigates, closes on an outside click, and the Chat (beta) switch persists', async ({
  page,
  appShell,
}) => {
  await page.goto('/');
  await appShell.openMenu();
  await page.mouse.click(200, 400);
  await expect(page.getByRole('menu')).toBeHidden();

  await appShell.navigate('View History');
  await expect(page).toHaveURL('/results');
  await appShell.title.click();
  await expect(page).toHaveURL('/');

  await expect(appShell.chatBetaToggle).not.toBeChecked();
  await appShell.chatBetaToggle.click();
  await expect(appShell.chatBetaToggle).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('feature_flag_v2_endpoint'))).toBe('true');
  await page.reload();
  await expect(appShell.chatBetaToggle).toBeChecked();
  await appShell.chatBetaToggle.click();
  expect(await page.evaluate(() => localStorage.getItem('feature_flag_v2_endpoint'))).toBe('false');
});
