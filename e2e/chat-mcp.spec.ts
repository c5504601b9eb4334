/**
 * MCP server management in the chat's settings dialog: the dialog closes on Escape and on a backdrop click,
 * the three-phase list load ends with live status, core servers have no toggle, the custom server form gives
 * its errors for a missing name, bad JSON, an array and a missing command, and the server's refusals (off
 * the allowlist, a package runner) next to the field; the repository's test server runs (in the sandbox) for
 * the user who added it and no one else.
 */
import path from 'node:path';
import { ChatPage } from './pages/chat-page';
import { ChatSettings } from './pages/chat-settings';
import { apiLogin, createUserViaApi, uniqueEmail } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

/** The repository's test server, allowed by the default MCP_ALLOWED_COMMANDS; it runs in the sandbox. */
const TEST_SERVER = path.resolve('apps/api/test/fixtures/mcp/test-stdio-server.mjs');
const PASSWORD = 'Mcp-user-pass1';

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

test('the custom server form gives its validation errors and keeps Add disabled', async ({ page }) => {
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

test('a refused config says why next to the field, in view, and keeps what was typed', async ({ page }) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await chat.goto();
  await chat.settings.click();
  await settings.waitLoaded();
  // The example in the empty field is one the default allowlist accepts.
  expect(JSON.parse((await settings.config.getAttribute('placeholder')) ?? '{}')).toMatchObject({
    command: 'node',
    args: ['/opt/mcp/my-server/index.js'],
  });

  await settings.name.fill('Not allowed');
  await settings.config.fill('{"command": "definitely-not-allowed-binary"}');
  await settings.add.click();
  const refusal = settings.form.locator('#mcp-server-config-error');
  await expect(refusal).toContainText(
    "Failed to add custom server: Command 'definitely-not-allowed-binary' is not allowed on this server",
  );
  await expect(refusal).toBeInViewport();
  await expect(settings.server('Not allowed')).toHaveCount(0);

  await settings.config.fill('{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}');
  await expect(refusal).toBeHidden();
  await settings.add.click();
  await expect(refusal).toContainText("'npx' is a package runner");
  await expect(settings.config).toHaveValue(/npx/);
  await expect(settings.server('Not allowed')).toHaveCount(0);
});

test('a custom stdio server can be added, shows its tools, toggled off and on, and deleted after a confirm', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  const name = `Test tools ${Date.now().toString(36)}`;
  await chat.goto();
  await chat.settings.click();
  await settings.waitLoaded();

  await settings.name.fill(name);
  await settings.config.fill(
    // The repo's test server; the server wants an absolute script path for `node`.
    JSON.stringify({ command: 'node', args: [TEST_SERVER] }),
  );
  await settings.add.click();
  const server = settings.server(name);
  await expect(server).toBeVisible();
  await expect(server).toHaveAttribute('data-tier', 'user');
  await expect(server.getByTestId('mcp-server-status')).toHaveText('connected', { timeout: 30_000 });
  await server.getByText(/\d+ tools/).click();
  await expect(server.getByTestId('mcp-server-tools')).toContainText('echo');
  await expect(settings.name).toHaveValue('');

  // Optimistic toggle: off, then back on.
  const toggle = server.getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(server.getByTestId('mcp-server-status')).not.toHaveText('loading', { timeout: 30_000 });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(server.getByTestId('mcp-server-status')).toHaveText('connected', { timeout: 30_000 });

  // Delete asks first.
  await server.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(server).toBeVisible();
  await server.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(server).toHaveCount(0);
  await expect(settings.dialog.getByText('No custom servers added yet.')).toBeVisible();
});

test('an ordinary user’s server runs in the sandbox and no other user can see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = uniqueEmail('mcp-owner');
  const other = uniqueEmail('mcp-other');
  await createUserViaApi(request, { email: owner, password: PASSWORD });
  await createUserViaApi(request, { email: other, password: PASSWORD });
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');

  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await chat.goto();
  await chat.settings.click();
  await settings.waitLoaded();
  await settings.name.fill('My sandboxed tools');
  await settings.config.fill(JSON.stringify({ command: 'node', args: [TEST_SERVER] }));
  await settings.add.click();
  const server = settings.server('My sandboxed tools');
  await expect(server.getByTestId('mcp-server-status')).toHaveText('connected', { timeout: 30_000 });
  await server.getByText(/\d+ tools/).click();
  await expect(server.getByTestId('mcp-server-tools')).toContainText('env_keys');
  const id = await server.getAttribute('data-server-id');

  const otherToken = await apiLogin(request, other, PASSWORD);
  const headers = { Authorization: `Bearer ${otherToken}` };
  const othersList = await request.get('/api/mcp/servers/config', { headers });
  expect(JSON.stringify(await othersList.json())).not.toContain('My sandboxed tools');
  expect((await request.get(`/api/mcp/servers/${id}`, { headers })).status()).toBe(404);
  await context.close();
});

test('a failed toggle restores the previous state and says so', async ({ page }) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await page.route('**/api/mcp/servers/*/toggle', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await chat.goto();
  await chat.settings.click();
  await settings.waitLoaded();
  const optional = settings.dialog.locator('[data-testid="mcp-server"][data-tier="optional"]').first();
  const toggle = optional.getByRole('switch');
  const before = await toggle.getAttribute('aria-checked');
  await toggle.click();
  await expect(settings.banner).toContainText('Failed to toggle server');
  await expect(toggle).toHaveAttribute('aria-checked', before ?? 'false');
});

test('a failed list load shows the banner', async ({ page }) => {
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await page.route('**/api/mcp/servers/static', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.route('**/api/mcp/servers/config', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.route('**/api/mcp/servers', (route) => route.fulfill({ status: 500, body: '{}' }));
  await chat.goto();
  await chat.settings.click();
  await expect(settings.banner).toContainText('Failed to load MCP servers');
  await expect(settings.dialog.getByText('No MCP servers configured.')).toBeVisible();
});
