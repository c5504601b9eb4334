/**
 * /chat and /chat/:sessionId: the streaming analyst. A new conversation gets an id
 * when the page loads; its first message puts the id in the URL (replace), so a reload restores it from the
 * server. Both paths are one route, so that URL change keeps the conversation mounted mid-stream; opening
 * another conversation, or /chat again, mounts a fresh one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { PanelLeft } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { chatSessionsKey } from '../api/get-chat-sessions';
import { createSessionId } from '../utils/session-id';
import { ChatConversation } from './chat-conversation';
import { ChatSidebar, ConversationsPanel } from './chat-sidebar';

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

  const [panelOpen, setPanelOpen] = useState(false);
  const onNewChat = useCallback(() => {
    setPanelOpen(false);
    navigate('/chat');
  }, [navigate]);
  // Deleting the open conversation leaves it: a new one starts.
  const onDeleted = useCallback(
    (deletedId: string) => {
      if (deletedId === sessionId) navigate('/chat');
    },
    [navigate, sessionId],
  );

  return (
    <div
      className="flex h-[calc(100dvh-9.5rem)] min-h-[32rem] flex-col gap-3 md:flex-row md:gap-5"
      data-testid="chat-page"
    >
      {/* The page's one h1: the screen is laid out edge to edge, so its title is for screen readers. */}
      <h1 className="sr-only">Chat with the broadband analyst</h1>
      {/* On a phone the list is one tap away instead of a column. */}
      <div className="flex md:hidden">
        <Button variant="outline" size="sm" onClick={() => setPanelOpen(true)}>
          <PanelLeft aria-hidden />
          Conversations
        </Button>
      </div>
      <Modal
        open={panelOpen}
        onOpenChange={setPanelOpen}
        title="Conversations"
        data-testid="chat-conversations-panel"
      >
        <div className="-mx-6 -my-5 flex h-[60dvh] flex-col">
          <ConversationsPanel
            activeSessionId={sessionId}
            onNewChat={onNewChat}
            onDeleted={onDeleted}
            onOpen={() => setPanelOpen(false)}
          />
        </div>
      </Modal>
      <ChatSidebar activeSessionId={sessionId} onNewChat={onNewChat} onDeleted={onDeleted} />
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
