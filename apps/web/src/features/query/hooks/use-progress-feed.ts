/**
 * The live progress feed: a websocket to /api/ws/progress for this tab's channel,
 * 'connected' when it opens and 'disconnected' on close or error, reconnecting 1 s after a close with no
 * retry limit, and closed on teardown only if open. The token travels as the subprotocol pair
 * ['bearer', token]. Keep-alive pings are dropped; only the newest LIVE_FEED_CAP messages are kept.
 */
import { LIVE_FEED_RECONNECT_MS, type LiveFeedMessage } from '@qa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { apiWebSocketUrl } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { appendCapped, LIVE_FEED_CAP, parseLiveFeedFrame } from '../utils/live-feed';

export type FeedStatus = 'connected' | 'disconnected';

type Options = {
  channel: string;
  cap?: number;
  reconnectMs?: number;
  createSocket?: (url: string, protocols: string[]) => WebSocket;
};

export function useProgressFeed({
  channel,
  cap = LIVE_FEED_CAP,
  reconnectMs = LIVE_FEED_RECONNECT_MS,
  createSocket = (url, protocols) => new WebSocket(url, protocols),
}: Options) {
  const [status, setStatus] = useState<FeedStatus>('disconnected');
  const [messages, setMessages] = useState<LiveFeedMessage[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: createSocket is a factory, not a reason to reconnect.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;

    const connect = () => {
      if (disposed) return;
      const token = getAuthToken();
      const url = apiWebSocketUrl(`/ws/progress?channel=${encodeURIComponent(channel)}`);
      let ws: WebSocket;
      try {
        ws = createSocket(url, token ? ['bearer', token] : []);
      } catch (error) {
        console.warn('Progress feed could not connect', error);
        timer = setTimeout(connect, reconnectMs);
        return;
      }
      socket = ws;
      ws.onopen = () => setStatus('connected');
      ws.onmessage = (event) => {
        const message = parseLiveFeedFrame(event.data);
        if (message) setMessages((current) => appendCapped(current, message, cap));
      };
      ws.onerror = (event) => {
        console.warn('Progress feed error', event);
        setStatus('disconnected');
      };
      ws.onclose = () => {
        setStatus('disconnected');
        if (!disposed) timer = setTimeout(connect, reconnectMs);
      };
    };

    connect();
    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      const ws = socket;
      if (!ws) return;
      ws.onmessage = null;
      ws.onerror = null;
      ws.onclose = null;
      if (ws.readyState === WebSocket.OPEN) ws.close();
      // A socket still connecting is closed the moment it opens, so it cannot outlive the view.
      else if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
    };
  }, [channel, cap, reconnectMs]);

  const clear = useCallback(() => setMessages([]), []);
  return { status, messages, clear };
}
