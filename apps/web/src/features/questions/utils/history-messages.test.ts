import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { archiveErrorMessage, historyLoadErrorMessage, queryDetailErrorMessage } from './history-messages';

const refused = new ApiError('An error occurred', { status: 500 });
const offline = new ApiError('Failed to fetch', { status: null });

describe('history texts', () => {
  it('tells a refused first page from one that never arrived', () => {
    expect(historyLoadErrorMessage(refused, 'initial')).toBe(
      'Could not load query history. Please try again later.',
    );
    expect(historyLoadErrorMessage(offline, 'initial')).toBe(
      "Error loading query history. Please check if you're logged in and try again.",
    );
  });

  it('has its own texts for Load More', () => {
    expect(historyLoadErrorMessage(refused, 'more')).toBe('Could not load additional query history');
    expect(historyLoadErrorMessage(new TypeError('x'), 'more')).toBe('Error loading more results');
  });

  it('reads a missing or hidden query as not found, anything else as a failed fetch', () => {
    expect(queryDetailErrorMessage(new ApiError('Not found', { status: 404, detail: 'Not found' }))).toBe(
      'Query not found',
    );
    expect(queryDetailErrorMessage(refused)).toBe('Failed to fetch query');
  });

  it('shows the archive error message, else the fallback', () => {
    expect(archiveErrorMessage(new ApiError('x', { status: 403, detail: 'Not allowed' }))).toBe(
      'Not allowed',
    );
    expect(archiveErrorMessage(refused)).toBe('Failed to archive query');
    expect(archiveErrorMessage(offline)).toBe('Failed to fetch');
    expect(archiveErrorMessage('weird')).toBe('Failed to archive query');
  });
});
