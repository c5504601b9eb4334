/**
 * The map page loads 50 times in a row in Chromium with no page error. About one load in five used to throw
 * "Cannot read properties of null (reading '0')" in the map script: the frame was laid out at zero size while the
 * home result loaded, and ECharts' map layout failed on it. The loads here alternate a frame of full size, one that
 * starts at zero size and one that starts hidden, each then shown; every load must end drawn, without an error.
 */
import { apiLogin, askViaApi } from './support/api';
import { E2E_ADMIN } from './support/env';
import { expect, test } from './support/fixtures';

const LOADS = 50;
const STARTS = ['width:800px;height:500px', 'width:0;height:0', 'display:none'] as const;

test(`the map page loads ${LOADS} times in a row with no page error`, async ({ page, request }) => {
  test.setTimeout(240_000);
  const { id } = await askViaApi(request, 'Full fibre coverage in the local authorities of Wales');
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const visual = await request.post(`/api/charts/for-query/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  const { chart } = (await visual.json()) as { chart: { url: string; kind: string } };
  expect(chart.kind).toBe('map');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A page of this origin to hold the frame (the chart page may only be framed by its own origin).
  await page.goto('/api/health');
  for (let load = 0; load < LOADS; load += 1) {
    const start = STARTS[load % STARTS.length]!;
    await page.evaluate(
      ([url, style]) => {
        document.body.innerHTML = '';
        const frame = document.createElement('iframe');
        frame.id = 'map';
        frame.setAttribute('sandbox', 'allow-scripts allow-downloads');
        frame.style.cssText = style;
        frame.src = url;
        document.body.appendChild(frame);
      },
      [`${chart.url}${load % 2 ? '&theme=dark' : ''}`, start] as const,
    );
    if (start !== STARTS[0]) {
      await page.waitForTimeout(100 + (load % 5) * 40);
      await page.evaluate(() => {
        document.getElementById('map')!.style.cssText = 'width:800px;height:500px';
      });
    }
    const content = page.frameLocator('#map');
    await expect(content.locator('body[data-rendered="true"]'), `load ${load + 1}`).toBeAttached({
      timeout: 20_000,
    });
  }
  expect(errors).toEqual([]);
});
