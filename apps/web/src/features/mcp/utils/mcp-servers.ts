/**
 * MCP server list helpers. The list loads in three phases (static
 * list, then configuration, then live status); each phase's answer is merged over the previous one by id,
 * so what is already known stays on screen while the slower phases arrive.
 */
import type { McpServer, McpTier } from '@qa/contracts';

export type RawServer = Partial<McpServer> & { id: string };

export const MCP_TEXTS = {
  loadFailed: 'Failed to load MCP servers',
  toggleFailed: 'Failed to toggle server',
  deleteFailed: 'Failed to delete server',
  addFailed: 'Failed to add custom server',
  noCustomServers: 'No custom servers added yet.',
  noServers: 'No MCP servers configured.',
} as const;

const TIERS: readonly McpTier[] = ['core', 'optional', 'user'];

/** Fills the fields a phase may leave out, so the list can render after any phase. */
export function normaliseServer(raw: RawServer): McpServer {
  const tier: McpTier = TIERS.includes(raw.tier as McpTier) ? (raw.tier as McpTier) : 'optional';
  return {
    id: raw.id,
    name: raw.name ?? raw.id,
    description: raw.description ?? '',
    command: raw.command ?? '',
    args: Array.isArray(raw.args) ? raw.args : [],
    status: raw.status ?? 'loading',
    enabled: raw.enabled ?? tier === 'core',
    tier,
    can_toggle: raw.can_toggle ?? tier !== 'core',
    can_delete: raw.can_delete ?? tier === 'user',
    error_message: raw.error_message ?? null,
    tools: Array.isArray(raw.tools) ? raw.tools : [],
    ...(raw.config ? { config: raw.config } : {}),
  };
}

/**
 * Merges a later phase over what is shown. Servers the later phase lists replace their earlier fields
 * (tools only when it sent some); servers it does not list are dropped, unless `keepMissing`.
 */
export function mergeServers(current: McpServer[], next: McpServer[], keepMissing = false): McpServer[] {
  const byId = new Map(current.map((server) => [server.id, server]));
  const merged = next.map((server) => {
    const before = byId.get(server.id);
    if (!before) return server;
    return { ...before, ...server, tools: server.tools.length ? server.tools : before.tools };
  });
  if (keepMissing) {
    const seen = new Set(next.map((s) => s.id));
    for (const server of current) if (!seen.has(server.id)) merged.push(server);
  }
  return merged;
}

export function replaceServer(servers: McpServer[], server: McpServer): McpServer[] {
  return servers.map((s) => (s.id === server.id ? server : s));
}

/** Core first, then optional, then the user's own; the order within a tier is the server's. */
export function serversByTier(servers: McpServer[]): Record<McpTier, McpServer[]> {
  return {
    core: servers.filter((s) => s.tier === 'core'),
    optional: servers.filter((s) => s.tier === 'optional'),
    user: servers.filter((s) => s.tier === 'user'),
  };
}

export type StatusTone = 'connected' | 'error' | 'loading' | 'other';

export function statusTone(status: string): StatusTone {
  if (status === 'connected' || status === 'error' || status === 'loading') return status;
  return 'other';
}
