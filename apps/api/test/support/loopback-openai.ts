/**
 * A loopback OpenAI-compatible server (node:http on 127.0.0.1, a free port) for end-to-end tests of the
 * OPENAI_COMPATIBLE_* provider: it serves POST /v1/chat/completions from a script of replies, as one JSON
 * completion or, when the request says `stream: true`, as SSE chunks (`data: {...}` lines, text and tool-call
 * deltas, a final usage chunk when `stream_options.include_usage` is set, then `data: [DONE]`). GET /v1/models
 * lists the model. Every request body is kept for assertions.
 *
 *   const server = await startLoopbackOpenAI([
 *     { content: '{"classification":{...},"sql":"SELECT 1","explanation":"..."}', usage: { prompt_tokens: 1200, completion_tokens: 60 } },
 *     { content: 'The analysis', usage: { prompt_tokens: 800, completion_tokens: 90, cached_tokens: 500 } },
 *   ]);
 *   const env = { OPENAI_COMPATIBLE_BASE_URL: server.baseUrl, OPENAI_COMPATIBLE_MODELS: 'local-llm' };
 *   ...
 *   expect(server.requests[0]?.messages[0]?.content).toContain('upc_output');
 *   await server.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Reported as usage.prompt_tokens_details.cached_tokens. */
  cached_tokens?: number;
}

export interface LoopbackToolCall {
  name: string;
  arguments: unknown;
  id?: string;
}

export interface LoopbackReplyObject {
  content?: string;
  reasoning?: string;
  toolCalls?: LoopbackToolCall[];
  usage?: LoopbackUsage;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  error?: string;
  /** Wait before answering (ms); with streaming, between chunks too. */
  delayMs?: number;
  /** Characters per streamed content delta. */
  chunkSize?: number;
}

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  response_format?: unknown;
  [key: string]: unknown;
}

export type LoopbackReply = LoopbackReplyObject | ((request: ChatCompletionRequest) => LoopbackReplyObject);

export interface LoopbackOpenAI {
  /** http://127.0.0.1:<port>/v1, the value for OPENAI_COMPATIBLE_BASE_URL. */
  baseUrl: string;
  requests: ChatCompletionRequest[];
  /** Authorization headers received, in order. */
  authorizations: (string | undefined)[];
  push(...replies: LoopbackReply[]): void;
  remaining(): number;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** Reply used once the script is exhausted; by default such a request gets a 500. */
  fallback?: LoopbackReply;
  modelIds?: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startLoopbackOpenAI(
  replies: LoopbackReply[] = [],
  options: LoopbackOptions = {},
): Promise<LoopbackOpenAI> {
  const queue = [...replies];
  const requests: ChatCompletionRequest[] = [];
  const authorizations: (string | undefined)[] = [];
  let counter = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (req.method === 'GET' && url.pathname === '/v1/models') {
      const ids = options.modelIds ?? ['loopback-model'];
      return json(res, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', owned_by: 'test' })),
      });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return json(res, 404, {
        error: { message: `No route ${req.method} ${url.pathname}`, type: 'not_found' },
      });
    }
    const body = JSON.parse(await readBody(req)) as ChatCompletionRequest;
    requests.push(body);
    authorizations.push(req.headers.authorization);
    const step = queue.shift() ?? options.fallback;
    if (!step) {
      return json(res, 500, { error: { message: 'loopback: no scripted reply left', type: 'server_error' } });
    }
    const reply = typeof step === 'function' ? step(body) : step;
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.status && reply.status >= 400) {
      return json(res, reply.status, {
        error: { message: reply.error ?? 'error', type: 'invalid_request_error' },
      });
    }
    counter += 1;
    const id = `chatcmpl-loopback-${counter}`;
    const created = Math.floor(Date.now() / 1000);
    const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({
      id: call.id ?? `call_${counter}_${i}`,
      type: 'function' as const,
      function: {
        name: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
      },
    }));
    const finishReason = toolCalls.length ? 'tool_calls' : 'stop';
    const usage = reply.usage
      ? {
          prompt_tokens: reply.usage.prompt_tokens,
          completion_tokens: reply.usage.completion_tokens,
          total_tokens: reply.usage.prompt_tokens + reply.usage.completion_tokens,
          prompt_tokens_details: { cached_tokens: reply.usage.cached_tokens ?? 0 },
        }
      : undefined;

    if (!body.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply.content ?? null,
              ...(reply.reasoning ? { reasoning_content: reply.reasoning } : {}),
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: finishReason,
          },
        ],
        ...(usage ? { usage } : {}),
      });
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    const write = async (text: string) => {
      res.write(text);
      if (reply.delayMs) await sleep(reply.delayMs);
    };
    await write(chunk({ role: 'assistant', content: '' }));
    const size = reply.chunkSize ?? 8;
    if (reply.reasoning) {
      for (let i = 0; i < reply.reasoning.length; i += size) {
        await write(chunk({ reasoning_content: reply.reasoning.slice(i, i + size) }));
      }
    }
    const content = reply.content ?? '';
    for (let i = 0; i < content.length; i += size)
      await write(chunk({ content: content.slice(i, i + size) }));
    for (const [index, call] of toolCalls.entries()) {
      await write(
        chunk({
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
          ],
        }),
      );
      const args = call.function.arguments;
      for (let i = 0; i < args.length; i += size) {
        await write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(i, i + size) } }] }));
      }
    }
    await write(chunk({}, finishReason));
    if (usage && body.stream_options?.include_usage) {
      await write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    push: (...more) => queue.push(...more),
    remaining: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
