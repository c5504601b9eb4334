/** Turning progress websocket frames into messages, and keeping only the newest LIVE_FEED_CAP of them. */
import { LIVE_FEED_PING, type LiveFeedMessage } from '@qa/contracts';

/** How many to keep: enough for the longest question's progress, small enough to stay cheap. */
export const LIVE_FEED_CAP = 200;

/** The message of one frame, or null for a keep-alive or a frame that is not a live feed message. */
export function parseLiveFeedFrame(data: unknown): LiveFeedMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    console.warn('Progress feed frame is not JSON', error);
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const message = (value as { message?: unknown }).message;
  if (typeof message !== 'string' || message === LIVE_FEED_PING) return null;
  const { stage, timestamp, query_id } = value as Record<string, unknown>;
  return {
    message,
    ...(typeof stage === 'string' ? { stage } : {}),
    ...(typeof timestamp === 'string' ? { timestamp } : {}),
    ...(typeof query_id === 'string' ? { query_id } : {}),
  };
}

export function appendCapped<T>(current: T[], next: T, cap = LIVE_FEED_CAP): T[] {
  const list = [...current, next];
  return list.length > cap ? list.slice(list.length - cap) : list;
}
