import type { ChatHistory, ChatStreamEvent } from '@qa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CANCELLED_MESSAGE,
  type ChatAction,
  type ChatState,
  chatReducer,
  initialChatState,
} from './chat-state';
import type { ThinkingPart, ToolPart } from './tool-parts';
import { firstRequestUsage } from './usage-fixtures';

afterEach(() => vi.restoreAllMocks());

let counter = 0;
const now = '2026-11-01T10:00:00.000Z';

function run(events: ChatStreamEvent[], state: ChatState = started()): ChatState {
  return events.reduce(
    (s, event) => chatReducer(s, { type: 'stream_event', event, id: `e${++counter}`, now }),
    state,
  );
}

function started(base: ChatState = initialChatState, content = 'Question'): ChatState {
  return chatReducer(base, { type: 'request_started', id: `u${++counter}`, content, now });
}

const call = (id: string, name: string, args: unknown = {}, isMcp = false): ChatStreamEvent => ({
  type: 'tool_call',
  tool_call_id: id,
  tool_name: name,
  args,
  is_mcp: isMcp,
});
const result = (id: string, name: string, value: unknown = 'ok'): ChatStreamEvent => ({
  type: 'tool_result',
  tool_call_id: id,
  tool_name: name,
  result: value,
  details: { result_length: 2 },
});

function toolAt(state: ChatState, index: number): ToolPart {
  return state.items[index]?.parts[0] as ToolPart;
}

function assistantParts(state: ChatState) {
  return state.items.filter((i) => i.type === 'assistant').flatMap((i) => i.parts);
}

describe('thinking indicator', () => {
  it('shows from the start of a request', () => {
    const state = started();
    expect(state.thinking).toBe(true);
    expect(state.running).toBe(true);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ type: 'user', content: 'Question', timestamp: now });
  });

  it.each<ChatStreamEvent>([
    { type: 'text_delta', delta: 'x' },
    { type: 'tool_preparing', tool_name: 'run_sql' },
    call('c1', 'run_sql'),
    { type: 'typing_end' },
    { type: 'error', message: 'boom' },
  ])('hides on $type', (event) => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    expect(run([event]).thinking).toBe(false);
  });

  it.each<ChatStreamEvent>([
    { type: 'typing_start' },
    { type: 'tool_args_streaming', delta: '{"a"' },
    { type: 'thinking_stream', delta: 'hmm' },
    {
      type: 'usage_update',
      usage: {
        input_tokens: 1,
        output_tokens: 1,
        cache_read_tokens: 0,
        cache_write_tokens: 0,
        total_tokens: 2,
      },
    },
  ])('stays on $type', (event) => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    expect(run([event]).thinking).toBe(true);
  });

  it('only logs tool_preparing, tool_args_streaming and thinking_stream', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const state = run([
      { type: 'tool_preparing', tool_name: 'run_sql' },
      { type: 'tool_args_streaming', delta: '{' },
      { type: 'thinking_stream', delta: 'hmm' },
    ]);
    expect(debug).toHaveBeenCalledTimes(3);
    expect(state.items).toHaveLength(1);
  });
});

describe('streamed text', () => {
  it('appends deltas to one assistant message and sets the final timestamp on message_complete', () => {
    const state = run([
      { type: 'typing_start' },
      { type: 'text_delta', delta: 'Full fibre ' },
      { type: 'text_delta', delta: 'reaches **85%**.' },
      { type: 'typing_end' },
      {
        type: 'message_complete',
        message: {
          id: 'm1',
          type: 'assistant',
          content: 'Full fibre reaches **85%**.',
          timestamp: '2026-11-01T10:00:05.000Z',
        },
      },
    ]);
    const done = chatReducer(state, { type: 'request_finished', now });
    const assistant = done.items[1];
    expect(assistant?.content).toBe('Full fibre reaches **85%**.');
    expect(assistant?.parts).toHaveLength(1);
    expect(assistant?.timestamp).toBe('2026-11-01T10:00:05.000Z');
    expect(assistant?.streaming).toBe(false);
    expect(done.running).toBe(false);
  });

  it('starts a new text part after a tool cell, keeping the order things arrived in', () => {
    const state = run([
      { type: 'text_delta', delta: 'Let me look.' },
      call('c1', 'run_sql'),
      result('c1', 'run_sql'),
      { type: 'text_delta', delta: 'Here it is.' },
    ]);
    expect(assistantParts(state).map((p) => p.kind)).toEqual(['text', 'tool', 'text']);
    expect(state.items[1]?.content).toBe('Let me look.Here it is.');
  });

  it('uses the final message content when no delta arrived', () => {
    const state = run([
      {
        type: 'message_complete',
        message: { id: 'm1', type: 'assistant', content: 'Whole answer', timestamp: now },
      },
    ]);
    expect(state.items[1]?.content).toBe('Whole answer');
  });
});

