/**
 * Routes live progress messages to the browser tab that asked. A tab opens /api/ws/progress?channel=<id> and
 * sends the same id as `progress_channel` with its question; messages are delivered only to sockets of the
 * same user on the same channel, so one user never sees another's progress even if they guess a channel id.
 * With a shared bus (REDIS_URL) every message goes through Redis pub/sub and each process delivers it to its own
 * sockets, so the asking tab's websocket may be on any server process.
 */
import type { LiveFeedMessage } from '@qa/contracts';
import type { SharedBus } from '../../lib/shared-bus.js';

export type FeedSender = (message: LiveFeedMessage) => void;

interface BusMessage {
  userId: string;
  channel: string;
  message: LiveFeedMessage;
}

export class ProgressHub {
  private readonly listeners = new Map<string, Set<FeedSender>>();
  private stopListening: (() => void) | undefined;

  constructor(private readonly bus?: SharedBus) {}

  /** Starts hearing other processes' progress (a no-op without a bus). */
  async start(): Promise<void> {
    if (!this.bus || this.stopListening) return;
    const bus = this.bus;
    this.stopListening = await bus.subscribe('progress', (raw, origin) => {
      // This process's own messages were delivered when published.
      if (origin === bus.origin) return;
      const { userId, channel, message } = raw as BusMessage;
      this.deliver(userId, channel, message);
    });
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = undefined;
  }

  private static key(userId: string, channel: string) {
    return `${userId}\u0000${channel}`;
  }

  subscribe(userId: string, channel: string, send: FeedSender): () => void {
    const key = ProgressHub.key(userId, channel);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(send);
    return () => {
      const current = this.listeners.get(key);
      if (!current) return;
      current.delete(send);
      if (current.size === 0) this.listeners.delete(key);
    };
  }

  publish(userId: string, channel: string | undefined, message: LiveFeedMessage): void {
    if (!channel) return;
    // Delivered here at once (even while Redis is away), and through Redis to the other processes' sockets.
    this.deliver(userId, channel, message);
    if (this.bus) {
      const envelope: BusMessage = { userId, channel, message };
      this.bus.publish('progress', envelope);
    }
  }

  private deliver(userId: string, channel: string, message: LiveFeedMessage): void {
    for (const send of this.listeners.get(ProgressHub.key(userId, channel)) ?? []) send(message);
  }

  /** Open subscriptions (for tests and diagnostics). */
  size(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }
}
