import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('shows bold, italic and code as the answer does, without their markers', () => {
    expect(snippetParts('**Answered as:** Share of premises in _Leeds_ with `fttp`')).toEqual([
      { text: 'Answered as:', style: 'strong' },
      { text: ' Share of premises in ' },
      { text: 'Leeds', style: 'em' },
      { text: ' with ' },
      { text: 'fttp', style: 'code' },
    ]);
  });

  it('drops markers the excerpt cut off, headings and table pipes', () => {
    const text = snippetParts('as:** Leeds leads | 95.45% | ## Next **')
      .map((p) => p.text)
      .join('');
    expect(text).toBe('as: Leeds leads · 95.45% · Next ');
    expect(text).not.toContain('*');
  });

  it('keeps underscores inside words', () => {
    expect(snippetParts('the take_up dataset')).toEqual([{ text: 'the take_up dataset' }]);
  });
});
