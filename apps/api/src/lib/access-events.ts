/**
 * "This user's access changed": signed out, deleted, demoted or given a new password. Long-lived connections
 * (the websockets) hold a decision made once, at connect; they listen here and check their user again at once,
 * instead of trusting it until they close. With Redis (several server processes) the event is published on the
 * shared bus too, so a socket held by another process hears it; each process still re-checks on a timer in case
 * an event was missed while Redis was away.
 */
import { EventEmitter } from 'node:events';
import type { SharedBus } from './shared-bus.js';

const CHANNEL = 'access-changed';

export type AccessListener = (userId: string) => void;

export class AccessEvents {
  private readonly emitter = new EventEmitter();
  private bus: SharedBus | undefined;

  constructor() {
    // One listener per open websocket: many admins' and askers' sockets are expected, not a leak.
    this.emitter.setMaxListeners(0);
  }

  /** Fan out through Redis as well; resolves once the subscription is confirmed. Returns the unsubscribe. */
  async connect(bus: SharedBus): Promise<() => void> {
    this.bus = bus;
    return bus.subscribe(CHANNEL, (message, origin) => {
      if (origin === bus.origin || typeof message !== 'string') return;
      this.emitter.emit(CHANNEL, message);
    });
  }

  changed(userId: string): void {
    this.emitter.emit(CHANNEL, userId);
    this.bus?.publish(CHANNEL, userId);
  }

  subscribe(listener: AccessListener): () => void {
    this.emitter.on(CHANNEL, listener);
    return () => this.emitter.off(CHANNEL, listener);
  }
}
