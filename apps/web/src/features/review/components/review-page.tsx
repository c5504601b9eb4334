/**
 * /admin/review: the answers that need a reviewer (confidence below 80%, a thumbs-down, a comment, or a "Did you
 * mean" choice), newest first. For each: the question, how it was read, the other readings, the result; the
 * reviewer verifies the answer as given, picks another reading, or corrects the plan (correction-form.tsx). What is
 * verified answers that wording, and questions of the same shape, from then on (docs/product.md#review-queue).
 */
import type { ReviewItem, ReviewReason } from '@qa/contracts';
import { BadgeCheck, ClipboardCheck, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { InterpretationBanner } from '../../../components/query-result/interpretation-banner';
import { VerifiedBadge } from '../../../components/query-result/verified-badge';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useReviewChoices } from '../api/get-review-choices';
import { useReviewQueue } from '../api/get-review-queue';
import { saveErrorMessage, useSaveVerifiedReading } from '../api/save-verified-reading';
import { CorrectionForm } from './correction-form';
import { CsvPreview } from './csv-preview';

const REASON_LABELS: Record<ReviewReason, string> = {
  low_confidence: 'Confidence below 80%',
  thumbs_down: 'Thumbs-down',
  comment: 'Comment',
  reading_choice: '"Did you mean" chosen',
};

export function ReviewPage() {
  useDocumentTitle('Review queue');
  const queue = useReviewQueue();
  return (
    <div className="space-y-5">
      <PageHeader
        title="Review queue"
        description="Answers that need a reviewer. Verify a reading, pick another, or correct it: the verified plan then answers this wording and questions of the same shape."
      />
      {queue.isPending ? (
        <Card className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-500">
          <Spinner label="Loading the review queue" />
          Loading...
        </Card>
      ) : queue.isError ? (
        <ErrorAlert>{errorMessage(queue.error)}</ErrorAlert>
      ) : queue.data.items.length === 0 ? (
        <Card className="px-6 py-14">
          <EmptyState
            icon={ClipboardCheck}
            title="Nothing to review"
            detail="Every answer is confident and unquestioned."
          />
        </Card>
      ) : (
        <ul className="space-y-4" data-testid="review-queue">
          {queue.data.items.map((item) => (
            <li key={item.id}>
              <ReviewCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewCard({ item }: { item: ReviewItem }) {
  const [correcting, setCorrecting] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSaveVerifiedReading();
  const choices = useReviewChoices();
  const confidence = item.classification?.confidence;
  return (
    <Card className="px-5 py-4" data-testid="review-item">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={`/results/${encodeURIComponent(item.id)}`}
            className="text-base font-semibold text-slate-900 hover:underline"
            data-testid="review-question"
          >
            {item.prompt}
          </Link>
          <p className="mt-0.5 text-sm text-slate-600">
            Asked by {item.user_email} on {formatDateTime(item.timestamp)}
            {typeof confidence === 'number' ? ` · confidence ${Math.round(confidence * 100)}%` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {item.reasons.map((reason) => (
            <Badge key={reason} tone={reason === 'thumbs_down' ? 'red' : 'amber'}>
              {REASON_LABELS[reason]}
            </Badge>
          ))}
        </div>
      </div>
      <div className="mt-3 space-y-3">
        <InterpretationBanner interpretation={item.interpretation} />
        <VerifiedBadge verified={item.verified} currentQueryId={item.id} />
        {item.feedback_comment ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">Feedback:</span> {item.feedback_comment}
          </p>
        ) : null}
        {item.response_type === 'data_query' ? (
          <CsvPreview csv={item.csv_results} rowCount={item.row_count} />
        ) : null}
        {item.alternatives.length ? (
          <div>
            <p className="text-sm font-medium text-slate-800">Other readings</p>
            <ul className="mt-1 space-y-1.5">
              {item.alternatives.map((alternative, index) => (
                <li key={alternative.interpretation} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-slate-700">{alternative.interpretation}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={save.isPending || saved}
                    onClick={() =>
                      save.mutate(
                        { queryId: item.id, alternativeIndex: index },
                        { onSuccess: () => setSaved(true) },
                      )
                    }
                    data-testid="verify-alternative-button"
                  >
                    <BadgeCheck aria-hidden />
                    Verify this reading
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {saved ? (
        <p className="mt-3 text-sm font-medium text-emerald-700" role="status" data-testid="review-saved">
          Saved as verified.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {item.plan && item.response_type === 'data_query' ? (
            <Button
              variant="outline"
              disabled={save.isPending}
              onClick={() => save.mutate({ queryId: item.id }, { onSuccess: () => setSaved(true) })}
              data-testid="verify-as-answered-button"
            >
              <BadgeCheck aria-hidden />
              Verify as answered
            </Button>
          ) : null}
          <Button
            variant="outline"
            onClick={() => setCorrecting((open) => !open)}
            data-testid="correct-button"
          >
            <PencilLine aria-hidden />
            {correcting ? 'Close the correction' : 'Correct the reading'}
          </Button>
        </div>
      )}
      {save.isError ? <ErrorAlert className="mt-3">{saveErrorMessage(save.error)}</ErrorAlert> : null}
      {correcting && !saved ? (
        choices.data ? (
          <CorrectionForm
            item={item}
            choices={choices.data}
            onSaved={() => {
              setSaved(true);
              setCorrecting(false);
            }}
          />
        ) : choices.isError ? (
          <ErrorAlert className="mt-3">{errorMessage(choices.error)}</ErrorAlert>
        ) : (
          <Spinner label="Loading the choices" />
        )
      ) : null}
    </Card>
  );
}
