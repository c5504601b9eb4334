import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWERING_ALTERNATIVE, DID_YOU_MEAN_TITLE } from './alternatives-messages';
import { DidYouMean, ReadingChoiceNote } from './did-you-mean';

afterEach(cleanup);

const alternatives = [
  { interpretation: 'Full fibre coverage in the CF postcode area' },
  { interpretation: 'Full fibre coverage by region' },
];

describe('DidYouMean', () => {
  it('offers one choice per alternative, in words, and chooses by index', () => {
    const onChoose = vi.fn();
    render(<DidYouMean alternatives={alternatives} onChoose={onChoose} />);
    expect(screen.getByRole('heading', { name: DID_YOU_MEAN_TITLE })).toBeTruthy();
    const choices = screen.getAllByTestId('alternative-choice');
    expect(choices.map((c) => c.textContent)).toEqual(alternatives.map((a) => a.interpretation));
    fireEvent.click(choices[1] as HTMLElement);
    expect(onChoose).toHaveBeenCalledWith(1);
  });

  it('shows the running choice and waits, then the error of a failed one', () => {
    const onChoose = vi.fn();
    const { rerender } = render(
      <DidYouMean alternatives={alternatives} onChoose={onChoose} pendingIndex={0} />,
    );
    expect(screen.getByTestId('alternative-running').textContent).toBe(ANSWERING_ALTERNATIVE);
    const choices = screen.getAllByTestId('alternative-choice') as HTMLButtonElement[];
    expect(choices.every((c) => c.disabled)).toBe(true);
    expect(choices[0]?.getAttribute('aria-busy')).toBe('true');
    rerender(<DidYouMean alternatives={alternatives} onChoose={onChoose} error="Alternative not found" />);
    expect(screen.getByRole('alert').textContent).toContain('Alternative not found');
    expect((screen.getAllByTestId('alternative-choice')[0] as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows nothing when there is no other reading', () => {
    const { container } = render(<DidYouMean alternatives={[]} onChoose={() => {}} />);
    expect(container.textContent).toBe('');
  });
});

describe('ReadingChoiceNote', () => {
  it('says who chose the reading, when, and what it replaced', () => {
    render(
      <ReadingChoiceNote
        choice={{
          previous_interpretation: 'Share of premises where CityFibre offers full fibre',
          chosen_by: 'ann@example.com',
          chosen_at: '2026-11-01T10:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByTestId('reading-choice').textContent).toBe(
      'Reading chosen by ann@example.com on 01/11/2026, 10:00:00. It replaced: Share of premises where CityFibre offers full fibre',
    );
  });
});
