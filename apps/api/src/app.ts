/**
 * Builds the Fastify app from configuration and already-opened dependencies, without listening, so tests can
 * build it in-process. Features are Fastify plugins mounted under /api; each gets what it needs as options.
 *
 * Adding a feature: write src/features/<name>/<name>.routes.ts exporting `async function xRoutes(app, opts)`,
 * then register it in mountFeatures below, e.g.
 *   await app.register(queryRoutes, { prefix: `${API_PREFIX}/query`, context });
 * Guard routes with `{ onRequest: app.requireUser }` or `app.requireAdmin`, read the user with currentUser(),
 * parse bodies with parseInput(schema, request.body) and throw AppError for expected failures.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import type { LanguageModel } from 'ai';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { sql } from 'kysely';
import { type AgentRuntime, createAgentRuntime } from './analyst/agent/agent-runtime.js';
import type { AgentWarehouse } from './analyst/agent/agent-warehouse.js';
import { admitted } from './analyst/agent/warehouse-admission.js';
import { createModelRegistry, type ModelRegistry } from './analyst/llm/providers.js';
import type { Config } from './config/env.js';
import type { AppDb } from './db/database.js';
import { authRoutes } from './features/auth/auth.routes.js';
import {
  type AuthService,
  createAuthService,
  type LoginThrottleRules,
} from './features/auth/auth.service.js';
import { createChartLinks } from './features/charts/chart-links.js';
import { chartsRoutes } from './features/charts/charts.routes.js';
import { type ChartService, createChartService } from './features/charts/charts.service.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { type ChatService, createChatService } from './features/chat/chat.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { logsRoutes } from './features/logs/logs.routes.js';
import { mcpRoutes } from './features/mcp/mcp.routes.js';
import { createMcpService, type McpService } from './features/mcp/mcp.service.js';
import { createMcpPolicy } from './features/mcp/mcp-config.js';
import { McpProcesses } from './features/mcp/mcp-processes.js';
import { ProgressHub } from './features/questions/progress-hub.js';
import { historyRoutes, progressRoutes, queryRoutes } from './features/questions/questions.routes.js';
import { createQuestionsService, type QuestionsService } from './features/questions/questions.service.js';
import { usersRoutes } from './features/users/users.routes.js';
import {
  createUsersService,
  type ResetThrottleRules,
  type UsersService,
} from './features/users/users.service.js';
import { reviewRoutes, verifiedRoutes } from './features/verified/verified.routes.js';
import { createVerifiedService, type VerifiedService } from './features/verified/verified.service.js';
import { createVerifiedStore } from './features/verified/verified-store.js';
import { AccessEvents } from './lib/access-events.js';
import { installAuthGuards } from './lib/auth-guard.js';
import { selectBearerProtocol } from './lib/authenticated-socket.js';
import { AppError, registerErrorHandling } from './lib/errors.js';
import { FairGate } from './lib/fair-gate.js';
import { generateRequestId, registerHttpHooks } from './lib/http-hooks.js';
import { createTokenService, type TokenService } from './lib/jwt.js';
import { bridgeLogs } from './lib/log-bridge.js';
import type { LogRing } from './lib/log-ring.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mailer.js';
import { metricsRoutes, startEventLoopMonitor } from './lib/metrics.js';
import { rateLimitStore } from './lib/rate-limit-store.js';
import { connectSharedBus, type SharedBus } from './lib/shared-bus.js';
import { registerStorableInputCheck } from './lib/storable-input.js';
import { redisThrottleFactory } from './lib/throttle.js';
import type { WarehouseState } from './lib/warehouse-lifecycle.js';
import { API_PREFIX, registerWebApp } from './lib/web-app.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

export interface AppDeps {
  config: Config;
  db: AppDb;
  logger: Logger;
  logRing: LogRing;
  mailer: Mailer;
  jwtSecret: string;
  /**
   * Opens the broadband warehouse for the query agent (called once, on the first question). Without it the query
   * routes answer that the warehouse is not available.
   */
  warehouse?: () => Promise<AgentWarehouse>;
  /** The warehouse build's state, reported by GET /api/health and /api/health/ready. */
  warehouseStatus?: () => WarehouseState;
  /**
   * Test seams: throttle rules, the clock, scripted language models by model id, the progress ping interval, the
   * MCP sandbox's tool directories.
   */
  overrides?: {
    loginThrottle?: LoginThrottleRules;
    resetThrottle?: ResetThrottleRules;
    now?: () => number;
    models?: Record<string, LanguageModel>;
    progressPingMs?: number;
    /** Where the MCP sandbox's programs are looked for (a test shows what happens when bwrap fails). */
    mcpSandboxToolDirs?: string[];
  };
}

