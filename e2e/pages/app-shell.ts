import { expect, type Locator, type Page } from '@playwright/test';

/** The shared layout of signed-in pages: title, help dialog, Chat (beta) switch and the menu. */
export class AppShell {
  readonly title: Locator;
  readonly helpButton: Locator;
  readonly menuButton: Locator;
  readonly chatBetaToggle: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('banner').getByRole('link', { name: 'Query Agent' });
    this.helpButton = page.getByRole('button', { name: 'Help', exact: true });
    this.menuButton = page.getByRole('button', { name: 'Menu' });
    this.chatBetaToggle = page.getByRole('switch', { name: 'Chat (beta)' });
  }

  menuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  async openMenu() {
    await this.menuButton.click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async navigate(item: 'Home' | 'View History' | 'Chat' | 'Users' | 'Logs') {
    await this.openMenu();
    await this.menuItem(item).click();
  }

  async logout() {
    await this.openMenu();
    await this.menuItem('Logout').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
