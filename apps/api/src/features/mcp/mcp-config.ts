/**
 * Checks a custom MCP server before it is saved or started. The form's rules (the same texts the web
 * shows, 422) come first; then the administrator's policy (400, the detail naming the reason). This is defence in
 * depth around the sandbox, not a replacement for it: every general-purpose program is an interpreter, so the
 * allowlist names a program *and* the scripts it may run (MCP_ALLOWED_COMMANDS=node:/opt/mcp/**\/*.js), matched
 * on the script's real path (symlinks resolved); flags that make an interpreter evaluate or preload code, package
 * runners (npm, npx, pnpm, yarn, corepack, ...), shells and launchers are refused by name; scripts must be given
 * by absolute path, and neither the script nor any directory above it may be changeable by another user (as
 * OpenSSH's StrictModes checks a user's keys: see unsafePathReason), wherever it lives; and the environment is the
 * config's own, without the variables that change how programs load (NODE_OPTIONS, LD_*, PYTHON*, PATH, ...).
 */
import { accessSync, constants, lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { type CustomMcpConfig, customMcpConfigError, MCP_CONFIG_MESSAGES } from '@qa/contracts';
import { minimatch } from 'minimatch';
import type { Config, McpAllowedEntry, McpUserServerMode } from '../../config/env.js';
import { AppError } from '../../lib/errors.js';

export const MAX_ARGS = 50;
export const MAX_ARG_LENGTH = 2_000;
export const MAX_ENV_VARS = 50;
export const MAX_ENV_VALUE_LENGTH = 4_000;
export const MAX_NAME_LENGTH = 100;

/** The PATH every custom server gets, whatever its config says. */
export const SAFE_PATH = '/usr/local/bin:/usr/bin:/bin';
/** The private, writable home of a custom server (inside the sandbox's own /tmp). */
export const SERVER_HOME = '/tmp/home';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** Variables that change which code a program loads or how, or that the server sets itself. */
const FORBIDDEN_ENV =
  /^(PATH|HOME|PWD|NODE_OPTIONS|NODE_PATH|NODE_EXTRA_CA_CERTS|NODE_REPL_EXTERNAL_MODULE|NODE_ICU_DATA|LD_\w+|DYLD_\w+|GCONV_PATH|LOCPATH|MALLOC_\w+|GLIBC_TUNABLES|PYTHON\w*|PERL5LIB|PERL5OPT|PERLLIB|PERL5DB|RUBYOPT|RUBYLIB|GEM_PATH|GEM_HOME|BASH_ENV|ENV|BASH_FUNC_\w+|IFS|SHELLOPTS|BASHOPTS|PS4|CDPATH|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|CLASSPATH|TMPDIR)$/i;

/** Programs that run other programs or code: never a custom server, whatever the allowlist says. */
const SHELLS = new Set(
  'sh bash dash zsh ksh mksh pdksh oksh csh tcsh fish ash rbash yash elvish nu pwsh powershell busybox toybox'.split(
    ' ',
  ),
);
const PACKAGE_RUNNERS = new Set(
  'npm npx pnpm pnpx yarn yarnpkg corepack bun bunx deno uv uvx pip pip3 pipx poetry pdm hatch gem bundle cargo go'.split(
    ' ',
  ),
);
const LAUNCHERS = new Set(
  'env sudo su doas runuser nohup setsid timeout nice ionice stdbuf xargs chroot unshare nsenter setpriv bwrap prlimit script expect watch time strace ltrace gdb ssh find awk gawk mawk sed'.split(
    ' ',
  ),
);
/** The scripts behind npm, npx, pnpm, yarn and corepack: package runners too, when given to node. */
const RUNNER_SCRIPT =
  /(^|\/)node_modules\/(npm|npx|pnpm|yarn|corepack|@yarnpkg|bun)\/|(^|\/)(npm|npx|pnpm|pnpx|yarn|corepack|bunx?)(-cli)?\.(c|m)?js$/i;
/** Interpreter flags that evaluate code from the command line or load other code first. */
const CODE_FLAGS: Record<string, string> = {
  '-e': 'evaluates code given on the command line',
  '--eval': 'evaluates code given on the command line',
  '-p': 'evaluates and prints code given on the command line',
  '--print': 'evaluates and prints code given on the command line',
  '-pe': 'evaluates and prints code given on the command line',
  '-c': 'runs code given on the command line',
  '-m': 'runs a module chosen on the command line',
  '-r': 'loads another file before the script',
  '--require': 'loads another file before the script',
  '--import': 'loads another module before the script',
  '--loader': 'installs a module loader that can run any code',
  '--experimental-loader': 'installs a module loader that can run any code',
  '-i': 'starts an interactive interpreter',
  '--interactive': 'starts an interactive interpreter',
  '--inspect': 'opens a debugger that can run any code',
  '--inspect-brk': 'opens a debugger that can run any code',
  '-': 'reads a program from standard input',
};

/** Who may own a script and the directories above it: root and the account this server runs as. */
const TRUSTED_OWNERS = new Set([0, process.getuid?.() ?? 0]);
const STICKY = 0o1000;
const GROUP_OR_OTHER_WRITE = 0o022;

/**
 * Why another user could change what runs at `realPath` (symlinks resolved), or null: the file or a directory
 * above it is owned by someone other than root or this server's account, or is writable by its group or by
 * everyone. As OpenSSH's StrictModes, with the one exception that makes /tmp usable: a sticky directory (mode
 * 1777) may be writable by all, as long as the entry under it is owned by root or this account, since the
 * sticky bit stops others from renaming or removing what they do not own. Where the path lives does not matter,
 * only who can write it.
 */
export function unsafePathReason(
  realPath: string,
  trusted: ReadonlySet<number> = TRUSTED_OWNERS,
): string | null {
  let below: { path: string; uid: number } | null = null;
  for (let current = realPath; ; current = path.dirname(current)) {
    const stat = lstatSync(current);
    if (!trusted.has(stat.uid)) return `${current} belongs to another user (uid ${stat.uid})`;
    const writable = (stat.mode & GROUP_OR_OTHER_WRITE) !== 0;
    const stickyOverOwnEntry = stat.isDirectory() && (stat.mode & STICKY) !== 0 && below !== null;
    if (writable && !stickyOverOwnEntry) {
      return `${current} is writable by other users (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')})`;
    }
    below = { path: current, uid: stat.uid };
    if (current === path.dirname(current)) return null;
  }
}

export interface AllowedProgram {
  entry: McpAllowedEntry;
  /** The program's real path, or null when it is not installed. */
  program: string | null;
  /** The script directory with symlinks resolved (what is mounted into the sandbox). */
  base: string;
  matches(realScript: string): boolean;
}

export interface McpPolicy {
  mode: McpUserServerMode;
  allowed: AllowedProgram[];
  /** The server's PATH, to find programs given by name. */
  searchPath: string;
}

/** A custom server that passed every check: what to run, with what, and which directory it needs. */
export interface CheckedLaunch {
  /** Real path of the program. */
  program: string;
  /** The script's real path first, then the config's other arguments. */
  args: string[];
  /** The config's own variables plus PATH and HOME. */
  env: Record<string, string>;
  /** The allowed script directory, mounted read-only into the sandbox. */
  scriptDir: string;
}

export interface ValidatedServer {
  name: string;
  config: Required<CustomMcpConfig>;
}

function unprocessable(detail: string): never {
  throw AppError.unprocessable(detail);
}

function refuse(detail: string): never {
  throw AppError.badRequest(detail);
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

function realOrNull(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}

/** A program name or absolute path as a real path (`node` is the Node running this server). */
function resolveProgram(program: string, searchPath: string): string | null {
  if (program === 'node') return realpathSync(process.execPath);
  if (path.isAbsolute(program)) return realOrNull(program);
  return program.includes('/') ? null : findOnPath(program, searchPath);
}

/** Resolves the allowlist once: programs to real paths, script directories without symlinks. */
export function createMcpPolicy(settings: Config['mcp']): McpPolicy {
  const allowed = settings.allowed.map((entry): AllowedProgram => {
    const base = realOrNull(entry.base) ?? entry.base;
    // Matching is on real paths, so the glob is re-rooted on the real directory.
    const glob = base + entry.scripts.slice(entry.base.length);
    return {
      entry,
      program: resolveProgram(entry.program, settings.path),
      base,
      matches: (realScript) => minimatch(realScript, glob, { dot: false, nonegate: true, nocomment: true }),
    };
  });
  return { mode: settings.userServers, allowed, searchPath: settings.path };
}

/** Why a program name can never be a custom server, or null. */
function forbiddenProgram(name: string): string | null {
  const base = path.basename(name).replace(/\.(exe|cmd|bat)$/i, '');
  const bare = base.replace(/[0-9.]+$/, '');
  if (SHELLS.has(base) || SHELLS.has(bare)) return `'${base}' is a shell: it runs any command it is given`;
  if (PACKAGE_RUNNERS.has(base) || PACKAGE_RUNNERS.has(bare)) {
    return `'${base}' is a package runner: it downloads and runs any package or command`;
  }
  if (LAUNCHERS.has(base) || LAUNCHERS.has(bare)) return `'${base}' runs other programs or code it is given`;
  return null;
}

function describeAllowlist(policy: McpPolicy): string {
  const entries = policy.allowed.map(({ entry }) => `${entry.program} (scripts matching ${entry.scripts})`);
  return entries.length ? entries.join(', ') : '(none)';
}

/** The program to run for a config command, or a 400 naming the reason. */
function checkCommand(command: string, policy: McpPolicy): { real: string; allowed: AllowedProgram[] } {
  if (!command || /[\0\n\r]/.test(command)) refuse(`Command '${command}' is not a valid program name`);
  const named = forbiddenProgram(command);
  if (named) refuse(`Command refused: ${named}.`);
  if (!path.isAbsolute(command) && command.includes('/')) {
    refuse(
      `Command refused: relative paths ('${command}') are not allowed; give a program name or absolute path.`,
    );
  }
  const real = resolveProgram(command, policy.searchPath);
  const allowed = real ? policy.allowed.filter((entry) => entry.program === real) : [];
  // A symlink to a shell is a shell; npm's own script is npm.
  const target = real ? forbiddenProgram(real) : null;
  if (target) refuse(`Command refused: '${command}' leads to ${real}, and ${target}.`);
  if (real && RUNNER_SCRIPT.test(real)) {
    refuse(
      `Command refused: '${command}' is a package runner (npm, npx, pnpm, yarn or corepack), which runs any command.`,
    );
  }
  if (allowed.length === 0) {
    refuse(
      `Command '${command}' is not allowed on this server. Allowed: ${describeAllowlist(policy)}. ` +
        'An administrator sets them in MCP_ALLOWED_COMMANDS.',
    );
  }
  return { real: real!, allowed };
}

/** The script a program is given: first argument, absolute, real, allowed. */
function checkScript(
  args: string[],
  command: string,
  allowed: AllowedProgram[],
): { real: string; base: string } {
  const script = args[0];
  const example = `{"command": "${command}", "args": ["${allowed[0]?.base ?? '/opt/mcp'}/server.js"]}`;
  if (!script)
    refuse(`A '${command}' server must start with the absolute path of its script, e.g. ${example}`);
  if (script.startsWith('-') || script in CODE_FLAGS) {
    const flag = script.split('=')[0]!;
    const why = CODE_FLAGS[flag] ?? CODE_FLAGS[script.slice(0, 2)];
    refuse(
      why
        ? `Argument refused: '${flag}' ${why}. Only a script file may be run: the first argument must be its absolute path.`
        : `Argument refused: interpreter options such as '${flag}' are not allowed. The first argument must be the script's absolute path.`,
    );
  }
  if (!path.isAbsolute(script)) {
    refuse(`Script refused: relative paths ('${script}') are not allowed; give the script's absolute path.`);
  }
  const given = path.normalize(script);
  const real = realOrNull(given);
  if (!real) refuse(`Script refused: '${script}' was not found on this server.`);
  const unsafe = unsafePathReason(real);
  if (unsafe) {
    const leads = real === given ? '' : ` leads to ${real}, and`;
    refuse(`Script refused: '${script}'${leads} ${unsafe}, so another user could change what runs.`);
  }
  if (RUNNER_SCRIPT.test(real) || RUNNER_SCRIPT.test(given)) {
    refuse(
      `Script refused: '${script}' is a package runner (npm, npx, pnpm, yarn or corepack), which runs any command.`,
    );
  }
  const viaLink = real === given ? '' : ` (${real} once symlinks are resolved)`;
  const named = forbiddenProgram(real);
  if (named) refuse(`Script refused: '${script}'${viaLink}: ${named}.`);
  if (!statSync(real).isFile()) refuse(`Script refused: '${script}' is not a file.`);
  const match = allowed.find((entry) => entry.matches(real));
  if (!match) {
    refuse(
      `Script refused: '${script}'${viaLink} is not in a place your administrator allows for '${command}': ` +
        `${allowed.map((entry) => entry.entry.scripts).join(', ')}.`,
    );
  }
  return { real, base: match.base };
}

function checkArgs(args: string[]): void {
  if (args.length > MAX_ARGS) unprocessable(`Configuration 'args' may have at most ${MAX_ARGS} entries`);
  if (args.some((arg) => arg.length > MAX_ARG_LENGTH || arg.includes('\0'))) {
    unprocessable(`Each argument must be at most ${MAX_ARG_LENGTH} characters`);
  }
}

function checkEnv(env: Record<string, string>): void {
  const names = Object.keys(env);
  if (names.length > MAX_ENV_VARS)
    unprocessable(`Configuration 'env' may have at most ${MAX_ENV_VARS} variables`);
  for (const name of names) {
    if (!ENV_NAME.test(name)) unprocessable(`'${name}' is not a valid environment variable name`);
    if (FORBIDDEN_ENV.test(name)) {
      refuse(
        `Environment refused: '${name}' changes how programs are loaded or is set by the server, so a custom server may not set it.`,
      );
    }
    if ((env[name] ?? '').length > MAX_ENV_VALUE_LENGTH || (env[name] ?? '').includes('\0')) {
      unprocessable(`The value of '${name}' is too long`);
    }
  }
}

/** Everything a custom server needs to start, checked against the policy (throws 400 or 422). */
export function checkLaunch(
  config: { command: string; args: string[]; env: Record<string, string> },
  policy: McpPolicy,
  home = SERVER_HOME,
): CheckedLaunch {
  const command = config.command.trim();
  checkArgs(config.args);
  const { real, allowed } = checkCommand(command, policy);
  const script = checkScript(config.args, command, allowed);
  checkEnv(config.env);
  return {
    program: real,
    args: [script.real, ...config.args.slice(1)],
    env: serverEnv(config.env, home),
    scriptDir: script.base,
  };
}

/** Parses the request's `config` (JSON text or an object) with the form's rules (the same texts as the web). */
export function parseCustomConfig(config: unknown): CustomMcpConfig {
  if (config === undefined || config === null) unprocessable(MCP_CONFIG_MESSAGES.empty);
  const text = typeof config === 'string' ? config : JSON.stringify(config);
  const problem = customMcpConfigError(text);
  if (problem) unprocessable(problem);
  return JSON.parse(text) as CustomMcpConfig;
}

/** The whole check for POST /api/mcp/servers/user. */
export function validateCustomServer(
  input: { name: unknown; config: unknown },
  policy: McpPolicy,
): ValidatedServer {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) unprocessable(MCP_CONFIG_MESSAGES.nameRequired);
  if (name.length > MAX_NAME_LENGTH)
    unprocessable(`Server name must be at most ${MAX_NAME_LENGTH} characters`);
  const parsed = parseCustomConfig(input.config);
  const config = { command: parsed.command.trim(), args: parsed.args ?? [], env: parsed.env ?? {} };
  checkLaunch(config, policy);
  return { name, config };
}

/** The environment of a custom server: its config's own variables, a fixed PATH and its HOME. */
export function serverEnv(env: Record<string, string>, home = SERVER_HOME): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (ENV_NAME.test(name) && !FORBIDDEN_ENV.test(name)) out[name] = value;
  }
  return { ...out, PATH: SAFE_PATH, HOME: home };
}
