/**
 * A chart or map drawn by a tool: a page the server renders from a declarative spec (inert JSON plus its own
 * scripts, under a CSP that allows no inline or remote script and no network access), embedded in a sandboxed
 * iframe WITHOUT allow-same-origin: the page runs in an opaque origin, so it can never read this app's storage or
 * cookies or call the API as the user (its scripts are public assets served as cross-origin resources). The
 * sandbox also stops navigation of this page, forms, pop-ups and dialogs; downloads (PNG, SVG, CSV) are allowed.
 * Heights: 400 px for la_stats, 500 otherwise.
 *
 * The page cannot read the app's theme either, so the frame tells it (`theme=dark` on its URL) and reloads it when
 * the theme changes; the frame's own background follows the theme at once.
 */
import type { ChartEmbed } from '@qa/contracts';
import { ChartColumn, ExternalLink, Map as MapIcon } from 'lucide-react';
import { useResolvedTheme } from '../../../lib/theme';
import { chartHeightPx } from '../utils/tool-parts';

/** The chart page's URL for this theme (a signed link keeps its token; the theme is one more parameter). */
export function themedChartUrl(url: string, theme: 'light' | 'dark'): string {
  if (theme !== 'dark') return url;
  return `${url}${url.includes('?') ? '&' : '?'}theme=dark`;
}

export function ChartFrame({ chart }: { chart: ChartEmbed }) {
  const theme = useResolvedTheme();
  const isMap = /map/i.test(chart.kind);
  const Icon = isMap ? MapIcon : ChartColumn;
  const url = themedChartUrl(chart.url, theme);
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="chart-embed">
      <figcaption className="flex items-start gap-2 border-b border-slate-100 px-3 py-2 text-xs">
        <Icon aria-hidden className="mt-px size-3.5 shrink-0 text-brand-600" />
        <span className="line-clamp-2 min-w-0 font-medium text-slate-700">{chart.title}</span>
        <a
          href={url}
          target="_blank"
          rel="noreferrer noopener"
          className="ml-auto inline-flex shrink-0 items-center gap-1 text-slate-600 hover:text-brand-700"
        >
          Open
          <ExternalLink aria-hidden className="size-3" />
          <span className="sr-only">{isMap ? 'the map' : 'the chart'} in a new tab</span>
        </a>
      </figcaption>
      <iframe
        key={url}
        src={url}
        title={chart.title}
        data-testid="chart-frame"
        data-kind={chart.kind}
        data-theme={theme}
        sandbox="allow-scripts allow-downloads"
        loading="lazy"
        className="block w-full border-0 bg-white"
        style={{ height: chartHeightPx(chart.kind) }}
      />
    </figure>
  );
}
