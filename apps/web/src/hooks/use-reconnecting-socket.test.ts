import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSocket, fakeSockets } from './fake-socket';
import { useReconnectingSocket } from './use-reconnecting-socket';

let sockets: FakeSocket[] = [];
let make: (url: string, protocols: string[]) => WebSocket;
let failNext = 0;
const createSocket = (url: string, protocols: string[]) => {
  if (failNext > 0) {
    failNext--;
    throw new Error('refused');
  }
  return make(url, protocols);
};

beforeEach(() => {
  ({ sockets, createSocket: make } = fakeSockets());
  failNext = 0;
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  window.localStorage.setItem('auth_token', 'tok-1');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const render = (onFrame: (data: unknown) => void = () => {}, path = '/ws/x') =>
  renderHook(
    (props: { path: string; onFrame: (data: unknown) => void }) =>
      useReconnectingSocket({ ...props, label: 'Test feed', reconnectMs: 1000, createSocket }),
    { initialProps: { path, onFrame } },
  );

describe('useReconnectingSocket', () => {
  it('connects to the API path with the bearer subprotocol and tracks open, error and close', () => {
    const { result } = render();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toMatch(/^ws:\/\/.+\/api\/ws\/x$/);
    expect(sockets[0]?.protocols).toEqual(['bearer', 'tok-1']);
    expect(result.current).toBe('disconnected');
    act(() => sockets[0]?.open());
    expect(result.current).toBe('connected');
    act(() => sockets[0]?.fail());
    expect(result.current).toBe('disconnected');
  });

  it('sends no subprotocol when signed out', () => {
    window.localStorage.clear();
    render();
    expect(sockets[0]?.protocols).toEqual([]);
  });

  it('hands each frame to the latest onFrame without reconnecting when it changes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(first);
    act(() => sockets[0]?.open());
    act(() => sockets[0]?.receive('a'));
    rerender({ path: '/ws/x', onFrame: second });
    act(() => sockets[0]?.receive('b'));
    expect(first.mock.calls).toEqual([['a']]);
    expect(second.mock.calls).toEqual([['b']]);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects one second after each close, with no limit', () => {
    const { result } = render();
    for (let attempt = 1; attempt <= 4; attempt++) {
      act(() => sockets[attempt - 1]?.open());
      expect(result.current).toBe('connected');
      act(() => sockets[attempt - 1]?.drop());
      expect(result.current).toBe('disconnected');
      act(() => vi.advanceTimersByTime(999));
      expect(sockets).toHaveLength(attempt);
      act(() => vi.advanceTimersByTime(1));
      expect(sockets).toHaveLength(attempt + 1);
    }
  });

  it('retries one second later when the socket cannot be created', () => {
    failNext = 2;
    const { result } = render();
    expect(sockets).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1000));
    expect(sockets).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1000));
    expect(sockets).toHaveLength(1);
    act(() => sockets[0]?.open());
    expect(result.current).toBe('connected');
  });

  it('on teardown closes an open socket and stops reconnecting', () => {
    const { unmount } = render();
    const socket = sockets[0] as FakeSocket;
    act(() => socket.open());
    unmount();
    expect(socket.close).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(5000));
    expect(sockets).toHaveLength(1);
  });

  it('on teardown leaves a closed socket alone and cancels a pending reconnect', () => {
    const { unmount } = render();
    const socket = sockets[0] as FakeSocket;
    act(() => socket.drop());
    unmount();
    expect(socket.close).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    expect(sockets).toHaveLength(1);
  });

  it('closes a socket still connecting at teardown the moment it opens', () => {
    const frames = vi.fn();
    const { unmount } = render(frames);
    const socket = sockets[0] as FakeSocket;
    unmount();
    expect(socket.close).not.toHaveBeenCalled();
    socket.open();
    expect(socket.close).toHaveBeenCalledOnce();
    socket.receive('late');
    expect(frames).not.toHaveBeenCalled();
  });

  it('reconnects to the new path when the path changes, closing the old socket', () => {
    const { rerender } = render();
    act(() => sockets[0]?.open());
    rerender({ path: '/ws/y', onFrame: () => {} });
    expect(sockets[0]?.close).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toMatch(/\/api\/ws\/y$/);
  });
});
