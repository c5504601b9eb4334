import { uniqueEmail } from './support/api';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('an admin adds, edits and deletes a user', async ({ page, usersPage }) => {
  // A long flow (refusals, add, edit, delete, each waiting for the server): on a busy machine it runs past 60 s.
  test.setTimeout(180_000);
  const email = uniqueEmail('new-user');
  const renamed = uniqueEmail('renamed');
  await usersPage.goto();

  // The invitation box starts checked; a password given here must meet the policy.
  await usersPage.addUserToggle.click();
  const form = page.getByRole('form', { name: 'Add a user' });
  await expect(form.getByLabel('Send invitation email to set password')).toBeChecked();
  await expect(form.getByLabel('Role')).toHaveValue('user');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password (optional)').fill('short');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(form.getByText('Password must be at least 8 characters long')).toBeVisible();
  await form.getByLabel('Password (optional)').fill('');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(usersPage.row(email)).toBeVisible();
  await expect(usersPage.row(email)).toContainText('Never');

  // After a successful add the form comes back reset, with the invitation box unchecked.
  await usersPage.addUserToggle.click();
  await expect(form.getByLabel('Send invitation email to set password')).not.toBeChecked();
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Edit: prefilled, blank password keeps the current one.
  const edit = await usersPage.openEdit(email);
  await expect(edit.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(edit.getByLabel('Role')).toHaveValue('user');
  await edit.getByLabel('Email', { exact: true }).fill(renamed);
  await edit.getByLabel('Role').selectOption('admin');
  await edit.getByLabel('Monthly budget (USD)').fill('25');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(usersPage.row(renamed)).toContainText('admin');
  await expect(usersPage.row(email)).toHaveCount(0);
  const reopened = await usersPage.openEdit(renamed);
  await expect(reopened.getByLabel('Monthly budget (USD)')).toHaveValue('25');
  await expect(reopened.getByLabel('New Password')).toHaveValue('');
  await reopened.getByRole('button', { name: 'Close' }).click();

  // Search and clear.
  await usersPage.search.fill(renamed.slice(0, 12));
  await expect(usersPage.rows).toHaveCount(1);
  await usersPage.search.fill('no-such-address');
  await expect(page.getByText('No users found. Add your first user with the button above.')).toBeVisible();
  await usersPage.clearSearch.click();
  await expect(usersPage.search).toHaveValue('');
  await expect(usersPage.row(renamed)).toBeVisible();

  // Usage of a user who has not chatted yet.
  const usage = await usersPage.openUsage(renamed);
  await expect(usage.getByText('No usage data available')).toBeVisible();
  await expect(usage.getByText("This user hasn't sent any messages yet")).toBeVisible();
  await usage.getByRole('button', { name: 'Close' }).click();

  // Delete needs a confirmation; cancelling keeps the user.
  let confirm = await usersPage.openDelete(renamed);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(usersPage.row(renamed)).toBeVisible();
  confirm = await usersPage.openDelete(renamed);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(usersPage.row(renamed)).toHaveCount(0);
});

test('the protected admin has no Delete button and Reset Password confirms with an alert', async ({
  page,
  usersPage,
}) => {
  await usersPage.goto();
  const admin = usersPage.row(E2E_ADMIN.email);
  await expect(admin.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await admin.getByRole('button', { name: 'Reset Password' }).click();
  await expect.poll(() => alerts).toEqual([`Password reset email sent to ${E2E_ADMIN.email}`]);
});

test('server refusals appear in the pink box of the form or dialog they belong to', async ({
  page,
  usersPage,
}) => {
  await usersPage.goto();

  // A taken e-mail: the add form shows the server's detail.
  await usersPage.addUserToggle.click();
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.getByRole('alert')).not.toHaveText('Failed to add user');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The protected admin cannot lose its role: the edit dialog stays open with the detail.
  const edit = await usersPage.openEdit(E2E_ADMIN.email);
  await edit.getByLabel('Role').selectOption('user');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(usersPage.row(E2E_ADMIN.email)).toContainText('admin');
});

test('columns sort both ways', async ({ page, usersPage }) => {
  await usersPage.goto();
  const header = page.getByRole('columnheader', { name: 'Email' });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const emails = async () => await usersPage.rows.getByTestId('user-email').allTextContents();
  const ascending = await emails();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(await emails()).toEqual([...ascending].reverse());
});
