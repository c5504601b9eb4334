/**
 * Maps and charts an analyst would put in a report: choropleths from the real ONS boundaries in chat and
 * on the home screen, hover with name and value, zoom presets, PNG / SVG / CSV downloads, a line chart for a time
 * series, and the chart page's isolation (an opaque-origin sandbox that cannot read the app's storage). Screenshots
 * go to /work/screens-maps/ when that folder exists (SCREENS_MAPS_DIR overrides).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { QueryPage } from './pages/query-page';
import { ADMIN_STORAGE_STATE } from './support/env';
import { test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

const SCREENS = process.env.SCREENS_MAPS_DIR ?? '/work/screens-maps';
const shoot = async (target: Page | Locator, name: string) => {
  if (existsSync(SCREENS)) await target.screenshot({ path: path.join(SCREENS, `${name}.png`) });
};

/**
 * Waits for the chart page in the frame to be drawn (ECharts' first `finished`); returns the frame's content. The
 * frame is scrolled into view first: a browser holds back animation frames of a cross-origin frame out of view.
 */
async function drawn(frame: Locator) {
  await frame.scrollIntoViewIfNeeded();
  const content = frame.contentFrame();
  await expect(content.locator('body[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
  await expect(content.locator('#chart canvas').first()).toBeVisible();
  return content;
}

/** Moves the mouse over the area at (longitude, latitude) and returns the tooltip's text. */
async function hoverArea(page: Page, frame: Locator, content: FrameLocator, lon: number, lat: number) {
  const [x, y] = await content
    .locator('body')
    .evaluate(
      (_, at) =>
        (
          window as unknown as { qaChart: { convertToPixel(f: object, v: number[]): number[] } }
        ).qaChart.convertToPixel({ seriesIndex: 0 }, at),
      [lon, lat],
    );
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + x! - 3, box.y + y! - 3);
  await page.mouse.move(box.x + x!, box.y + y!, { steps: 3 });
  const tooltip = content.locator('div').filter({ hasText: /:/ }).last();
  await expect(tooltip).toBeVisible();
  return tooltip;
}

/** The chat, opened with room for a busy machine's first page load. */
async function openChat(page: Page) {
  const chat = new ChatPage(page);
  await chat.useStreaming(true);
  await page.goto('/chat');
  await expect(chat.input).toBeVisible({ timeout: 30_000 });
  return chat;
}

/**
 * Clicks a download button; returns the file saved and the content type the page gave it (the page downloads a
 * Blob through an object URL: the Blob's type is the file's content type).
 */
async function downloadFrom(page: Page, content: FrameLocator, button: string) {
  await content.locator('body').evaluate(() => {
    const w = window as unknown as { qaBlobTypes?: string[] };
    if (w.qaBlobTypes) return;
    w.qaBlobTypes = [];
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      w.qaBlobTypes!.push(blob instanceof Blob ? blob.type : 'media-source');
      return create(blob);
    };
  });
  const pending = page.waitForEvent('download');
  await content.getByRole('button', { name: button, exact: true }).click();
  const download = await pending;
  const file = await download.path();
  const type = await content
    .locator('body')
    .evaluate(() => (window as unknown as { qaBlobTypes: string[] }).qaBlobTypes.at(-1));
  return { name: download.suggestedFilename(), bytes: readFileSync(file!), type };
}

test('chat: "Map altnet coverage by local authority" fills the 361 authorities, with hover, legend, zoom and downloads', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const chat = await openChat(page);
  await chat.askAndWait('Map altnet coverage by local authority', 150_000);
  const frame = chat.chartFrames.last();
  await expect(frame).toHaveAttribute('data-kind', 'map');
  // Sandboxed without allow-same-origin: the page has an opaque origin.
  expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-downloads');
  const content = await drawn(frame);
  await expect(content.locator('body')).toHaveAttribute('data-areas', '361');
  await frame.scrollIntoViewIfNeeded();
  await shoot(frame, 'chat-altnet-by-la');

  // Hover Birmingham (E08000025): its name, the measure in words and a percentage.
  const tooltip = await hoverArea(page, frame, content, -1.89, 52.48);
  await expect(tooltip).toContainText('Birmingham');
  await expect(tooltip).toContainText(/Altnet coverage: (\d[\d,]*(\.\d)?% of premises|no data)/);
  await shoot(frame, 'chat-altnet-hover');
  // The legend says what the colours are, in words.
  const legend = await content
    .locator('body')
    .evaluate(() =>
      JSON.stringify((window as unknown as { qaChart: { getOption(): unknown } }).qaChart.getOption()),
    );
  expect(legend).toContain('Altnet coverage, % of premises');

  // The London preset zooms in; the map keeps its areas.
  await content.getByRole('button', { name: 'London' }).click();
  const zoom = await content
    .locator('body')
    .evaluate(
      () =>
        (
          window as unknown as { qaChart: { getOption(): { series: { zoom: number }[] } } }
        ).qaChart.getOption().series[0]!.zoom,
    );
  expect(zoom).toBeGreaterThan(5);
  await page.waitForTimeout(600);
  await shoot(frame, 'chat-altnet-london');
  await content.getByRole('button', { name: 'Whole map' }).click();

  const png = await downloadFrom(page, content, 'PNG');
  expect(png.name).toMatch(/\.png$/);
  expect(png.type).toBe('image/png');
  expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.bytes.length).toBeGreaterThan(10_000);
  const svg = await downloadFrom(page, content, 'SVG');
  expect(svg.name).toMatch(/\.svg$/);
  expect(svg.type).toBe('image/svg+xml');
  expect(svg.bytes.toString('utf8')).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>$/);
  const csv = await downloadFrom(page, content, 'CSV');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.type).toBe('text/csv');
  const lines = csv.bytes.toString('utf8').trim().split(/\r\n/);
  // The premises beside the postcodes they are in, as every count of premises shows them.
  expect(lines[0]).toBe('la_name,premises_passed,total_premises,coverage_pct,postcodes_passed');
  expect(lines.length).toBeGreaterThan(300);
});

