import type { VerifiedBadge as VerifiedBadgeData } from '@qa/contracts';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format-date';

/**
 * "Verified": an admin checked the plan behind answers of this shape (the same question with other places,
 * networks, technologies or dates). Names the reviewer and the date and links to the question that was verified.
 * Shared by the home result, the query detail and the chat.
 */
export function VerifiedBadge({
  verified,
  currentQueryId,
  className,
}: {
  verified: VerifiedBadgeData | null | undefined;
  /** The answer shown: when it is the verified question itself, the link is left out. */
  currentQueryId?: string | undefined;
  className?: string;
}) {
  if (!verified) return null;
  const isThisQuestion = verified.query_id !== null && verified.query_id === currentQueryId;
  return (
    <div
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-950',
        className,
      )}
      data-testid="verified-badge"
    >
      <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
      <p className="min-w-0 leading-snug">
        <span className="font-semibold">Verified</span> by{' '}
        <span data-testid="verified-by">{verified.verified_by}</span> on{' '}
        {formatDateTime(verified.verified_at)}
        {isThisQuestion ? (
          <span>: this question's reading was checked.</span>
        ) : verified.query_id ? (
          <>
            {' '}
            · answered like{' '}
            <Link
              to={`/results/${encodeURIComponent(verified.query_id)}`}
              className="font-medium text-emerald-800 underline underline-offset-2"
              data-testid="verified-link"
            >
              the verified question "{verified.question}"
            </Link>
          </>
        ) : (
          <span> · answered like the verified question "{verified.question}"</span>
        )}
      </p>
    </div>
  );
}
