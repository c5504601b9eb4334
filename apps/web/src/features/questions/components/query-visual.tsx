/**
 * The map or chart of a query result, offered without being asked: the server chooses it from the result's shape
 * (one row per authority, region or nation -> a map; a time column -> a line chart; a few categories -> bars) and
 * returns a signed chart page, shown in the same sandboxed frame as the chat's charts. Nothing is shown when the
 * result suits no visual.
 */
import type { ChartEmbed } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChartColumn, Map as MapIcon } from 'lucide-react';
import { ResultSection } from '../../../components/query-result/result-section';
import { api } from '../../../lib/api-client';
import { ChartFrame } from '../../chat/components/chart-frame';

export const queryVisualKey = (queryId: string) => ['query-visual', queryId] as const;

function getQueryVisual(queryId: string): Promise<{ chart: ChartEmbed | null }> {
  return api.post<{ chart: ChartEmbed | null }>(`/charts/for-query/${encodeURIComponent(queryId)}`);
}

export function QueryVisualSection({ queryId }: { queryId: string }) {
  // Chart links are signed for an hour: fetch afresh well before that.
  const visual = useQuery({
    queryKey: queryVisualKey(queryId),
    queryFn: () => getQueryVisual(queryId),
    staleTime: 30 * 60_000,
    retry: false,
  });
  const chart = visual.data?.chart;
  if (!chart) return null;
  const isMap = /map/i.test(chart.kind);
  return (
    <ResultSection
      title={isMap ? 'Map' : 'Chart'}
      icon={isMap ? MapIcon : ChartColumn}
      data-testid="section-visual"
      bodyClassName="p-0"
    >
      <ChartFrame chart={chart} />
    </ResultSection>
  );
}
