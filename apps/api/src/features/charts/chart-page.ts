/**
 * The self-contained page an iframe shows for a chart or map: the spec as inert JSON, the boundaries and our
 * renderer (bundled with the parts of ECharts it uses) from this origin, and a Content Security Policy that allows nothing else (no inline
 * or remote scripts, no network access, embeddable only by this origin). Inline styles are allowed because ECharts
 * tooltips carry style attributes. The policy's sandbox gives the page an opaque origin even when it is opened on
 * its own (the app's iframe sandboxes it the same way), so its scripts can never read the app's storage or cookies
 * or call the API as the user; downloads (PNG, SVG, CSV) stay allowed.
 */
export const CHART_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'none'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts allow-downloads',
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON that cannot close its <script> element or open a comment. */
const inertJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's own styles: light or dark surfaces like the app's cards, and a toolbar whose buttons read at full
 * contrast (WCAG AA) and show keyboard focus.
 */
const PAGE_STYLE = `html,body{margin:0;height:100%;background:#fff;color:#0f172a;font-family:system-ui,sans-serif}
html[data-theme=dark],html[data-theme=dark] body{background:#0f172a;color:#e2e8f0;color-scheme:dark}
main{display:block;height:100%}
#chart{width:100%;height:100%}
.toolbar{position:absolute;top:6px;right:8px;display:flex;flex-wrap:wrap;justify-content:flex-end;gap:4px}
.toolbar.bottom{top:auto;bottom:6px}
.toolbar.narrow{left:8px;right:8px;justify-content:flex-start}
.toolbar button{font:12px system-ui,sans-serif;padding:3px 8px;border:1px solid #94a3b8;border-radius:6px;background:#fff;color:#1e293b;cursor:pointer}
.toolbar button:hover{background:#f1f5f9}
.toolbar button:focus-visible{outline:2px solid #4f46e5;outline-offset:1px}
html[data-theme=dark] .toolbar button{background:#1e293b;color:#f1f5f9;border-color:#64748b}
html[data-theme=dark] .toolbar button:hover{background:#334155}
html[data-theme=dark] .toolbar button:focus-visible{outline-color:#a5b4fc}`;

/** The page for a chart; `scripts` are the asset URLs it loads, in order (boundaries, then the renderer). */
export function chartPageHtml({
  title,
  spec,
  scripts,
  theme = 'light',
}: {
  title: string;
  spec: unknown;
  scripts: string[];
  theme?: 'light' | 'dark';
}): string {
  return `<!doctype html>
<html lang="en" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main aria-label="Chart: ${escapeHtml(title)}"><div id="chart" role="img" aria-label="${escapeHtml(title)}"></div></main>
<script type="application/json" id="chart-spec">${inertJson(spec)}</script>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>\n`).join('')}</body>
</html>
`;
}

export function chartMessagePage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chart</title>
<style>body{font-family:system-ui,sans-serif;color:#555;display:flex;align-items:center;justify-content:center;height:100vh;margin:0}</style>
</head><body><p>${escapeHtml(message)}</p></body></html>
`;
}
