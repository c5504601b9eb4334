// The parts of ECharts that chart specs (bar, line, pie, stacked) use, and nothing else (see echarts-maps.js for
// maps). A spec that starts using another chart type or component must add it here, or ECharts leaves that part
// out of the drawing (and says so in the console).
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  GridComponent,
  LegendScrollComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  PieChart,
  DataZoomInsideComponent,
  GridComponent,
  LegendScrollComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export { init, registerMap };
