import { expect, type Locator, type Page } from '@playwright/test';

/** /results/{queryId}: one query with its result, feedback, comments, progress log and archive action. */
export class QueryDetailPage {
  readonly heading: Locator;
  readonly prompt: Locator;
  readonly askedBy: Locator;
  readonly archivedBanner: Locator;
  readonly feedbackBlock: Locator;
  readonly archiveButton: Locator;
  readonly backToHistory: Locator;
  readonly notFound: Locator;
  readonly sql: Locator;
  readonly results: Locator;
  readonly explanation: Locator;
  readonly analysis: Locator;
  readonly feedback: Locator;
  readonly comments: Locator;
  readonly commentItems: Locator;
  readonly commentBox: Locator;
  readonly addComment: Locator;
  readonly progressLog: Locator;
  readonly interpretationText: Locator;
  readonly choices: Locator;
  readonly readingChoice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Query Results', level: 1 });
    this.prompt = page.getByTestId('query-prompt');
    this.askedBy = page.getByTestId('query-asked-by');
    this.archivedBanner = page.getByText('This query has been archived');
    this.feedbackBlock = page.getByTestId('feedback-block');
    this.archiveButton = page.getByTestId('archive-button');
    this.backToHistory = page.getByRole('link', { name: 'Back to History' });
    this.notFound = page.getByText('Query not found');
    this.sql = page.getByTestId('section-sql');
    this.results = page.getByTestId('section-results');
    this.explanation = page.getByTestId('section-explanation');
    this.analysis = page.getByTestId('section-analysis');
    this.feedback = page.getByTestId('section-feedback');
    this.comments = page.getByTestId('comments-panel');
    this.commentItems = page.getByTestId('comment');
    this.commentBox = page.getByPlaceholder('Add a comment...');
    this.addComment = page.getByRole('button', { name: 'Add Comment' });
    this.progressLog = page.getByTestId('progress-log');
    this.interpretationText = page.getByTestId('interpretation-text');
    this.choices = page.getByTestId('did-you-mean').getByTestId('alternative-choice');
    this.readingChoice = page.getByTestId('reading-choice');
  }

  async goto(id: string) {
    await this.page.goto(`/results/${encodeURIComponent(id)}`);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText('Loading query...')).toHaveCount(0);
  }
}
