/**
 * The conversation: the user's messages, the assistant's answers (markdown with tables and math, tool
 * cells, thinking blocks, charts) and errors, each with its timestamp.
 */
import { Check, CircleAlert, Copy, Pencil, RotateCcw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { DidYouMean } from '../../../components/query-result/did-you-mean';
import { VerifiedBadge } from '../../../components/query-result/verified-badge';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { formatDateTime } from '../../../lib/format-date';
import { markdownTables } from '../utils/answer-tables';
import { CANCELLED_MESSAGE, type ChatItem } from '../utils/chat-state';
import { formatChatCost, formatTokens, summariseUsage } from '../utils/usage-format';
import { SequentialThinkingBlock } from './sequential-thinking-block';
import { ToolCell, ToolResultsBlock } from './tool-cell';

/** What the reader can do to a message; absent while an answer runs. */
export interface MessageActions {
  /** Resend a question with new text, replacing it and everything after it. */
  onEdit: (id: string, text: string) => void;
  /** Ask the last question again, replacing its answer. */
  onRegenerate: () => void;
  /** Ask another reading of the last question ("Did you mean"), by its index under the last answer. */
  onChooseAlternative: (index: number, interpretation: string) => void;
}

export function MessageList({
  items,
  thinking,
  modelLabels = {},
  actions,
}: {
  items: ChatItem[];
  thinking: boolean;
  /** Model ids to display names, for the answer footers. */
  modelLabels?: Record<string, string>;
  actions?: MessageActions | undefined;
}) {
  const lastAssistant = items.findLastIndex((item) => item.type !== 'user');
  const hasQuestion = items.some((item) => item.type === 'user');
  return (
    <div className="space-y-6" data-testid="message-list">
      {items.map((item, index) => (
        <Message
          key={item.id}
          item={item}
          modelLabels={modelLabels}
          actions={actions}
          last={index === lastAssistant && index === items.length - 1 && hasQuestion}
        />
      ))}
      {thinking ? <ThinkingIndicator /> : null}
    </div>
  );
}

function Message({
  item,
  modelLabels,
  actions,
  last,
}: {
  item: ChatItem;
  modelLabels: Record<string, string>;
  actions?: MessageActions | undefined;
  last: boolean;
}) {
  if (item.type === 'user') return <UserMessage item={item} actions={actions} />;
  if (item.type === 'error') {
    return (
      <div className="flex gap-3 animate-fade-in" data-testid="chat-message" data-type="error">
        <Avatar tone="error" />
        <div className="min-w-0 flex-1">
          <div
            role="alert"
            className="rounded-xl border border-pink-200 bg-pink-50 px-4 py-3 text-sm text-pink-900"
          >
            <p data-testid="error-message" className="break-words">
              {item.content}
            </p>
            {item.detail ? <p className="mt-1 text-pink-800/80">{item.detail}</p> : null}
          </div>
          <div className="flex items-center gap-2">
            <Timestamp value={item.timestamp} />
            {last && actions ? <RegenerateButton onClick={actions.onRegenerate} /> : null}
          </div>
        </div>
      </div>
    );
  }
  const cancelled = item.content === CANCELLED_MESSAGE && item.parts.length === 1;
  // Each result table shows once: a tool result the answer's text already lays out as a table is folded.
  const answerTables = item.parts.flatMap((part) => (part.kind === 'text' ? markdownTables(part.text) : []));
  return (
    <div
      className="flex gap-3"
      data-testid="chat-message"
      data-type="assistant"
      data-streaming={item.streaming ? 'true' : 'false'}
    >
      <Avatar tone="assistant" />
      <div className="min-w-0 flex-1 space-y-3">
        {cancelled ? (
          <p className="pt-1 text-sm text-slate-500 italic">{item.content}</p>
        ) : (
          item.parts.map((part) => {
            switch (part.kind) {
              case 'text':
                return (
                  <div key={part.id} className="pt-1" data-testid="assistant-text">
                    <Markdown>{part.text}</Markdown>
                  </div>
                );
              case 'tool':
                return <ToolCell key={part.id} part={part} answerTables={answerTables} />;
              case 'thinking':
                return <SequentialThinkingBlock key={part.id} part={part} live={Boolean(item.streaming)} />;
              case 'results':
                return <ToolResultsBlock key={part.id} results={part.results} answerTables={answerTables} />;
              default:
                return null;
            }
          })
        )}
        {!item.streaming ? <VerifiedBadge verified={item.verified} /> : null}
        {last && actions && !item.streaming ? (
          <DidYouMean
            alternatives={item.alternatives}
            onChoose={(index) => {
              const chosen = item.alternatives?.[index];
              if (chosen) actions.onChooseAlternative(index, chosen.interpretation);
            }}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-x-2">
          <MessageFooter item={item} modelLabels={modelLabels} />
          {!item.streaming && item.content ? <CopyButton text={item.content} /> : null}
          {last && actions && !item.streaming ? <RegenerateButton onClick={actions.onRegenerate} /> : null}
        </div>
      </div>
    </div>
  );
}

function UserMessage({ item, actions }: { item: ChatItem; actions?: MessageActions | undefined }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.content);
  if (editing && actions) {
    const submit = () => {
      if (!text.trim()) return;
      setEditing(false);
      actions.onEdit(item.id, text);
    };
    return (
      <div className="flex flex-col items-end" data-testid="chat-message" data-type="user">
        <form
          className="w-full max-w-[85%] space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
              if (event.key === 'Escape') setEditing(false);
            }}
            aria-label="Edit question"
            rows={3}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={!text.trim()}>
              Save and send
            </Button>
          </div>
        </form>
      </div>
    );
  }
  return (
    <div
      className="group/user flex flex-col items-end animate-fade-in"
      data-testid="chat-message"
      data-type="user"
    >
      <div
        className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap text-on-accent shadow-sm"
        data-testid="message-content"
      >
        {item.content}
      </div>
      <div className="mr-1 flex items-center gap-1">
        <CopyButton text={item.content} />
        {actions ? (
          <Button
            variant="ghost"
            size="icon-sm"
            className="mt-1 size-6 text-slate-400"
            aria-label="Edit question"
            title="Edit and resend"
            onClick={() => {
              setText(item.content);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
          </Button>
        ) : null}
        <Timestamp value={item.timestamp} />
      </div>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="mt-1 size-6 text-slate-400"
      aria-label={copied ? 'Copied' : 'Copy message'}
      title="Copy"
      onClick={() => {
        void navigator.clipboard
          .writeText(text)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          })
          .catch(() => undefined);
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}

function RegenerateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="mt-1 h-6 px-1.5 text-slate-500" onClick={onClick}>
      <RotateCcw aria-hidden />
      Regenerate
    </Button>
  );
}

function MessageFooter({ item, modelLabels }: { item: ChatItem; modelLabels: Record<string, string> }) {
  const usage = item.usage ? summariseUsage(item.usage, null) : null;
  const model = item.model ?? usage?.model ?? null;
  const tokens =
    item.usage && 'current_request' in item.usage ? item.usage.current_request : (item.usage ?? null);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
      <time dateTime={item.timestamp} data-testid="message-timestamp">
        {item.streaming ? 'Answering…' : formatDateTime(item.timestamp)}
      </time>
      {model ? <span>· {modelLabels[model] ?? model}</span> : null}
      {tokens && !item.streaming ? (
        <span>
          · {formatTokens(tokens.input_tokens)} in / {formatTokens(tokens.output_tokens)} out
        </span>
      ) : null}
      {/* A message's own cost, by the same rule as the total; a free message shows none (the total says 'No cost'). */}
      {tokens?.cost_usd && tokens.cost_usd > 0 && !item.streaming ? (
        <span data-testid="message-cost">· {formatChatCost(tokens.cost_usd)}</span>
      ) : null}
    </p>
  );
}

function Timestamp({ value, className }: { value: string; className?: string }) {
  return (
    <time
      dateTime={value}
      className={`mt-1 block text-xs text-slate-600 ${className ?? ''}`}
      data-testid="message-timestamp"
    >
      {formatDateTime(value)}
    </time>
  );
}

function Avatar({ tone }: { tone: 'assistant' | 'error' }) {
  return tone === 'assistant' ? (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 ring-1 ring-brand-100"
    >
      <Sparkles className="size-4 text-brand-600" />
    </span>
  ) : (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-pink-50 ring-1 ring-pink-100"
    >
      <CircleAlert className="size-4 text-pink-600" />
    </span>
  );
}

/** Shown from the start of a request until the first sign of an answer (see chat-state). */
export function ThinkingIndicator() {
  return (
    <div className="flex items-center gap-3 animate-fade-in" data-testid="thinking-indicator">
      <Avatar tone="assistant" />
      <div className="flex items-center gap-2 rounded-full bg-slate-100 px-3.5 py-2 text-sm text-slate-600">
        <span className="flex gap-1" aria-hidden>
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
        </span>
        Thinking…
      </div>
    </div>
  );
}
