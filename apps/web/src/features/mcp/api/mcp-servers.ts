/** The /api/mcp calls. Lists answer {servers}; single-server answers are read either bare or as {server}. */
import type { CustomMcpConfig, McpServer } from '@qa/contracts';
import { api } from '../../../lib/api-client';
import { normaliseServer, type RawServer } from '../utils/mcp-servers';

type ServersBody = { servers?: RawServer[] } | RawServer[];

function serversOf(body: ServersBody): McpServer[] {
  const list = Array.isArray(body) ? body : (body?.servers ?? []);
  return list.map(normaliseServer);
}

function serverOf(body: { server?: RawServer } | RawServer | undefined): McpServer | null {
  if (!body || typeof body !== 'object') return null;
  const raw = 'server' in body && body.server && typeof body.server === 'object' ? body.server : body;
  return raw && typeof (raw as RawServer).id === 'string' ? normaliseServer(raw as RawServer) : null;
}

/** Phase 1: the servers that exist (fast, no process is started). */
export async function getStaticServers(): Promise<McpServer[]> {
  return serversOf(await api.get<ServersBody>('/mcp/servers/static'));
}

/** Phase 2: with this user's configuration (enabled, tier rights). */
export async function getConfiguredServers(): Promise<McpServer[]> {
  return serversOf(await api.get<ServersBody>('/mcp/servers/config'));
}

/** Phase 3: with live status, tools and errors. */
export async function getLiveServers(): Promise<McpServer[]> {
  return serversOf(await api.get<ServersBody>('/mcp/servers'));
}

export async function getServer({ id }: { id: string }): Promise<McpServer | null> {
  return serverOf(await api.get(`/mcp/servers/${encodeURIComponent(id)}`));
}

export async function toggleServer({ id, enabled }: { id: string; enabled: boolean }): Promise<void> {
  await api.post(`/mcp/servers/${encodeURIComponent(id)}/toggle`, { enabled });
}

export async function addCustomServer({
  name,
  config,
}: {
  name: string;
  config: CustomMcpConfig;
}): Promise<McpServer | null> {
  return serverOf(await api.post('/mcp/servers/user', { name, config }));
}

export async function deleteCustomServer({ id }: { id: string }): Promise<void> {
  await api.delete(`/mcp/servers/user/${encodeURIComponent(id)}`);
}
