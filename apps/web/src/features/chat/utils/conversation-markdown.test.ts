import { describe, expect, it } from 'vitest';
import type { ChatItem } from './chat-state';
import { conversationMarkdown, MARKDOWN_TABLE_ROWS, markdownTable } from './conversation-markdown';

const now = '2026-11-20T10:00:00.000Z';
const result = {
  tool_call_id: 'c1',
  tool_name: 'run_sql',
  result: {
    columns: ['la_name', 'premises'],
    rows: [
      ['Leeds', 300],
      ['Manchester', 600],
    ],
    row_count: 2,
  },
  details: { result_length: 10 },
};

const items: ChatItem[] = [
  { id: 'u1', type: 'user', content: 'Full fibre premises by authority', parts: [], timestamp: now },
  {
    id: 'a1',
    type: 'assistant',
    content: 'Manchester has the most.',
    timestamp: now,
    parts: [
      { kind: 'tool', id: 't1', call: { id: 'c1', name: 'run_sql', arguments: {} } as never, result },
      { kind: 'text', id: 'x1', text: 'Manchester has the most.' },
    ],
    verified: {
      id: 'v',
      query_id: 'q',
      question: 'q',
      interpretation: 'i',
      verified_by: 'admin@example.com',
      verified_at: now,
      method: 'answer',
    },
  },
  { id: 'e1', type: 'error', content: 'The model failed', parts: [], timestamp: now },
];

describe('a conversation as Markdown', () => {
  it('holds every question, answer text and result table, in order', () => {
    const markdown = conversationMarkdown(items, 'Premises');
    expect(markdown).toContain('# Premises');
    expect(markdown).toContain('## Question\n\nFull fibre premises by authority');
    expect(markdown).toContain('Manchester has the most.');
    expect(markdown).toContain(
      '| la_name | premises |\n| --- | --- |\n| Leeds | 300 |\n| Manchester | 600 |',
    );
    expect(markdown).toContain('_Verified by admin@example.com on 2026-11-20._');
    expect(markdown).toContain('## Error\n\n> The model failed');
    expect(markdown.indexOf('Full fibre premises')).toBeLessThan(markdown.indexOf('Manchester has'));
  });

  it('does not repeat a table the answer already shows', () => {
    const shown = {
      ...items[1]!,
      parts: [
        items[1]!.parts[0]!,
        { kind: 'text' as const, id: 'x', text: '| la_name | premises |\n| --- | --- |\n| Leeds | 300 |' },
      ],
    };
    expect(conversationMarkdown([shown], 't').match(/\| la_name/g)).toHaveLength(1);
  });

  it('escapes pipes and counts the rows it leaves out', () => {
    expect(markdownTable(['a'], [['x|y']])).toContain('x\\|y');
    const many = Array.from({ length: MARKDOWN_TABLE_ROWS + 5 }, (_, i) => [i]);
    expect(markdownTable(['n'], many)).toContain('_5 more rows not shown._');
  });
});
