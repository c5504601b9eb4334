/**
 * The operating-system sandbox every user-tier stdio MCP server runs in (MCP_USER_SERVERS=sandboxed), made from
 * Debian's bubblewrap and util-linux, not home-made checks:
 *
 *   bwrap --die-with-parent --ro-bind /usr /usr ... --ro-bind <script dir>   (when we are root: the mounts only,
 *     --cap-add CAP_SETUID,CAP_SETGID --                                      made with the server's own rights)
 *   setpriv --reuid=65534 --regid=65534 --clear-groups --no-new-privs --     (as nobody, when we are root)
 *     bwrap --unshare-all --disable-userns --die-with-parent --new-session    (own user, pid, net, ipc, uts ns)
 *       --ro-bind /usr /usr ... --tmpfs /tmp --ro-bind <script dir> ...       (read-only system, private /tmp)
 *       -- prlimit --cpu --as --nproc --nofile --fsize --core=0 --            (resource limits)
 *          <program> <script> <args>
 *
 * The first step exists for scripts under a private directory (a 0700 home: the repository's own test server in a
 * clone in /root). Nobody cannot reach them there, so a bwrap already running as nobody could not mount them. So
 * the server, as root, first makes a mount namespace holding only what the sandbox may see (the parents of each
 * mounted directory recreated with mode 0755, not the host's 0700), and only then becomes nobody, inside it; the
 * sandbox proper is made from that view. Only the sandbox's own processes ever run as uid 65534.
 *
 * Inside: /usr (and the /bin, /lib symlinks) read-only, a few files of /etc the dynamic loader needs, a private
 * /proc and /dev, an empty private /tmp (64 MB) holding HOME, and the administrator's allowed script directory
 * read-only. Nothing else of the host exists there: not DATA_DIR, the JWT secret, .env or the repository. Its own
 * network namespace has only a loopback that is down, so it cannot connect anywhere, 127.0.0.1 included. Only
 * stdio leaves it. prlimit runs inside the new user namespace, so the process limit counts that sandbox's own
 * processes (threads included). Killing the outer bwrap (the process group we spawn) kills the sandbox's pid 1,
 * and with it every process in its pid namespace: nothing it started survives its stop.
 *
 * When the server does not run as root, setpriv cannot change uid; bwrap alone then maps the server's account to
 * uid 65534 inside its user namespace, with the same mounts and limits.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { CheckedLaunch } from './mcp-config.js';
import type { LaunchSpec } from './mcp-connection.js';

export const SANDBOX_UID = 65534;
/** Processes (threads count too: Node alone uses about 11) per sandbox. */
export const SANDBOX_PROCESSES = 64;
export const SANDBOX_OPEN_FILES = 256;
/** Size of the private /tmp, and the largest file it may write. */
export const SANDBOX_TMP_BYTES = 64 * 1024 * 1024;
const PROBE_TIMEOUT_MS = 15_000;
/** A failed probe is retried after this long, so installing bubblewrap takes effect without a restart. */
const PROBE_RETRY_MS = 60_000;
export const TOOL_DIRS = ['/usr/bin', '/usr/sbin', '/bin', '/sbin', '/usr/local/bin'];
/** What the dynamic loader and the C library need from /etc; nothing else of it is shown. */
const ETC_FILES = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/alternatives',
];
const ROOT_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

export interface SandboxLimits {
  cpuSeconds: number;
  memoryMb: number;
}

export interface SandboxTools {
  bwrap: string;
  setpriv: string | null;
  prlimit: string;
}

export type SandboxStatus = { ok: true } | { ok: false; reason: string };

const HOW_TO_ENABLE =
  'An administrator can install bubblewrap (`apt-get install bubblewrap`; setpriv and prlimit come with util-linux) ' +
  'and allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 where that exists), ' +
  'or choose MCP_USER_SERVERS=off, or MCP_USER_SERVERS=unsandboxed (every user can run code as the server’s account).';

export function sandboxUnavailableDetail(reason: string): string {
  return `Custom MCP servers cannot run on this server: ${reason}. ${HOW_TO_ENABLE}`;
}

function findTool(name: string, dirs = TOOL_DIRS): string | null {
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not here
    }
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;
const isWithin = (child: string, parent: string) => child === parent || child.startsWith(`${parent}/`);

