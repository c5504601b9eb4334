/**
 * The server's configuration: the one place that reads process.env. Every variable is parsed once with zod at
 * start-up and every problem is reported at once, so a misconfigured deployment fails with one clear message.
 * Relative paths (DATA_DIR, WEB_DIST_DIR) are resolved against the repository root, not the current directory,
 * because npm workspaces run scripts from apps/api while people think of paths from the repository root.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordPolicyError } from '@qa/contracts';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** Which planner answers the query tool: auto = the LLM when a provider is configured, else the built-in analyst. */
export const QUERY_PLANNERS = ['auto', 'builtin', 'llm'] as const;
export type QueryPlannerSetting = (typeof QUERY_PLANNERS)[number];
/**
 * How users' own stdio MCP servers run: not at all, inside the bubblewrap sandbox (default), or as the server's
 * own account ("every user can run code as the server's account").
 */
export const MCP_USER_SERVER_MODES = ['off', 'sandboxed', 'unsandboxed'] as const;
export type McpUserServerMode = (typeof MCP_USER_SERVER_MODES)[number];
/** The repository's own test MCP server (dependency-free), allowed by default so a fresh install can try it. */
export const REPO_TEST_MCP_SERVER = path.join(REPO_ROOT, 'apps/api/test/fixtures/mcp/test-stdio-server.mjs');
export const DEFAULT_MCP_ALLOWED = `node:/opt/mcp/**/*.{js,mjs,cjs}, node:${REPO_TEST_MCP_SERVER}`;

/** Blank values in an .env file mean "unset". */
const optionalText = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}, z.string().optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.default(fallback as never),
  );

