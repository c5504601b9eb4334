/**
 * Routes live progress messages to the browser tab that asked. A tab opens /api/ws/progress?channel=<id> and
 * sends the same id as `progress_channel` with its question; messages are delivered only to sockets of the
 * same user on the same channel, so one user never sees another's progress even if they guess a channel id.
 */
import type { LiveFeedMessage } from '@qa/contracts';

export type FeedSender = (message: LiveFeedMessage) => void;

export class ProgressHub {
  private readonly listeners = new Map<string, Set<FeedSender>>();

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
    for (const send of this.listeners.get(ProgressHub.key(userId, channel)) ?? []) send(message);
  }

  /** Open subscriptions (for tests and diagnostics). */
  size(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }
}