/** What every feature may use; passed to feature plugins as `context`. */
export interface AppContext {
  config: Config;
  db: AppDb;
  logger: Logger;
  logRing: LogRing;
  mailer: Mailer;
  tokens: TokenService;
  auth: AuthService;
  users: UsersService;
  /** Every model the product can call (model table, providers from the environment, `builtin`). */
  models: ModelRegistry;
  agent: AgentRuntime;
  /** The warehouse build's state; always 'ready' when the server was given a warehouse directly (tests). */
  warehouseStatus: () => WarehouseState;
  /** Questions asked in the query tool and their saved answers. */
  questions: QuestionsService;
  progress: ProgressHub;
  /** Charts and maps drawn by the chat tools, served as pages to their owner. */
  charts: ChartService;
  /** MCP tool servers per user (core, optional, user tiers). */
  mcp: McpService;
  chat: ChatService;
  /** Verified answers and the review queue (admins). */
  verified: VerifiedService;
  /** Admission control for warehouse queries (bounded, fair across users). */
  gate: FairGate;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, logger, logRing, mailer, overrides = {} } = deps;

  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the app typed as a plain FastifyInstance.
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request is logged by the onResponse hook in http-hooks.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    genReqId: generateRequestId,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });

  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  registerStorableInputCheck(app);
  await registerHttpHooks(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_PAYLOAD_BYTES, handleProtocols: selectBearerProtocol },
  });

  // With REDIS_URL, what must be shared by several server processes goes through Redis (see shared-bus.ts).
  const bus: SharedBus | undefined = config.redisUrl
    ? await connectSharedBus({ url: config.redisUrl, prefix: config.redisKeyPrefix, logger })
    : undefined;
  const stopLogBridge = bus ? await bridgeLogs(logRing, bus) : undefined;
  const accessEvents = new AccessEvents();
  app.decorate('accessEvents', accessEvents);
  const stopAccessEvents = bus ? await accessEvents.connect(bus) : undefined;
  await registerRateLimits(app, config, bus);

  const tokens = createTokenService(deps.jwtSecret, config.tokenTtlHours);
  const throttleStore = bus ? redisThrottleFactory(bus.redis, bus.prefix, { health: bus.health }) : undefined;
  const auth = createAuthService({
    db,
    tokens,
    logger: logger.child({ component: 'auth' }),
    accessEvents,
    ...(throttleStore ? { throttleStore } : {}),
    ...(overrides.loginThrottle ? { throttle: overrides.loginThrottle } : {}),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const users = createUsersService({
    db,
    mailer,
    logger: logger.child({ component: 'users' }),
    accessEvents,
    publicUrl: config.publicUrl,
    ...(throttleStore ? { throttleStore } : {}),
    ...(overrides.resetThrottle ? { resetThrottle: overrides.resetThrottle } : {}),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  installAuthGuards(app, auth.authenticator);

  const models = createModelRegistry(
    config.providers,
    overrides.models ? { overrides: overrides.models } : {},
  );
  const { agent, gate, cacheStats } = createAdmittedAgent(deps, models);
  const progress = new ProgressHub(bus);
  await progress.start();
  const verifiedStore = createVerifiedStore({ db });
  const questions = createQuestionsService({
    db,
    logger: logger.child({ component: 'query' }),
    runtime: agent,
    hub: progress,
    gate,
    verified: verifiedStore,
  });
  const verified = createVerifiedService({
    db,
    logger: logger.child({ component: 'review' }),
    store: verifiedStore,
    questions,
    runtime: agent,
  });
  app.addHook('onClose', async () => {
    progress.stop();
    stopLogBridge?.();
    stopAccessEvents?.();
    await bus?.close();
  });
  const charts = createChartService({ db, links: createChartLinks(deps.jwtSecret) });
  const mcpProcesses = new McpProcesses(logger.child({ component: 'mcp' }));
  app.addHook('onClose', () => mcpProcesses.closeAll());
  const mcp = createMcpService({
    db,
    logger: logger.child({ component: 'mcp' }),
    policy: createMcpPolicy(config.mcp),
    sandboxLimits: config.mcp.sandbox,
    ...(overrides.mcpSandboxToolDirs ? { sandboxToolDirs: overrides.mcpSandboxToolDirs } : {}),
    processes: mcpProcesses,
  });
  app.addHook('onClose', () => mcp.close());
  const chat = createChatService({
    db,
    logger: logger.child({ component: 'chat' }),
    registry: models,
    agent,
    charts,
    mcp,
    verified: verifiedStore,
  });

  const context: AppContext = {
    config,
    db,
    logger,
    logRing,
    mailer,
    tokens,
    auth,
    users,
    models,
    agent,
    warehouseStatus: deps.warehouseStatus ?? (() => ({ state: 'ready', built: false, elapsed_ms: 0 })),
    questions,
    progress,
    charts,
    mcp,
    chat,
    verified,
    gate,
  };
  await mountFeatures(app, context, overrides);
  const monitor = startEventLoopMonitor();
  app.addHook('onClose', async () => monitor.stop());
  await app.register(metricsRoutes, {
    prefix: API_PREFIX,
    monitor,
    gate: () => gate.stats(),
    cache: cacheStats,
  });
  await registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * The query agent, whose warehouse is opened on the first question and admitted through the fair gate (bounded,
 * fair across users) and the result cache.
 */
function createAdmittedAgent(deps: AppDeps, models: ModelRegistry) {
  const { config } = deps;
  const gate = new FairGate({
    ...(config.scale.warehouseMaxConcurrent ? { maxActive: config.scale.warehouseMaxConcurrent } : {}),
    maxQueued: config.scale.warehouseQueueMax,
  });
  let cacheStats: (() => { size: number; hits: number; misses: number }) | undefined;
  const openWarehouse = deps.warehouse;
  const agent = createAgentRuntime({
    warehouse: openWarehouse
      ? async () => {
          const inner = await openWarehouse();
          const wrapped = admitted(inner, {
            gate,
            cache: { maxEntries: config.scale.resultCacheEntries },
            ...(inner.buildId ? { buildId: () => inner.buildId?.() } : {}),
          });
          cacheStats = wrapped.cacheStats;
          return wrapped;
        }
      : () => Promise.reject(new Error('No warehouse is configured for this server')),
    registry: models,
    planner: config.query.planner,
    model: config.query.model,
  });
  return { agent, gate, cacheStats: () => cacheStats?.() };
}

/**
 * A POST with `Content-Type: application/json` and no body (archive, logout, ...) is parsed as `{}`: many HTTP
 * clients send that header on every call, and Fastify's own parser answers 400 "body is empty". Anything else
 * goes to Fastify's default JSON parser, which keeps its prototype-poisoning protection.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, {});
    return parseJson(request, text, done);
  });
}

/** Endpoints that start expensive work (a question, a chat turn) are limited per user per minute. */
const RATE_LIMITED_ROUTES = new Set([
  `${API_PREFIX}/query`,
  `${API_PREFIX}/query/v2`,
  `${API_PREFIX}/query/:id/alternatives/:index`,
  `${API_PREFIX}/query/:id/sql`,
  `${API_PREFIX}/chat/message`,
  `${API_PREFIX}/chat/message/stream`,
]);

async function registerRateLimits(app: FastifyInstance, config: Config, bus: SharedBus | undefined) {
  const max = config.scale.rateLimitPerMinute;
  if (max === 0) return;
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in Redis when there is one, and in this process's memory while it does not answer.
    store: rateLimitStore({
      redis: bus?.redis,
      prefix: `${bus?.prefix ?? ''}rate:`,
      health: bus?.health,
    }),
    errorResponseBuilder: (_request, context) =>
      AppError.tooManyRequests(
        `Too many questions: the limit is ${context.max} a minute. Try again in ${context.after}.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
  // One limiter per kind of work, shared by every version of its endpoints (a per-route config would count each
  // route apart). Keyed by the signed-in user: it runs as a preHandler, after the route's requireUser hook.
  const limiter = (group: string) =>
    app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${group}:${request.user?.id ?? request.ip}`,
    });
  const limiters = { questions: limiter('questions'), chat: limiter('chat') };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || !RATE_LIMITED_ROUTES.has(route.url.replace(/\/$/, ''))) return;
    const handler = route.url.includes('/chat/') ? limiters.chat : limiters.questions;
    const existing = route.preHandler;
    route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler];
  });
}

