// Renders a stored chart spec (plain JSON ECharts options written by the server). The server bundles it twice, as
// map-page.js (with the ECharts parts maps use and the TopoJSON decoder) and plot-page.js (with the parts charts
// use), each into one script served from this origin. What the page adds to the options: the boundaries of a map
// (decoded from the boundary script, cut to the areas the spec draws), en-GB tooltips, legends and axes with the
// measure's unit, zoom presets, the plot box of an old dot map without boundaries (so the UK keeps its shape), and
// PNG / SVG / CSV downloads.
//
// The page follows the app's theme (<html data-theme="dark">: dark surfaces, light text, the spec's light colours
// swapped for their dark twins) and its frame's width (under NARROW_PX the map sits above its legend and the
// toolbar gets a row of its own, so neither covers the map). It draws only once the frame has a size: ECharts laid
// out in a frame of zero width (a frame not yet laid out, or hidden) fails inside its map layout with "Cannot read
// properties of null (reading '0')", so the page waits for a size and never resizes to zero.
//
// Timing marks for tools and benchmarks (performance.mark): qa:start when this script runs, qa:boundaries when the
// boundaries are decoded, qa:drawn when setOption has returned, and qa:rendered at ECharts' first `finished` event,
// when <body data-rendered="true"> is set as well.

/**
 * Draws the spec in #chart-spec into #chart. `echarts` is the bundle's ECharts (init, registerMap); `areasOf` turns
 * a boundary topology into GeoJSON features (maps only; null in the charts' bundle).
 */
export function renderChart(echarts, areasOf) {
  performance.mark('qa:start');
  const started = performance.now();
  const element = document.getElementById('chart');
  const specElement = document.getElementById('chart-spec');
  if (!element || !specElement) return;
  const spec = JSON.parse(specElement.textContent || '{}');
  const options = spec.options || {};
  const format = spec.format || null;

  const escapeHtml = (text) =>
    String(text).replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
    );
  const numberFormat = new Intl.NumberFormat('en-GB', {
    maximumFractionDigits: format && typeof format.decimals === 'number' ? format.decimals : 2,
  });
  const formatValue = (value) => {
    if (value === null || value === undefined || value === '' || Number.isNaN(Number(value)))
      return 'no data';
    const text = numberFormat.format(Number(value));
    if (!format?.unit) return text;
    return format.unit.startsWith('%') ? `${text}${format.unit}` : `${text} ${format.unit}`;
  };

  // Maps: the boundaries come from /api/charts/assets/boundaries-<map>-<hash>.js (window.QA_BOUNDARIES), as
  // quantised TopoJSON (shared borders stored once), decoded here to the GeoJSON ECharts draws.
  const areaNames = new Map();
  let drawnAreas = 0;
  if (spec.geo) {
    const topology = window.QA_BOUNDARIES?.[spec.geo.map];
    if (!topology || !areasOf) {
      element.textContent = 'The map boundaries could not be loaded.';
      return;
    }
    const all = areasOf(topology);
    const wanted = Array.isArray(spec.geo.codes) ? new Set(spec.geo.codes) : null;
    const features = wanted ? all.filter((f) => wanted.has(f.properties.id)) : all;
    for (const f of features) areaNames.set(f.properties.id, f.properties.name);
    drawnAreas = features.length;
    const mapName = wanted ? `${spec.geo.map}:part` : spec.geo.map;
    echarts.registerMap(mapName, { type: 'FeatureCollection', features });
    for (const series of options.series || []) if (series.type === 'map') series.map = mapName;
    if (options.geo) options.geo.map = mapName;
    performance.mark('qa:boundaries');
    const measure = (p) => (format ? format.measure : p.seriesName);
    options.tooltip = {
      ...(options.tooltip || {}),
      formatter: (p) => {
        // Points drawn over the boundaries: [longitude, latitude, value, label].
        if (Array.isArray(p.data)) {
          const [, , value, label] = p.data;
          return `<strong>${escapeHtml(label || 'Point')}</strong><br>${escapeHtml(measure(p))}: ${escapeHtml(formatValue(value))}`;
        }
        const name = p.data?.label || areaNames.get(p.name) || p.name;
        // An area drawn around the result (no row of its own) is not part of it: no value to speak of.
        if (!p.data) return `<strong>${escapeHtml(name)}</strong><br>Not in this result`;
        return `<strong>${escapeHtml(name)}</strong><br>${escapeHtml(measure(p))}: ${escapeHtml(formatValue(p.data.value))}`;
      },
    };
  } else if (format && spec.kind !== 'map') {
    options.tooltip = { ...(options.tooltip || {}), valueFormatter: (v) => formatValue(v) };
  }
  // A continuous legend's ends in en-GB, with a percentage's sign.
  if (options.visualMap && options.visualMap.type === 'continuous') {
    const percent = Boolean(format?.unit?.startsWith('%'));
    options.visualMap.formatter = (v) => `${numberFormat.format(Number(v))}${percent ? '%' : ''}`;
  }
  // Value axes (other than percentages, which the spec marks) with thousands separators.
  for (const axis of [].concat(options.xAxis || [], options.yAxis || [])) {
    if (axis.type === 'value' && axis.show !== false && !axis.axisLabel?.formatter) {
      axis.axisLabel = { ...(axis.axisLabel || {}), formatter: (v) => numberFormat.format(v) };
    }
  }
  document.body.dataset.areas = String(drawnAreas);
  const dark = document.documentElement.dataset.theme === 'dark';
  if (dark) darken(options);
  const titles = Array.isArray(options.title) ? options.title : options.title ? [options.title] : [];

  let chart = null;
  const sized = () => element.clientWidth > 0 && element.clientHeight > 0;
  const draw = () => {
    fitTitles(spec, titles, element, options);
    if (spec.geo) fitMapLayout(options, element);
    chart = echarts.init(element, dark ? 'dark' : null, { renderer: 'canvas', locale: 'EN' });
    chart.on('finished', function rendered() {
      chart.off('finished', rendered);
      performance.mark('qa:rendered');
      document.body.dataset.renderedMs = String(Math.round(performance.now()));
      document.body.dataset.rendered = 'true';
    });
    chart.setOption(options);
    performance.mark('qa:drawn');
    // For tests and tools driving the page: where an area is and what it shows.
    window.qaChart = chart;
    fitMap(chart, element, spec, options);
    addToolbar(echarts, chart, element, spec, options, dark);
    // Page clock: when the chart was drawn after navigation began, and how long drawing it took (scripts loaded).
    document.body.dataset.renderMs = String(Math.round(performance.now()));
    document.body.dataset.drawMs = String(Math.round(performance.now() - started));
    document.body.dataset.ready = 'true';
  };
  let lastWidth = element.clientWidth;
  const observer = new ResizeObserver(() => {
    if (!sized()) return;
    if (!chart) {
      draw();
      lastWidth = element.clientWidth;
      return;
    }
    // Crossing the narrow width lays the map and its legend out afresh; otherwise the chart only resizes.
    const crossed = element.clientWidth < NARROW_PX !== lastWidth < NARROW_PX;
    lastWidth = element.clientWidth;
    if (crossed) {
      fitTitles(spec, titles, element, options);
      if (spec.geo) fitMapLayout(options, element);
      chart.setOption(options, true);
      placeToolbar(spec, element);
    }
    chart.resize();
    fitMap(chart, element, spec, options);
  });
  observer.observe(element);
  if (sized()) draw();
}

