/**
 * The server's pino logger: JSON lines to stdout and into the in-memory LogRing that feeds the admin log panel.
 * Secrets are redacted by path, and URLs are scrubbed of token query parameters before they are logged.
 */
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/env.js';
import type { LogRing } from './log-ring.js';

export type { Logger } from 'pino';

const REDACT_PATHS = [
  'password',
  'new_password',
  'token',
  'access_token',
  'authorization',
  '*.password',
  '*.new_password',
  '*.token',
  '*.access_token',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
];

/** Replaces the value of sensitive query parameters (e.g. /reset-password?token=...) with [redacted]. */
export function scrubUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|auth|key)=)[^&#]*/gi, '$1[redacted]');
}

export interface CreateLoggerOptions {
  level: LogLevel;
  ring?: LogRing;
  /** Write JSON lines to stdout (off in tests to keep output readable). */
  stdout?: boolean;
}

export function createLogger({ level, ring, stdout = true }: CreateLoggerOptions): Logger {
  const streams: pino.StreamEntry[] = [];
  if (stdout) streams.push({ level: 'trace', stream: pino.destination({ dest: 1, sync: false }) });
  if (ring) streams.push({ level: 'trace', stream: ring.stream() });
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    pino.multistream(streams),
  );
}
