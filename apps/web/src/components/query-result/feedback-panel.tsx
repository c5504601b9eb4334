/**
 * The feedback widget: Yes/No, an optional comment, and a
 * submit that needs a rating. While sending everything is disabled; success thanks the user for 3 s;
 * failure raises an alert and leaves the panel as it was so the user can try again.
 */
import type { FeedbackRequest } from '@qa/contracts';
import { CircleCheck, MessageSquareHeart, ThumbsDown, ThumbsUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Textarea } from '../ui/input';
import { submitFeedback } from './submit-feedback';

export const FEEDBACK_THANKS_MS = 3000;
export const FEEDBACK_TEXTS = {
  title: 'Was this response helpful?',
  placeholder: 'Any additional feedback? (optional)',
  submit: 'Submit Feedback',
  update: 'Update Feedback',
  submitting: 'Submitting...',
  thanks: 'Thank you for your feedback!',
  failure: 'Failed to submit feedback. Please try again.',
} as const;

export type FeedbackPanelProps = {
  queryId: string;
  initialRating?: boolean | null;
  initialComment?: string | null;
  onSubmitted?: (feedback: { rating: boolean; comment: string }) => void;
  submit?: (request: FeedbackRequest) => Promise<void>;
  className?: string;
};

export function FeedbackPanel({
  queryId,
  initialRating = null,
  initialComment = null,
  onSubmitted,
  submit = submitFeedback,
  className,
}: FeedbackPanelProps) {
  const [rating, setRating] = useState<boolean | null>(initialRating);
  const [comment, setComment] = useState(initialComment ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [thanked, setThanked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commentId = useId();
  const isUpdate = initialRating !== null || Boolean(initialComment);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || submitting) return;
    setSubmitting(true);
    try {
      await submit({ query_id: queryId, rating, comment });
      setThanked(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setThanked(false), FEEDBACK_THANKS_MS);
      onSubmitted?.({ rating, comment });
    } catch (error) {
      console.error('Feedback submission failed', error);
      window.alert(FEEDBACK_TEXTS.failure);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className={cn('space-y-4', className)} data-testid="feedback-panel">
      <fieldset disabled={submitting} className="space-y-4">
        <legend className="flex items-center gap-3 text-[15px] font-semibold text-slate-900">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <MessageSquareHeart aria-hidden className="size-4" />
          </span>
          {FEEDBACK_TEXTS.title}
        </legend>
        <div className="flex gap-2">
          <RatingButton
            label="Yes"
            icon={ThumbsUp}
            selected={rating === true}
            tone="positive"
            onClick={() => setRating(true)}
          />
          <RatingButton
            label="No"
            icon={ThumbsDown}
            selected={rating === false}
            tone="negative"
            onClick={() => setRating(false)}
          />
        </div>
        <div>
          <label htmlFor={commentId} className="sr-only">
            {FEEDBACK_TEXTS.placeholder}
          </label>
          <Textarea
            id={commentId}
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder={FEEDBACK_TEXTS.placeholder}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={submitting || rating === null}>
            {submitting
              ? FEEDBACK_TEXTS.submitting
              : isUpdate
                ? FEEDBACK_TEXTS.update
                : FEEDBACK_TEXTS.submit}
          </Button>
          {thanked ? (
            <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
              <CircleCheck aria-hidden className="size-4" />
              {FEEDBACK_TEXTS.thanks}
            </p>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

function RatingButton({
  label,
  icon: Icon,
  selected,
  tone,
  onClick,
}: {
  label: string;
  icon: typeof ThumbsUp;
  selected: boolean;
  tone: 'positive' | 'negative';
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-medium shadow-xs transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
        !selected && 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        selected &&
          tone === 'positive' &&
          'border-emerald-300 bg-emerald-50 text-emerald-800 ring-1 ring-emerald-300',
        selected && tone === 'negative' && 'border-rose-300 bg-rose-50 text-rose-800 ring-1 ring-rose-300',
      )}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </button>
  );
}
