/** The history and detail error texts, and which failure gets which. */
import { ApiError } from '../../../lib/api-client';

export const HISTORY_MESSAGES = {
  loggedOut: 'Please log in to view query history',
  loadFailed: 'Could not load query history. Please try again later.',
  loadError: "Error loading query history. Please check if you're logged in and try again.",
  moreFailed: 'Could not load additional query history',
  moreError: 'Error loading more results',
  empty: 'No query history available',
  notFound: 'Query not found',
  fetchFailed: 'Failed to fetch query',
  archiveFailed: 'Failed to archive query',
  noComments: 'No comments yet',
  progressUnparseable: 'Progress updates could not be loaded due to data format issue.',
  progressCheckConsole: 'Check console for detailed error information.',
} as const;

/** The server answered with an error status (as opposed to no answer at all, or a broken body). */
function serverRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status !== null;
}

/**
 * A first page that the server refused reads 'Could not load query history…'; one that never arrived
 * (network down, session gone) reads 'Error loading query history. Please check if you're logged in…'.
 * Load More follows the same split with its own two texts.
 */
export function historyLoadErrorMessage(error: unknown, phase: 'initial' | 'more'): string {
  if (phase === 'initial')
    return serverRefused(error) ? HISTORY_MESSAGES.loadFailed : HISTORY_MESSAGES.loadError;
  return serverRefused(error) ? HISTORY_MESSAGES.moreFailed : HISTORY_MESSAGES.moreError;
}

/** A query the user may not see is indistinguishable from one that does not exist. */
export function queryDetailErrorMessage(error: unknown): string {
  return error instanceof ApiError && (error.status === 404 || error.status === 403)
    ? HISTORY_MESSAGES.notFound
    : HISTORY_MESSAGES.fetchFailed;
}

/** The error message, else 'Failed to archive query'. */
export function archiveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.isNetworkError && error.message) return error.message;
    return HISTORY_MESSAGES.archiveFailed;
  }
  return error instanceof Error && error.message ? error.message : HISTORY_MESSAGES.archiveFailed;
}
