// The chart page's script for maps: the renderer, the ECharts parts maps use and the TopoJSON decoder.
import { feature } from 'topojson-client';
import { renderChart } from './chart-page.js';
import * as echarts from './echarts-maps.js';

renderChart(echarts, (topology) => feature(topology, topology.objects.geog).features);
