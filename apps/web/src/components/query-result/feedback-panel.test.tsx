import type { FeedbackRequest } from '@qa/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_TEXTS, FeedbackPanel } from './feedback-panel';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const submitButton = () => screen.getByRole('button', { name: /Feedback|Submitting/ });

describe('FeedbackPanel', () => {
  it('shows the title, both ratings and the comment box, and submits only once a rating is chosen', async () => {
    const submit = vi.fn(async (_: FeedbackRequest) => undefined);
    render(<FeedbackPanel queryId="q1" submit={submit} />);

    expect(screen.getByText('Was this response helpful?')).toBeTruthy();
    expect(screen.getByPlaceholderText('Any additional feedback? (optional)')).toBeTruthy();
    expect(submitButton().textContent).toBe('Submit Feedback');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'No' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByPlaceholderText(FEEDBACK_TEXTS.placeholder), {
      target: { value: 'Too slow' },
    });
    await act(async () => {
      fireEvent.click(submitButton());
    });
    expect(submit).toHaveBeenCalledWith({ query_id: 'q1', rating: false, comment: 'Too slow' });
  });

  it('reads Update Feedback and starts from an initial rating or comment', () => {
    render(<FeedbackPanel queryId="q1" initialRating={true} initialComment="Spot on" />);
    expect(submitButton().textContent).toBe('Update Feedback');
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByPlaceholderText(FEEDBACK_TEXTS.placeholder) as HTMLTextAreaElement).value).toBe(
      'Spot on',
    );
    cleanup();

    render(<FeedbackPanel queryId="q1" initialComment="Only a comment" />);
    expect(submitButton().textContent).toBe('Update Feedback');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables everything while submitting, then thanks the user for 3 seconds', async () => {
    vi.useFakeTimers();
    const pending = deferred();
    const onSubmitted = vi.fn();
    render(<FeedbackPanel queryId="q1" submit={() => pending.promise} onSubmitted={onSubmitted} />);

    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await act(async () => {
      fireEvent.click(submitButton());
    });
    expect(submitButton().textContent).toBe('Submitting...');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('group').hasAttribute('disabled')).toBe(true);

    await act(async () => pending.resolve());
    expect(screen.getByText('Thank you for your feedback!')).toBeTruthy();
    expect(submitButton().textContent).toBe('Submit Feedback');
    expect(onSubmitted).toHaveBeenCalledWith({ rating: true, comment: '' });

    await act(async () => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText('Thank you for your feedback!')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Thank you for your feedback!')).toBeNull();
  });

  it('alerts on failure and stays editable with the choice kept', async () => {
    const alert = vi.fn();
    window.alert = alert;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const submit = vi.fn(async () => {
      throw new Error('boom');
    });
    render(<FeedbackPanel queryId="q1" submit={submit} />);

    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await act(async () => {
      fireEvent.click(submitButton());
    });
    expect(alert).toHaveBeenCalledWith('Failed to submit feedback. Please try again.');
    expect(screen.queryByText('Thank you for your feedback!')).toBeNull();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('group').hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
  });
});
