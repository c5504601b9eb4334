import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatInput } from './chat-input';

afterEach(cleanup);

function setup(value: string) {
  const onSend = vi.fn();
  const onChange = vi.fn();
  const onOpenSettings = vi.fn();
  render(
    <ChatInput
      value={value}
      onChange={onChange}
      onSend={onSend}
      onOpenSettings={onOpenSettings}
      textareaRef={createRef<HTMLTextAreaElement>()}
    />,
  );
  return { onSend, onChange, onOpenSettings, textarea: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('ChatInput', () => {
  it('sends the trimmed text on Enter', () => {
    const { onSend, textarea } = setup('  Map altnet coverage  ');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Map altnet coverage');
  });

  it('does not send on Shift+Enter (a newline)', () => {
    const { onSend, textarea } = setup('line one');
    fireEvent.keyDown(textarea, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('cannot send blank text', () => {
    const { onSend, textarea } = setup('   \n ');
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has a send button and a settings button', () => {
    const { onSend, onOpenSettings } = setup('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledWith('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
  });
});
