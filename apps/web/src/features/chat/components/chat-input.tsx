/**
 * The message box: trimmed, empty is not sendable; Enter sends, Shift+Enter adds a
 * newline; it grows with its text up to 200 px and then scrolls. Send and settings buttons sit beside it.
 */
import { ArrowUp, Settings } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useLayoutEffect } from 'react';
import { Button } from '../../../components/ui/button';

export const CHAT_INPUT_MAX_HEIGHT_PX = 200;
export const CHAT_INPUT_PLACEHOLDER = 'Ask about coverage, altnets, market share or forecasts…';

/** Enter without Shift (and not while an IME is composing) sends. */
export function isSendKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'nativeEvent'>): boolean {
  return (
    event.key === 'Enter' && !event.shiftKey && !(event.nativeEvent as { isComposing?: boolean }).isComposing
  );
}

export function ChatInput({
  value,
  onChange,
  onSend,
  onOpenSettings,
  textareaRef,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onOpenSettings: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}) {
  const canSend = !disabled && value.trim().length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const height = Math.min(textarea.scrollHeight, CHAT_INPUT_MAX_HEIGHT_PX);
    textarea.style.height = `${height}px`;
    textarea.style.overflowY = textarea.scrollHeight > CHAT_INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value, textareaRef]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-2 rounded-2xl border border-slate-300 bg-white p-2 pl-4 shadow-xs transition-colors focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/20"
    >
      <textarea
        ref={textareaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        placeholder={CHAT_INPUT_PLACEHOLDER}
        aria-label="Message"
        disabled={disabled}
        className="max-h-[200px] min-h-9 flex-1 resize-none bg-transparent py-2 text-sm leading-5 text-slate-900 placeholder:text-slate-500 focus:outline-none disabled:text-slate-400"
        data-testid="chat-input"
      />
      <Button
        variant="ghost"
        size="icon"
        onClick={onOpenSettings}
        aria-label="Settings"
        title="Settings: MCP tool servers"
      >
        <Settings aria-hidden />
      </Button>
      <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message" title="Send (Enter)">
        <ArrowUp aria-hidden />
      </Button>
    </form>
  );
}
