// The chart page's script for charts (bar, line, pie, stacked): the renderer and the ECharts parts they use.
import { renderChart } from './chart-page.js';
import * as echarts from './echarts-plots.js';

renderChart(echarts, null);
