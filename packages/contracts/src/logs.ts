import { z } from 'zod';

/** One line of the server's structured log, as streamed over /api/ws/logs. */
export const logEntrySchema = z.object({
  time: z.string(),
  level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']),
  msg: z.string(),
  req_id: z.string().optional(),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const LOG_PANEL_CAP = 100;
export const LIVE_FEED_RECONNECT_MS = 1000;