const postgresUrl = optionalText.refine(
  (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
  'must be a postgres:// or postgresql:// URL',
);

const httpUrl = optionalText.refine((value) => {
  if (value === undefined) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL');

const booleanFlag = z.preprocess(
  (value) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    return value.trim().toLowerCase();
  },
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('false')
    .transform((v) => ['true', '1', 'yes'].includes(v)),
);

const envSchema = z.object({
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), 3000),
  HOST: withDefault(z.string().min(1), '127.0.0.1'),
  DATA_DIR: withDefault(z.string().min(1), './data'),
  WEB_DIST_DIR: withDefault(z.string().min(1), './apps/web/dist'),
  DATABASE_URL: postgresUrl,
  WAREHOUSE_URL: optionalText,
  WAREHOUSE_SCALE: withDefault(z.coerce.number().positive(), 1),
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'must be a valid e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalText.superRefine((value, ctx) => {
    const problem = value === undefined ? null : passwordPolicyError(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    'must be an smtp:// or smtps:// URL',
  ),
  MAIL_FROM: withDefault(z.string().min(3), 'Query Agent <no-reply@query-agent.local>'),
  PUBLIC_URL: httpUrl,
  JWT_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters long',
  ),
  TOKEN_TTL_HOURS: withDefault(
    z.coerce
      .number()
      .positive()
      .max(24 * 90),
    12,
  ),
  LOG_LEVEL: withDefault(z.enum(LOG_LEVELS), 'info'),
  TRUST_PROXY: booleanFlag,
  ANTHROPIC_API_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  OPENAI_COMPATIBLE_BASE_URL: httpUrl,
  OPENAI_COMPATIBLE_API_KEY: optionalText,
  OPENAI_COMPATIBLE_MODELS: optionalText,
  QUERY_PLANNER: withDefault(z.enum(QUERY_PLANNERS), 'auto'),
  QUERY_MODEL: optionalText,
  MCP_USER_SERVERS: withDefault(z.enum(MCP_USER_SERVER_MODES), 'sandboxed'),
  MCP_ALLOWED_COMMANDS: optionalText,
  MCP_SANDBOX_CPU_SECONDS: withDefault(z.coerce.number().int().min(1).max(86_400), 60),
  MCP_SANDBOX_MEMORY_MB: withDefault(z.coerce.number().int().min(256).max(65_536), 1024),
  PATH: optionalText,
  REDIS_URL: optionalText.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    'must be a redis:// or rediss:// URL',
  ),
  REDIS_KEY_PREFIX: withDefault(z.string().min(1).max(100), 'qa:'),
  WAREHOUSE_MAX_CONCURRENT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(256).optional(),
  ),
  WAREHOUSE_QUEUE_MAX: withDefault(z.coerce.number().int().min(0).max(100_000), 50),
  RESULT_CACHE_ENTRIES: withDefault(z.coerce.number().int().min(0).max(1_000_000), 500),
  RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(0).max(100_000), 120),
});

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** Checks across variables, run even when single variables fail so every problem is reported at once. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (isSet(env.ADMIN_PASSWORD) && !isSet(env.ADMIN_EMAIL)) {
    problems.push('ADMIN_EMAIL: is required when ADMIN_PASSWORD is set');
  }
  return problems;
}

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the directory for embedded data (appdb, outbox, jwt-secret). */
  dataDir: string;
  /** Absolute path of the built web app (apps/web/dist by default). */
  webDistDir: string;
  /** PostgreSQL for app data; undefined means embedded PGlite in dataDir/appdb. */
  databaseUrl: string | undefined;
  warehouseUrl: string | undefined;
  warehouseScale: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin used for links in e-mails, without a trailing slash. */
  publicUrl: string;
  /** undefined means: generate once and keep in dataDir/jwt-secret. */
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  logLevel: LogLevel;
  trustProxy: boolean;
  providers: {
    anthropicApiKey: string | undefined;
    openaiApiKey: string | undefined;
    googleApiKey: string | undefined;
    openaiCompatible: { baseUrl: string | undefined; apiKey: string | undefined; models: string[] };
  };
  query: {
    planner: QueryPlannerSetting;
    /** Model id for the LLM planner (a model table id or an OpenAI-compatible model name); undefined = default. */
    model: string | undefined;
  };
  /** Shared state for several server processes (progress, live log, throttles); undefined = one process, in memory. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  scale: {
    /** Warehouse queries at once in this process (default: the number of cores). */
    warehouseMaxConcurrent: number | undefined;
    /** Warehouse queries allowed to wait; beyond it questions are refused with 503 and Retry-After. */
    warehouseQueueMax: number;
    /** Results kept in the result cache (0 = no cache). */
    resultCacheEntries: number;
    /** Questions and chat messages per user per minute (0 = no limit). */
    rateLimitPerMinute: number;
  };
  mcp: {
    userServers: McpUserServerMode;
    /** What users' servers may run: a program and the scripts it may be given (MCP_ALLOWED_COMMANDS). */
    allowed: McpAllowedEntry[];
    /** The server's PATH, to find allowlisted programs given by name. */
    path: string;
    /** Per-server limits inside the sandbox. */
    sandbox: { cpuSeconds: number; memoryMb: number };
  };
}

/** One MCP_ALLOWED_COMMANDS entry, `program:glob`, e.g. `node:/opt/mcp/**\/*.js`. */
export interface McpAllowedEntry {
  /** A name looked up on PATH (`node` is the Node running this server) or an absolute path. */
  program: string;
  /** Absolute glob the script's real path (symlinks resolved) must match. */
  scripts: string;
  /** The glob's directory without wildcards: what is mounted, read-only, into the sandbox. */
  base: string;
}

const GLOB_MAGIC = /[*?[\]{}()!+@]/;
const isWithin = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);

/** Splits on commas that are not inside `{...}`, so `node:/opt/mcp/**\/*.{js,mjs}` stays one entry. */
function splitEntries(text: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      entries.push(current);
      current = '';
    } else current += char;
  }
  entries.push(current);
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/**
 * Parses MCP_ALLOWED_COMMANDS; every problem is reported, none is guessed around. An allowed directory is shown
 * to users' servers, so it may not be (or contain) the repository, with its .env, or the data directory, with
 * the app database and the JWT secret.
 */
