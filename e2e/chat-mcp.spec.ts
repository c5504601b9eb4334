/**
 * MCP server management in the chat's settings dialog: the dialog closes on Escape and on a backdrop click,
 * the three-phase list load ends with live status, core servers have no toggle, and the custom server form
 * gives the §5 errors for a missing name, bad JSON, an array and a missing command.
 */
import { ChatPage } from './pages/chat-page';
import { ChatSettings } from './pages/chat-settings';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('the settings dialog opens from the input and closes on Escape or a backdrop click', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await chat.goto();
  await chat.settings.click();
  await expect(settings.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings.dialog).toBeHidden();

  await chat.settings.click();
  await expect(settings.dialog).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(settings.dialog).toBeHidden();
});

test('the server list loads in three phases and core servers are always on', async ({ page }) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/mcp/servers')) calls.push(path);
  });
  await chat.goto();
  await chat.settings.click();
  await settings.waitLoaded();
  expect(calls.slice(0, 3)).toEqual([
    '/api/mcp/servers/static',
    '/api/mcp/servers/config',
    '/api/mcp/servers',
  ]);

  const core = settings.dialog.locator('[data-testid="mcp-server"][data-tier="core"]');
  await expect(core.first()).toBeVisible();
  await expect(core.first().getByRole('switch')).toHaveCount(0);
  await expect(core.first().getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(core.first().getByTestId('mcp-server-status')).not.toHaveText('loading');
  await expect(settings.dialog.getByText('No custom servers added yet.')).toBeVisible();
});

test('the custom server form gives the §5 errors and keeps Add disabled', async ({ page }) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await chat.goto();
  await chat.settings.click();
  await expect(settings.form).toBeVisible();
  await expect(settings.add).toBeDisabled();

  await settings.name.fill('My tools');
  await settings.config.fill('{"command": "node",');
  await expect(settings.form.getByText(/^Invalid JSON: /)).toBeVisible();
  await expect(settings.add).toBeDisabled();

  await settings.config.fill('["node", "server.js"]');
  await expect(settings.form.getByText('Configuration must be a JSON object', { exact: true })).toBeVisible();
  await expect(settings.add).toBeDisabled();

  await settings.config.fill('{"args": ["server.js"]}');
  await expect(
    settings.form.getByText("Configuration must include a 'command' field", { exact: true }),
  ).toBeVisible();
  await expect(settings.add).toBeDisabled();

  await settings.config.fill('');
  await expect(settings.form.getByText('Configuration cannot be empty', { exact: true })).toBeVisible();

  await settings.config.fill('{"command": "node", "args": ["server.js"]}');
  await expect(settings.add).toBeEnabled();
  await settings.name.fill('');
  await expect(settings.form.getByText('Server name is required', { exact: true })).toBeVisible();
  await expect(settings.add).toBeDisabled();
});

test('a command off the allowlist is refused with the add-server banner', async ({ page }) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await chat.goto();
  await chat.settings.click();
  await settings.waitLoaded();
  await settings.name.fill('Not allowed');
  await settings.config.fill('{"command": "definitely-not-allowed-binary"}');
  await settings.add.click();
  await expect(settings.banner).toContainText('Failed to add custom server');
  await expect(settings.server('Not allowed')).toHaveCount(0);
});
