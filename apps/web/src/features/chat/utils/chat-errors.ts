/**
 * The texts for a failed chat request: a non-ok status is 'HTTP error! status: {status}', a response
 * without a body is 'Failed to get stream reader', anything else thrown is 'sorry, something went wrong:
 * {message or unknown error}'. An abort is not an error at all (the caller adds 'Request cancelled by user').
 */
import { ApiError } from '../../../lib/api-client';

export const NO_STREAM_READER_MESSAGE = 'Failed to get stream reader';

/** A non-ok response from the chat endpoints. */
export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(`HTTP error! status: ${status}`);
    this.name = 'ChatHttpError';
  }
}

/** The stream response had no body to read. */
export class StreamReaderError extends Error {
  constructor() {
    super(NO_STREAM_READER_MESSAGE);
    this.name = 'StreamReaderError';
  }
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

export type ChatFailure = { message: string; detail?: string | undefined };

export function chatFailure(error: unknown): ChatFailure {
  if (error instanceof ChatHttpError) return { message: error.message, detail: error.detail ?? undefined };
  if (error instanceof StreamReaderError) return { message: NO_STREAM_READER_MESSAGE };
  // The non-streaming chat goes through the JSON client: a response with a status is an HTTP error too.
  if (error instanceof ApiError && error.status !== null) {
    return { message: `HTTP error! status: ${error.status}`, detail: error.detail ?? undefined };
  }
  const message = error instanceof Error && error.message ? error.message : 'unknown error';
  return { message: `sorry, something went wrong: ${message}` };
}
