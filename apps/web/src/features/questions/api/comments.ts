/**
 * Comments on a query: listing answers an empty list on error, adding answers the comment or null,
 * deleting answers true or false; failures are logged.
 */
import type { Comment } from '@qa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const commentsKey = (queryId: string) => ['comments', queryId] as const;

export async function getComments({ queryId }: { queryId: string }): Promise<Comment[]> {
  try {
    const body = await api.get<Comment[] | { comments: Comment[] }>(
      `/history/comments/${encodeURIComponent(queryId)}`,
    );
    return Array.isArray(body) ? body : Array.isArray(body?.comments) ? body.comments : [];
  } catch (error) {
    console.error('Could not load comments', error);
    return [];
  }
}

export async function createComment({
  queryId,
  commentText,
}: {
  queryId: string;
  commentText: string;
}): Promise<Comment | null> {
  try {
    return await api.post<Comment>(`/history/comments/${encodeURIComponent(queryId)}`, {
      comment_text: commentText,
    });
  } catch (error) {
    console.error('Could not add the comment', error);
    return null;
  }
}

export async function deleteComment({ commentId }: { commentId: string }): Promise<boolean> {
  try {
    const body = await api.delete<unknown>(`/history/comments/${encodeURIComponent(commentId)}`);
    if (body === false) return false;
    if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) return false;
    return true;
  } catch (error) {
    console.error('Could not delete the comment', error);
    return false;
  }
}

export function useComments({ queryId }: { queryId: string }) {
  return useQuery({ queryKey: commentsKey(queryId), queryFn: () => getComments({ queryId }), staleTime: 0 });
}

export function useCreateComment({ queryId }: { queryId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentText: string) => createComment({ queryId, commentText }),
    onSuccess: (comment) => {
      if (comment) void queryClient.invalidateQueries({ queryKey: commentsKey(queryId) });
    },
  });
}

export function useDeleteComment({ queryId }: { queryId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment({ commentId }),
    onSuccess: (deleted) => {
      if (deleted) void queryClient.invalidateQueries({ queryKey: commentsKey(queryId) });
    },
  });
}