/** Under this frame width the map and its legend are stacked and the toolbar has a row of its own. */
const NARROW_PX = 560;
/** Height of the toolbar's own row in a narrow frame (buttons and gaps). */
const TOOLBAR_ROW_PX = 34;

/**
 * The spec's light colours and their dark twins (text, panels, borders, the grey of areas outside the result or
 * without data). Data colours (the classes, operators) stay: they read on both.
 */
const DARK_COLOURS = {
  '#334155': '#e2e8f0',
  '#64748b': '#a3b1c6',
  '#94a3b8': '#64748b',
  '#ffffff': '#0f172a',
  '#f8fafc': '#1e293b',
  '#f1f5f9': '#1e293b',
  '#cbd5e1': '#475569',
  '#d1d5db': '#64748b',
  '#e5e7eb': '#475569',
  '#c8c8c8': '#64748b',
  'rgba(255,255,255,0.85)': 'rgba(15,23,42,0.85)',
};

/** Swaps the light colours of the options (not of the data drawn) for their dark twins, and clears the background. */
function darken(options) {
  const walk = (value, key) => {
    if (key === 'data' || key === 'dimensions') return value;
    if (typeof value === 'string') return DARK_COLOURS[value.toLowerCase()] ?? value;
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object') {
      for (const k of Object.keys(value)) value[k] = walk(value[k], k);
    }
    return value;
  };
  walk(options);
  // Map areas in the result keep white borders on light; on dark their borders are the page's colour.
  for (const series of [].concat(options.series || [])) {
    if (series.type !== 'map' || !Array.isArray(series.data)) continue;
    for (const item of series.data) {
      if (item?.itemStyle) item.itemStyle = walk({ ...item.itemStyle });
    }
  }
  options.backgroundColor = 'transparent';
}

