/** The live feeds in tests: a socket that keeps every message it receives, and polling until one arrives. */
import WebSocket from 'ws';

export interface OpenSocket<T> {
  socket: WebSocket;
  /** Every message so far, each JSON-parsed and then checked by the caller's `parse`. */
  messages: T[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Resolves once the socket is open (rejects on a failed handshake). */
export function connectSocket<T>(
  url: string,
  parse: (message: unknown) => T,
  protocols?: string[],
): Promise<OpenSocket<T>> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    const messages: T[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => {
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() }));
    });
    socket.on('message', (data) => messages.push(parse(JSON.parse(data.toString()))));
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

/** Polls `find` until it returns something, or throws after `timeoutMs`. */
export async function waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
