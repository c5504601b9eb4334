// Renders a stored chart spec (plain JSON ECharts options written by the server) with the ECharts build served
// from this origin. The only computation here is the plot box of a map, so the map keeps its shape at any size.
(() => {
  const element = document.getElementById('chart');
  const specElement = document.getElementById('chart-spec');
  if (!element || !specElement || typeof window.echarts === 'undefined') return;
  const spec = JSON.parse(specElement.textContent || '{}');
  const chart = window.echarts.init(element, null, { renderer: 'canvas' });
  chart.setOption(spec.options || {});

  function fitMap() {
    if (spec.kind !== 'map' || !spec.aspect) return;
    const grid = spec.options?.grid || {};
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

  fitMap();
  window.addEventListener('resize', () => {
    chart.resize();
    fitMap();
  });
})();
