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

/** An absolute path in a server's message: /a/b/c, possibly with a glob (/opt/mcp/**). */
const ABSOLUTE_PATH = /(?<![\w.:/])\/(?:[\w.@+*-]+\/)*[\w.@+*-]+\/?/g;
export const SERVER_PATH = 'a path on the server';

/**
 * A refusal as the form shows it: paths the user typed stay (they name what was refused), the server's own paths
 * (where a program or link really leads, its data folders, the allowlist's locations) are not shown.
 */
export function withoutServerPaths(message: string, typed: string): string {
  return message.replace(ABSOLUTE_PATH, (found) => {
    // A sentence's full stop after a path is not part of it.
    const stop = /\.+$/.exec(found)?.[0] ?? '';
    const path = stop ? found.slice(0, -stop.length) : found;
    return (typed.includes(path) ? path : SERVER_PATH) + stop;
  });
}
