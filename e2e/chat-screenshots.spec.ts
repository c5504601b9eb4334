/**
 * Desktop screenshots of the chat for a human to look at after UI changes:
 *   SCREENSHOTS=1 npx playwright test chat-screenshots
 * Files land in test-results/screenshots/. Skipped in normal runs.
 */
import type { Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { ChatSettings } from './pages/chat-settings';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.use({ storageState: ADMIN_STORAGE_STATE });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });

test('chat screens', async ({ page }) => {
  test.setTimeout(300_000);
  const chat = new ChatPage(page);
  const settings = new ChatSettings(page);
  await chat.goto();
  await expect(chat.examplePrompts).toHaveCount(4);
  await shot(page, '70-chat-empty');

  await chat.modelPicker.getByRole('button', { name: /^Model:/ }).click();
  await shot(page, '71-chat-model-picker');
  await page.keyboard.press('Escape');

  await chat.ask('Show me full fibre coverage by region as a chart');
  await expect(chat.thinking.or(chat.toolCells.first())).toBeVisible();
  await shot(page, '72-chat-running');
  await expect(chat.input).toBeVisible({ timeout: 120_000 });
  await chat.expectChartDrawn(chat.chartFrames.first());
  await shot(page, '73-chat-chart');
  await page
    .getByTestId('chart-embed')
    .first()
    .screenshot({ path: 'test-results/screenshots/73b-chat-chart-frame.png' });
  await chat.toolCells.first().scrollIntoViewIfNeeded();
  await shot(page, '74-chat-tool-cells');

  await chat.askAndWait('Map altnet coverage by local authority', 120_000);
  await chat.expectChartDrawn(chat.chartFrames.last());
  await shot(page, '75-chat-map');
  await page
    .getByTestId('chart-embed')
    .last()
    .screenshot({ path: 'test-results/screenshots/75b-chat-map-frame.png' });

  await chat.settings.click();
  await settings.waitLoaded();
  await shot(page, '76-chat-settings');
  await settings.name.fill('My tools');
  await settings.config.fill('["node"]');
  await settings.form.scrollIntoViewIfNeeded();
  await shot(page, '77-chat-settings-error');
});
