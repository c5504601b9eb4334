/**
 * Issue 24, acceptance 6: every POST, PUT and PATCH route (found from the app itself, so a new route is fuzzed
 * without being listed here) is sent NUL characters, lone surrogates and 1 MB strings in each field of a valid
 * body, in the whole body and in its path parameters; the search routes get them in their query strings. No
 * answer may be a 5xx, and text the database cannot store is refused with 422 and a detail naming the field.
 */
import { randomUUID } from 'node:crypto';
import { UNSTORABLE_TEXT_MESSAGE } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testBackends, uniqueEmail } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

interface Route {
  method: string;
  url: string;
}

/** Every route of the app with its methods, read from Fastify's route tree. */
export function appRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: Array<{ depth: number; path: string }> = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: path.replace(/\/$/, '') });
  }
  return routes;
}

const MB = 1024 * 1024;
/** What no field may break the server with. JSON-escaped where a raw value would not survive a JS string. */
const EVIL: Array<{ name: string; json: string; storable: boolean }> = [
  { name: 'a NUL character', json: JSON.stringify('a\u0000b'), storable: false },
  { name: 'only a NUL', json: JSON.stringify('\u0000'), storable: false },
  { name: 'a lone high surrogate', json: '"x\\ud800y"', storable: false },
  { name: 'a lone low surrogate', json: '"\\udc00"', storable: false },
  { name: 'a 1 MB string under the body limit', json: JSON.stringify('x'.repeat(MB - 4096)), storable: true },
  { name: 'a 1 MB string over the body limit', json: JSON.stringify('x'.repeat(MB + 16)), storable: true },
  { name: 'half a MB of two-byte characters', json: JSON.stringify('é'.repeat(MB / 4)), storable: true },
];

/** A body each route accepts (or refuses for a reason other than its text), to put one bad field into. */
function validBody(route: Route): Record<string, unknown> {
  const bodies: Array<[RegExp, Record<string, unknown>]> = [
    [/\/auth\/login$/, { email: 'nobody@test.example', password: 'Wrong-Passw0rd' }],
    [/\/users$/, { email: uniqueEmail('fuzz'), password: 'Fuzz-Passw0rd', role: 'user' }],
    [/\/users\/:id$/, { email: uniqueEmail('fuzz'), role: 'user', password: 'Fuzz-Passw0rd' }],
    [/request-password-reset$/, { email: uniqueEmail('fuzz') }],
    [/set-password$/, { token: 'not-a-token', new_password: 'Fuzz-Passw0rd' }],
    [/\/query(\/v2)?$/, { prompt: 'How many premises are there?', progress_channel: 'fuzz' }],
    [/\/query\/feedback$/, { query_id: randomUUID(), rating: true, comment: 'fine' }],
    [/\/comments\/:id$/, { comment_text: 'A comment' }],
    [/\/chat\/message(\/stream)?$/, { message: 'Hello', session_id: 'fuzz-session-2', model: 'builtin' }],
    [/\/chat\/sessions\/:sessionId$/, { title: 'A title' }],
    [
      /\/mcp\/servers\/user$/,
      { name: 'Fuzz', config: { command: 'node', args: ['/opt/mcp/x.js'], env: {} } },
    ],
    [/\/toggle$/, { enabled: false }],
  ];
  return { ...(bodies.find(([pattern]) => pattern.test(route.url))?.[1] ?? {}) };
}

/** Things that exist, so a route gets past its lookups to the part that stores what it was sent. */
interface Seeded {
  queryId: string;
  userId: string;
  sessionId: string;
}

/** The route's URL with its parameters filled in: `encoded` when given, else something that exists. */
function fill(url: string, seeded: Seeded, encoded?: string): string {
  const existing = url.startsWith('/api/users/')
    ? seeded.userId
    : url.startsWith('/api/chat/')
      ? seeded.sessionId
      : url.startsWith('/api/mcp/')
        ? 'sequential-thinking'
        : url.startsWith('/api/history/') || url.startsWith('/api/charts/')
          ? seeded.queryId
          : randomUUID();
  return url.replace(/:(\w+)/g, () => encoded ?? existing);
}

/** A path parameter as a URL carries it: a lone surrogate has no UTF-8 form, so its (invalid) bytes are sent. */
function encodedParam(json: string): string {
  try {
    return encodeURIComponent(JSON.parse(json) as string);
  } catch {
    return '%ED%A0%80';
  }
}

/** The JSON text of `body` with one field (a dotted path) replaced by raw JSON. */
function withField(body: Record<string, unknown>, field: string, json: string): string {
  const marker = `__fuzz_${randomUUID()}__`;
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = field.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), json);
}

/** Dotted paths of every string in a body (the fields worth fuzzing), array items included. */
function stringFields(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return [path.join('.')];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => stringFields(inner, [...path, key]));
  }
  return [];
}

