/**
 * One conversation: restores it from GET /api/chat/history/{id} when opened by URL, sends messages (the
 * stream when the v2 flag is on, the older whole-reply call otherwise) and stops them. Each request owns an
 * AbortController; Stop aborts it and the reducer adds 'Request cancelled by user'. Leaving the screen
 * aborts silently.
 */
import type { ChatRequest } from '@qa/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getChatHistory } from '../api/get-chat-history';
import { sendChatMessage } from '../api/send-chat-message';
import { streamChatMessage } from '../api/stream-chat-message';
import { chatFailure, isAbortError } from '../utils/chat-errors';
import { chatReducer, initialChatState } from '../utils/chat-state';
import { createSessionId } from '../utils/session-id';

export type HistoryStatus = 'idle' | 'loading' | 'error' | 'not_found';

const nowIso = () => new Date().toISOString();

export function useChat({
  sessionId,
  restore,
  streaming,
  model,
  onFirstMessage,
  onRequestSettled,
}: {
  sessionId: string;
  /** Load the saved conversation first (opened by URL or from the list). */
  restore: boolean;
  streaming: boolean;
  model: string | null;
  onFirstMessage?: () => void;
  onRequestSettled?: () => void;
}) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [historyStatus, setHistoryStatus] = useState<HistoryStatus>(restore ? 'loading' : 'idle');
  const controllerRef = useRef<AbortController | null>(null);
  const mountedRef = useRef(true);
  const sentRef = useRef(false);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      controllerRef.current?.abort();
    };
  }, []);

  useEffect(() => {
    if (!restore) return;
    const controller = new AbortController();
    setHistoryStatus('loading');
    getChatHistory({ sessionId, signal: controller.signal })
      .then((history) => {
        sentRef.current = history.messages.length > 0;
        dispatch({ type: 'history_loaded', history });
        setHistoryStatus('idle');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Could not load the conversation', error);
        setHistoryStatus(error instanceof ApiError && error.status === 404 ? 'not_found' : 'error');
      });
    return () => controller.abort();
  }, [restore, sessionId]);

  const send = useCallback(
    async (text: string, options: { replaceFrom?: number; alternative?: number } = {}): Promise<boolean> => {
      const message = text.trim();
      if (!message || controllerRef.current) return false;
      const controller = new AbortController();
      controllerRef.current = controller;
      const { replaceFrom, alternative } = options;
      dispatch({
        type: 'request_started',
        id: createSessionId(),
        content: message,
        now: nowIso(),
        replaceFrom,
      });
      if (!sentRef.current) {
        sentRef.current = true;
        onFirstMessage?.();
      }
      const request: ChatRequest = {
        message,
        session_id: sessionId,
        ...(model ? { model } : {}),
        ...(replaceFrom !== undefined ? { replace_from: replaceFrom } : {}),
        // A "Did you mean" choice on the latest answer: its reading is answered directly.
        ...(alternative !== undefined ? { alternative } : {}),
      };
      try {
        if (streaming) {
          await streamChatMessage({
            request,
            signal: controller.signal,
            onEvent: (event) => {
              if (mountedRef.current)
                dispatch({ type: 'stream_event', event, id: createSessionId(), now: nowIso() });
            },
          });
        } else {
          const reply = await sendChatMessage({ request, signal: controller.signal });
          if (mountedRef.current)
            dispatch({ type: 'reply_received', message: reply.message, usage: reply.usage });
        }
        if (mountedRef.current) dispatch({ type: 'request_finished', now: nowIso() });
      } catch (error) {
        if (!mountedRef.current) return true;
        if (controller.signal.aborted || isAbortError(error)) {
          dispatch({ type: 'request_cancelled', id: createSessionId(), now: nowIso() });
        } else {
          console.error('Chat request failed', error);
          const failure = chatFailure(error);
          dispatch({
            type: 'request_failed',
            id: createSessionId(),
            message: failure.message,
            detail: failure.detail,
            now: nowIso(),
          });
        }
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        onRequestSettled?.();
      }
      return true;
    },
    [sessionId, streaming, model, onFirstMessage, onRequestSettled],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { state, historyStatus, send, stop };
}