describe('tool cells', () => {
  it('adds a pending cell with its input parameters on tool_call', () => {
    const state = run([call('c1', 'run_sql', { sql: 'SELECT 1' }, true)]);
    const part = assistantParts(state)[0] as ToolPart;
    expect(part.kind).toBe('tool');
    expect(part.result).toBeNull();
    expect(part.call).toEqual({
      tool_call_id: 'c1',
      tool_name: 'run_sql',
      args: { sql: 'SELECT 1' },
      is_mcp: true,
    });
  });

  it('completes the cell with the same call id in place', () => {
    const state = run([call('c1', 'run_sql'), call('c2', 'run_sql'), result('c2', 'run_sql', 'second')]);
    const parts = assistantParts(state) as ToolPart[];
    expect(parts).toHaveLength(2);
    expect(parts[0]?.result).toBeNull();
    expect(parts[1]?.result?.result).toBe('second');
  });

  it('falls back to the first pending call of the same tool when the id does not match', () => {
    const state = run([
      call('c1', 'describe_dataset'),
      call('c2', 'run_sql'),
      call('c3', 'run_sql'),
      result('other', 'run_sql', 'r'),
    ]);
    const parts = assistantParts(state) as ToolPart[];
    expect(parts.map((p) => p.result?.result ?? null)).toEqual([null, 'r', null]);
  });

  it('skips completed cells when matching by name', () => {
    const state = run([
      call('c1', 'run_sql'),
      call('c2', 'run_sql'),
      result('', 'run_sql', 'first'),
      result('', 'run_sql', 'second'),
    ]);
    const parts = assistantParts(state) as ToolPart[];
    expect(parts.map((p) => p.result?.result)).toEqual(['first', 'second']);
  });

  it('appends a separate results block for a result that matches no call', () => {
    const state = run([call('c1', 'run_sql'), result('x', 'make_chart', 'a'), result('y', 'make_map', 'b')]);
    const parts = assistantParts(state);
    expect(parts.map((p) => p.kind)).toEqual(['tool', 'results']);
    const block = parts[1];
    expect(block?.kind === 'results' && block.results.map((r) => r.tool_name)).toEqual([
      'make_chart',
      'make_map',
    ]);
    expect((parts[0] as ToolPart).result).toBeNull();
  });

  it('matches a result to a call made before an error in the same turn', () => {
    const state = run([
      call('c1', 'run_sql'),
      { type: 'error', message: 'Model hiccup' },
      result('c1', 'run_sql', 'late'),
    ]);
    expect(state.items.map((i) => i.type)).toEqual(['user', 'assistant', 'error']);
    expect(toolAt(state, 1).result?.result).toBe('late');
  });

  it('never matches a call from an earlier turn', () => {
    let state = run([call('c1', 'run_sql')]);
    state = chatReducer(state, { type: 'request_finished', now });
    state = run([result('c1', 'run_sql')], started(state, 'Next'));
    expect(toolAt(state, 1).result).toBeNull();
    expect(state.items[3]?.parts[0]?.kind).toBe('results');
  });
});

describe('sequential thinking', () => {
  const think = (id: string, n: number, next: boolean, name = 'sequentialthinking') =>
    call(id, name, { thought: `Step ${n}`, thoughtNumber: n, totalThoughts: 3, nextThoughtNeeded: next });

  it('grows one block of steps sorted by number and closes when nextThoughtNeeded is false', () => {
    let state = run([think('t2', 2, true), think('t1', 1, true)]);
    let parts = assistantParts(state);
    expect(parts).toHaveLength(1);
    const open = parts[0] as ThinkingPart;
    expect(open.kind).toBe('thinking');
    expect(open.steps.map((s) => s.thoughtNumber)).toEqual([1, 2]);
    expect(open.closed).toBe(false);

    state = run([think('t3', 3, false, 'mcp__sequential-thinking__sequential_thinking')], state);
    parts = assistantParts(state);
    expect(parts).toHaveLength(1);
    expect((parts[0] as ThinkingPart).steps.map((s) => s.thought)).toEqual(['Step 1', 'Step 2', 'Step 3']);
    expect((parts[0] as ThinkingPart).closed).toBe(true);
  });

  it('does not show sequential-thinking results', () => {
    const state = run([think('t1', 1, true), result('t1', 'sequentialthinking', '{"thoughtNumber":1}')]);
    const parts = assistantParts(state);
    expect(parts.map((p) => p.kind)).toEqual(['thinking']);
  });

  it('starts a new block after a closed one', () => {
    const state = run([think('t1', 1, false), call('c1', 'run_sql'), think('t2', 1, true)]);
    expect(assistantParts(state).map((p) => p.kind)).toEqual(['thinking', 'tool', 'thinking']);
  });
});

