/**
 * `npm run bench:charts`: how heavy and how fast the chart page is, in a real browser. This process runs the real
 * app on its own loopback port (BENCH_PORT, default a free one) with a throwaway embedded app database and the
 * small generated warehouse (scale 0.01, built once into the OS temp directory; BENCH_DATA_DIR uses another
 * warehouse instead, e.g. the full-scale one), asks the query tool (built-in analyst) for full fibre coverage by
 * local authority and by region over HTTP, and takes the map each result offers (POST /api/charts/for-query/:id).
 * Then Debian's Chromium (playwright-core) opens each map page BENCH_RUNS times (default 7), every time in a fresh
 * browser context (empty cache), at the size the app's frame has.
 *
 * Prints per map: bytes transferred (compressed, headers included, from the DevTools protocol's
 * Network.loadingFinished) and the time from navigation start to the page's "rendered" signal (set after
 * ECharts' first `finished` event), median and range, with the median split: HTML received, scripts received,
 * script start (parsed and running), boundaries decoded, options set, rendered; then a reload in the same context
 * (the sandboxed page has an opaque origin, for which browsers keep no HTTP cache, so it downloads everything again). And `uptime`, since timings on a
 * busy machine are not a benchmark. BENCH_PROFILE=1 adds one profiled load per map and prints where its main-thread
 * time went (V8 CPU profile, self time by function, top 15).
 */
import { execFileSync } from 'node:child_process';
import { queryResultSchema } from '@qa/contracts';
import { type Browser, chromium } from 'playwright-core';
import { openAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { smallWarehouseDir } from '../test/support/small-warehouse.js';
import { startBenchApp } from './bench-app.js';

const PROFILE = process.env.BENCH_PROFILE === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 0);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The app's map frame: the chat column's width, 500 px high. */
const VIEWPORT = { width: 900, height: 500 };

const MAPS = [
  { label: '361 local authorities', question: 'Full fibre coverage by local authority', areas: '361' },
  { label: '12 regions and nations', question: 'Full fibre coverage by region', areas: '12' },
];

const PHASES = [
  ['html', 'HTML received'],
  ['scripts', 'scripts received'],
  ['start', 'script running'],
  ['boundaries', 'boundaries decoded'],
  ['drawn', 'options set'],
  ['rendered', 'rendered'],
] as const;
type Phase = (typeof PHASES)[number][0];

/** Milliseconds after navigation start, read in the page (resource timing and the page's performance marks). */
const PHASES_SCRIPT = `(() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
  const nav = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'script');
  return {
    html: nav.responseEnd,
    scripts: Math.max(...scripts.map((r) => r.responseEnd)),
    start: at('qa:start'),
    boundaries: at('qa:boundaries'),
    drawn: at('qa:drawn'),
    rendered: at('qa:rendered'),
  };
})()`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** One load under the V8 profiler: self time by function (and script), the top 15. */
async function profile(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForSelector('body[data-rendered="true"]', { state: 'attached', timeout: 120_000 });
  const { profile: result } = await cdp.send('Profiler.stop');
  await context.close();
  const selfMs = new Map<number, number>();
  const deltas = result.timeDeltas ?? [];
  (result.samples ?? []).forEach((id, i) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  for (const node of result.nodes) {
    const { functionName, url: script, lineNumber, columnNumber } = node.callFrame;
    const where = script
      ? `${script.split('/').pop()?.slice(0, 28)}:${lineNumber + 1}:${columnNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (selfMs.get(node.id) ?? 0));
  }
  const top = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  process.stdout.write('  profiled load, self time:\n');
  for (const [name, ms] of top) process.stdout.write(`    ${ms.toFixed(1).padStart(7)} ms  ${name}\n`);
}

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR ?? (await smallWarehouseDir());
  const {
    url: base,
    token,
    close,
  } = await startBenchApp({
    name: 'charts',
    env: { ...process.env, QUERY_PLANNER: 'builtin', LOG_LEVEL: 'warn' },
    warehouse: await openAgentWarehouse({ dataDir }),
    port: PORT,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const post = async (url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };

    process.stdout.write(
      `Chart page in Chromium (${CHROMIUM}), ${VIEWPORT.width}x${VIEWPORT.height}, fresh context (empty cache) per run, ` +
        `${RUNS} runs per map; warehouse ${process.env.BENCH_DATA_DIR ? dataDir : 'small (scale 0.01)'}\n` +
        `uptime before: ${uptime()}\n\n`,
    );
    // One page load first, untimed: the server builds its assets once (bundle, boundaries, compression).
    let warmed = false;
    for (const map of MAPS) {
      const answer = queryResultSchema.parse(await post('/api/query', { prompt: map.question }));
      if (!answer.id) throw new Error(`No query id for "${map.question}": ${answer.message ?? ''}`);
      const { chart } = (await post(`/api/charts/for-query/${answer.id}`)) as {
        chart: { url: string; kind: string } | null;
      };
      if (chart?.kind !== 'map') throw new Error(`"${map.question}" offered no map`);
      const url = `${base}${chart.url}`;

      const runs: {
        bytes: number;
        requests: number;
        phases: Record<Phase, number>;
        warm: { bytes: number; rendered: number };
      }[] = [];
      for (let run = warmed ? 0 : -1; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        let bytes = 0;
        let requests = 0;
        cdp.on('Network.loadingFinished', (event) => {
          bytes += event.encodedDataLength;
          requests += 1;
        });
        await page.goto(url);
        await page.waitForSelector('body[data-rendered="true"]', { state: 'attached', timeout: 120_000 });
        const areas = await page.getAttribute('body', 'data-areas');
        if (areas !== map.areas) throw new Error(`${map.label}: the page drew ${areas} areas`);
        // A string, not a function: tsx would wrap a function's inner helpers in its own __name().
        const phases = (await page.evaluate(PHASES_SCRIPT)) as Record<Phase, number>;
        const phasesBytes = bytes;
        const phasesRequests = requests;
        // The same page again in the same context. A page in an opaque origin (the chart page's sandbox) gets no
        // HTTP cache, so it downloads everything again: this shows what a second map in a conversation costs.
        bytes = 0;
        await page.reload();
        await page.waitForSelector('body[data-rendered="true"]', { state: 'attached', timeout: 120_000 });
        const warm = {
          bytes,
          rendered: ((await page.evaluate(PHASES_SCRIPT)) as Record<Phase, number>).rendered,
        };
        await context.close();
        if (run >= 0) runs.push({ bytes: phasesBytes, requests: phasesRequests, phases, warm });
      }
      warmed = true;

      const rendered = runs.map((r) => r.phases.rendered);
      process.stdout.write(
        `${map.label}: ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(1)} KB transferred in ` +
          `${median(runs.map((r) => r.requests))} requests; rendered ${Math.round(median(rendered))} ms after ` +
          `navigation start (median; ${Math.round(Math.min(...rendered))}–${Math.round(Math.max(...rendered))} ms)\n` +
          `  median ms after navigation start: ${PHASES.map(
            ([key, label]) => `${label} ${Math.round(median(runs.map((r) => r.phases[key])))}`,
          ).join(', ')}\n` +
          `  again in the same context (an opaque origin keeps no HTTP cache): ${(median(runs.map((r) => r.warm.bytes)) / 1024).toFixed(1)} KB ` +
          `transferred, rendered ${Math.round(median(runs.map((r) => r.warm.rendered)))} ms after navigation start (median)\n`,
      );
      if (PROFILE) await profile(browser, url);
    }
    process.stdout.write(`\nuptime after: ${uptime()}\n`);
  } finally {
    await browser.close();
    await close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
