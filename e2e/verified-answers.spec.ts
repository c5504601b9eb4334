/**
 * Issue 22, acceptance 1: an analyst that learns from its reviewers, as an ordinary user and an admin. The user
 * asks "the 3 chunkiest altnets in Wales" (a size word the reader does not know: it answers the premises
 * where an altnet is present, and says the word was not used); the admin finds it in the review queue (it got a thumbs-down), corrects the reading in the
 * structured form (premises by network, altnets only, most first, three rows), previews and saves it as
 * verified; the user asks it again with other case and punctuation, and about another place: both are answered
 * with the verified plan, say so, show the badge (naming the reviewer, linking to the verified question) and give
 * the same result as the reviewer's reading.
 */

import { QueryDetailPage } from './pages/query-detail-page';
import { QueryPage } from './pages/query-page';
import { ReviewPage } from './pages/review-page';
import { apiLogin, createUserViaApi, uniqueEmail } from './support/api';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/env';
import { expect, test } from './support/fixtures';
import { signedInPage } from './support/ordinary-user';

const QUESTION = 'the 3 chunkiest altnets in Wales';
const PASSWORD = 'Analyst-pass1';

type Answer = {
  id: string;
  interpretation: string;
  csv_results: string | null;
  classification?: { reasoning: string };
  verified?: { id: string; verified_by: string; query_id: string } | null;
};

test('a misread question is corrected in the review queue, and the correction answers it and its shape elsewhere', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('learner');
  await createUserViaApi(request, { email, password: PASSWORD, role: 'user' });

  // The user asks, and says the answer is wrong.
  const userPage = await signedInPage(browser, email, PASSWORD);
  const home = new QueryPage(userPage);
  await home.goto();
  const first = (await home.ask(QUESTION)) as Answer;
  expect(first.verified ?? null).toBeNull();
  await home.feedback.getByRole('button', { name: 'No' }).click();
  await home.feedback
    .getByPlaceholder('Any additional feedback? (optional)')
    .fill('I wanted the three biggest altnets');
  await home.feedback.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(home.feedback.getByText('Thank you for your feedback!')).toBeVisible();

  // The admin finds it in the review queue and corrects the reading in the structured form.
  const adminPage = await (await browser.newContext({ storageState: ADMIN_STORAGE_STATE })).newPage();
  const review = new ReviewPage(adminPage);
  await review.goto();
  const item = review.item(QUESTION);
  await expect(item).toBeVisible();
  await expect(item.getByText('Thumbs-down')).toBeVisible();
  const form = await review.correct(item);
  await form.getByTestId('correct-measure').selectOption('premises');
  await form.getByTestId('correct-dimension').selectOption('operator_group');
  await form.getByTestId('correct-order').selectOption('desc');
  await form.getByTestId('correct-limit').fill('3');
  // The subject: any altnet, through the plan's JSON for the fields the form lacks.
  const json = form.getByTestId('correct-json');
  const plan = JSON.parse(await json.inputValue()) as Record<string, unknown>;
  plan.subject = { altnet: true };
  await json.fill(JSON.stringify(plan, null, 2));
  await json.blur();
  await form.getByTestId('preview-button').click();
  const preview = form.getByTestId('preview-result');
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const previewInterpretation = (await preview.getByTestId('interpretation-text').textContent()) ?? '';
  expect(previewInterpretation).not.toBe(first.interpretation);
  await adminPage.screenshot({ path: testInfo.outputPath('review-correction.png'), fullPage: true });
  await form.getByTestId('save-verified-button').click();
  await expect(item.getByTestId('review-saved')).toBeVisible({ timeout: 60_000 });

  // The same question, other case and punctuation: the verified plan, its badge, the reviewer's result.
  await home.goto();
  const again = (await home.ask('The 3 CHUNKIEST altnets in wales??')) as Answer;
  expect(again.interpretation).toBe(previewInterpretation);
  expect(again.classification?.reasoning).toContain(`Answered as the verified question '${QUESTION}'`);
  const badge = home.result.getByTestId('verified-badge');
  await expect(badge).toContainText(`Verified by ${E2E_ADMIN.email}`);
  await expect(badge.getByTestId('verified-link')).toHaveAttribute('href', `/results/${first.id}`);
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const reviewed = await request.post(`/api/review/queries/${first.id}/preview`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { plan: { ...plan, notes: [], unknowns: [], assumptions: [] } },
    timeout: 60_000,
  });
  expect(again.csv_results).toBe(((await reviewed.json()) as Answer).csv_results);
  await userPage.screenshot({ path: testInfo.outputPath('verified-again.png'), fullPage: true });

  // The same shape about another place: the verified plan with the place filled in, and its right result.
  const scotland = (await home.ask('the 3 chunkiest altnets in Scotland')) as Answer;
  expect(scotland.interpretation).toContain('Scotland');
  expect(scotland.classification?.reasoning).toContain('Answered as the verified question');
  await expect(badge).toContainText(`Verified by ${E2E_ADMIN.email}`);
  const expected = await request.post(`/api/review/queries/${first.id}/preview`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      plan: {
        ...plan,
        geo: { column: 'government_region', values: ['Scotland'] },
        notes: [],
        unknowns: [],
        assumptions: [],
      },
    },
    timeout: 60_000,
  });
  expect(scotland.csv_results).toBe(((await expected.json()) as Answer).csv_results);

  // The user's own question now shows the corrected answer and its verification on its page.
  const detail = new QueryDetailPage(userPage);
  await detail.goto(first.id);
  await expect(detail.interpretationText).toHaveText(previewInterpretation);
  await expect(userPage.getByTestId('verified-badge')).toContainText(`Verified by ${E2E_ADMIN.email}`);
  // An ordinary user has no Verify button and no review queue.
  await expect(userPage.getByTestId('verify-button')).toHaveCount(0);
  await userPage.goto('/admin/review');
  await expect(userPage.getByRole('heading', { name: 'Review queue' })).toHaveCount(0);
});
