/**
 * Past conversations (GET /api/chat/sessions): 'New chat', a search over their text (full-text, on the server)
 * and, per conversation, rename and delete. On a wide screen it is the left column; on a phone the same panel
 * opens from the 'Conversations' button (chat-page.tsx).
 */
import type { ChatSessionSummary } from '@qa/contracts';
import { Check, MessagesSquare, Pencil, Search, SquarePen, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { useChatSessions, useDeleteChatSession, useRenameChatSession } from '../api/get-chat-sessions';
import { snippetParts } from '../utils/snippet';

const SEARCH_DELAY_MS = 250;

export function ChatSidebar(props: {
  activeSessionId: string;
  onNewChat: () => void;
  onDeleted: (sessionId: string) => void;
}) {
  return (
    <aside
      className="hidden w-64 shrink-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs md:flex"
      aria-label="Conversations"
      data-testid="chat-sidebar"
    >
      <ConversationsPanel {...props} />
    </aside>
  );
}

export function ConversationsPanel({
  activeSessionId,
  onNewChat,
  onDeleted,
  onOpen,
}: {
  activeSessionId: string;
  onNewChat: () => void;
  onDeleted: (sessionId: string) => void;
  /** Called when a conversation is opened (the phone panel closes itself). */
  onOpen?: () => void;
}) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const sessions = useChatSessions(query);
  const [deleting, setDeleting] = useState<ChatSessionSummary | null>(null);
  const remove = useDeleteChatSession();

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-2 border-b border-slate-100 p-3">
        <Button variant="outline" className="w-full" onClick={onNewChat}>
          <SquarePen aria-hidden />
          New chat
        </Button>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search conversations"
            aria-label="Search conversations"
            className="h-9 pl-8"
          />
        </div>
      </div>
      <p className="px-4 pt-3 pb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
        {query.trim() ? 'Matching conversations' : 'Conversations'}
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
            <p className="mt-2 text-sm text-slate-500">
              {query.trim() ? 'No conversation matches' : 'No conversations yet'}
            </p>
          </div>
        ) : (
          <ul className="space-y-0.5">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.session_id}
                session={session}
                active={session.session_id === activeSessionId}
                onOpen={onOpen}
                onDelete={() => setDeleting(session)}
              />
            ))}
          </ul>
        )}
      </nav>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this conversation?"
        description={`“${deleting?.title || 'Untitled conversation'}” and its charts will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const id = deleting.session_id;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              onDeleted(id);
            },
          });
        }}
      >
        {remove.isError ? (
          <p role="alert" className="rounded-lg bg-pink-50 px-3 py-2 text-sm text-pink-900">
            {remove.error.message}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function SessionRow({
  session,
  active,
  onOpen,
  onDelete,
}: {
  session: ChatSessionSummary;
  active: boolean;
  onOpen?: (() => void) | undefined;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameChatSession();
  const label = session.title || 'Untitled conversation';

  if (editing) {
    return <SessionTitleEditor session={session} rename={rename} onClose={() => setEditing(false)} />;
  }

  return (
    <li className="group/session relative">
      <Link
        to={`/chat/${encodeURIComponent(session.session_id)}`}
        aria-current={active ? 'page' : undefined}
        data-testid="chat-session"
        onClick={onOpen}
        title={label}
        className={cn(
          // On a phone the rename and delete buttons always show beside the title; with a mouse they show on
          // hover (over the title's end), so the title has the whole row.
          'block rounded-lg py-2 pr-16 pl-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 md:pr-2.5 md:group-hover/session:pr-16 md:group-focus-within/session:pr-16',
          active ? 'bg-brand-50' : 'hover:bg-slate-50',
        )}
      >
        <span
          className={cn(
            'line-clamp-2 block text-sm font-medium break-words',
            active ? 'text-brand-700' : 'text-slate-800',
          )}
          data-testid="chat-session-title"
        >
          {label}
        </span>
        {session.snippet ? (
          <span
            className="mt-0.5 line-clamp-2 block text-xs text-slate-600"
            data-testid="chat-session-snippet"
          >
            {snippetParts(session.snippet).map((part, i) =>
              part.style === 'strong' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                <strong key={i} className="font-semibold text-slate-700">
                  {part.text}
                </strong>
              ) : part.style === 'em' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                <em key={i}>{part.text}</em>
              ) : part.style === 'code' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                <code key={i} className="font-mono">
                  {part.text}
                </code>
              ) : (
                part.text
              ),
            )}
          </span>
        ) : null}
        <span className={cn('mt-0.5 block truncate text-xs', active ? 'text-slate-700' : 'text-slate-600')}>
          {formatDateTime(session.updated_at)} · {session.message_count}{' '}
          {session.message_count === 1 ? 'message' : 'messages'}
        </span>
      </Link>
      {/* Always reachable by keyboard and touch; on a mouse they fade in on hover. */}
      <div className="absolute top-1.5 right-1 flex gap-0.5 opacity-100 transition-opacity md:opacity-0 md:group-hover/session:opacity-100 md:group-focus-within/session:opacity-100">
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-7"
          aria-label={`Rename ${label}`}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-7"
          aria-label={`Delete ${label}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/**
 * The row in place of a conversation while its title is edited, starting from the saved title:
 * Enter or the tick saves, Escape cancels.
 */
function SessionTitleEditor({
  session,
  rename,
  onClose,
}: {
  session: ChatSessionSummary;
  rename: ReturnType<typeof useRenameChatSession>;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(session.title);
  const save = () => {
    const next = title.trim();
    if (!next || next === session.title) return onClose();
    rename.mutate({ sessionId: session.session_id, title: next }, { onSuccess: onClose });
  };
  return (
    <li className="rounded-lg bg-slate-50 p-1.5" data-testid="chat-session-editing">
      <form
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          aria-label="Conversation title"
          maxLength={80}
          autoFocus
          className="h-8 px-2"
        />
        <Button
          type="submit"
          variant="ghost"
          size="icon-sm"
          aria-label="Save title"
          disabled={rename.isPending}
        >
          <Check aria-hidden />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label="Cancel rename" onClick={onClose}>
          <X aria-hidden />
        </Button>
      </form>
      {rename.isError ? (
        <p role="alert" className="mt-1 px-1 text-xs text-pink-700">
          {rename.error.message}
        </p>
      ) : null}
    </li>
  );
}
