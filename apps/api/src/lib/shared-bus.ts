/**
 * What several server processes share when REDIS_URL is set: a Redis connection for commands (throttles, rate
 * limits) and pub/sub fan-out for live progress and the live log, so a websocket on one process hears what happens
 * on another and no sticky sessions are needed. Keys and channels carry REDIS_KEY_PREFIX so several deployments (or
 * test runs) can share one Redis. Without REDIS_URL nothing here is created and one process keeps it all in memory.
 *
 * Redis going away must not hold requests: with the client's defaults (an offline queue and retries) every
 * sign-in, question and chat message waited about 20 s and then failed. So commands are never queued while
 * disconnected and time out after REDIS_COMMAND_TIMEOUT_MS; what uses Redis falls back to this process's memory
 * (throttles, rate limits) or does without (fan-out to other processes) until the client has reconnected, which
 * it keeps trying every REDIS_RECONNECT_MAX_MS at most.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** A command Redis has not answered by then fails (and the caller falls back). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
export const REDIS_CONNECT_TIMEOUT_MS = 2000;
export const REDIS_RECONNECT_MAX_MS = 2000;
/** After a command failed, Redis is left alone this long before one is tried again (a frozen Redis). */
export const REDIS_RETRY_AFTER_MS = 1000;

/**
 * Whether Redis answers, as the commands' callers see it: after a failure, `usable()` is false for
 * REDIS_RETRY_AFTER_MS (or until the client reconnects), so a frozen Redis costs one command timeout per second
 * and process, not one per command. Logs one warning per outage and one line when Redis answers again.
 */
export interface RedisHealth {
  usable(): boolean;
  failed(error: Error): void;
  answered(): void;
}

export function redisHealth(logger: Logger, now: () => number = Date.now): RedisHealth {
  let downSince: number | undefined;
  let lastFailure = 0;
  return {
    usable: () => downSince === undefined || now() - lastFailure >= REDIS_RETRY_AFTER_MS,
    failed(error) {
      lastFailure = now();
      if (downSince !== undefined) return;
      downSince = lastFailure;
      logger.warn(
        { err: error.message },
        'Redis is not answering: throttles and rate limits count in this process until it is back',
      );
    },
    answered() {
      if (downSince === undefined) return;
      logger.info({ down_ms: now() - downSince }, 'Redis is answering again');
      downSince = undefined;
    },
  };
}

/** Whether an error is the Redis client's "not answering" (as opposed to a bad command, or another client's). */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /^(Command timed out|Connection is closed|Stream isn't writeable and enableOfflineQueue)/.test(
      error.message,
    )
  );
}

export interface SharedBus {
  /** Commands connection; keys must start with `prefix`. */
  redis: Redis;
  prefix: string;
  /** This process's id, to tell its own messages from others'. */
  origin: string;
  publish(channel: string, message: unknown): void;
  /** Resolves once Redis has confirmed the subscription, so nothing published afterwards is missed. */
  subscribe(channel: string, handler: (message: unknown, origin: string) => void): Promise<() => void>;
  /** Whether Redis answers; commands' callers report their failures and successes to it. */
  health: RedisHealth;
  close(): Promise<void>;
}

export async function connectSharedBus(options: {
  url: string;
  prefix: string;
  logger: Logger;
}): Promise<SharedBus> {
  const { url, prefix, logger } = options;
  const connect = async () => {
    // A start-up failure is reported; later, commands fail fast while Redis is away (see the header).
    const client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_MS),
    });
    client.on('error', (error: Error) => health.failed(error));
    client.on('ready', () => health.answered());
    await client.connect();
    return client;
  };
  const health = redisHealth(logger);
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
      // Other processes miss what is published while Redis is away; this process has delivered it already.
      if (!health.usable()) return;
      redis
        .publish(`${prefix}${channel}`, JSON.stringify({ origin, message }))
        .then(() => health.answered())
        .catch((error: Error) => health.failed(error));
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
    health,
    async close() {
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
      // quit() cannot reach a Redis that is away: stop reconnecting as well.
      subscriber.disconnect();
      redis.disconnect();
    },
  };
}
