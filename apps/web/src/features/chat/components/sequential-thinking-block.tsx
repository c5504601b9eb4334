/**
 * The sequential-thinking tool's calls of one answer, folded into one growing block of numbered steps
 * (results hidden), sorted by thought number and closed once a step says no further thought is needed.
 */
import { Brain, CircleCheck } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import type { ThinkingPart } from '../utils/tool-parts';

export function SequentialThinkingBlock({ part, live }: { part: ThinkingPart; live: boolean }) {
  const last = part.steps[part.steps.length - 1];
  const total = last?.totalThoughts ?? null;
  return (
    <div
      className="overflow-hidden rounded-lg border border-violet-200 bg-violet-50/40"
      data-testid="sequential-thinking"
      data-closed={part.closed}
    >
      <div className="flex items-center gap-2 border-b border-violet-100 px-3 py-2">
        <Brain aria-hidden className="size-4 text-violet-600" />
        <span className="text-sm font-medium text-violet-900">Sequential Thinking</span>
        <span className="ml-auto flex items-center gap-1.5 text-xs text-violet-700">
          {part.closed ? (
            <>
              <CircleCheck aria-hidden className="size-3.5" />
              {part.steps.length} {part.steps.length === 1 ? 'step' : 'steps'}
            </>
          ) : (
            <>
              {live ? <Spinner className="size-3.5 text-violet-600" label="Thinking" /> : null}
              Step {last?.thoughtNumber ?? 1}
              {total ? ` of ${total}` : ''}
            </>
          )}
        </span>
      </div>
      <ol className="space-y-2.5 px-3 py-3">
        {part.steps.map((step) => (
          <li key={step.thoughtNumber} className="flex gap-2.5" data-testid="thinking-step">
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-violet-100 text-[11px] font-semibold text-violet-700">
              {step.thoughtNumber}
            </span>
            <p className="min-w-0 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700">
              {step.thought}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
