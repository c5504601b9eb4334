// Renders a stored chart spec (plain JSON ECharts options written by the server). The server bundles it twice, as
// map-page.js (with the ECharts parts maps use and the TopoJSON decoder) and plot-page.js (with the parts charts
// use), each into one script served from this origin. What the page adds to the options: the boundaries of a map
// (decoded from the boundary script, cut to the areas the spec draws), en-GB tooltips, legends and axes with the
// measure's unit, zoom presets, the plot box of an old dot map without boundaries (so the UK keeps its shape), and
// PNG / SVG / CSV downloads.
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
        const data = p.data || {};
        const name = data.label || areaNames.get(p.name) || p.name;
        return `<strong>${escapeHtml(name)}</strong><br>${escapeHtml(measure(p))}: ${escapeHtml(formatValue(data.value))}`;
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
  // Charts keep their title clear of the toolbar (top right): left-aligned, cut short before it.
  const titles = Array.isArray(options.title) ? options.title : options.title ? [options.title] : [];
  if (!spec.geo && titles[0]) {
    titles[0].left = 12;
    titles[0].textStyle = {
      ...(titles[0].textStyle || {}),
      width: Math.max(element.clientWidth - 300, 160),
      overflow: 'truncate',
    };
  }

  const chart = echarts.init(element, null, { renderer: 'canvas', locale: 'EN' });
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
  window.addEventListener('resize', () => {
    chart.resize();
    fitMap(chart, element, spec, options);
  });

  addToolbar(echarts, chart, element, spec, options);
  // Page clock: when the chart was drawn after navigation began, and how long drawing it took (scripts loaded).
  document.body.dataset.renderMs = String(Math.round(performance.now()));
  document.body.dataset.drawMs = String(Math.round(performance.now() - started));
  document.body.dataset.ready = 'true';
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
function addToolbar(echarts, chart, element, spec, options) {
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
  // Maps keep the toolbar at the bottom right (the sea), clear of the title.
  toolbar.className = spec.geo ? 'toolbar bottom' : 'toolbar';
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
      dataUrlBlob(chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' })),
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
  document.body.appendChild(toolbar);
}
