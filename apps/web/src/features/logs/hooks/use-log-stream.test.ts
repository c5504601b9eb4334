import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSocket, fakeSockets } from '../../../hooks/fake-socket';
import { useLogStream } from './use-log-stream';

let sockets: FakeSocket[] = [];
let createSocket: (url: string, protocols: string[]) => WebSocket;

beforeEach(() => {
  ({ sockets, createSocket } = fakeSockets());
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
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toMatch(/^ws:\/\/.+\/api\/ws\/logs$/);
    expect(sockets[0]?.protocols).toEqual(['bearer', 'tok-9']);
    act(() => sockets[0]?.open());
    expect(result.current.status).toBe('connected');
  });

  it('keeps only the newest entries up to the cap, and clears', () => {
    const { result } = renderHook(() => useLogStream({ createSocket, cap: 3 }));
    const socket = sockets[0]!;
    act(() => {
      socket.open();
      for (let i = 1; i <= 5; i++)
        socket.receive({ time: '2025-01-01T00:00:00Z', level: 'info', msg: `line ${i}` });
    });
    expect(result.current.entries.map((e) => e.msg)).toEqual(['line 3', 'line 4', 'line 5']);
    act(() => result.current.clear());
    expect(result.current.entries).toEqual([]);
  });

  it('goes disconnected on close and reconnects one second later', () => {
    const { result } = renderHook(() => useLogStream({ createSocket }));
    act(() => sockets[0]?.open());
    act(() => sockets[0]?.drop());
    expect(result.current.status).toBe('disconnected');
    act(() => vi.advanceTimersByTime(999));
    expect(sockets).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(sockets).toHaveLength(2);
    act(() => sockets[1]?.open());
    expect(result.current.status).toBe('connected');
  });

  it('closes an open socket on teardown and does not reconnect', () => {
    const { unmount } = renderHook(() => useLogStream({ createSocket }));
    const socket = sockets[0]!;
    act(() => socket.open());
    unmount();
    expect(socket.close).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(5000));
    expect(sockets).toHaveLength(1);
  });

  it('does not close a socket that is not open at teardown, but closes it if it opens later', () => {
    const { unmount } = renderHook(() => useLogStream({ createSocket }));
    const socket = sockets[0]!;
    unmount();
    expect(socket.close).not.toHaveBeenCalled();
    socket.open();
    expect(socket.close).toHaveBeenCalledOnce();
  });
});
