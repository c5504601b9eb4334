/**
 * Charts and maps that do not mislead, as an ordinary user sees them: a two-place comparison and a ten-council
 * answer are bars, a region's authorities are a map of that region, the Chart/Table switch changes the chart, a
 * line asked for over places in the chat is drawn as bars and says why, the frame is dark in dark mode, and at
 * 390 px the map's legend covers neither the map nor its buttons.
 */
import { ChatPage } from './pages/chat-page';
import { QueryPage } from './pages/query-page';
import { chartDrawn, chartTitleLayout, mapLayout, overlaps, seriesTypes } from './support/charts';
import { expect, test } from './support/fixtures';
import { ordinaryUserPage } from './support/ordinary-user';

const TWO_PLACES = 'Compare full fibre coverage in Leeds and Manchester';
const TEN_COUNCILS = 'Top 10 local authorities by gigabit coverage';
const WALES = 'Full fibre coverage in the local authorities of Wales';
/** The 22 unitary authorities of Wales. */
const WELSH_AUTHORITIES = 22;

test.describe('the chart picker on the home page', () => {
  test.setTimeout(120_000);

  test('a two-place comparison draws bars, not a map, and the switch changes the chart', async ({
    browser,
    request,
  }) => {
    const { page } = await ordinaryUserPage(browser, request);
    const home = new QueryPage(page);
    await home.ask(TWO_PLACES);
    await expect(home.visual).toBeVisible();
    await expect(home.chartFrame).toHaveAttribute('data-kind', 'chart');
    expect(await seriesTypes(await chartDrawn(home.chartFrame))).toEqual(['bar']);
    await expect(home.visualSwitch.getByRole('button')).toHaveText(['Bar chart', 'Map', 'Table']);

    // The reader may still ask for the map: zoomed to the two regions, the rest of them not in this result.
    await home.showAs('Map');
    await expect(home.chartFrame).toHaveAttribute('data-kind', 'map');
    const map = await chartDrawn(home.chartFrame);
    expect(await seriesTypes(map)).toEqual(['map']);
    const drawn = Number(await map.locator('body').getAttribute('data-areas'));
    expect(drawn).toBeGreaterThan(2);
    expect(drawn).toBeLessThan(100);
    const keys = await map
      .locator('body')
      .evaluate(() =>
        JSON.stringify(
          (window as unknown as { qaChart: { getOption(): { graphic?: unknown } } }).qaChart.getOption()
            .graphic,
        ),
      );
    expect(keys).toContain('Not in this result');
    expect(keys).not.toContain('No data');

    await home.showAs('Table');
    await expect(home.chartFrame).toHaveCount(0);
    await expect(home.visual).toContainText('Shown as the table below.');
  });

  test('a ten-council answer draws bars', async ({ browser, request }) => {
    const { page } = await ordinaryUserPage(browser, request);
    const home = new QueryPage(page);
    await home.ask(TEN_COUNCILS);
    await expect(home.chartFrame).toHaveAttribute('data-kind', 'chart');
    expect(await seriesTypes(await chartDrawn(home.chartFrame))).toEqual(['bar']);
  });

  test("a region's answer draws a map of that region, titled by the interpretation", async ({
    browser,
    request,
  }) => {
    const { page } = await ordinaryUserPage(browser, request);
    const home = new QueryPage(page);
    await home.ask(WALES);
    await expect(home.chartFrame).toHaveAttribute('data-kind', 'map');
    const map = await chartDrawn(home.chartFrame);
    await expect(map.locator('body')).toHaveAttribute('data-areas', String(WELSH_AUTHORITIES));
    await expect(home.chartFrame).toHaveAttribute('title', /^Share of premises in Wales/);
  });

  test('in dark mode the chart frame and the chart page are dark', async ({ browser, request }) => {
    const { page } = await ordinaryUserPage(browser, request, { theme: 'dark' });
    const home = new QueryPage(page);
    await home.ask(TWO_PLACES);
    await expect(home.chartFrame).toHaveAttribute('data-theme', 'dark');
    const content = await chartDrawn(home.chartFrame);
    const dark = 'rgb(15, 23, 42)';
    expect(await home.chartFrame.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(dark);
    expect(
      await home.visual.getByTestId('chart-embed').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe(dark);
    expect(await content.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(dark);
  });

  test('at 390 px the map legend covers neither the map nor its buttons', async ({ browser, request }) => {
    const { page } = await ordinaryUserPage(browser, request, { viewport: { width: 390, height: 844 } });
    const home = new QueryPage(page);
    await home.ask(WALES);
    const layout = await mapLayout(await chartDrawn(home.chartFrame));
    expect(overlaps(layout.legend, layout.map), JSON.stringify(layout)).toBe(false);
    expect(overlaps(layout.toolbar, layout.map), JSON.stringify(layout)).toBe(false);
    expect(overlaps(layout.toolbar, layout.legend), JSON.stringify(layout)).toBe(false);
  });

  test("at 390 px a bar chart's title is whole, clear of the toolbar and above the bars", async ({
    browser,
    request,
  }) => {
    const { page } = await ordinaryUserPage(browser, request, { viewport: { width: 390, height: 844 } });
    const home = new QueryPage(page);
    await home.ask(TWO_PLACES);
    await expect(home.chartFrame).toHaveAttribute('data-kind', 'chart');
    const layout = await chartTitleLayout(await chartDrawn(home.chartFrame));
    expect(layout.titleCut, JSON.stringify(layout)).toBe(false);
    expect(overlaps(layout.title, layout.toolbar), JSON.stringify(layout)).toBe(false);
    expect(overlaps(layout.title, layout.plot), JSON.stringify(layout)).toBe(false);
  });
});

for (const streaming of [false, true]) {
  test(`the chat draws "show that as a line chart" over regions as bars and says why (beta ${streaming ? 'on' : 'off'})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { page } = await ordinaryUserPage(browser, request, { streaming });
    const chat = new ChatPage(page);
    await chat.goto('/chat', { streaming });
    await chat.askAndWait('Full fibre coverage by region', 120_000);
    await chat.askAndWait('show that as a line chart', 120_000);
    const answer = chat.assistantMessages.last();
    const frame = answer.getByTestId('chart-frame');
    await expect(frame).toHaveCount(1);
    expect(await seriesTypes(await chartDrawn(frame))).toEqual(['bar']);
    await expect(answer).toContainText(
      'A line chart joins points in time order, and regions have no order, so this is drawn as a bar chart instead.',
    );
    // Titled by the question as answered, never "That".
    await expect(frame).not.toHaveAttribute('title', 'That');
    await expect(frame).toHaveAttribute('title', /full fibre/i);
    // Nothing announces the query after its results.
    await expect(answer).not.toContainText('I will query');
  });
}