async function mountFeatures(
  app: FastifyInstance,
  context: AppContext,
  overrides: NonNullable<AppDeps['overrides']>,
) {
  await app.register(healthRoutes, {
    prefix: API_PREFIX,
    ping: async () => {
      await sql`select 1`.execute(context.db);
    },
    warehouseStatus: context.warehouseStatus,
  });
  await app.register(authRoutes, { prefix: `${API_PREFIX}/auth`, auth: context.auth });
  await app.register(usersRoutes, { prefix: `${API_PREFIX}/users`, users: context.users });
  await app.register(logsRoutes, { prefix: API_PREFIX, ring: context.logRing });
  await app.register(queryRoutes, { prefix: `${API_PREFIX}/query`, questions: context.questions });
  await app.register(historyRoutes, { prefix: `${API_PREFIX}/history`, questions: context.questions });
  await app.register(verifiedRoutes, { prefix: `${API_PREFIX}/verified`, verified: context.verified });
  await app.register(reviewRoutes, { prefix: `${API_PREFIX}/review`, verified: context.verified });
  await app.register(chatRoutes, { prefix: `${API_PREFIX}/chat`, chat: context.chat });
  await app.register(mcpRoutes, { prefix: `${API_PREFIX}/mcp`, mcp: context.mcp });
  await app.register(chartsRoutes, {
    prefix: `${API_PREFIX}/charts`,
    charts: context.charts,
    history: context.questions,
    canSeeQuery: async (userId, queryId) => {
      const viewer = await context.db
        .selectFrom('users')
        .select(['id', 'email', 'role'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!viewer) return false;
      return context.questions
        .visibleQuery({ ...viewer, jti: '', sessionVersion: 0, tokenExpiresAt: new Date(0) }, queryId)
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return false;
          throw error;
        });
    },
    toolContext: async (userId) => ({
      warehouse: (await context.agent.ready()).warehouse,
      charts: context.charts.sinkFor(userId),
    }),
  });
  await app.register(progressRoutes, {
    prefix: API_PREFIX,
    hub: context.progress,
    ...(overrides.progressPingMs ? { pingMs: overrides.progressPingMs } : {}),
  });
}
