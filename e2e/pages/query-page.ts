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
  /** The chart or map offered with the result, its Chart/Table switch and its note. */
  readonly visual: Locator;
  readonly visualSwitch: Locator;
  readonly visualNote: Locator;
  readonly chartFrame: Locator;
  /** Editing the SQL and running it again. */
  readonly editSql: Locator;
  readonly sqlEditor: Locator;
  readonly sqlBox: Locator;
  readonly runEditedSql: Locator;
  /** The first screen: starter questions, the question counter, Everyone / Mine. */
  readonly starters: Locator;
  readonly counter: Locator;
  readonly promptError: Locator;

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
    this.visual = page.getByTestId('section-visual');
    this.visualSwitch = this.visual.getByRole('group', { name: 'Show the result as' });
    this.visualNote = this.visual.getByTestId('visual-note');
    this.chartFrame = this.visual.getByTestId('chart-frame');
    this.editSql = this.sql.getByRole('button', { name: 'Edit SQL' });
    this.sqlEditor = this.sql.getByTestId('sql-editor');
    this.sqlBox = this.sql.getByRole('textbox', { name: 'Edit the SQL' });
    this.runEditedSql = this.sql.getByRole('button', { name: /^(Run edited SQL|Running\.\.\.)$/ });
    this.starters = page.getByTestId('starter-question');
    this.counter = page.getByTestId('prompt-counter');
    this.promptError = page.getByTestId('prompt-error');
  }

  /** Chooses a type on the result's Chart/Table switch and waits for the server's answer. */
  async showAs(label: 'Bar chart' | 'Line chart' | 'Map' | 'Pie chart' | 'Table') {
    const response = this.page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.startsWith('/api/charts/for-query/') && r.request().method() === 'POST',
    );
    await this.visualSwitch.getByRole('button', { name: label, exact: true }).click();
    await response;
    await expect(this.visualSwitch.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  /** Edits the result's SQL and runs it; returns the new saved query the server sent. */
  async runEdited(sql: string): Promise<{ id?: string; [key: string]: unknown }> {
    await this.editSql.click();
    await this.sqlBox.fill(sql);
    const response = this.page.waitForResponse(
      (r) => /\/api\/query\/[^/]+\/sql$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await this.runEditedSql.click();
    const answer = await response;
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as { id?: string };
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
