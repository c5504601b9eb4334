// The parts of ECharts that the server's chart specs use, and nothing else: the chart page bundles this instead of
// the full build (about a third smaller). A spec that starts using another chart type or component must add it
// here, or ECharts leaves that part out of the drawing (and says so in the console).
import { BarChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  GeoComponent,
  GraphicComponent,
  GridComponent,
  LegendScrollComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
} from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  MapChart,
  PieChart,
  ScatterChart,
  DataZoomInsideComponent,
  GeoComponent,
  GraphicComponent,
  GridComponent,
  LegendScrollComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export { init, registerMap };