describe.each(testBackends())('input fuzzing on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let seeded: Seeded;
  const answers: Array<{ label: string; status: number; detail: string }> = [];

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    t = await createTestApp(backend, { warehouse: async () => warehouse });
    const asked = await t.request('POST', '/api/query', {
      token: t.admin.token,
      body: { prompt: 'How many premises are there?' },
    });
    const sessionId = 'fuzz-session';
    const chatted = await t.request('POST', '/api/chat/message', {
      token: t.admin.token,
      body: { message: 'Hello', session_id: sessionId, model: 'builtin' },
    });
    expect([asked.statusCode, chatted.statusCode]).toEqual([200, 200]);
    seeded = { queryId: asked.json().id, userId: (await t.createUser()).id, sessionId };
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  /** A token for the request: signing out must not end the admin's session the other requests use. */
  const tokenFor = async (route: Route) =>
    /\/auth\/logout/.test(route.url) ? (await t.createUser()).token : t.admin.token;

  const send = async (label: string, route: Route, url: string, payload?: string) => {
    const response = await t.app.inject({
      method: route.method as 'POST',
      url,
      headers: {
        authorization: `Bearer ${await tokenFor(route)}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const detail = String(response.headers['content-type'] ?? '').includes('application/json')
      ? String((response.json() as { detail?: unknown }).detail ?? '')
      : '';
    answers.push({ label, status: response.statusCode, detail });
    return { status: response.statusCode, detail };
  };

  it('finds the POST, PUT and PATCH routes', () => {
    const writes = appRoutes(t.app).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(writes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'PUT /api/users/:id',
        'PATCH /api/chat/sessions/:sessionId',
        'POST /api/mcp/servers/user',
        'POST /api/history/comments/:id',
      ]),
    );
    expect(writes.length).toBeGreaterThanOrEqual(18);
  });

  it('answers no 5xx to NUL, lone surrogates and 1 MB strings in any field, body or parameter', async () => {
    const writes = appRoutes(t.app).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    for (const route of writes) {
      const body = validBody(route);
      const name = `${route.method} ${route.url}`;
      for (const evil of EVIL) {
        for (const field of stringFields(body)) {
          const { status, detail } = await send(
            `${name} ${field}=${evil.name}`,
            route,
            fill(route.url, seeded),
            withField(body, field, evil.json),
          );
          expect(status, `${name} ${field}=${evil.name}: ${detail}`).toBeLessThan(500);
          // Text the database cannot store is refused, naming the field (or the body's first such string).
          if (!evil.storable && status !== 401 && status !== 429) {
            expect(status, `${name} ${field}=${evil.name}`).toBe(422);
            expect(detail).toContain(UNSTORABLE_TEXT_MESSAGE);
          }
        }
        // The whole body as one bad string, and a bad path parameter.
        const whole = await send(`${name} body=${evil.name}`, route, fill(route.url, seeded), evil.json);
        expect(whole.status, `${name} body=${evil.name}: ${whole.detail}`).toBeLessThan(500);
        if (route.url.includes(':') && !evil.name.includes('MB')) {
          const param = await send(
            `${name} param=${evil.name}`,
            route,
            fill(route.url, seeded, encodedParam(evil.json)),
            JSON.stringify(body),
          );
          expect(param.status, `${name} param=${evil.name}: ${param.detail}`).toBeLessThan(500);
        }
      }
      // Bytes that are not UTF-8 at all.
      const raw = await t.app.inject({
        method: route.method as 'POST',
        url: fill(route.url, seeded),
        headers: { authorization: `Bearer ${await tokenFor(route)}`, 'content-type': 'application/json' },
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x00, 0x22, 0x7d]),
      });
      expect(raw.statusCode, `${name} with bytes that are not UTF-8`).toBeLessThan(500);
    }
    const statuses = new Map<number, number>();
    for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    console.log(
      `input fuzzing (${backend.name}): ${writes.length} routes, ${answers.length} requests, answers ` +
        [...statuses].map(([status, count]) => `${count} x ${status}`).join(', '),
    );
  });

  it.each(['/api/chat/sessions?q=', '/api/history/query-history?q=', '/api/history/query-history?asker='])(
    'refuses NUL and lone surrogates in %s with 422',
    async (url) => {
      for (const bad of ['%00', 'a%00b', '%ED%A0%80']) {
        const response = await t.request('GET', `${url}${bad}`, { token: t.admin.token });
        expect(response.statusCode, `${url}${bad}`).toBeLessThan(500);
      }
      const nul = await t.request('GET', `${url}a%00b`, { token: t.admin.token });
      expect(nul.statusCode).toBe(422);
      expect(nul.json().detail).toContain(UNSTORABLE_TEXT_MESSAGE);
    },
  );
});
