/**
 * Two figures of different kinds in one question, end to end as an ordinary user, with the Chat (beta) flag off and
 * on: "what share of premises in Scotland can get gigabit, and how many are below the USO?" is answered with both
 * figures in one row, restated as two sentences, each described in the analysis. Each figure alone is offered under
 * "Did you mean"; choosing one answers it, and choosing the two-figure reading back brings both figures back (the
 * reading is kept whole when it is stored and chosen again).
 */
import { QueryPage } from './pages/query-page';
import { uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage } from './support/ordinary-user';

const QUESTION = 'What share of premises in Scotland can get gigabit, and how many are still below the USO?';

type Answer = { id: string; interpretation: string; alternatives?: { interpretation: string }[] };

for (const streaming of [false, true]) {
  test(`an ordinary user asks for two figures at once and gets both (beta ${streaming ? 'on' : 'off'})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page } = await ordinaryUserPage(browser, request, {
      streaming,
      email: uniqueEmail('two-figures'),
    });
    const home = new QueryPage(page);
    await home.goto();

    const both = (await home.ask(QUESTION)) as Answer;
    expect(both.interpretation).toMatch(
      /^Share of premises in Scotland where gigabit-capable .*; and premises in Scotland .*below the USO/,
    );
    await expect(home.interpretationText).toHaveText(both.interpretation);
    // One row holding both figures: the share with gigabit, and the premises below the USO.
    await expect(home.resultRows).toHaveCount(1);
    await expect(home.results).toContainText('coverage_pct');
    await expect(home.results).toContainText('premises_below_uso');
    await expect(home.analysis).toContainText('gigabit-capable broadband is available');
    await expect(home.analysis).toContainText('below the USO');
    await expect(home.analysis).toContainText('read as two questions');
    await page.screenshot({ path: testInfo.outputPath('two-figures.png'), fullPage: true });

    // Each figure alone is another reading; choosing one answers only it.
    const offered = both.alternatives ?? [];
    expect(offered.length).toBeGreaterThan(0);
    const one = (await home.choose(0)) as Answer;
    expect(one.interpretation).not.toContain('; and ');
    await expect(home.results).not.toContainText('premises_below_uso');

    // The two-figure reading is offered back first, and choosing it brings both figures back.
    await expect(home.choices.first()).toHaveText(both.interpretation);
    const again = (await home.choose(0)) as Answer;
    expect(again.interpretation).toBe(both.interpretation);
    await expect(home.results).toContainText('premises_below_uso');
    await expect(home.resultRows).toHaveCount(1);
    await page.context().close();
  });
}
