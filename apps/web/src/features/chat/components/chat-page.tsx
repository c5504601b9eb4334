/**
 * /chat and /chat/:sessionId: the streaming analyst (spec §2 Chat screen). A new conversation gets an id
 * when the page loads; its first message puts the id in the URL (replace), so a reload restores it from the
 * server. Both paths are one route, so that URL change keeps the conversation mounted mid-stream; opening
 * another conversation, or /chat again, mounts a fresh one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { chatSessionsKey } from '../api/get-chat-sessions';
import { createSessionId } from '../utils/session-id';
import { ChatConversation } from './chat-conversation';
import { ChatSidebar } from './chat-sidebar';

export function ChatPage({ settingsPanel }: { settingsPanel?: ReactNode }) {
  useDocumentTitle('Chat');
  const { sessionId: routeId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [freshId, setFreshId] = useState(createSessionId);
  const [previousRouteId, setPreviousRouteId] = useState(routeId);
  if (previousRouteId !== routeId) {
    setPreviousRouteId(routeId);
    // Back at /chat after a conversation: start a new one.
    if (routeId === undefined) setFreshId(createSessionId());
  }
  const sessionId = routeId ?? freshId;

  const onFirstMessage = useCallback(() => {
    if (routeId === undefined) navigate(`/chat/${encodeURIComponent(sessionId)}`, { replace: true });
  }, [navigate, routeId, sessionId]);

  const onRequestSettled = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatSessionsKey });
  }, [queryClient]);

  const onNewChat = useCallback(() => navigate('/chat'), [navigate]);

  return (
    <div className="flex h-[calc(100dvh-9.5rem)] min-h-[32rem] gap-5" data-testid="chat-page">
      <ChatSidebar activeSessionId={sessionId} onNewChat={onNewChat} />
      <ChatConversation
        key={sessionId}
        sessionId={sessionId}
        restore={routeId !== undefined}
        onFirstMessage={onFirstMessage}
        onRequestSettled={onRequestSettled}
        onNewChat={onNewChat}
        settingsPanel={settingsPanel}
      />
    </div>
  );
}
