/**
 * Comments on a query: each with its author and time, an add box that needs
 * non-blank text (sent trimmed), and Delete, after a confirmation, for the author only.
 */
import type { Comment } from '@qa/contracts';
import { MessagesSquare, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ResultSection } from '../../../components/query-result/result-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format-date';
import { useComments, useCreateComment, useDeleteComment } from '../api/comments';
import { HISTORY_MESSAGES } from '../utils/history-messages';

export function CommentsPanel({ queryId, viewerEmail }: { queryId: string; viewerEmail: string }) {
  const comments = useComments({ queryId });
  const create = useCreateComment({ queryId });
  const remove = useDeleteComment({ queryId });
  const [text, setText] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Comment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = comments.data ?? [];
  const me = viewerEmail.toLowerCase();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const commentText = text.trim();
    if (!commentText) return;
    setAddError(null);
    const comment = await create.mutateAsync(commentText);
    if (comment) setText('');
    else setAddError('Failed to add comment');
  };

  const onConfirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleteError(null);
    const deleted = await remove.mutateAsync(pendingDelete.id);
    if (deleted) setPendingDelete(null);
    else setDeleteError('Failed to delete comment');
  };

  return (
    <ResultSection
      title="Comments"
      icon={MessagesSquare}
      data-testid="comments-panel"
      badge={list.length ? <span className="text-sm text-slate-600 tabular-nums">{list.length}</span> : null}
    >
      {comments.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" label="Loading comments" /> Loading comments...
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">{HISTORY_MESSAGES.noComments}</p>
      ) : (
        <ul className="space-y-4" data-testid="comment-list">
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              mine={comment.user_email.toLowerCase() === me}
              onDelete={() => {
                setDeleteError(null);
                setPendingDelete(comment);
              }}
            />
          ))}
        </ul>
      )}

      <form onSubmit={onAdd} className="mt-5 space-y-2.5 border-t border-slate-100 pt-4">
        <label htmlFor={`comment-input-${queryId}`} className="sr-only">
          Add a comment
        </label>
        <Textarea
          id={`comment-input-${queryId}`}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Add a comment..."
          disabled={create.isPending}
        />
        {addError ? <ErrorAlert>{addError}</ErrorAlert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={!text.trim() || create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Comment'}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete comment?"
        description="This comment will be removed for everyone. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void onConfirmDelete()}
      >
        {deleteError ? <ErrorAlert>{deleteError}</ErrorAlert> : null}
      </ConfirmDialog>
    </ResultSection>
  );
}

/** One comment: the author's initial, address and time, the text, and Delete for the author. */
function CommentItem({ comment, mine, onDelete }: { comment: Comment; mine: boolean; onDelete: () => void }) {
  return (
    <li
      id={`comment-${comment.id}`}
      data-comment-id={comment.id}
      className="flex gap-3"
      data-testid="comment"
    >
      <span
        aria-hidden
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600"
      >
        {comment.user_email.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-medium text-slate-900">{comment.user_email}</span>
          <time dateTime={comment.created_at} className="text-xs text-slate-500 tabular-nums">
            {formatDateTime(comment.created_at)}
          </time>
          {mine ? (
            <Button variant="danger-ghost" size="sm" className="ml-auto h-7 px-2" onClick={onDelete}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          ) : null}
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{comment.comment_text}</p>
      </div>
    </li>
  );
}
