import { z } from 'zod';
import { storableText } from './common.js';

export const mcpTierSchema = z.enum(['core', 'optional', 'user']);
export type McpTier = z.infer<typeof mcpTierSchema>;

export const mcpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  command: z.string(),
  args: z.array(z.string()),
  status: z.string(),
  enabled: z.boolean(),
  tier: mcpTierSchema,
  can_toggle: z.boolean(),
  can_delete: z.boolean(),
  error_message: z.string().nullable(),
  tools: z.array(z.object({ name: z.string(), description: z.string() })),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type McpServer = z.infer<typeof mcpServerSchema>;

export const mcpServersResponseSchema = z.object({ servers: z.array(mcpServerSchema) });
export type McpServersResponse = z.infer<typeof mcpServersResponseSchema>;

export const mcpToggleRequestSchema = z.object({ enabled: z.boolean() });

/** The texts of the custom server form, checked on both sides. */
export const MCP_CONFIG_MESSAGES = {
  nameRequired: 'Server name is required',
  empty: 'Configuration cannot be empty',
  notObject: 'Configuration must be a JSON object',
  noCommand: "Configuration must include a 'command' field",
} as const;

/**
 * The example in the custom server form: a script under /opt/mcp run by node, the shape the default allowlist
 * (MCP_ALLOWED_COMMANDS) accepts.
 */
export const MCP_CONFIG_PLACEHOLDER = `{
  "command": "node",
  "args": ["/opt/mcp/my-server/index.js"],
  "env": {}
}`;

export const customMcpConfigSchema = z.object({
  command: storableText().min(1).max(1000),
  args: z.array(storableText().max(4000)).max(100).optional(),
  env: z.record(storableText().max(200), storableText().max(4000)).optional(),
});
export type CustomMcpConfig = z.infer<typeof customMcpConfigSchema>;

/** Returns the form error text for a config typed as JSON text, or null when it is acceptable. */
export function customMcpConfigError(text: string): string | null {
  if (!text.trim()) return MCP_CONFIG_MESSAGES.empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `Invalid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return MCP_CONFIG_MESSAGES.notObject;
  const command = (parsed as Record<string, unknown>).command;
  if (typeof command !== 'string' || !command.trim()) return MCP_CONFIG_MESSAGES.noCommand;
  const result = customMcpConfigSchema.safeParse(parsed);
  if (!result.success) return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  return null;
}

export const addCustomMcpServerRequestSchema = z.object({
  name: storableText().trim().min(1, MCP_CONFIG_MESSAGES.nameRequired).max(100),
  /** Either the parsed object or the JSON text the user typed. */
  config: z.union([z.string(), z.unknown()]),
});
