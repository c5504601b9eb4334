/**
 * The AI SDK's stream parts as the chat's events, without any I/O: each part gives the events to send, in order,
 * and (at the end of a model step) the step's token usage for the ledger. The translator also keeps what the
 * answer is made of so far (its text, tool calls and results, the stream's error) and whether a step is still
 * open, with the characters it produced, so an unfinished step's usage can be estimated.
 */
import type { ChatStreamEvent, ToolCall, ToolResult } from '@qa/contracts';
import type { TextStreamPart, ToolSet } from 'ai';
import { type TokenUsage, tokenUsageFrom } from '../../analyst/llm/cost.js';

export type ChatStreamPart = TextStreamPart<ToolSet>;

/** What the answer is made of: what is saved, whether it finished or not. */
export interface TurnTranscript {
  text: string;
  toolCalls: ToolCall[];
  toolResults: ToolResult[];
  error: string | null;
}

export interface TranslatedPart {
  events: ChatStreamEvent[];
  /** Set when a model step finished: its usage as the provider reported it. */
  stepUsage?: TokenUsage;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ChatStreamTranslator {
  readonly transcript: TurnTranscript = { text: '', toolCalls: [], toolResults: [], error: null };
  private stepOpen = false;
  private stepHasText = false;
  private stepChars = 0;

  /** `isMcp` says whether a tool belongs to an optional or custom MCP server (false for the core tools). */
  constructor(private readonly isMcp: (toolName: string) => boolean) {}

  /** The characters the model produced in a step that has not finished (null when none is open). */
  get unfinishedStepChars(): number | null {
    return this.stepOpen ? this.stepChars : null;
  }

  translate(part: ChatStreamPart): TranslatedPart {
    switch (part.type) {
      case 'start-step':
        this.stepOpen = true;
        this.stepHasText = false;
        this.stepChars = 0;
        return { events: [] };
      case 'text-delta':
        return { events: this.text(part.text) };
      case 'reasoning-delta':
        this.stepChars += part.text.length;
        return { events: [{ type: 'thinking_stream', delta: part.text }] };
      case 'tool-input-start':
        return { events: [{ type: 'tool_preparing', tool_call_id: part.id, tool_name: part.toolName }] };
      case 'tool-input-delta':
        this.stepChars += part.delta.length;
        return { events: [{ type: 'tool_args_streaming', tool_call_id: part.id, delta: part.delta }] };
      case 'tool-call': {
        const call: ToolCall = {
          tool_call_id: part.toolCallId,
          tool_name: part.toolName,
          args: part.input,
          is_mcp: this.isMcp(part.toolName),
        };
        this.transcript.toolCalls.push(call);
        return { events: [{ type: 'tool_call', ...call }] };
      }
      case 'tool-result':
      case 'tool-error': {
        const output = part.type === 'tool-result' ? part.output : { error: errorText(part.error) };
        const stored: ToolResult = {
          tool_call_id: part.toolCallId,
          tool_name: part.toolName,
          result: output,
          details: { result_length: JSON.stringify(output ?? null).length },
        };
        this.transcript.toolResults.push(stored);
        return { events: [{ type: 'tool_result', ...stored }] };
      }
      case 'finish-step':
        this.stepOpen = false;
        return { events: [], stepUsage: tokenUsageFrom(part.usage) };
      case 'error':
        this.transcript.error = errorText(part.error);
        return { events: [] };
      default:
        return { events: [] };
    }
  }

  private text(delta: string): ChatStreamEvent[] {
    const events: ChatStreamEvent[] = [];
    const { transcript } = this;
    // A later step's text starts a new paragraph (the saved message has no tool cells between them).
    if (!this.stepHasText && transcript.text && !transcript.text.endsWith('\n')) {
      transcript.text += '\n\n';
      events.push({ type: 'text_delta', delta: '\n\n' });
    }
    this.stepHasText = true;
    transcript.text += delta;
    this.stepChars += delta.length;
    events.push({ type: 'text_delta', delta });
    return events;
  }
}
