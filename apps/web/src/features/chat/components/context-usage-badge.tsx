/**
 * The context-usage badge fixed at the bottom right: tokens the conversation occupies of the
 * model's context window (K/M), coloured green under 50%, yellow under 80%, red otherwise, with the
 * session's cost in pounds ('No cost' when nothing was charged, as for the built-in model).
 */
import type { UsageObject } from '@qa/contracts';
import { cn } from '../../../lib/cn';
import {
  contextTone,
  formatChatCost,
  formatTokens,
  summariseUsage,
  type UsageTone,
} from '../utils/usage-format';

const toneClasses: Record<UsageTone, { ring: string; dot: string; text: string }> = {
  green: { ring: 'border-emerald-200', dot: 'bg-emerald-500', text: 'text-emerald-700' },
  yellow: { ring: 'border-amber-200', dot: 'bg-amber-400', text: 'text-amber-700' },
  red: { ring: 'border-red-200', dot: 'bg-red-500', text: 'text-red-700' },
};

export function ContextUsageBadge({
  usage,
  contextWindow,
}: {
  usage: UsageObject | null;
  /** The selected model's window, used until the server reports the one it used. */
  contextWindow: number | null;
}) {
  const summary = summariseUsage(usage, contextWindow);
  const tone = contextTone(summary.percent);
  const classes = toneClasses[tone];
  const cost = formatChatCost(summary.costUsd);
  const percent = summary.percent < 1 && summary.contextTokens > 0 ? '<1' : Math.round(summary.percent);
  const title = [
    `Context: ${summary.contextTokens.toLocaleString('en-GB')} of ${
      summary.contextWindow ? summary.contextWindow.toLocaleString('en-GB') : 'unknown'
    } tokens`,
    `Session cost: ${cost}${summary.costUsd ? ` ($${summary.costUsd.toFixed(4)})` : ''}`,
  ].join('\n');
  return (
    <output
      className={cn(
        'fixed right-4 bottom-4 z-30 flex items-center gap-2 rounded-full border bg-white/95 px-3 py-1.5 text-xs shadow-lg shadow-slate-900/10 backdrop-blur',
        classes.ring,
      )}
      title={title}
      aria-label={`Context usage ${percent}%, session cost ${cost}`}
      data-testid="context-usage"
      data-tone={tone}
    >
      <span aria-hidden className={cn('size-2 rounded-full', classes.dot)} />
      <span className="font-medium text-slate-700 tabular-nums">
        {formatTokens(summary.contextTokens)}
        {summary.contextWindow ? ` / ${formatTokens(summary.contextWindow)}` : ''}
      </span>
      <span className={cn('font-medium tabular-nums', classes.text)}>{percent}%</span>
      <span aria-hidden className="h-3 w-px bg-slate-200" />
      <span className="font-medium text-slate-700 tabular-nums" data-testid="context-cost">
        {cost}
      </span>
    </output>
  );
}
