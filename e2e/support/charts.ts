/** Chart and map pages in their sandboxed frames: waiting for them to be drawn, and reading what they drew. */
import { expect, type FrameLocator, type Locator } from '@playwright/test';

/**
 * Waits for the chart page in the frame to be drawn (ECharts' first `finished`); returns the frame's content. The
 * frame is scrolled into view first: a browser holds back animation frames of a cross-origin frame out of view.
 */
export async function chartDrawn(frame: Locator): Promise<FrameLocator> {
  await frame.scrollIntoViewIfNeeded();
  const content = frame.contentFrame();
  await expect(content.locator('body[data-rendered="true"]')).toBeAttached({ timeout: 30_000 });
  return content;
}

/** The series types the chart draws (bar, line, pie, map, scatter). */
export function seriesTypes(content: FrameLocator): Promise<string[]> {
  return content.locator('body').evaluate(() => {
    const chart = (window as unknown as { qaChart: { getOption(): { series?: { type: string }[] } } })
      .qaChart;
    return (chart.getOption().series ?? []).map((s) => s.type);
  });
}

type Box = { x: number; y: number; width: number; height: number };

/** Where a map page put the map, its legend and its toolbar, in the page's pixels. */
export function mapLayout(content: FrameLocator): Promise<{ map: Box; legend: Box; toolbar: Box }> {
  return content.locator('body').evaluate(() => {
    type Rect = Box & { clone(): Rect; applyTransform(m: number[]): void };
    type Group = { getBoundingRect(): Rect; updateTransform(): void; transform?: number[] };
    const chart = (
      window as unknown as {
        qaChart: {
          getModel(): {
            getSeriesByIndex(i: number): {
              coordinateSystem: { getBoundingRect(): Box; dataToPoint(p: number[]): number[] };
            };
            getComponent(type: string): unknown;
          };
          getViewOfComponentModel(model: unknown): { group: Group };
        };
      }
    ).qaChart;
    const model = chart.getModel();
    const geo = model.getSeriesByIndex(0).coordinateSystem;
    const data = geo.getBoundingRect();
    const a = geo.dataToPoint([data.x, data.y]);
    const b = geo.dataToPoint([data.x + data.width, data.y + data.height]);
    const map = {
      x: Math.min(a[0]!, b[0]!),
      y: Math.min(a[1]!, b[1]!),
      width: Math.abs(b[0]! - a[0]!),
      height: Math.abs(b[1]! - a[1]!),
    };
    const group = chart.getViewOfComponentModel(model.getComponent('visualMap')).group;
    const rect = group.getBoundingRect().clone();
    group.updateTransform();
    if (group.transform) rect.applyTransform(group.transform);
    const bar = document.getElementById('toolbar')!.getBoundingClientRect();
    return {
      map,
      legend: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      toolbar: { x: bar.x, y: bar.y, width: bar.width, height: bar.height },
    };
  });
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where a chart's title, its plot area and the page's toolbar are drawn (frame pixels), and whether ECharts had to
 * cut the title short (an ellipsis in the drawn text).
 */
export function chartTitleLayout(
  content: FrameLocator,
): Promise<{ title: Box; plot: Box; toolbar: Box; titleCut: boolean }> {
  return content.locator('body').evaluate(() => {
    type Rect = Box & { clone(): Rect; applyTransform(m: number[]): void };
    type Text = { style?: { text?: string } };
    type Group = {
      getBoundingRect(): Rect;
      updateTransform(): void;
      transform?: number[];
      traverse(visit: (element: Text) => void): void;
    };
    const chart = (
      window as unknown as {
        qaChart: {
          getModel(): { getComponent(type: string): { coordinateSystem?: { getRect(): Box } } };
          getViewOfComponentModel(model: unknown): { group: Group };
        };
      }
    ).qaChart;
    const model = chart.getModel();
    const group = chart.getViewOfComponentModel(model.getComponent('title')).group;
    const rect = group.getBoundingRect().clone();
    group.updateTransform();
    if (group.transform) rect.applyTransform(group.transform);
    let titleCut = false;
    group.traverse((element) => {
      if (element.style?.text?.includes('...') || element.style?.text?.includes('…')) titleCut = true;
    });
    const plot = model.getComponent('grid').coordinateSystem!.getRect();
    const bar = document.getElementById('toolbar')!.getBoundingClientRect();
    return {
      title: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      plot: { x: plot.x, y: plot.y, width: plot.width, height: plot.height },
      toolbar: { x: bar.x, y: bar.y, width: bar.width, height: bar.height },
      titleCut,
    };
  });
}
