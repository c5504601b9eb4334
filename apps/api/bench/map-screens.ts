/**
 * Screenshots of the maps and charts an analyst sees, for a human to look at (not a test): the chat's
 * "Map altnet coverage by local authority" and "Full fibre coverage by region as a map" (whole map, hover, zoom),
 * a postcode-district map (points over the authority outlines), a bar chart, and the home screen's North West map and
 * year-by-year line chart. Runs against a server that is already running (use the full-scale warehouse):
 *
 *   SCREENS_BASE_URL=http://127.0.0.1:3202 SCREENS_EMAIL=... SCREENS_PASSWORD=... \
 *     npx tsx apps/api/bench/map-screens.ts
 *
 * PNGs go to SCREENS_DIR (default /tmp/shots-maps). Debian's Chromium via playwright-core, 1440x900, en-GB.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Frame, type Locator, type Page } from 'playwright-core';

const BASE = process.env.SCREENS_BASE_URL ?? 'http://127.0.0.1:3202';
const EMAIL = process.env.SCREENS_EMAIL ?? '';
const PASSWORD = process.env.SCREENS_PASSWORD ?? '';
const DIR = process.env.SCREENS_DIR ?? '/tmp/shots-maps';
const LONG = 240_000;

async function drawn(frameElement: Locator): Promise<Frame> {
  await frameElement.scrollIntoViewIfNeeded();
  const handle = await frameElement.elementHandle();
  const frame = (await handle!.contentFrame())!;
  await frame.waitForSelector('body[data-rendered="true"]', { state: 'attached', timeout: LONG });
  return frame;
}

/** Moves the mouse over (longitude, latitude) of the map (or [category, value] of a chart); waits for the tooltip. */
async function hover(
  page: Page,
  frameElement: Locator,
  frame: Frame,
  at: unknown[],
  finder = { seriesIndex: 0 },
) {
  const [x, y] = (await frame.evaluate(
    `window.qaChart.convertToPixel(${JSON.stringify(finder)}, ${JSON.stringify(at)})`,
  )) as number[];
  const box = (await frameElement.boundingBox())!;
  await page.mouse.move(box.x + x! - 4, box.y + y! - 4);
  await page.mouse.move(box.x + x!, box.y + y!, { steps: 4 });
  await page.waitForTimeout(700);
}

async function wheelZoom(page: Page, frameElement: Locator, frame: Frame, at: number[], clicks: number) {
  const [x, y] = (await frame.evaluate(
    `window.qaChart.convertToPixel({ seriesIndex: 0 }, ${JSON.stringify(at)})`,
  )) as number[];
  const box = (await frameElement.boundingBox())!;
  await page.mouse.move(box.x + x!, box.y + y!);
  for (let i = 0; i < clicks; i += 1) {
    await page.mouse.wheel(0, -240);
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(600);
}

async function askChat(page: Page, question: string): Promise<Locator> {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.waitFor({ timeout: LONG });
  const frames = page.getByTestId('chart-frame');
  const before = await frames.count();
  await input.fill(question);
  await input.press('Enter');
  // Polled from here: the app's Content Security Policy forbids evaluating a predicate string in its page.
  const deadline = Date.now() + LONG;
  while ((await frames.count()) <= before) {
    if (Date.now() > deadline) throw new Error(`No chart for "${question}"`);
    await page.waitForTimeout(250);
  }
  await input.waitFor({ timeout: LONG });
  return frames.last();
}

async function askHome(page: Page, question: string): Promise<Locator> {
  const prompt = page.getByPlaceholder('Enter your SQL query request...');
  await prompt.fill(question);
  const answered = page.waitForResponse(
    (r) => /\/api\/query(\/v2)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
    { timeout: LONG },
  );
  await page.getByRole('button', { name: /^(Generate Query|Generating Query\.\.\.)$/ }).click();
  await answered;
  const frame = page.getByTestId('section-visual').getByTestId('chart-frame');
  await frame.waitFor({ timeout: LONG });
  return frame;
}

async function main() {
  if (!EMAIL || !PASSWORD) throw new Error('Set SCREENS_EMAIL and SCREENS_PASSWORD (a user of that server).');
  await mkdir(DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  const shot = async (target: Page | Locator, name: string) => {
    await target.screenshot({ path: path.join(DIR, `${name}.png`) });
    process.stdout.write(`${path.join(DIR, `${name}.png`)}\n`);
  };
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: LONG });

    // Chat: authorities.
    await page.goto('/chat');
    let frameElement = await askChat(page, 'Map altnet coverage by local authority');
    let frame = await drawn(frameElement);
    await hover(page, frameElement, frame, [-1.89, 52.48]);
    await shot(frameElement, '01-chat-altnet-by-la-hover-birmingham');
    await shot(page, '01b-chat-altnet-by-la-page');
    await frame.getByRole('button', { name: 'London', exact: true }).click();
    await page.waitForTimeout(800);
    await hover(page, frameElement, frame, [-0.1, 51.52]);
    await shot(frameElement, '02-chat-altnet-by-la-london-zoom-hover');

    // Chat: regions and nations.
    frameElement = await askChat(page, 'Full fibre coverage by region as a map');
    frame = await drawn(frameElement);
    await hover(page, frameElement, frame, [-3.8, 52.3]);
    await shot(frameElement, '03-chat-full-fibre-by-region-hover-wales');
    await wheelZoom(page, frameElement, frame, [-2.5, 53.5], 3);
    await hover(page, frameElement, frame, [-2.6, 54.2]);
    await shot(frameElement, '04-chat-full-fibre-by-region-zoomed-hover');

    // Chat: a postcode-level map keeps its points, over the authority outlines.
    frameElement = await askChat(page, 'Map full fibre coverage by postcode district');
    frame = await drawn(frameElement);
    await shot(frameElement, '05-chat-full-fibre-by-postcode-district-points');

    // Chat: a bar chart, operators' colours and words for the axes.
    frameElement = await askChat(page, 'Show me full fibre coverage by region as a chart');
    frame = await drawn(frameElement);
    await hover(page, frameElement, frame, [0, 0], { seriesIndex: 0 } as never);
    await shot(frameElement, '08-chat-full-fibre-by-region-bar-chart');

    // Home: one region's authorities, then a year-by-year line.
    await page.goto('/');
    frameElement = await askHome(page, 'Full fibre coverage by local authority in the North West');
    frame = await drawn(frameElement);
    await hover(page, frameElement, frame, [-2.22, 53.45]);
    await shot(frameElement, '06-home-north-west-map-hover-manchester');
    await shot(page, '06b-home-north-west-page');
    frameElement = await askHome(page, 'How has full fibre coverage grown year by year?');
    frame = await drawn(frameElement);
    const categories = (await frame.evaluate('window.qaChart.getOption().xAxis[0].data')) as string[];
    const last = categories.length - 1;
    const value = (await frame.evaluate(`window.qaChart.getOption().series[0].data[${last}]`)) as
      | number
      | { value: number };
    await hover(page, frameElement, frame, [last, typeof value === 'number' ? value : value.value]);
    await shot(frameElement, '07-home-full-fibre-year-by-year-line-hover');
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `screens failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exit(1);
});
