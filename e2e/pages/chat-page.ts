import { expect, type Locator, type Page } from '@playwright/test';

/** /chat: conversations list, messages with tool cells and charts, the input, model picker and badge. */
export class ChatPage {
  readonly input: Locator;
  readonly send: Locator;
  readonly settings: Locator;
  readonly stop: Locator;
  readonly emptyState: Locator;
  readonly examplePrompts: Locator;
  readonly messages: Locator;
  readonly userMessages: Locator;
  /** The text of each user message (without its timestamp). */
  readonly userTexts: Locator;
  readonly assistantMessages: Locator;
  readonly errorMessages: Locator;
  readonly thinking: Locator;
  readonly toolCells: Locator;
  readonly pendingToolCells: Locator;
  readonly completedToolCells: Locator;
  readonly chartFrames: Locator;
  readonly modelPicker: Locator;
  readonly selectedModel: Locator;
  readonly contextBadge: Locator;
  readonly sidebar: Locator;
  readonly sessions: Locator;
  readonly newChat: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByRole('textbox', { name: 'Message' });
    this.send = page.getByRole('button', { name: 'Send message' });
    this.settings = page.getByRole('button', { name: 'Settings' });
    this.stop = page.getByRole('button', { name: 'Stop Generating' });
    this.emptyState = page.getByTestId('chat-empty-state');
    this.examplePrompts = page.getByTestId('example-prompt');
    this.messages = page.getByTestId('chat-message');
    this.userMessages = page.locator('[data-testid="chat-message"][data-type="user"]');
    this.userTexts = this.userMessages.getByTestId('message-content');
    this.assistantMessages = page.locator('[data-testid="chat-message"][data-type="assistant"]');
    this.errorMessages = page.locator('[data-testid="chat-message"][data-type="error"]');
    this.thinking = page.getByTestId('thinking-indicator');
    this.toolCells = page.getByTestId('tool-cell');
    this.pendingToolCells = page.locator('[data-testid="tool-cell"][data-status="pending"]');
    this.completedToolCells = page.locator('[data-testid="tool-cell"][data-status="complete"]');
    this.chartFrames = page.getByTestId('chart-frame');
    this.modelPicker = page.getByTestId('model-picker');
    this.selectedModel = page.getByTestId('selected-model');
    this.contextBadge = page.getByTestId('context-usage');
    this.sidebar = page.getByTestId('chat-sidebar');
    this.sessions = page.getByTestId('chat-session');
    this.newChat = page.getByRole('button', { name: 'New chat' });
  }

  /** Sets the v2 flag (the streaming chat) for every page load from now on. */
  async useStreaming(on: boolean) {
    await this.page.addInitScript((value) => {
      try {
        window.localStorage.setItem('feature_flag_v2_endpoint', value ? 'true' : 'false');
      } catch {
        // Init scripts run in every frame; a sandboxed one has no storage.
      }
    }, on);
  }

  /** Opens the chat, streaming (v2 flag on) unless told otherwise. */
  async goto(path = '/chat', { streaming = true }: { streaming?: boolean } = {}) {
    await this.useStreaming(streaming);
    await this.page.goto(path);
    await expect(this.input.or(this.stop)).toBeVisible();
  }

  /** Starts a new conversation and waits until the old one has left the screen, so counts taken next are of the new one. */
  async startNewChat() {
    await this.newChat.click();
    await expect(this.page).toHaveURL(/\/chat$/);
    await expect(this.userTexts).toHaveCount(0);
  }

  /** Types a message and presses Enter. */
  async ask(text: string) {
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  /** Asks and waits until the answer has finished (the input is back). */
  async askAndWait(text: string, timeout = 90_000) {
    // The question shows in the list in the same render that swaps the input for Stop, so once it is there the
    // answer has started; a busy machine may start it late, and a quick answer may end before Stop could be seen.
    const asked = await this.userTexts.count();
    await this.ask(text);
    await expect(this.userTexts).toHaveCount(asked + 1, { timeout });
    await expect(this.input).toBeVisible({ timeout });
    await expect(this.stop).toBeHidden();
  }

  /** The "Did you mean" choices under the latest answer (only the latest answer offers them). */
  get choices(): Locator {
    return this.page.getByTestId('did-you-mean').getByTestId('alternative-choice');
  }

  /** Chooses another reading of the last question and waits until its answer has finished. */
  async chooseAndWait(index: number, timeout = 90_000) {
    const asked = await this.userTexts.count();
    await this.choices.nth(index).click();
    await expect(this.userTexts).toHaveCount(asked + 1, { timeout });
    await expect(this.input).toBeVisible({ timeout });
    await expect(this.stop).toBeHidden();
  }

  /** Pixels between the bottom of the message list and the bottom of what is shown. */
  async distanceFromBottom(): Promise<number> {
    return this.page
      .getByTestId('chat-scroll')
      .evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  }

  /** True when the chart page inside an iframe has drawn something (ECharts renders a canvas or an svg). */
  async expectChartDrawn(frame: Locator) {
    const content = frame.contentFrame();
    await expect(content.locator('#chart canvas, #chart svg').first()).toBeVisible({ timeout: 20_000 });
  }
}
