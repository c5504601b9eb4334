// The parts of ECharts that map specs use, and nothing else (see echarts-plots.js for charts): bundled with the
// page instead of the full build, a good third smaller. A spec that starts using another chart type or component
// must add it here, or ECharts leaves that part out of the drawing (and says so in the console).
// Grid is for dot maps stored before maps drew their points over the boundaries.
import { MapChart, ScatterChart } from 'echarts/charts';
import {
  GeoComponent,
  GraphicComponent,
  GridComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
} from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([
  MapChart,
  ScatterChart,
  GeoComponent,
  GraphicComponent,
  GridComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export { init, registerMap };
