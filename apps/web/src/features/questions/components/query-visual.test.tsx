import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisualSwitch } from './query-visual';

afterEach(cleanup);

describe('VisualSwitch', () => {
  it('offers the types the result suits, the drawn one pressed, and asks for another', () => {
    const onChoose = vi.fn();
    render(<VisualSwitch choices={['bar', 'map', 'table']} current="bar" onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'Show the result as' });
    const buttons = [...group.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Bar chart', 'true'],
      ['Map', 'false'],
      ['Table', 'false'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Map' }));
    expect(onChoose).toHaveBeenCalledWith('map');
  });
});
