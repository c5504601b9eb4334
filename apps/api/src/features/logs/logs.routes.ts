/** /api/ws/logs: the server's recent log entries, then live ones, for admins (the /admin/logs panel). */
import { LOG_PANEL_CAP, type LogEntry } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { registerAuthenticatedSocket } from '../../lib/authenticated-socket.js';
import type { LogRing } from '../../lib/log-ring.js';

/** A slow client is skipped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export async function logsRoutes(app: FastifyInstance, { ring }: { ring: LogRing }) {
  registerAuthenticatedSocket(app, {
    path: '/ws/logs',
    role: 'admin',
    onOpen(socket, _user, _request, session) {
      // Lines logged while the admin's access is being re-checked are dropped, not queued: an ex-admin gets none.
      const sendEntry = (entry: LogEntry) => {
        if (!session.isActive()) return;
        if (socket.readyState !== socket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
        socket.send(JSON.stringify(entry));
      };
      for (const entry of ring.recent(LOG_PANEL_CAP)) sendEntry(entry);
      return ring.subscribe(sendEntry);
    },
  });
}
