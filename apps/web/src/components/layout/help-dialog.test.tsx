import { STARTER_QUESTIONS } from '@qa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HELP_EXAMPLES, HelpDialog } from './help-dialog';

afterEach(cleanup);

describe('HelpDialog', () => {
  it('says market share is answered from take-up, and gives the five themes with their starter questions', () => {
    render(<HelpDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Market share is answered from take-up');
    expect(dialog.textContent).not.toContain('not tracked');
    expect(HELP_EXAMPLES.map((e) => e.theme)).toEqual([
      'Coverage growth',
      'Alternative networks',
      'Competition analysis',
      'Market leaders',
      'Regional analysis',
    ]);
    for (const { question } of HELP_EXAMPLES) {
      expect(STARTER_QUESTIONS.some((s) => s.question === question)).toBe(true);
      expect(dialog.textContent).toContain(question);
    }
  });
});
