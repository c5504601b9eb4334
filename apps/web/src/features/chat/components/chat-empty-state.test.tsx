import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatEmptyState } from './chat-empty-state';

afterEach(cleanup);

describe('ChatEmptyState', () => {
  it('promises streamed answers only when answers are streamed', () => {
    const { rerender } = render(<ChatEmptyState prompts={[]} onPrompt={() => {}} streaming={false} />);
    expect(screen.getByTestId('chat-intro').textContent).not.toContain('stream');
    expect(screen.getByTestId('chat-intro').textContent).toContain(
      'Answers come with tables, charts and maps',
    );
    rerender(<ChatEmptyState prompts={[]} onPrompt={() => {}} streaming />);
    expect(screen.getByTestId('chat-intro').textContent).toContain('Answers stream in');
  });
});
