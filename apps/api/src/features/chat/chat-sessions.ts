/**
 * A user's conversations: created with the first question (titled by it), listed and searched, read back,
 * renamed and deleted. Someone else's conversation is "not found", exactly like one that does not exist.
 */
import { randomBytes } from 'node:crypto';
import type { ChatHistory, ChatSessionSummary, ChatShareResponse, SharedConversation } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { ChartService } from '../charts/charts.service.js';
import type { VerifiedStore } from '../verified/verified-store.js';
import {
  createSession,
  deleteSession,
  getSession,
  listMessages,
  listSessions,
  renameSession,
  searchSessions,
  sessionUsage,
} from './chat.queries.js';
import { contextPlan, toChatMessage } from './chat-messages.js';
import { sessionFlat } from './chat-usage.js';

const SESSIONS_LISTED = 50;
const TITLE_CHARS = 80;
const NOT_FOUND = 'Chat session not found';

export const titleFrom = (message: string) => message.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS);

/** The conversation of a new question: an existing one must be the user's own, a new one is titled by it. */
export async function ensureSession(
  db: AppDb,
  user: RequestUser,
  sessionId: string,
  message: string,
): Promise<void> {
  const existing = await getSession({ db, id: sessionId });
  if (existing) {
    if (existing.user_id !== user.id) throw AppError.notFound(NOT_FOUND);
    return;
  }
  const title = titleFrom(message);
  // Lost a race with another request creating the same id: it is ours only if it was our own request.
  if (!(await createSession({ db, row: { id: sessionId, user_id: user.id, title } }))) {
    const created = await getSession({ db, id: sessionId });
    if (created?.user_id !== user.id) throw AppError.notFound(NOT_FOUND);
  }
}

export async function ownSession(db: AppDb, user: RequestUser, sessionId: string) {
  const session = await getSession({ db, id: sessionId });
  if (!session || session.user_id !== user.id) throw AppError.notFound(NOT_FOUND);
  return session;
}

export async function sessionHistory(
  { db, charts, verified }: { db: AppDb; charts: ChartService; verified?: VerifiedStore | undefined },
  user: RequestUser,
  sessionId: string,
): Promise<ChatHistory> {
  await ownSession(db, user, sessionId);
  const rows = await listMessages({ db, sessionId });
  const totals = await sessionUsage({ db, userId: user.id, sessionId });
  // The "Verified" badge of each answer whose plan has a verified shape.
  const badges = verified ? await verified.badgesFor(rows.map((row) => contextPlan(row.plan))) : [];
  return {
    session_id: sessionId,
    messages: rows.map((row, index) => {
      const message = toChatMessage(charts, row, user);
      const badge = badges[index];
      return badge ? { ...message, verified: badge } : message;
    }),
    usage: sessionFlat(totals),
  };
}

/** The user's conversations, newest first; with `q`, those matching it (full-text), best first. */
export async function userSessions(db: AppDb, user: RequestUser, q?: string): Promise<ChatSessionSummary[]> {
  const rows = q
    ? await searchSessions({ db, userId: user.id, q, limit: SESSIONS_LISTED })
    : await listSessions({ db, userId: user.id, limit: SESSIONS_LISTED });
  return rows.map((row) => {
    const snippet = (row as { snippet?: string | null }).snippet?.replace(/\s+/g, ' ').trim();
    return {
      session_id: row.id,
      title: row.title,
      updated_at: new Date(row.updated_at).toISOString(),
      message_count: Number(row.message_count ?? 0),
      ...(snippet ? { snippet } : {}),
    };
  });
}

export async function renameUserSession(
  db: AppDb,
  user: RequestUser,
  sessionId: string,
  title: string,
): Promise<ChatSessionSummary> {
  await ownSession(db, user, sessionId);
  await renameSession({ db, id: sessionId, title });
  const session = (await listSessions({ db, userId: user.id, limit: SESSIONS_LISTED })).find(
    (row) => row.id === sessionId,
  );
  return {
    session_id: sessionId,
    title,
    updated_at: new Date(session?.updated_at ?? Date.now()).toISOString(),
    message_count: Number(session?.message_count ?? 0),
  };
}

export const SHARED_NOT_FOUND = 'Shared conversation not found';

/** The conversation's stable read-only link for other signed-in users (made once, kept until it is deleted). */
export async function shareUserSession(
  db: AppDb,
  user: RequestUser,
  sessionId: string,
): Promise<ChatShareResponse> {
  const session = await ownSession(db, user, sessionId);
  let shareId = session.share_id;
  if (!shareId) {
    shareId = randomBytes(18).toString('base64url');
    await db.updateTable('chat_sessions').set({ share_id: shareId }).where('id', '=', sessionId).execute();
  }
  return { share_id: shareId, path: `/shared/conversations/${shareId}` };
}

/**
 * A shared conversation as any signed-in user reads it: its messages, with no way to continue it. Chart links are
 * signed for the viewer, who cannot open another user's charts, so a shared conversation shows its tables, not
 * its charts. A deleted conversation (or an unknown link) is 404.
 */
export async function sharedConversation(
  { db, charts, verified }: { db: AppDb; charts: ChartService; verified?: VerifiedStore | undefined },
  user: RequestUser,
  shareId: string,
): Promise<SharedConversation> {
  const session = shareId
    ? await db.selectFrom('chat_sessions').selectAll().where('share_id', '=', shareId).executeTakeFirst()
    : undefined;
  if (!session) throw AppError.notFound(SHARED_NOT_FOUND);
  const owner = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', session.user_id)
    .executeTakeFirst();
  const rows = await listMessages({ db, sessionId: session.id });
  const badges = verified ? await verified.badgesFor(rows.map((row) => contextPlan(row.plan))) : [];
  return {
    title: session.title,
    owner_email: owner?.email ?? '',
    messages: rows.map((row, index) => {
      const message = toChatMessage(charts, row, user);
      const badge = badges[index];
      return badge ? { ...message, verified: badge } : message;
    }),
  };
}

export async function removeUserSession(db: AppDb, user: RequestUser, sessionId: string): Promise<void> {
  await ownSession(db, user, sessionId);
  await deleteSession({ db, id: sessionId, userId: user.id });
}
