/**
 * The id of this tab's progress channel: sent with each question (`progress_channel`) and used to open the
 * progress websocket, so the server pushes a question's progress to the tab that asked it and no other.
 * One per page load: a second tab, or a reload, gets its own.
 */
let channelId: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-http deployments still get an unguessable enough id.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function getProgressChannelId(): string {
  channelId ??= randomId();
  return channelId;
}
