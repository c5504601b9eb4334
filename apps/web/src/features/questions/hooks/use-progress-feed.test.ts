import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSocket, fakeSockets } from '../../../hooks/fake-socket';
import { useProgressFeed } from './use-progress-feed';

let sockets: FakeSocket[] = [];
let createSocket: (url: string, protocols: string[]) => WebSocket;

beforeEach(() => {
  ({ sockets, createSocket } = fakeSockets());
  vi.useFakeTimers();
  window.localStorage.setItem('auth_token', 'tok');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('useProgressFeed', () => {
  it('connects to this tab’s channel with the bearer subprotocol and tracks the connection', () => {
    const { result } = renderHook(() => useProgressFeed({ channel: 'tab 1', createSocket }));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toMatch(/\/api\/ws\/progress\?channel=tab%201$/);
    expect(sockets[0]?.protocols).toEqual(['bearer', 'tok']);
    expect(result.current.status).toBe('disconnected');
    act(() => sockets[0]?.open());
    expect(result.current.status).toBe('connected');
  });

  it('keeps messages, drops pings, and keeps only the newest ones', () => {
    const { result } = renderHook(() => useProgressFeed({ channel: 'c', cap: 3, createSocket }));
    act(() => {
      sockets[0]?.open();
      for (const message of ['a', 'ping', 'b', 'c', 'd']) sockets[0]?.receive({ message, stage: 's' });
    });
    expect(result.current.messages.map((m) => m.message)).toEqual(['b', 'c', 'd']);
    act(() => result.current.clear());
    expect(result.current.messages).toEqual([]);
  });

  it('reconnects 1 s after a close, with no limit', () => {
    const { result } = renderHook(() => useProgressFeed({ channel: 'c', createSocket }));
    for (let attempt = 1; attempt <= 3; attempt++) {
      act(() => sockets[attempt - 1]?.drop());
      expect(result.current.status).toBe('disconnected');
      act(() => vi.advanceTimersByTime(999));
      expect(sockets).toHaveLength(attempt);
      act(() => vi.advanceTimersByTime(1));
      expect(sockets).toHaveLength(attempt + 1);
    }
  });

  it('on teardown closes the socket only if it is open, and does not reconnect', () => {
    const first = renderHook(() => useProgressFeed({ channel: 'c', createSocket }));
    act(() => sockets[0]?.open());
    first.unmount();
    expect(sockets[0]?.close).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(sockets).toHaveLength(1);

    const second = renderHook(() => useProgressFeed({ channel: 'c', createSocket }));
    const closed = sockets[1] as FakeSocket;
    act(() => closed.drop());
    second.unmount();
    expect(closed.close).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    expect(sockets).toHaveLength(2);
  });
});
