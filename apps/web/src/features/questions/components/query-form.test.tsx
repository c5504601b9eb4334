import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PROMPT_MESSAGE, lengthStatus, QueryForm } from './query-form';

afterEach(cleanup);

function Harness({ initial, onSubmit }: { initial: string; onSubmit: () => void }) {
  const [prompt, setPrompt] = useState(initial);
  return (
    <QueryForm
      prompt={prompt}
      onPromptChange={setPrompt}
      onSubmit={onSubmit}
      loading={false}
      textareaRef={createRef<HTMLTextAreaElement>()}
    />
  );
}

function setup(initial = '') {
  const onSubmit = vi.fn();
  render(<Harness initial={initial} onSubmit={onSubmit} />);
  return {
    onSubmit,
    box: screen.getByRole('textbox', { name: 'Your question' }),
    submit: screen.getByRole('button', { name: 'Generate Query' }),
  };
}

describe('QueryForm', () => {
  it('counts the characters against the 4,000 limit as the question is typed', () => {
    const { box } = setup();
    expect(screen.getByTestId('prompt-counter').textContent).toContain('0 / 4,000 characters');
    fireEvent.change(box, { target: { value: 'Full fibre coverage by region' } });
    expect(screen.getByTestId('prompt-counter').textContent).toContain('29 / 4,000 characters');
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByTestId('prompt-counter').id);
  });

  it('announces how many characters are left near the limit, before any submit', () => {
    const { box } = setup();
    fireEvent.change(box, { target: { value: 'x'.repeat(3_950) } });
    expect(screen.getByTestId('prompt-counter-live').textContent).toContain('50 characters left.');
  });

  it('says a question over the limit is too long and does not send it', () => {
    const { box, submit, onSubmit } = setup();
    fireEvent.change(box, { target: { value: 'x'.repeat(5_000) } });
    expect(screen.getByRole('alert').textContent).toContain(
      'The question is 5,000 characters, over the 4,000-character limit by 1,000',
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says what is wrong with an empty submit, and clears it once something is typed', () => {
    const { box, submit, onSubmit } = setup('   ');
    fireEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(EMPTY_PROMPT_MESSAGE);
    fireEvent.change(box, { target: { value: 'Altnets in Leeds' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('words the counter in en-GB', () => {
    expect(lengthStatus(1234).text).toBe('1,234 / 4,000 characters');
    expect(lengthStatus(10).announce).toBe('');
  });
});
