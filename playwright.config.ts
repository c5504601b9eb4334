/**
 * Browser tests against the real built app: the API server serves apps/web/dist on a fixed test port with
 * a fresh temporary DATA_DIR (app database, outbox, small warehouse), a fixed admin, and Debian's Chromium.
 * `npm run test:e2e` builds first. Never run `npx playwright install`: it downloads browsers.
 */
import { defineConfig } from '@playwright/test';
import { ADMIN_STORAGE_STATE, E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './e2e/support/env';

export default defineConfig({
  testDir: './e2e',
  // Per port, so two runs on different E2E_PORTs (parallel engineers, CI) do not wipe each other's artefacts.
  outputDir: `./test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Timeouts catch a hang, they do not measure speed (the bench scripts do): on a 2-core machine that is busy with
  // other work, a screen that takes 8 s to settle is slow, not broken, and must not fail the suite.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'npx tsx apps/api/src/server.ts',
    url: `${E2E_BASE_URL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      WAREHOUSE_SCALE: '0.01',
      PUBLIC_URL: E2E_BASE_URL,
      LOG_LEVEL: 'info',
    },
  },
  metadata: { adminStorageState: ADMIN_STORAGE_STATE },
});
