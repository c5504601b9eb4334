/**
 * The live log feed (the /admin/logs panel): starts 'disconnected', becomes 'connected'
 * when the socket opens, goes back on close or error, reconnects 1 s after a close with no retry limit,
 * keeps at most 100 rows, and on teardown closes the socket only if it is open. The token travels as the
 * websocket subprotocol pair ['bearer', token] because browsers cannot set headers on a websocket.
 */
import { LIVE_FEED_RECONNECT_MS, LOG_PANEL_CAP } from '@qa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { apiWebSocketUrl } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { appendCapped, type LogRow, parseLogFrame } from '../utils/log-entries';

export type ConnectionStatus = 'connected' | 'disconnected';

// WebSocket readyState values (spelled out so the hook does not depend on a global WebSocket in tests).
const CONNECTING = 0;
const OPEN = 1;

type Options = {
  path?: string;
  cap?: number;
  reconnectMs?: number;
  createSocket?: (url: string, protocols: string[]) => WebSocket;
};

export function useLogStream({
  path = '/ws/logs',
  cap = LOG_PANEL_CAP,
  reconnectMs = LIVE_FEED_RECONNECT_MS,
  createSocket = (url, protocols) => new WebSocket(url, protocols),
}: Options = {}) {
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const [entries, setEntries] = useState<LogRow[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: createSocket is a factory, not a reason to reconnect.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;

    const connect = () => {
      if (disposed) return;
      const token = getAuthToken();
      const ws = createSocket(apiWebSocketUrl(path), token ? ['bearer', token] : []);
      socket = ws;
      ws.onopen = () => setStatus('connected');
      ws.onmessage = (event) => {
        const rows = parseLogFrame(event.data);
        if (rows.length) setEntries((current) => appendCapped(current, rows, cap));
      };
      ws.onerror = (event) => {
        console.warn('Log stream error', event);
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
      // A socket still connecting is closed the moment it opens, so it cannot outlive the view.
      else if (ws.readyState === CONNECTING) ws.onopen = () => ws.close();
    };
  }, [path, cap, reconnectMs]);

  const clear = useCallback(() => setEntries([]), []);
  return { status, entries, clear };
}