describe('ends of a request', () => {
  it('shows an error event as an error message with the server message', () => {
    const state = run([
      { type: 'text_delta', delta: 'Partial' },
      { type: 'error', message: 'Budget reached' },
    ]);
    expect(state.items.map((i) => [i.type, i.content])).toEqual([
      ['user', 'Question'],
      ['assistant', 'Partial'],
      ['error', 'Budget reached'],
    ]);
  });

  it('keeps the partial answer and adds an assistant (not error) message on cancel', () => {
    const state = chatReducer(run([{ type: 'text_delta', delta: 'Partial' }]), {
      type: 'request_cancelled',
      id: 'x',
      now,
    });
    expect(state.items.map((i) => [i.type, i.content])).toEqual([
      ['user', 'Question'],
      ['assistant', 'Partial'],
      ['assistant', CANCELLED_MESSAGE],
    ]);
    expect(state.running).toBe(false);
    expect(state.thinking).toBe(false);
    expect(state.items[1]?.streaming).toBe(false);
  });

  it('adds an error message when the request fails', () => {
    const action: ChatAction = {
      type: 'request_failed',
      id: 'f',
      message: 'HTTP error! status: 429',
      detail: 'Monthly LLM budget reached',
      now,
    };
    const state = chatReducer(started(), action);
    expect(state.items[1]).toMatchObject({
      type: 'error',
      content: 'HTTP error! status: 429',
      detail: 'Monthly LLM budget reached',
    });
    expect(state.running).toBe(false);
  });

  it('keeps the latest usage for the badge and on the answer', () => {
    const usage = firstRequestUsage(1000);
    const state = run([
      { type: 'text_delta', delta: 'x' },
      { type: 'usage_update', usage },
    ]);
    expect(state.usage).toEqual(usage);
    expect(state.items[1]?.usage).toEqual(usage);
  });
});

describe('non-streaming reply and history', () => {
  it('adds the whole reply with its tool cells', () => {
    const state = chatReducer(started(), {
      type: 'reply_received',
      message: {
        id: 'm1',
        type: 'assistant',
        content: 'Done',
        timestamp: now,
        tool_calls: [{ tool_call_id: 'c1', tool_name: 'run_sql', args: {}, is_mcp: false }],
        tool_results: [
          { tool_call_id: 'c1', tool_name: 'run_sql', result: 'rows', details: { result_length: 4 } },
        ],
      },
    });
    expect(state.thinking).toBe(false);
    const parts = state.items[1]?.parts ?? [];
    expect(parts.map((p) => p.kind)).toEqual(['tool', 'text']);
    expect((parts[0] as ToolPart).result?.result).toBe('rows');
  });

  it('restores a saved conversation with the session cost for the badge', () => {
    const history: ChatHistory = {
      session_id: 's1',
      messages: [
        { id: 'u1', type: 'user', content: 'Hi', timestamp: now },
        {
          id: 'a1',
          type: 'assistant',
          content: 'Hello',
          timestamp: now,
          usage: {
            input_tokens: 10,
            output_tokens: 5,
            cache_read_tokens: 0,
            cache_write_tokens: 0,
            total_tokens: 15,
          },
        },
      ],
      usage: {
        input_tokens: 30,
        output_tokens: 9,
        cache_read_tokens: 0,
        cache_write_tokens: 0,
        total_tokens: 39,
        cost_usd: 0.02,
        requests: 2,
      },
    };
    const state = chatReducer(initialChatState, { type: 'history_loaded', history });
    expect(state.items.map((i) => i.content)).toEqual(['Hi', 'Hello']);
    expect(state.running).toBe(false);
    expect(state.usage && 'current_request' in state.usage && state.usage.current_request.total_tokens).toBe(
      15,
    );
    expect(
      state.usage && 'session_cumulative' in state.usage && state.usage.session_cumulative.cost_usd,
    ).toBe(0.02);
  });
});

describe('"Did you mean" choices', () => {
  const alternatives = [{ interpretation: 'Full fibre coverage in the CF postcode area' }];

  it('keeps the alternatives of a streamed answer from message_complete', () => {
    const state = run([
      { type: 'text_delta', delta: 'Answered.' },
      {
        type: 'message_complete',
        message: { id: 'm1', type: 'assistant', content: 'Answered.', timestamp: now, alternatives },
      },
    ]);
    expect(state.items[1]?.alternatives).toEqual(alternatives);
  });

  it('keeps the alternatives of a whole reply and of a restored conversation', () => {
    const message = { id: 'm2', type: 'assistant' as const, content: 'Whole', timestamp: now, alternatives };
    const replied = chatReducer(started(), { type: 'reply_received', message });
    expect(replied.items[1]?.alternatives).toEqual(alternatives);
    const restored = chatReducer(initialChatState, {
      type: 'history_loaded',
      history: { session_id: 's', messages: [message] },
    });
    expect(restored.items[0]?.alternatives).toEqual(alternatives);
  });
});
