import type { Alternative, ReadingChoice } from '@qa/contracts';
import { History, Split } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format-date';
import { ErrorAlert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import {
  ANSWERING_ALTERNATIVE,
  DID_YOU_MEAN_TITLE,
  readingChosenText,
  replacedReadingText,
} from './alternatives-messages';

/**
 * "Did you mean": the other readings of the question under its answer, one button each with its sentence.
 * Choosing one answers that reading (the screen says how: the query tool's endpoint, or a chat message);
 * while it runs the chosen button spins and the others wait. Shared by the home result, the query detail and
 * the chat.
 */
export function DidYouMean({
  alternatives,
  onChoose,
  pendingIndex = null,
  disabled = false,
  error = null,
  className,
}: {
  alternatives: readonly Alternative[] | null | undefined;
  onChoose: (index: number) => void;
  /** The choice being answered, if any. */
  pendingIndex?: number | null;
  disabled?: boolean;
  /** Why the last choice failed. */
  error?: string | null;
  className?: string;
}) {
  if (!alternatives?.length) return null;
  const busy = pendingIndex !== null;
  return (
    <section
      className={cn('rounded-xl border border-slate-200 bg-white px-4 py-3', className)}
      aria-label={DID_YOU_MEAN_TITLE}
      data-testid="did-you-mean"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <Split aria-hidden className="size-4 text-brand-600" />
        {DID_YOU_MEAN_TITLE}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {alternatives.map((alternative, index) => (
          // The list is replaced whole by each answer; an index names a choice within one answer.
          // biome-ignore lint/suspicious/noArrayIndexKey: the alternatives are addressed by index
          <li key={index}>
            <button
              type="button"
              onClick={() => onChoose(index)}
              disabled={disabled || busy}
              aria-busy={pendingIndex === index}
              className={cn(
                'flex w-full items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-left text-sm text-slate-800',
                'transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                'disabled:cursor-not-allowed disabled:opacity-60',
              )}
              data-testid="alternative-choice"
            >
              {pendingIndex === index ? (
                <Spinner className="mt-0.5 size-4 shrink-0" label={ANSWERING_ALTERNATIVE} />
              ) : null}
              <span className="min-w-0">{alternative.interpretation}</span>
            </button>
          </li>
        ))}
      </ul>
      {busy ? (
        <p className="mt-2 text-sm text-slate-500" role="status" data-testid="alternative-running">
          {ANSWERING_ALTERNATIVE}
        </p>
      ) : null}
      {error ? <ErrorAlert className="mt-2">{error}</ErrorAlert> : null}
    </section>
  );
}

/** Which reading was chosen under "Did you mean", by whom and when, and the answer it replaced. */
export function ReadingChoiceNote({ choice }: { choice: ReadingChoice | null | undefined }) {
  if (!choice) return null;
  return (
    <p className="flex items-start gap-2 px-1 text-sm text-slate-500" data-testid="reading-choice">
      <History aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">
        {readingChosenText(choice.chosen_by, formatDateTime(choice.chosen_at))}
        {choice.previous_interpretation ? (
          <>
            {'. '}
            {replacedReadingText(choice.previous_interpretation)}
          </>
        ) : null}
      </span>
    </p>
  );
}
