/**
 * The live log feed (the /admin/logs panel): one reconnecting websocket to /api/ws/logs (see
 * useReconnectingSocket for the connect, reconnect and teardown rules), keeping at most 100 rows.
 */
import { LIVE_FEED_RECONNECT_MS, LOG_PANEL_CAP } from '@qa/contracts';
import { useCallback, useState } from 'react';
import {
  type CreateSocket,
  type SocketStatus,
  useReconnectingSocket,
} from '../../../hooks/use-reconnecting-socket';
import { appendCapped, type LogRow, parseLogFrame } from '../utils/log-entries';

export type ConnectionStatus = SocketStatus;

type Options = {
  path?: string;
  cap?: number;
  reconnectMs?: number;
  createSocket?: CreateSocket;
};

export function useLogStream({
  path = '/ws/logs',
  cap = LOG_PANEL_CAP,
  reconnectMs = LIVE_FEED_RECONNECT_MS,
  createSocket,
}: Options = {}) {
  const [entries, setEntries] = useState<LogRow[]>([]);
  const status = useReconnectingSocket({
    path,
    label: 'Log stream',
    reconnectMs,
    createSocket,
    onFrame: (data) => {
      const rows = parseLogFrame(data);
      if (rows.length) setEntries((current) => appendCapped(current, rows, cap));
    },
  });

  const clear = useCallback(() => setEntries([]), []);
  return { status, entries, clear };
}