/** The three programs, or which of them are missing. */
export function findSandboxTools(dirs = TOOL_DIRS): SandboxTools | { missing: string[] } {
  const bwrap = findTool('bwrap', dirs);
  const setpriv = findTool('setpriv', dirs);
  const prlimit = findTool('prlimit', dirs);
  const missing = [
    ...(bwrap ? [] : ['bubblewrap (bwrap)']),
    ...(setpriv || !isRoot() ? [] : ['setpriv (util-linux)']),
    ...(prlimit ? [] : ['prlimit (util-linux)']),
  ];
  if (missing.length > 0 || !bwrap || !prlimit) return { missing };
  return { bwrap, setpriv: isRoot() ? setpriv : null, prlimit };
}

/** The system part of the sandbox: /usr, the merged-/usr symlinks, a few /etc files, /proc, /dev, /tmp. */
function systemMounts(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const link of ROOT_LINKS) {
    try {
      const stat = lstatSync(link);
      if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(link), link);
      else if (stat.isDirectory()) args.push('--ro-bind', link, link);
    } catch {
      // not on this system
    }
  }
  for (const file of ETC_FILES) args.push('--ro-bind-try', file, file);
  args.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--remount-ro',
    '/dev',
    '--size',
    String(SANDBOX_TMP_BYTES),
    '--tmpfs',
    '/tmp',
    '--dir',
    '/tmp/home',
  );
  return args;
}

/**
 * Directories (or files) outside /usr a launch needs, read-only: the program's installation, the script directory
 * and prlimit when it lives elsewhere.
 */
function extraMounts(program: string, scriptDir: string | null, prlimit?: string): string[] {
  const dirs = new Set<string>();
  if (!isWithin(program, '/usr')) {
    // e.g. /opt/node/bin/node: its installation prefix (lib/node_modules beside bin) or at least its directory.
    const prefix = path.dirname(path.dirname(program));
    dirs.add(prefix.split('/').length >= 3 ? prefix : path.dirname(program));
  }
  if (scriptDir) dirs.add(scriptDir);
  if (prlimit && !isWithin(prlimit, '/usr')) dirs.add(prlimit);
  return [...dirs];
}

/** Directories above `dir` (the root excluded), outermost first. */
function parentsOf(dir: string): string[] {
  const parents: string[] = [];
  for (let current = path.dirname(dir); current !== path.dirname(current); current = path.dirname(current)) {
    parents.unshift(current);
  }
  return parents;
}

/**
 * The outer step (when root): a mount namespace with the system, /proc and /dev as the inner bwrap needs them to
 * build its own, and each extra directory with 0755 parents, in which setpriv may still switch to nobody.
 */
function outerMounts(extraDirs: string[]): string[] {
  const args = ['--die-with-parent', '--ro-bind', '/usr', '/usr'];
  for (const link of ROOT_LINKS) {
    try {
      const stat = lstatSync(link);
      if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(link), link);
      else if (stat.isDirectory()) args.push('--ro-bind', link, link);
    } catch {
      // not on this system
    }
  }
  // bwrap makes the parents of what it mounts with mode 0700 here; nobody must pass through them.
  const made = new Set<string>(['/usr']);
  const parents = (target: string) => {
    for (const parent of parentsOf(target)) {
      if (made.has(parent) || isWithin(parent, '/usr')) continue;
      made.add(parent);
      args.push('--perms', '0755', '--dir', parent);
    }
  };
  for (const file of ETC_FILES) {
    parents(file);
    args.push('--ro-bind-try', file, file);
  }
  // The host's /proc, whole: an unprivileged bwrap may only mount a new proc where a full one is visible.
  args.push('--bind', '/proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  for (const dir of extraDirs) {
    parents(dir);
    args.push('--ro-bind', dir, dir);
  }
  args.push('--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--remount-ro', '/');
  return args;
}

