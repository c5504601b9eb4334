import { describe, expect, it } from 'vitest';
import { ZERO_USAGE } from '../../analyst/llm/cost.js';
import { type ChatStreamPart, ChatStreamTranslator } from './chat-stream-events.js';
import { estimateUnfinishedStep } from './turn-ledger.js';

// Stream parts as the AI SDK sends them, with only the fields the translation reads.
const part = (fields: Record<string, unknown>) => fields as unknown as ChatStreamPart;
const startStep = part({ type: 'start-step', request: {}, warnings: [] });
const text = (t: string) => part({ type: 'text-delta', id: 't', text: t });
const finishStep = (inputTokens: number, outputTokens: number) =>
  part({ type: 'finish-step', usage: { inputTokens, outputTokens }, finishReason: 'stop' });

function translateAll(parts: ChatStreamPart[], mcpTools: string[] = []) {
  const translator = new ChatStreamTranslator((name) => mcpTools.includes(name));
  const steps: unknown[] = [];
  const events = parts.flatMap((p) => {
    const out = translator.translate(p);
    if (out.stepUsage) steps.push(out.stepUsage);
    return out.events;
  });
  return { translator, events, steps };
}

describe('the AI SDK stream as chat events', () => {
  it('sends text as deltas, a later step’s text as a new paragraph, and reasoning as thinking', () => {
    const { events, translator } = translateAll([
      startStep,
      part({ type: 'reasoning-delta', id: 'r', text: 'Hmm.' }),
      text('Let me look.'),
      finishStep(10, 5),
      startStep,
      text('Leeds has most.'),
      finishStep(20, 6),
    ]);
    expect(events).toEqual([
      { type: 'thinking_stream', delta: 'Hmm.' },
      { type: 'text_delta', delta: 'Let me look.' },
      { type: 'text_delta', delta: '\n\n' },
      { type: 'text_delta', delta: 'Leeds has most.' },
    ]);
    expect(translator.transcript.text).toBe('Let me look.\n\nLeeds has most.');
  });

  it('sends a tool call from its first token to its result, and keeps both for the saved answer', () => {
    const { events, translator } = translateAll(
      [
        startStep,
        part({ type: 'tool-input-start', id: 'c1', toolName: 'run_sql' }),
        part({ type: 'tool-input-delta', id: 'c1', delta: '{"sql":' }),
        part({ type: 'tool-call', toolCallId: 'c1', toolName: 'run_sql', input: { sql: 'SELECT 1' } }),
        part({ type: 'tool-call', toolCallId: 'c2', toolName: 'sequentialthinking', input: {} }),
        part({ type: 'tool-result', toolCallId: 'c1', toolName: 'run_sql', output: { rows: [[1]] } }),
        part({
          type: 'tool-error',
          toolCallId: 'c2',
          toolName: 'sequentialthinking',
          error: new Error('down'),
        }),
      ],
      ['sequentialthinking'],
    );
    expect(events).toEqual([
      { type: 'tool_preparing', tool_call_id: 'c1', tool_name: 'run_sql' },
      { type: 'tool_args_streaming', tool_call_id: 'c1', delta: '{"sql":' },
      {
        type: 'tool_call',
        tool_call_id: 'c1',
        tool_name: 'run_sql',
        args: { sql: 'SELECT 1' },
        is_mcp: false,
      },
      { type: 'tool_call', tool_call_id: 'c2', tool_name: 'sequentialthinking', args: {}, is_mcp: true },
      {
        type: 'tool_result',
        tool_call_id: 'c1',
        tool_name: 'run_sql',
        result: { rows: [[1]] },
        details: { result_length: 14 },
      },
      {
        type: 'tool_result',
        tool_call_id: 'c2',
        tool_name: 'sequentialthinking',
        result: { error: 'down' },
        details: { result_length: 16 },
      },
    ]);
    expect(translator.transcript.toolCalls.map((c) => c.tool_call_id)).toEqual(['c1', 'c2']);
    expect(translator.transcript.toolResults.map((r) => r.result)).toEqual([
      { rows: [[1]] },
      { error: 'down' },
    ]);
  });

  it('hands each finished step’s usage to the ledger and sends no event for it itself', () => {
    const { events, steps, translator } = translateAll([startStep, text('Hi'), finishStep(100, 7)]);
    expect(events).toEqual([{ type: 'text_delta', delta: 'Hi' }]);
    expect(steps).toEqual([{ ...ZERO_USAGE, inputTokens: 100, outputTokens: 7 }]);
    expect(translator.unfinishedStepChars).toBeNull();
  });

  it('keeps a stream error as the turn’s error, without an event of its own', () => {
    const { events, translator } = translateAll([
      startStep,
      part({ type: 'error', error: new Error('rate limited') }),
    ]);
    expect(events).toEqual([]);
    expect(translator.transcript.error).toBe('rate limited');
  });

  it('ignores the parts the chat does not show', () => {
    const { events } = translateAll([
      part({ type: 'start' }),
      part({ type: 'text-start', id: 't' }),
      part({ type: 'finish', finishReason: 'stop', totalUsage: {} }),
    ]);
    expect(events).toEqual([]);
  });

  it('counts what an unfinished step produced, so its usage can be estimated', () => {
    const { translator } = translateAll([
      startStep,
      text('Hi'),
      finishStep(100, 7),
      startStep,
      part({ type: 'reasoning-delta', id: 'r', text: 'abcd' }),
      text('12345678'),
      part({ type: 'tool-input-delta', id: 'c', delta: 'xyzw' }),
    ]);
    expect(translator.unfinishedStepChars).toBe(16);
  });
});

describe('the usage of an unfinished step', () => {
  it('takes the latest reported input and the output from the characters produced', () => {
    expect(estimateUnfinishedStep({ lastInputTokens: 900, promptChars: 40_000, stepChars: 17 })).toEqual({
      ...ZERO_USAGE,
      inputTokens: 900,
      outputTokens: 5,
    });
  });

  it('estimates the input from the prompt before any step reported', () => {
    expect(estimateUnfinishedStep({ lastInputTokens: 0, promptChars: 4_001, stepChars: 0 })).toEqual({
      ...ZERO_USAGE,
      inputTokens: 1001,
      outputTokens: 0,
    });
  });
});
