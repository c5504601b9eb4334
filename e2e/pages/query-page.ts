import { expect, type Locator, type Page } from '@playwright/test';

/** Home: the query screen (question box, recent questions, result sections, Progress Updates). */
export class QueryPage {
  readonly prompt: Locator;
  readonly generate: Locator;
  readonly recent: Locator;
  readonly recentItems: Locator;
  readonly errorBanner: Locator;
  readonly result: Locator;
  readonly classification: Locator;
  readonly systemInfo: Locator;
  readonly analysis: Locator;
  readonly sql: Locator;
  readonly results: Locator;
  readonly resultRows: Locator;
  readonly explanation: Locator;
  readonly feedback: Locator;
  readonly progressPanel: Locator;
  readonly progressToggle: Locator;
  readonly progressItems: Locator;
  readonly interpretationText: Locator;
  /** "Did you mean": the other readings under the answer, and the note of the latest choice. */
  readonly didYouMean: Locator;
  readonly choices: Locator;
  readonly readingChoice: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByPlaceholder('Enter your SQL query request...');
    this.generate = page.getByRole('button', { name: /^(Generate Query|Generating Query\.\.\.)$/ });
    this.recent = page.getByTestId('recent-queries');
    this.recentItems = page.getByTestId('recent-query');
    this.errorBanner = page.getByRole('alert');
    this.result = page.getByTestId('query-result');
    this.classification = page.getByTestId('section-classification');
    this.systemInfo = page.getByTestId('section-system-info');
    this.analysis = page.getByTestId('section-analysis');
    this.sql = page.getByTestId('section-sql');
    this.results = page.getByTestId('section-results');
    this.resultRows = page.getByTestId('results-row');
    this.explanation = page.getByTestId('section-explanation');
    this.feedback = page.getByTestId('section-feedback');
    this.progressPanel = page.getByTestId('progress-panel');
    this.progressToggle = this.progressPanel.getByRole('button', { name: /Progress Updates/ });
    this.progressItems = page.getByTestId('progress-item');
    this.interpretationText = this.result.getByTestId('interpretation-text');
    this.didYouMean = this.result.getByTestId('did-you-mean');
    this.choices = this.didYouMean.getByTestId('alternative-choice');
    this.readingChoice = this.result.getByTestId('reading-choice');
  }

  async goto() {
    await this.page.goto('/');
    await expect(this.prompt).toBeVisible();
  }

  /** Asks a question and waits for its answer; returns the query result the server sent. */
  async ask(question: string): Promise<{ id?: string; [key: string]: unknown }> {
    await this.prompt.fill(question);
    const response = this.page.waitForResponse(
      (r) => /\/api\/query(\/v2)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await this.generate.click();
    const answer = await response;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(this.generate).toHaveText('Generate Query', { timeout: 10_000 });
    return (await answer.json()) as { id?: string };
  }

  /** Chooses the reading at `index` under "Did you mean" and waits for its answer; returns the new result. */
  async choose(index: number): Promise<{ id?: string; interpretation?: string; [key: string]: unknown }> {
    const response = this.page.waitForResponse(
      (r) =>
        /\/api\/query\/[^/]+\/alternatives\/\d+$/.test(new URL(r.url()).pathname) &&
        r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await this.choices.nth(index).click();
    const answer = await response;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(this.page.getByTestId('alternative-running')).toHaveCount(0, { timeout: 10_000 });
    return (await answer.json()) as { id?: string; interpretation?: string };
  }
}
