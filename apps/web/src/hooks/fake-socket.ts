import { vi } from 'vitest';

/**
 * For tests: a stand-in websocket the test drives by hand (open, deliver frames, fail, close), and a
 * `createSocket` factory that records every socket it makes, to pass to the websocket hooks.
 */
export class FakeSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: (() => void) | null = null;
  close = vi.fn(() => {
    this.readyState = 3;
  });
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** Delivers one frame; anything but a string is sent as its JSON text, as the server does. */
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const createSocket = (url: string, protocols: string[]) => {
    const socket = new FakeSocket(url, protocols);
    sockets.push(socket);
    return socket as unknown as WebSocket;
  };
  return { sockets, createSocket };
}