function wrap(
  tools: SandboxTools,
  limits: SandboxLimits,
  program: string,
  args: string[],
  scriptDir: string | null,
): { command: string; args: string[] } {
  const extra = extraMounts(program, scriptDir, tools.prlimit);
  const bwrapArgs = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'mcp-sandbox',
    ...(tools.setpriv ? [] : ['--uid', String(SANDBOX_UID), '--gid', String(SANDBOX_UID)]),
    ...systemMounts(),
    ...extra.flatMap((dir) => ['--ro-bind', dir, dir]),
    '--remount-ro',
    '/',
    '--chdir',
    '/tmp',
    '--',
    tools.prlimit,
    // Soft limit: SIGXCPU; one second later, SIGKILL.
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--as=${limits.memoryMb * 1024 * 1024}`,
    `--nproc=${SANDBOX_PROCESSES}`,
    `--nofile=${SANDBOX_OPEN_FILES}`,
    `--fsize=${SANDBOX_TMP_BYTES}`,
    '--core=0',
    '--',
    program,
    ...args,
  ];
  if (!tools.setpriv) return { command: tools.bwrap, args: bwrapArgs };
  return {
    command: tools.bwrap,
    args: [
      ...outerMounts([...extra, ...[tools.setpriv, tools.bwrap].filter((tool) => !isWithin(tool, '/usr'))]),
      '--',
      tools.setpriv,
      `--reuid=${SANDBOX_UID}`,
      `--regid=${SANDBOX_UID}`,
      '--clear-groups',
      '--no-new-privs',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
      tools.bwrap,
      ...bwrapArgs,
    ],
  };
}

/** Why a sandboxed process ended, from bwrap's exit status (128 + signal when the server was killed). */
export function explainSandboxExit(limits: SandboxLimits) {
  return (code: number | null): string | null => {
    switch (code) {
      case 128 + 24:
        return `it used its ${limits.cpuSeconds} s of CPU time and was stopped`;
      case 128 + 9:
        return `it was killed (CPU time limit ${limits.cpuSeconds} s, memory limit ${limits.memoryMb} MB)`;
      case 128 + 5:
      case 128 + 6:
      case 128 + 11:
        return `it crashed, perhaps at its memory limit of ${limits.memoryMb} MB`;
      default:
        return null;
    }
  };
}

/** How to start a checked custom server inside the sandbox. */
export function sandboxedLaunch(
  tools: SandboxTools,
  limits: SandboxLimits,
  launch: CheckedLaunch,
): LaunchSpec {
  const { command, args } = wrap(tools, limits, launch.program, launch.args, launch.scriptDir);
  // The environment travels through setpriv and bwrap untouched (bwrap adds PWD); it is never put on a command
  // line, where `ps` would show the config's secrets to every local account.
  return { command, args, env: launch.env, cwd: '/', explainExit: explainSandboxExit(limits) };
}

/**
 * Whether the sandbox can start here, found by starting it (bubblewrap installed is not enough: user namespaces
 * may be disabled). Checked once, on first need; a failure is checked again after a minute.
 */
export class SandboxProbe {
  private result: Promise<SandboxStatus> | undefined;
  private checkedAt = 0;
  private failed = false;

  constructor(
    private readonly limits: SandboxLimits,
    /** Where to look for bwrap, setpriv and prlimit (tests point it at a broken bwrap). */
    private readonly toolDirs = TOOL_DIRS,
  ) {}

  status(): Promise<SandboxStatus> {
    if (!this.result || (Date.now() - this.checkedAt > PROBE_RETRY_MS && this.failed)) {
      this.checkedAt = Date.now();
      this.failed = false;
      this.result = this.run().then((status) => {
        this.failed = !status.ok;
        return status;
      });
    }
    return this.result;
  }

  /** The tools, once the probe has passed. */
  tools(): SandboxTools {
    const tools = findSandboxTools(this.toolDirs);
    if ('missing' in tools) throw new Error(`missing ${tools.missing.join(', ')}`);
    return tools;
  }

  private async run(): Promise<SandboxStatus> {
    const tools = findSandboxTools(this.toolDirs);
    if ('missing' in tools) return { ok: false, reason: `${tools.missing.join(' and ')} not installed` };
    const truePath = findTool('true');
    if (!truePath) return { ok: false, reason: 'the program `true` was not found' };
    const { command, args } = wrap(tools, this.limits, truePath, [], null);
    return new Promise((resolve) => {
      let stderr = '';
      const child = spawn(command, args, { env: {}, cwd: '/', stdio: ['ignore', 'ignore', 'pipe'] });
      const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-500);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        resolve({ ok: false, reason: `the sandbox could not start (${error.message})` });
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve({ ok: true });
        else {
          const why = stderr.trim() || (signal ? `killed by ${signal}` : `exit code ${code}`);
          resolve({ ok: false, reason: `the sandbox could not start (${why})` });
        }
      });
    });
  }
}
