/** The left column: 'New chat' and the signed-in user's past conversations (GET /api/chat/sessions). */
import { MessagesSquare, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { useChatSessions } from '../api/get-chat-sessions';

export function ChatSidebar({
  activeSessionId,
  onNewChat,
}: {
  activeSessionId: string;
  onNewChat: () => void;
}) {
  const sessions = useChatSessions();
  return (
    <aside
      className="hidden w-64 shrink-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs md:flex"
      aria-label="Conversations"
      data-testid="chat-sidebar"
    >
      <div className="border-b border-slate-100 p-3">
        <Button variant="outline" className="w-full" onClick={onNewChat}>
          <SquarePen aria-hidden />
          New chat
        </Button>
      </div>
      <p className="px-4 pt-3 pb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
        Conversations
      </p>
      <nav className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {sessions.isPending ? (
          <div className="flex items-center gap-2 px-2 py-3 text-sm text-slate-500">
            <Spinner className="size-4" label="Loading conversations" />
            Loading conversations...
          </div>
        ) : sessions.isError ? (
          <p className="px-2 py-3 text-sm text-slate-500">Could not load conversations.</p>
        ) : sessions.data.length === 0 ? (
          <div className="flex flex-col items-center px-3 py-8 text-center">
            <MessagesSquare aria-hidden className="size-6 text-slate-300" />
            <p className="mt-2 text-sm text-slate-500">No conversations yet</p>
          </div>
        ) : (
          <ul className="space-y-0.5">
            {sessions.data.map((session) => {
              const active = session.session_id === activeSessionId;
              return (
                <li key={session.session_id}>
                  <Link
                    to={`/chat/${encodeURIComponent(session.session_id)}`}
                    aria-current={active ? 'page' : undefined}
                    data-testid="chat-session"
                    className={cn(
                      'block rounded-lg px-2.5 py-2 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      active ? 'bg-brand-50' : 'hover:bg-slate-50',
                    )}
                  >
                    <span
                      className={cn(
                        'block truncate text-sm font-medium',
                        active ? 'text-brand-700' : 'text-slate-800',
                      )}
                    >
                      {session.title || 'Untitled conversation'}
                    </span>
                    <span className="mt-0.5 block truncate text-xs text-slate-500">
                      {formatDateTime(session.updated_at)} · {session.message_count}{' '}
                      {session.message_count === 1 ? 'message' : 'messages'}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </nav>
    </aside>
  );
}
