import type { FeedbackRequest } from '@qa/contracts';
import { api } from '../../lib/api-client';

/** POST /query/feedback; the response is not read. */
export async function submitFeedback({ query_id, rating, comment }: FeedbackRequest): Promise<void> {
  await api.post('/query/feedback', { query_id, rating, comment: comment ?? '' });
}
