/**
 * Checks a custom MCP server before it is saved or started. The form's rules (spec §5, the same texts the web
 * shows) come first; then the server's own rules, because a user-added stdio server runs a program on this
 * machine: the command must be on the administrator's allowlist (MCP_ALLOWED_COMMANDS) and is resolved to an
 * absolute path; `node` must be given a script file, not code or flags that load code; and the environment may
 * not change how programs are loaded (PATH, NODE_OPTIONS, LD_PRELOAD, ...).
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { type CustomMcpConfig, customMcpConfigError, MCP_CONFIG_MESSAGES } from '@qa/contracts';
import { AppError } from '../../lib/errors.js';

export const MAX_ARGS = 50;
export const MAX_ARG_LENGTH = 2_000;
export const MAX_ENV_VARS = 50;
export const MAX_ENV_VALUE_LENGTH = 4_000;
export const MAX_NAME_LENGTH = 100;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** Variables that change which code a process loads. */
const FORBIDDEN_ENV =
  /^(PATH|NODE_OPTIONS|NODE_PATH|NODE_EXTRA_CA_CERTS|LD_\w+|DYLD_\w+|PYTHONPATH|PYTHONSTARTUP|PERL5LIB|PERL5OPT|RUBYOPT|BASH_ENV|ENV|IFS|SHELLOPTS)$/i;
const NODE_SCRIPT = /\.(c|m)?js$/i;

export interface CommandPolicy {
  /** MCP_ALLOWED_COMMANDS entries. */
  allowedCommands: string[];
  /** PATH used to find bare command names. */
  path: string;
}

export interface ValidatedServer {
  name: string;
  config: Required<CustomMcpConfig>;
}

function unprocessable(detail: string): never {
  throw AppError.unprocessable(detail);
}

/** Parses the request's `config` (JSON text or an object) with the §5 rules. */
export function parseCustomConfig(config: unknown): CustomMcpConfig {
  if (config === undefined || config === null) unprocessable(MCP_CONFIG_MESSAGES.empty);
  const text = typeof config === 'string' ? config : JSON.stringify(config);
  const problem = customMcpConfigError(text);
  if (problem) unprocessable(problem);
  return JSON.parse(text) as CustomMcpConfig;
}

function findOnPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return realpathSync(candidate);
    } catch {
      // not here
    }
  }
  return null;
}

/** An allowlist entry as an absolute, symlink-free path (null when it cannot be found). */
function resolveEntry(entry: string, searchPath: string): string | null {
  if (entry === 'node') return realpathSync(process.execPath);
  if (path.isAbsolute(entry)) {
    try {
      return realpathSync(entry);
    } catch {
      return null;
    }
  }
  return entry.includes('/') ? null : findOnPath(entry, searchPath);
}

const isNode = (resolved: string, command: string) =>
  command === 'node' ||
  resolved === realpathSync(process.execPath) ||
  /^node(\.exe)?$/.test(path.basename(resolved));

/**
 * The absolute program to run for a config command, or a clear refusal. Bare names must be on the allowlist
 * by name; paths must resolve to the same file as an allowlist entry.
 */
export function resolveCommand(command: string, policy: CommandPolicy): string {
  const allowed = policy.allowedCommands;
  const refuse = (): never =>
    unprocessable(
      `Command '${command}' is not allowed on this server. Allowed commands: ${allowed.join(', ') || '(none)'}. ` +
        'An administrator sets them in MCP_ALLOWED_COMMANDS.',
    );
  const trimmed = command.trim();
  if (!trimmed || /[\0\n\r]/.test(trimmed)) refuse();
  if (path.isAbsolute(trimmed)) {
    let real: string;
    try {
      real = realpathSync(trimmed);
    } catch {
      return refuse();
    }
    const match = allowed.some((entry) => resolveEntry(entry, policy.path) === real);
    return match ? real : refuse();
  }
  if (trimmed.includes('/') || !allowed.includes(trimmed)) return refuse();
  const resolved = resolveEntry(trimmed, policy.path);
  if (!resolved) unprocessable(`Command '${trimmed}' is allowed but was not found on this server.`);
  return resolved;
}

function checkArgs(args: string[], resolved: string, command: string): void {
  if (args.length > MAX_ARGS) unprocessable(`Configuration 'args' may have at most ${MAX_ARGS} entries`);
  if (args.some((arg) => arg.length > MAX_ARG_LENGTH || arg.includes('\0'))) {
    unprocessable(`Each argument must be at most ${MAX_ARG_LENGTH} characters`);
  }
  if (!isNode(resolved, command)) return;
  // node runs whatever its first argument says: only a script file, never -e/-p/--require/--import/--inspect.
  const script = args[0];
  if (!script || script.startsWith('-')) {
    unprocessable(
      'A \'node\' server must start with the absolute path of its script, e.g. {"command": "node", "args": ["/opt/mcp/server.js"]}; node options are not allowed',
    );
  }
  if (!path.isAbsolute(script) || !NODE_SCRIPT.test(script)) {
    unprocessable(`The node script must be an absolute path to a .js, .mjs or .cjs file, not '${script}'`);
  }
  try {
    if (!statSync(script).isFile()) throw new Error('not a file');
  } catch {
    unprocessable(`The node script '${script}' was not found on this server`);
  }
}

function checkEnv(env: Record<string, string>): void {
  const names = Object.keys(env);
  if (names.length > MAX_ENV_VARS)
    unprocessable(`Configuration 'env' may have at most ${MAX_ENV_VARS} variables`);
  for (const name of names) {
    if (!ENV_NAME.test(name)) unprocessable(`'${name}' is not a valid environment variable name`);
    if (FORBIDDEN_ENV.test(name)) {
      unprocessable(`The environment variable '${name}' may not be set for a custom server`);
    }
    if ((env[name] ?? '').length > MAX_ENV_VALUE_LENGTH || (env[name] ?? '').includes('\0')) {
      unprocessable(`The value of '${name}' is too long`);
    }
  }
}

/** The program, arguments and environment to run a config with, checked against the policy (throws 422). */
export function launchFor(
  config: { command: string; args: string[]; env: Record<string, string> },
  policy: CommandPolicy,
): { command: string; args: string[]; env: Record<string, string> } {
  const resolved = resolveCommand(config.command, policy);
  checkArgs(config.args, resolved, config.command.trim());
  checkEnv(config.env);
  return { command: resolved, args: config.args, env: scrubbedEnv(config.env, policy) };
}

/** The whole check for POST /api/mcp/servers/user. */
export function validateCustomServer(
  input: { name: unknown; config: unknown },
  policy: CommandPolicy,
): ValidatedServer {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) unprocessable(MCP_CONFIG_MESSAGES.nameRequired);
  if (name.length > MAX_NAME_LENGTH)
    unprocessable(`Server name must be at most ${MAX_NAME_LENGTH} characters`);
  const parsed = parseCustomConfig(input.config);
  const config = { command: parsed.command.trim(), args: parsed.args ?? [], env: parsed.env ?? {} };
  launchFor(config, policy);
  return { name, config };
}

/** The environment a custom server runs with: PATH and its own variables, nothing of the server's. */
export function scrubbedEnv(env: Record<string, string>, policy: CommandPolicy): Record<string, string> {
  const out: Record<string, string> = { PATH: policy.path };
  for (const [name, value] of Object.entries(env)) {
    if (ENV_NAME.test(name) && !FORBIDDEN_ENV.test(name)) out[name] = value;
  }
  return out;
}
