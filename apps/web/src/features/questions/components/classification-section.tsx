import type { Classification } from '@qa/contracts';
import { Tags } from 'lucide-react';
import { ResultSection } from '../../../components/query-result/result-section';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

/** Confidence 0..1 shown as a whole percent. */
export function formatConfidence(confidence: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(confidence) ? confidence : 0));
  return `${Math.round(clamped * 100)}%`;
}

export function humaniseType(type: string): string {
  const text = type.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : type;
}

/** 1. Query Classification (labelled V2): type, confidence, reasoning and suggested datasets. */
export function ClassificationSection({ classification }: { classification: Classification }) {
  const percent = Math.round(Math.min(1, Math.max(0, classification.confidence || 0)) * 100);
  const tone = percent >= 75 ? 'bg-emerald-500' : percent >= 50 ? 'bg-amber-500' : 'bg-rose-500';
  return (
    <ResultSection
      title="Query Classification"
      icon={Tags}
      badge={<Badge tone="brand">V2</Badge>}
      data-testid="section-classification"
    >
      <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Type</dt>
          <dd className="mt-1.5">
            <Badge tone="blue" title={classification.type} data-testid="classification-type">
              {humaniseType(classification.type)}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Confidence</dt>
          <dd className="mt-1.5 flex items-center gap-3">
            <span
              className="font-semibold text-slate-900 tabular-nums"
              data-testid="classification-confidence"
            >
              {formatConfidence(classification.confidence)}
            </span>
            <span aria-hidden className="h-1.5 w-28 overflow-hidden rounded-full bg-slate-100">
              <span className={cn('block h-full rounded-full', tone)} style={{ width: `${percent}%` }} />
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Suggested databases</dt>
          <dd className="mt-1.5 flex flex-wrap gap-1.5">
            {classification.suggested_databases.length ? (
              classification.suggested_databases.map((db) => (
                <Badge key={db} className="font-mono">
                  {db}
                </Badge>
              ))
            ) : (
              <span className="text-slate-600">None</span>
            )}
          </dd>
        </div>
        {classification.reasoning ? (
          <div className="sm:col-span-3">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Reasoning</dt>
            <dd className="mt-1.5 leading-relaxed text-slate-700">{classification.reasoning}</dd>
          </div>
        ) : null}
      </dl>
    </ResultSection>
  );
}
