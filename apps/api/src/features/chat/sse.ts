/**
 * Server-sent events by hand on Fastify's raw response: `data: <json>\n\n` per event, the headers
 * Fastify's hooks already set (security headers, request id) kept, a comment line every HEARTBEAT_MS so idle
 * proxies keep the connection open, and nothing written after the client has gone. Events written in the same
 * tick go out in one socket write (cork until the next tick): a model streams many small deltas at once.
 */
import type { FastifyReply } from 'fastify';

export const HEARTBEAT_MS = 15_000;

export class SseWriter {
  private closed = false;
  private corked = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly reply: FastifyReply) {
    reply.hijack();
    const inherited = Object.fromEntries(
      Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
    ) as Record<string, string | string[] | number>;
    reply.raw.writeHead(200, {
      ...inherited,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.flushHeaders?.();
    reply.raw.once('close', () => {
      this.closed = true;
      clearInterval(this.heartbeat);
    });
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get isOpen(): boolean {
    return !this.closed && !this.reply.raw.destroyed;
  }

  private write(text: string): Promise<void> {
    if (!this.isOpen) return Promise.resolve();
    const raw = this.reply.raw;
    if (!this.corked) {
      this.corked = true;
      raw.cork();
      process.nextTick(() => {
        this.corked = false;
        raw.uncork();
      });
    }
    if (raw.write(text)) return Promise.resolve();
    // Wait for a slow reader rather than buffering without bound; a disconnect ends the wait.
    return new Promise((resolve) => {
      const done = () => {
        this.reply.raw.off('drain', done);
        this.reply.raw.off('close', done);
        resolve();
      };
      this.reply.raw.once('drain', done);
      this.reply.raw.once('close', done);
    });
  }

  send(event: unknown): Promise<void> {
    return this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (this.corked) {
      this.corked = false;
      this.reply.raw.uncork();
    }
    if (this.isOpen) this.reply.raw.end();
    this.closed = true;
  }
}
