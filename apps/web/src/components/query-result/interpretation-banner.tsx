import { MessageSquareQuote } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * "Answered as: …": the one-sentence restatement of the question that was actually answered, shown first so a
 * reader sees at a glance whether it is the question they meant. Shared by the home result and the query detail.
 */
export function InterpretationBanner({
  interpretation,
  className,
}: {
  interpretation: string | null | undefined;
  className?: string;
}) {
  if (!interpretation) return null;
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950',
        className,
      )}
      data-testid="interpretation"
    >
      <MessageSquareQuote aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-600" />
      <p className="min-w-0 text-base leading-snug">
        <span className="font-semibold">Answered as: </span>
        <span data-testid="interpretation-text">{interpretation}</span>
      </p>
    </div>
  );
}
