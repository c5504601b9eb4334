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

/** The page for a chart; `scripts` are the asset URLs it loads, in order (boundaries, then the renderer). */
export function chartPageHtml({
  title,
  spec,
  scripts,
}: {
  title: string;
  spec: unknown;
  scripts: string[];
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>html,body{margin:0;height:100%;background:#fff;font-family:system-ui,sans-serif}#chart{width:100%;height:100%}
.toolbar{position:absolute;top:6px;right:8px;display:flex;gap:4px;opacity:.55;transition:opacity .15s}
.toolbar.bottom{top:auto;bottom:6px}
body:hover .toolbar,.toolbar:focus-within{opacity:1}
.toolbar button{font:12px system-ui,sans-serif;padding:3px 8px;border:1px solid #cbd5e1;border-radius:6px;background:#fff;color:#334155;cursor:pointer}
.toolbar button:hover{background:#f1f5f9}</style>
</head>
<body>
<div id="chart" role="img" aria-label="${escapeHtml(title)}"></div>
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