/** The title's and the plot's top the spec gave, per options object, before a narrow frame moved them down. */
const specTops = new WeakMap();

/**
 * Titles fit the frame: a chart's title keeps clear of the toolbar (top right), cut short before it, or in a narrow
 * frame wraps on a row of its own under it; a map's wraps within the frame (it is centred, over the sea).
 */
function fitTitles(spec, titles, element, options) {
  const main = titles[0];
  if (!main) return;
  const width = element.clientWidth;
  if (!spec.geo) {
    main.left = 12;
    if (!specTops.has(options)) {
      specTops.set(options, { title: main.top, grid: Number(options.grid?.top) || 52 });
    }
    const tops = specTops.get(options);
    if (width >= NARROW_PX) {
      main.top = tops.title;
      if (options.grid && !Array.isArray(options.grid)) options.grid.top = tops.grid;
      main.textStyle = { ...(main.textStyle || {}), width: width - 300, overflow: 'truncate' };
      return;
    }
    // A narrow frame (a phone) has no room beside the toolbar: a title cut to a few words says nothing, so it gets
    // a row of its own under the toolbar and wraps, and the plot moves down by the lines it takes.
    const textWidth = Math.max(width - 24, 120);
    const fontSize = main.textStyle?.fontSize || 14;
    const lines = Math.min(3, Math.ceil((String(main.text || '').length * fontSize * 0.55) / textWidth));
    main.top = TOOLBAR_ROW_PX;
    main.textStyle = { ...(main.textStyle || {}), width: textWidth, overflow: 'break', lineHeight: 18 };
    if (options.grid && !Array.isArray(options.grid)) {
      options.grid.top = tops.grid + TOOLBAR_ROW_PX + 18 * Math.max(lines - 1, 0);
    }
    return;
  }
  main.textStyle = {
    ...(main.textStyle || {}),
    width: Math.max(width - 24, 120),
    overflow: 'break',
    lineHeight: 18,
  };
  if (main.subtext) main.subtextStyle = { ...(main.subtextStyle || {}), width: Math.max(width - 24, 120) };
}

/** The lowest point of the map's legend block (its measure title, classes and keys), from the frame's bottom. */
function legendTop(options) {
  const titles = Array.isArray(options.title) ? options.title : [];
  // The measure's title sits on top of the legend: its bottom plus its two lines.
  const measureTitle = titles.find((t) => t && typeof t.bottom === 'number' && t.left === 12);
  if (measureTitle) return measureTitle.bottom + 40;
  const legend = options.visualMap;
  return legend && typeof legend.bottom === 'number' ? legend.bottom + 60 : 0;
}

/** The layout the spec gave (before any narrow layout), per options object. */
const specLayouts = new WeakMap();

/**
 * A narrow frame: the legend block and the boundaries' source move up above the toolbar's row, and the map is laid
 * out in the space between the title and the legend, so the legend covers neither the map nor its buttons. A wide
 * frame keeps the spec's layout (the legend beside the UK, over the sea).
 */
function fitMapLayout(options, element) {
  const width = element.clientWidth;
  const height = element.clientHeight;
  let original = specLayouts.get(options);
  if (!original) {
    original = {
      series: [].concat(options.series || []).map((s) => ({ center: s.layoutCenter, size: s.layoutSize })),
      geo: options.geo ? { center: options.geo.layoutCenter, size: options.geo.layoutSize } : null,
      bottoms: collectBottoms(options).map(([holder]) => holder.bottom),
    };
    specLayouts.set(options, original);
  }
  const holders = collectBottoms(options);
  const narrow = width < NARROW_PX;
  holders.forEach(([holder], i) => {
    holder.bottom = original.bottoms[i] + (narrow ? TOOLBAR_ROW_PX : 0);
  });
  const mainTitle = (Array.isArray(options.title) ? options.title : [options.title])[0];
  const titleLines = mainTitle?.text
    ? Math.ceil((String(mainTitle.text).length * 7.5) / Math.max(width - 24, 120))
    : 0;
  const top = 8 + titleLines * 20 + (mainTitle?.subtext ? 18 : 0) + 8;
  const bottom = narrow ? legendTop(options) + TOOLBAR_ROW_PX : 0;
  const place = (target, saved) => {
    if (!narrow) {
      target.layoutCenter = saved.center;
      target.layoutSize = saved.size;
      return;
    }
    const box = Math.max(height - top - bottom - 8, 80);
    target.layoutCenter = [width / 2, top + box / 2];
    target.layoutSize = Math.min(width - 16, box);
  };
  [].concat(options.series || []).forEach((series, i) => {
    if (series.type === 'map') place(series, original.series[i]);
  });
  if (options.geo && original.geo) place(options.geo, original.geo);
}

