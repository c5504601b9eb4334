import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/users: the add form, the table, and the edit, delete and usage dialogs. */
export class UsersAdminPage {
  readonly addUserToggle: Locator;
  readonly search: Locator;
  readonly clearSearch: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.addUserToggle = page.getByRole('button', { name: '+ Add User' });
    this.search = page.getByRole('searchbox', { name: 'Search by email' });
    this.clearSearch = page.getByRole('button', { name: 'Clear search' });
    this.rows = page.getByTestId('user-row');
  }

  async goto() {
    await this.page.goto('/admin/users');
    await expect(this.page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(email: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId('user-email').getByText(email, { exact: true }) });
  }

  async addUser({
    email,
    password,
    role = 'user',
    sendInvite,
  }: {
    email: string;
    password?: string;
    role?: 'user' | 'admin';
    sendInvite?: boolean;
  }) {
    await this.addUserToggle.click();
    const form = this.page.getByRole('form', { name: 'Add a user' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    if (password) await form.getByLabel('Password (optional)').fill(password);
    await form.getByLabel('Role').selectOption(role);
    if (sendInvite !== undefined)
      await form.getByLabel('Send invitation email to set password').setChecked(sendInvite);
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(this.row(email)).toBeVisible();
  }

  async openEdit(email: string): Promise<Locator> {
    await this.row(email).getByRole('button', { name: 'Edit' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async openDelete(email: string): Promise<Locator> {
    await this.row(email).getByRole('button', { name: 'Delete' }).click();
    const dialog = this.page.getByRole('alertdialog', { name: 'Delete user' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async openUsage(email: string): Promise<Locator> {
    await this.row(email).getByRole('button', { name: 'Usage' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Usage' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
