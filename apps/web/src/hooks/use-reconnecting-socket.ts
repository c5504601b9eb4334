/**
 * One websocket that keeps itself connected, shared by the live log and the query progress feed.
 * The status starts 'disconnected', becomes 'connected' when the socket opens and goes back on close or error.
 * A close (or a socket that cannot even be created) schedules a new attempt after `reconnectMs`, with no retry
 * limit. On teardown no attempt is scheduled any more, an open socket is closed, and a socket still connecting
 * is closed the moment it opens, so it cannot outlive the view. The token travels as the websocket subprotocol
 * pair ['bearer', token] because browsers cannot set headers on a websocket.
 */
import { LIVE_FEED_RECONNECT_MS } from '@qa/contracts';
import { useEffect, useRef, useState } from 'react';
import { apiWebSocketUrl } from '../lib/api-client';
import { getAuthToken } from '../lib/auth-token';

export type SocketStatus = 'connected' | 'disconnected';

export type CreateSocket = (url: string, protocols: string[]) => WebSocket;

// WebSocket readyState values (spelled out so the hook does not depend on a global WebSocket in tests).
const CONNECTING = 0;
const OPEN = 1;

export type ReconnectingSocketOptions = {
  /** The API path below /api, e.g. '/ws/logs'; a change of path reconnects. */
  path: string;
  /** Called with each frame's raw data; may change between renders without reconnecting. */
  onFrame: (data: unknown) => void;
  /** Names the feed in console warnings. */
  label: string;
  reconnectMs?: number;
  createSocket?: CreateSocket;
};

export function useReconnectingSocket({
  path,
  onFrame,
  label,
  reconnectMs = LIVE_FEED_RECONNECT_MS,
  createSocket = (url, protocols) => new WebSocket(url, protocols),
}: ReconnectingSocketOptions): SocketStatus {
  const [status, setStatus] = useState<SocketStatus>('disconnected');
  // The latest handlers, read at call time so that a new closure each render does not reconnect.
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  const labelRef = useRef(label);
  labelRef.current = label;

  // biome-ignore lint/correctness/useExhaustiveDependencies: createSocket is a factory, not a reason to reconnect.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;

    const connect = () => {
      if (disposed) return;
      const token = getAuthToken();
      let ws: WebSocket;
      try {
        ws = createSocket(apiWebSocketUrl(path), token ? ['bearer', token] : []);
      } catch (error) {
        console.warn(`${labelRef.current} could not connect`, error);
        timer = setTimeout(connect, reconnectMs);
        return;
      }
      socket = ws;
      ws.onopen = () => setStatus('connected');
      ws.onmessage = (event) => onFrameRef.current(event.data);
      ws.onerror = (event) => {
        console.warn(`${labelRef.current} error`, event);
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
      if (ws.readyState === OPEN) ws.close();
      else if (ws.readyState === CONNECTING) ws.onopen = () => ws.close();
    };
  }, [path, reconnectMs]);

  return status;
}
