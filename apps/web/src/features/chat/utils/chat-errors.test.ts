import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ChatHttpError, chatFailure, isAbortError, StreamReaderError } from './chat-errors';

describe('chat failure texts', () => {
  it("gives 'HTTP error! status: {status}' for a non-ok response, with the server detail apart", () => {
    expect(chatFailure(new ChatHttpError(500, null))).toEqual({
      message: 'HTTP error! status: 500',
      detail: undefined,
    });
    expect(chatFailure(new ChatHttpError(429, 'Monthly LLM budget reached'))).toEqual({
      message: 'HTTP error! status: 429',
      detail: 'Monthly LLM budget reached',
    });
    expect(chatFailure(new ApiError('x', { status: 502, detail: null })).message).toBe(
      'HTTP error! status: 502',
    );
  });

  it("gives 'Failed to get stream reader' when there is no body", () => {
    expect(chatFailure(new StreamReaderError()).message).toBe('Failed to get stream reader');
  });

  it("gives 'sorry, something went wrong: ...' for anything thrown", () => {
    expect(chatFailure(new TypeError('Failed to fetch')).message).toBe(
      'sorry, something went wrong: Failed to fetch',
    );
    expect(chatFailure(new ApiError('Network down', { status: null })).message).toBe(
      'sorry, something went wrong: Network down',
    );
    expect(chatFailure('weird').message).toBe('sorry, something went wrong: unknown error');
    expect(chatFailure(new Error('')).message).toBe('sorry, something went wrong: unknown error');
  });

  it('recognises aborts', () => {
    expect(isAbortError(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('nope'))).toBe(false);
  });
});
