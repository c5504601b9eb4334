/**
 * What several server processes share when REDIS_URL is set: a Redis connection for commands (throttles, rate
 * limits) and pub/sub fan-out for live progress and the live log, so a websocket on one process hears what happens
 * on another and no sticky sessions are needed. Keys and channels carry REDIS_KEY_PREFIX so several deployments (or
 * test runs) can share one Redis. Without REDIS_URL nothing here is created and one process keeps it all in memory.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

export interface SharedBus {
  /** Commands connection; keys must start with `prefix`. */
  redis: Redis;
  prefix: string;
  /** This process's id, to tell its own messages from others'. */
  origin: string;
  publish(channel: string, message: unknown): void;
  /** Resolves once Redis has confirmed the subscription, so nothing published afterwards is missed. */
  subscribe(channel: string, handler: (message: unknown, origin: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

export async function connectSharedBus(options: {
  url: string;
  prefix: string;
  logger: Logger;
}): Promise<SharedBus> {
  const { url, prefix, logger } = options;
  const connect = async () => {
    // Commands wait (queued) while Redis is away and are replayed on reconnect; a start-up failure is reported.
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    client.on('error', (error: Error) => logger.warn({ err: error.message }, 'Redis connection problem'));
    await client.connect();
    return client;
  };
  const redis = await connect();
  const subscriber = await connect();
  const origin = randomUUID();
  const handlers = new Map<string, Set<(message: unknown, origin: string) => void>>();

  subscriber.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let envelope: { origin: string; message: unknown };
    try {
      envelope = JSON.parse(raw) as { origin: string; message: unknown };
    } catch {
      return;
    }
    for (const handler of set) handler(envelope.message, envelope.origin);
  });

  return {
    redis,
    prefix,
    origin,
    publish(channel, message) {
      redis.publish(`${prefix}${channel}`, JSON.stringify({ origin, message })).catch((error: unknown) => {
        logger.warn({ err: (error as Error).message, channel }, 'Redis publish failed');
      });
    },
    async subscribe(channel, handler) {
      const name = `${prefix}${channel}`;
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        await subscriber.subscribe(name);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(name);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(name);
          void subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}
