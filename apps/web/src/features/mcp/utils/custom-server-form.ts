/**
 * The custom MCP server form: the name is required ('Server name is required'); the config must be
 * non-empty, valid JSON, an object (not an array) with a 'command' (texts shared with the server through
 * customMcpConfigError). Submit is disabled while there is a config error, an empty name or config, or a
 * request in flight.
 */
import {
  type CustomMcpConfig,
  customMcpConfigError,
  MCP_CONFIG_MESSAGES,
  MCP_CONFIG_PLACEHOLDER,
} from '@qa/contracts';

export type CustomServerForm = { name: string; config: string };

export function nameError(name: string): string | null {
  return name.trim() ? null : MCP_CONFIG_MESSAGES.nameRequired;
}

export function configError(config: string): string | null {
  return customMcpConfigError(config);
}

export function canSubmitCustomServer(form: CustomServerForm, submitting: boolean): boolean {
  return !submitting && !nameError(form.name) && form.config.trim() !== '' && !configError(form.config);
}

/** The config to send, once it has passed the checks. */
export function parseCustomServerConfig(config: string): CustomMcpConfig {
  return JSON.parse(config) as CustomMcpConfig;
}

/** A node script under /opt/mcp: what the default allowlist accepts (npx, a package runner, never is). */
export const CONFIG_PLACEHOLDER = MCP_CONFIG_PLACEHOLDER;
