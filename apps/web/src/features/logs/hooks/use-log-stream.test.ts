import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLogStream } from './use-log-stream';

/** A stand-in socket the test drives by hand: open, deliver frames, close. */
class FakeSocket {
  static all: FakeSocket[] = [];
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
  ) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(entry: unknown) {
    this.onmessage?.({ data: JSON.stringify(entry) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const createSocket = (url: string, protocols: string[]) =>
  new FakeSocket(url, protocols) as unknown as WebSocket;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  window.localStorage.setItem('auth_token', 'tok-9');
});
afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('useLogStream', () => {
  it('starts disconnected and authenticates with the bearer subprotocol pair', () => {
    const { result } = renderHook(() => useLogStream({ createSocket }));
    expect(result.current.status).toBe('disconnected');
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0]?.url).toMatch(/^ws:\/\/.+\/api\/ws\/logs$/);
    expect(FakeSocket.all[0]?.protocols).toEqual(['bearer', 'tok-9']);
    act(() => FakeSocket.all[0]?.open());
    expect(result.current.status).toBe('connected');
  });

  it('keeps only the newest entries up to the cap, and clears', () => {
    const { result } = renderHook(() => useLogStream({ createSocket, cap: 3 }));
    const socket = FakeSocket.all[0]!;
    act(() => {
      socket.open();
      for (let i = 1; i <= 5; i++)
        socket.send({ time: '2025-01-01T00:00:00Z', level: 'info', msg: `line ${i}` });
    });
    expect(result.current.entries.map((e) => e.msg)).toEqual(['line 3', 'line 4', 'line 5']);
    act(() => result.current.clear());
    expect(result.current.entries).toEqual([]);
  });

  it('goes disconnected on close and reconnects one second later', () => {
    const { result } = renderHook(() => useLogStream({ createSocket }));
    act(() => FakeSocket.all[0]?.open());
    act(() => FakeSocket.all[0]?.drop());
    expect(result.current.status).toBe('disconnected');
    act(() => vi.advanceTimersByTime(999));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1]?.open());
    expect(result.current.status).toBe('connected');
  });

  it('closes an open socket on teardown and does not reconnect', () => {
    const { unmount } = renderHook(() => useLogStream({ createSocket }));
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    unmount();
    expect(socket.close).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(5000));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not close a socket that is not open at teardown, but closes it if it opens later', () => {
    const { unmount } = renderHook(() => useLogStream({ createSocket }));
    const socket = FakeSocket.all[0]!;
    unmount();
    expect(socket.close).not.toHaveBeenCalled();
    socket.open();
    expect(socket.close).toHaveBeenCalledOnce();
  });
});