export function parseMcpAllowlist(
  text: string,
  dataDir: string,
): { entries: McpAllowedEntry[]; problems: string[] } {
  const entries: McpAllowedEntry[] = [];
  const problems: string[] = [];
  const problem = (entry: string, why: string) => problems.push(`MCP_ALLOWED_COMMANDS: '${entry}' ${why}`);
  for (const entry of splitEntries(text)) {
    const colon = entry.indexOf(':');
    const program = colon > 0 ? entry.slice(0, colon).trim() : '';
    const scripts = colon > 0 ? path.posix.normalize(entry.slice(colon + 1).trim()) : '';
    if (!program || !scripts || colon < 0) {
      problem(entry, 'must be program:script-glob, e.g. node:/opt/mcp/**/*.js');
      continue;
    }
    if (!path.isAbsolute(scripts)) {
      problem(entry, 'must give an absolute script glob');
      continue;
    }
    if (!(path.isAbsolute(program) || /^[A-Za-z0-9._+-]+$/.test(program))) {
      problem(entry, 'must name a program on PATH or by absolute path');
      continue;
    }
    const parts = scripts.split('/');
    const firstMagic = parts.findIndex((part) => GLOB_MAGIC.test(part));
    // An exact file allows its directory; a glob allows the directory before its first wildcard.
    const base = (firstMagic < 0 ? parts.slice(0, -1) : parts.slice(0, firstMagic)).join('/') || '/';
    if (base === '/' || base.split('/').length < 3) {
      problem(entry, 'is too broad: the scripts must live in a dedicated directory such as /opt/mcp');
      continue;
    }
    // A directory inside the repository (the test server's) is fine; the repository itself or above is not.
    const exposed = isWithin(REPO_ROOT, base)
      ? REPO_ROOT
      : isWithin(dataDir, base) || isWithin(base, dataDir)
        ? dataDir
        : undefined;
    if (exposed) {
      problem(entry, `would show ${exposed} to users' servers; allow a directory outside it`);
      continue;
    }
    entries.push({ program, scripts, base });
  }
  return { entries, problems };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function resolveFromRoot(value: string): string {
  return path.isAbsolute(value) ? value : path.resolve(REPO_ROOT, value);
}

/** Parses an environment (process.env by default) into a Config, or throws one ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...crossChecks(env),
  ];
  // Read from the raw values too, so these problems are reported alongside any other.
  const dataDir = resolveFromRoot(env.DATA_DIR?.trim() || './data');
  const allowlist = parseMcpAllowlist(env.MCP_ALLOWED_COMMANDS?.trim() || DEFAULT_MCP_ALLOWED, dataDir);
  problems.push(...allowlist.problems);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const hostForUrl = displayHost.includes(':') ? `[${displayHost}]` : displayHost;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    webDistDir: resolveFromRoot(e.WEB_DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    warehouseUrl: e.WAREHOUSE_URL,
    warehouseScale: e.WAREHOUSE_SCALE,
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    providers: {
      anthropicApiKey: e.ANTHROPIC_API_KEY,
      openaiApiKey: e.OPENAI_API_KEY,
      googleApiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
      openaiCompatible: {
        baseUrl: e.OPENAI_COMPATIBLE_BASE_URL,
        apiKey: e.OPENAI_COMPATIBLE_API_KEY,
        models: (e.OPENAI_COMPATIBLE_MODELS ?? '')
          .split(',')
          .map((model) => model.trim())
          .filter(Boolean),
      },
    },
    query: { planner: e.QUERY_PLANNER, model: e.QUERY_MODEL },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    scale: {
      warehouseMaxConcurrent: e.WAREHOUSE_MAX_CONCURRENT,
      warehouseQueueMax: e.WAREHOUSE_QUEUE_MAX,
      resultCacheEntries: e.RESULT_CACHE_ENTRIES,
      rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    },
    mcp: {
      userServers: e.MCP_USER_SERVERS,
      allowed: allowlist.entries,
      path: e.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      sandbox: { cpuSeconds: e.MCP_SANDBOX_CPU_SECONDS, memoryMb: e.MCP_SANDBOX_MEMORY_MB },
    },
  };
}

/**
 * Loads KEY=value lines from the repository's .env into process.env when the file exists. Variables already set
 * in the environment win, so `PORT=4000 npm start` still overrides the file.
 */
export function loadDotEnvFile(file = path.join(REPO_ROOT, '.env')): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