/** Everything positioned from the frame's bottom (legend, keys, the measure's title, the source line). */
function collectBottoms(options) {
  const out = [];
  const add = (item) => {
    if (item && typeof item.bottom === 'number') out.push([item]);
  };
  for (const title of [].concat(options.title || [])) add(title);
  for (const legend of [].concat(options.visualMap || [])) add(legend);
  for (const graphic of [].concat(options.graphic || [])) add(graphic);
  return out;
}

/** Gives a map drawn without boundaries (an old dot map) the plot box of its aspect, so the UK keeps its shape. */
function fitMap(chart, element, spec, options) {
  if (spec.kind !== 'map' || !spec.aspect) return;
  const grid = options.grid || {};
  const top = Number(grid.top) || 40;
  const margin = 8;
  const width = element.clientWidth - margin * 2;
  const height = element.clientHeight - top - margin;
  if (width <= 0 || height <= 0) return;
  let plotWidth = width;
  let plotHeight = width / spec.aspect;
  if (plotHeight > height) {
    plotHeight = height;
    plotWidth = height * spec.aspect;
  }
  chart.setOption({
    grid: {
      left: margin + (width - plotWidth) / 2,
      top: top + (height - plotHeight) / 2,
      width: plotWidth,
      height: plotHeight,
    },
  });
}

/** The toolbar: zoom presets for choropleths, then the PNG, SVG and (with the spec's data) CSV downloads. */
function addToolbar(echarts, chart, element, spec, options, dark) {
  const fileBase =
    (document.title || 'chart')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'chart';
  const download = (blob, name) => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const dataUrlBlob = (dataUrl) => {
    const [head, body] = dataUrl.split(',');
    const type = /data:([^;]+)/.exec(head)[1];
    const bytes = atob(body);
    const array = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i += 1) array[i] = bytes.charCodeAt(i);
    return new Blob([array], { type });
  };
  const csvCell = (value) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };

  const toolbar = document.createElement('div');
  toolbar.id = 'toolbar';
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', 'Chart tools');
  const button = (label, title, onClick) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.addEventListener('click', onClick);
    toolbar.appendChild(b);
    return b;
  };
  if (spec.geo) {
    button('Whole map', 'Zoom out to the whole map', () => chart.setOption(options, true));
    for (const preset of spec.geo.presets || []) {
      const view = { center: preset.center, zoom: preset.zoom };
      button(preset.label, `Zoom to ${preset.label}`, () =>
        chart.setOption(options.geo ? { geo: view } : { series: [view] }),
      );
    }
  }
  button('PNG', 'Download as PNG', () => {
    download(
      dataUrlBlob(
        chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: dark ? '#0f172a' : '#ffffff' }),
      ),
      `${fileBase}.png`,
    );
  });
  button('SVG', 'Download as SVG', () => {
    // A second, off-screen instance with the SVG renderer draws the same options (zoom included).
    const holder = document.createElement('div');
    holder.style.cssText = `position:absolute;left:-10000px;top:0;width:${element.clientWidth}px;height:${element.clientHeight}px`;
    document.body.appendChild(holder);
    const svg = echarts.init(holder, null, { renderer: 'svg' });
    const current = chart.getOption();
    svg.setOption({ ...current, animation: false });
    const text = svg.renderToSVGString();
    svg.dispose();
    holder.remove();
    download(new Blob([text], { type: 'image/svg+xml' }), `${fileBase}.svg`);
  });
  if (spec.data && Array.isArray(spec.data.columns)) {
    button('CSV', 'Download the data as CSV', () => {
      const lines = [spec.data.columns.map(csvCell).join(',')];
      for (const row of spec.data.rows || []) lines.push(row.map(csvCell).join(','));
      download(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), `${fileBase}.csv`);
    });
  }
  (document.querySelector('main') || document.body).appendChild(toolbar);
  placeToolbar(spec, element);
}

/** Maps keep the toolbar at the bottom (the sea), clear of the title; in a narrow frame on a row of its own. */
function placeToolbar(spec, element) {
  const toolbar = document.getElementById('toolbar');
  if (!toolbar) return;
  const narrow = element.clientWidth < NARROW_PX;
  toolbar.className = ['toolbar', spec.geo ? 'bottom' : '', spec.geo && narrow ? 'narrow' : '']
    .filter(Boolean)
    .join(' ');
}
