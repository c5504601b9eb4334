import { expect, type Locator, type Page } from '@playwright/test';

/** The chat's settings dialog: MCP server management and the custom server form. */
export class ChatSettings {
  readonly dialog: Locator;
  readonly servers: Locator;
  readonly loadPhase: Locator;
  readonly banner: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly config: Locator;
  readonly add: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
    this.servers = this.dialog.getByTestId('mcp-server');
    this.loadPhase = this.dialog.getByTestId('mcp-load-phase');
    this.banner = this.dialog.getByRole('alert');
    this.form = this.dialog.getByTestId('add-mcp-server-form');
    this.name = this.form.getByLabel('Name');
    this.config = this.form.getByLabel('Configuration (JSON)');
    this.add = this.form.getByRole('button', { name: /^(Add server|Adding\.\.\.)$/ });
  }

  server(name: string): Locator {
    return this.servers.filter({
      has: this.page.getByTestId('mcp-server-name').getByText(name, { exact: true }),
    });
  }

  /** Waits for the three-phase load to finish (live status known). */
  async waitLoaded() {
    await expect(this.dialog).toBeVisible();
    await expect(this.loadPhase).toBeHidden({ timeout: 30_000 });
  }
}
