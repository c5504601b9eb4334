/**
 * The map or chart of a query result, offered without being asked: the server's chart picker chooses it from the
 * result's shape (a map when enough areas fill it, lines over time, bars for a few categories, else the table)
 * and returns a signed chart page, shown in the same sandboxed frame as the chat's charts. The reader can switch
 * to another type the result suits, or to the table alone; a choice that does not fit says why. Nothing is shown
 * when the result suits no chart at all.
 */
import type { QueryVisualResponse, VisualType } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChartColumn, Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { ResultSection } from '../../../components/query-result/result-section';
import { api } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ChartFrame } from '../../chat/components/chart-frame';

export const queryVisualKey = (queryId: string, type: VisualType | null = null) =>
  ['query-visual', queryId, type] as const;

export const VISUAL_LABELS: Record<VisualType, string> = {
  bar: 'Bar chart',
  line: 'Line chart',
  map: 'Map',
  pie: 'Pie chart',
  table: 'Table',
};

function getQueryVisual(queryId: string, type: VisualType | null): Promise<QueryVisualResponse> {
  return api.post<QueryVisualResponse>(
    `/charts/for-query/${encodeURIComponent(queryId)}`,
    type ? { type } : {},
  );
}

/** The Chart/Table switch: one button per type the result suits, the one drawn pressed. */
export function VisualSwitch({
  choices,
  current,
  onChoose,
}: {
  choices: VisualType[];
  current: VisualType;
  onChoose: (type: VisualType) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset
    <div
      role="group"
      aria-label="Show the result as"
      className="flex flex-wrap gap-1"
      data-testid="visual-switch"
    >
      {choices.map((type) => (
        <button
          key={type}
          type="button"
          aria-pressed={type === current}
          onClick={() => onChoose(type)}
          className={cn(
            'rounded-md border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            type === current
              ? 'border-brand-600 bg-brand-600 text-on-accent'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {VISUAL_LABELS[type]}
        </button>
      ))}
    </div>
  );
}

export function QueryVisualSection({ queryId }: { queryId: string }) {
  const [requested, setRequested] = useState<VisualType | null>(null);
  // Chart links are signed for an hour: fetch afresh well before that.
  const visual = useQuery({
    queryKey: queryVisualKey(queryId, requested),
    queryFn: () => getQueryVisual(queryId, requested),
    staleTime: 30 * 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const data = visual.data;
  if (!data || data.choices.length < 2) return null;
  const chart = data.chart;
  const isMap = data.type === 'map';
  return (
    <ResultSection
      title={isMap ? 'Map' : 'Chart'}
      icon={isMap ? MapIcon : ChartColumn}
      data-testid="section-visual"
      bodyClassName="p-0"
      actions={<VisualSwitch choices={data.choices} current={data.type} onChoose={setRequested} />}
    >
      {data.note ? (
        <p className="border-b border-slate-100 px-5 py-2 text-sm text-slate-600" data-testid="visual-note">
          {data.note}
        </p>
      ) : null}
      {chart ? (
        <div data-type={data.type} data-testid="visual-body">
          <ChartFrame chart={chart} />
        </div>
      ) : (
        <p className="px-5 py-4 text-sm text-slate-600" data-testid="visual-body" data-type="table">
          {requested === 'table'
            ? 'Shown as the table below.'
            : 'This result reads best as the table below; choose a chart above to draw it.'}
        </p>
      )}
    </ResultSection>
  );
}