test('chat: "Full fibre coverage by region as a map" fills the 12 regions and nations', async ({ page }) => {
  test.setTimeout(180_000);
  const chat = await openChat(page);
  await chat.askAndWait('Full fibre coverage by region as a map', 150_000);
  const frame = chat.chartFrames.last();
  const content = await drawn(frame);
  await expect(content.locator('body')).toHaveAttribute('data-areas', '12');
  await frame.scrollIntoViewIfNeeded();
  const tooltip = await hoverArea(page, frame, content, -3.8, 52.3);
  await expect(tooltip).toContainText('Wales');
  await expect(tooltip).toContainText(/Full fibre coverage: \d[\d,]*(\.\d)?% of premises/);
  await shoot(frame, 'chat-full-fibre-by-region');
});

test('a chart page runs in an opaque origin: it cannot read the app origin’s localStorage', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const chat = await openChat(page);
  await page.evaluate(() => localStorage.setItem('maps-e2e-secret', 'app-only'));
  await chat.askAndWait('Full fibre coverage by region as a map', 150_000);
  const content = await drawn(chat.chartFrames.last());
  const seen = await content.locator('body').evaluate(() => {
    let storage: string;
    try {
      storage = String(window.localStorage.getItem('maps-e2e-secret'));
    } catch (error) {
      storage = `blocked: ${(error as Error).name}`;
    }
    let parent: string;
    try {
      parent = String(window.parent.localStorage.getItem('maps-e2e-secret'));
    } catch (error) {
      parent = `blocked: ${(error as Error).name}`;
    }
    return {
      origin: window.origin,
      storage,
      parent,
      cookie: (() => {
        try {
          return document.cookie;
        } catch (error) {
          return `blocked: ${(error as Error).name}`;
        }
      })(),
    };
  });
  expect(seen.origin).toBe('null');
  expect(seen.storage).toMatch(/^blocked/);
  expect(seen.parent).toMatch(/^blocked/);
  expect(seen.cookie).not.toContain('app-only');
});

test('home: authorities of one region get a map, a year-by-year question a line chart, unasked', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const query = new QueryPage(page);
  await page.goto('/');
  await expect(query.prompt).toBeVisible({ timeout: 30_000 });
  await query.ask('Full fibre coverage by local authority in the North West');
  const visual = page.getByTestId('section-visual');
  await expect(visual).toBeVisible({ timeout: 30_000 });
  const map = visual.getByTestId('chart-frame');
  await expect(map).toHaveAttribute('data-kind', 'map');
  const content = await drawn(map);
  // The North West's 35 authorities (May 2024), drawn on their own.
  await expect(content.locator('body')).toHaveAttribute('data-areas', '35');
  await map.scrollIntoViewIfNeeded();
  const tooltip = await hoverArea(page, map, content, -2.22, 53.45);
  await expect(tooltip).toContainText('Manchester');
  await expect(tooltip).toContainText(/Full fibre coverage: (\d[\d,]*(\.\d)?% of premises|no data)/);
  await shoot(map, 'home-north-west-map');

  await query.ask('How has full fibre coverage grown year by year?');
  const chart = page.getByTestId('section-visual').getByTestId('chart-frame');
  await expect(chart).toHaveAttribute('data-kind', 'chart');
  const line = await drawn(chart);
  const option = await line
    .locator('body')
    .evaluate(() =>
      JSON.stringify((window as unknown as { qaChart: { getOption(): unknown } }).qaChart.getOption()),
    );
  expect(option).toContain('"type":"line"');
  expect(option).toContain('Full fibre coverage, % of premises');
  await chart.scrollIntoViewIfNeeded();
  await shoot(chart, 'home-full-fibre-line');
});

test('the 361-authority map page: transferred size and render time', async ({ page }) => {
  test.setTimeout(180_000);
  const chat = await openChat(page);
  await chat.askAndWait('Map altnet coverage by local authority', 150_000);
  const frame = chat.chartFrames.last();
  const src = (await frame.getAttribute('src'))!;
  // A fresh page of its own, with an empty cache, so every byte is counted.
  const context = await page.context().browser()!.newContext();
  const fresh = await context.newPage();
  let transferred = 0;
  fresh.on('requestfinished', async (request) => {
    const sizes = await request.sizes();
    transferred += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  const started = Date.now();
  await fresh.goto(new URL(src, page.url()).toString());
  await expect(fresh.locator('body[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
  const wall = Date.now() - started;
  const renderMs = Number(await fresh.locator('body').getAttribute('data-rendered-ms'));
  const drawMs = Number(await fresh.locator('body').getAttribute('data-draw-ms'));
  await expect(fresh.locator('body')).toHaveAttribute('data-areas', '361');
  await fresh.waitForLoadState('networkidle');
  console.log(
    `361-authority map page: ${Math.round(transferred / 1024)} KB transferred, ready ${wall} ms after navigation, ` +
      `rendered ${Math.round(renderMs)} ms after navigation start (page clock), of which ${drawMs} ms drawing`,
  );
  // ECharts' parts in use and the boundaries as TopoJSON, compressed: about 250 KB.
  expect(transferred).toBeLessThan(320 * 1024);
  await context.close();
});
