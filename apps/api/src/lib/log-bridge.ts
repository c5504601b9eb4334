/**
 * The live log across server processes: each process publishes the entries it logs and pushes the ones other
 * processes logged into its own LogRing, so the admin log panel (/api/ws/logs) on any process shows every process's
 * lines. Entries from elsewhere carry `context.process` so the panel can tell them apart.
 */
import type { LogEntry } from '@qa/contracts';
import type { LogRing } from './log-ring.js';
import type { SharedBus } from './shared-bus.js';

export async function bridgeLogs(ring: LogRing, bus: SharedBus): Promise<() => void> {
  const fromElsewhere = new WeakSet<LogEntry>();
  const stopPublishing = ring.subscribe((entry) => {
    if (fromElsewhere.has(entry)) return;
    bus.publish('logs', entry);
  });
  const stopListening = await bus.subscribe('logs', (raw, origin) => {
    if (origin === bus.origin) return;
    const entry = raw as LogEntry;
    entry.context = { ...entry.context, process: origin.slice(0, 8) };
    fromElsewhere.add(entry);
    ring.push(entry);
  });
  return () => {
    stopPublishing();
    stopListening();
  };
}
