/**
 * The live progress feed: one reconnecting websocket to /api/ws/progress for this tab's channel (see
 * useReconnectingSocket for the connect, reconnect and teardown rules). Keep-alive pings are dropped; only
 * the newest LIVE_FEED_CAP messages are kept.
 */
import { LIVE_FEED_RECONNECT_MS, type LiveFeedMessage } from '@qa/contracts';
import { useCallback, useState } from 'react';
import {
  type CreateSocket,
  type SocketStatus,
  useReconnectingSocket,
} from '../../../hooks/use-reconnecting-socket';
import { appendCapped, LIVE_FEED_CAP, parseLiveFeedFrame } from '../utils/live-feed';

export type FeedStatus = SocketStatus;

type Options = {
  channel: string;
  cap?: number;
  reconnectMs?: number;
  createSocket?: CreateSocket;
};

export function useProgressFeed({
  channel,
  cap = LIVE_FEED_CAP,
  reconnectMs = LIVE_FEED_RECONNECT_MS,
  createSocket,
}: Options) {
  const [messages, setMessages] = useState<LiveFeedMessage[]>([]);
  const status = useReconnectingSocket({
    path: `/ws/progress?channel=${encodeURIComponent(channel)}`,
    label: 'Progress feed',
    reconnectMs,
    createSocket,
    onFrame: (data) => {
      const message = parseLiveFeedFrame(data);
      if (message) setMessages((current) => appendCapped(current, message, cap));
    },
  });

  const clear = useCallback(() => setMessages([]), []);
  return { status, messages, clear };
}
