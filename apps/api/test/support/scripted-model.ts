/**
 * A keyless scripted language model for tests and benches: an AI SDK model (MockLanguageModelV3 from `ai/test`)
 * that answers each call with the next step of a script, through generateText/generateObject (doGenerate) or
 * streamText (doStream, text split into deltas), with the token usage you give it. Steps may be functions of the
 * call, to answer from the prompt. Every call's options are kept, to assert what the model was sent.
 *
 *   const scripted = scriptedModel([
 *     jsonStep({ classification: {...}, sql: 'SELECT 1', explanation: '...' }, { input: 1200, output: 80 }),
 *     { text: 'The analysis...', usage: { input: 900, output: 150 } },
 *   ]);
 *   const registry = createModelRegistry(config.providers, { overrides: { 'claude-haiku-4-5': scripted.model } });
 *   ...
 *   expect(scripted.calls).toHaveLength(2);
 *   expect(scripted.promptText(0)).toContain('upc_output');
 */
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Content = GenerateResult['content'][number];

export interface ScriptedUsage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export interface ScriptedToolCall {
  toolName: string;
  input: unknown;
  id?: string;
}

export type ScriptedReply =
  | { text: string; reasoning?: string; toolCalls?: ScriptedToolCall[]; usage?: ScriptedUsage }
  | { toolCalls: ScriptedToolCall[]; text?: string; reasoning?: string; usage?: ScriptedUsage }
  | { error: Error | string };

export type ScriptedStep = ScriptedReply | ((call: CallOptions, index: number) => ScriptedReply);

export interface ScriptedModelOptions {
  modelId?: string;
  provider?: string;
  /** Characters per streamed text delta. */
  chunkSize?: number;
  /** Delay between streamed parts (ms). */
  chunkDelayMs?: number;
  /** Reply for calls after the script ran out; by default such a call fails the test loudly. */
  fallback?: ScriptedStep;
}

export interface ScriptedModel {
  model: MockLanguageModelV3;
  /** Options of every call, in order (generate and stream). */
  calls: CallOptions[];
  /** Appends steps to the script. */
  push(...steps: ScriptedStep[]): void;
  remaining(): number;
  /** The text of every message of call `index` (system, user, assistant, tool), joined. */
  promptText(index: number): string;
}

/** A reply whose text is the JSON of `value` (what generateObject parses). */
export function jsonStep(value: unknown, usage?: ScriptedUsage): ScriptedReply {
  return { text: JSON.stringify(value), ...(usage ? { usage } : {}) };
}

function v3Usage(usage: ScriptedUsage = {}) {
  const input = usage.input ?? 10;
  const cacheRead = usage.cacheRead ?? 0;
  const cacheWrite = usage.cacheWrite ?? 0;
  return {
    inputTokens: { total: input, noCache: input - cacheRead - cacheWrite, cacheRead, cacheWrite },
    outputTokens: { total: usage.output ?? 5, text: usage.output ?? 5, reasoning: undefined },
  };
}

export function scriptedModel(steps: ScriptedStep[], options: ScriptedModelOptions = {}): ScriptedModel {
  const queue = [...steps];
  const calls: CallOptions[] = [];
  const chunkSize = options.chunkSize ?? 8;

  const next = (call: CallOptions): Exclude<ScriptedReply, { error: unknown }> => {
    calls.push(call);
    const step = queue.shift() ?? options.fallback;
    if (!step) {
      throw new Error(
        `scripted model: no step left for call ${calls.length} (the script had ${steps.length})`,
      );
    }
    const reply = typeof step === 'function' ? step(call, calls.length - 1) : step;
    if ('error' in reply) throw typeof reply.error === 'string' ? new Error(reply.error) : reply.error;
    return reply;
  };

  const toolCallsOf = (reply: Exclude<ScriptedReply, { error: unknown }>, callIndex: number) =>
    (reply.toolCalls ?? []).map((tool, i) => ({
      type: 'tool-call' as const,
      toolCallId: tool.id ?? `call_${callIndex}_${i}`,
      toolName: tool.toolName,
      input: typeof tool.input === 'string' ? tool.input : JSON.stringify(tool.input ?? {}),
    }));

  const model = new MockLanguageModelV3({
    provider: options.provider ?? 'scripted',
    modelId: options.modelId ?? 'scripted',
    doGenerate: async (call) => {
      const reply = next(call);
      const content: Content[] = [];
      if (reply.reasoning) content.push({ type: 'reasoning', text: reply.reasoning });
      if (reply.text) content.push({ type: 'text', text: reply.text });
      const tools = toolCallsOf(reply, calls.length);
      content.push(...tools);
      return {
        content,
        finishReason: {
          unified: tools.length ? 'tool-calls' : 'stop',
          raw: tools.length ? 'tool_calls' : 'stop',
        },
        usage: v3Usage(reply.usage),
        warnings: [],
      };
    },
    doStream: async (call) => {
      const reply = next(call);
      const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (reply.reasoning) {
        parts.push({ type: 'reasoning-start', id: 'r0' });
        for (const piece of split(reply.reasoning, chunkSize)) {
          parts.push({ type: 'reasoning-delta', id: 'r0', delta: piece });
        }
        parts.push({ type: 'reasoning-end', id: 'r0' });
      }
      if (reply.text) {
        parts.push({ type: 'text-start', id: 't0' });
        for (const piece of split(reply.text, chunkSize))
          parts.push({ type: 'text-delta', id: 't0', delta: piece });
        parts.push({ type: 'text-end', id: 't0' });
      }
      const tools = toolCallsOf(reply, calls.length);
      for (const tool of tools) {
        parts.push({ type: 'tool-input-start', id: tool.toolCallId, toolName: tool.toolName });
        for (const piece of split(tool.input, chunkSize)) {
          parts.push({ type: 'tool-input-delta', id: tool.toolCallId, delta: piece });
        }
        parts.push({ type: 'tool-input-end', id: tool.toolCallId });
        parts.push(tool);
      }
      parts.push({
        type: 'finish',
        finishReason: {
          unified: tools.length ? 'tool-calls' : 'stop',
          raw: tools.length ? 'tool_calls' : 'stop',
        },
        usage: v3Usage(reply.usage),
      });
      return {
        stream: simulateReadableStream({
          chunks: parts,
          initialDelayInMs: options.chunkDelayMs ?? 0,
          chunkDelayInMs: options.chunkDelayMs ?? 0,
        }),
      };
    },
  });

  return {
    model,
    calls,
    push: (...more) => queue.push(...more),
    remaining: () => queue.length,
    promptText(index) {
      const call = calls[index];
      if (!call) throw new Error(`scripted model: no call ${index}`);
      return call.prompt
        .map((message) =>
          typeof message.content === 'string'
            ? message.content
            : message.content
                .map((part) => {
                  if ('text' in part && typeof part.text === 'string') return part.text;
                  if (part.type === 'tool-result') return JSON.stringify(part.output);
                  if (part.type === 'tool-call') return JSON.stringify(part.input);
                  return '';
                })
                .join('\n'),
        )
        .join('\n\n');
    },
  };
}

function split(text: string, size: number): string[] {
  if (text.length === 0) return [];
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
