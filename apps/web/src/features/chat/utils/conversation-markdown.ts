/**
 * A conversation as Markdown (issue 22, sharing): each question and answer in order, an answer's text as it was
 * written, and the tables of its tool results that the text does not already show (answer-tables.ts), so the
 * exported file holds every figure the conversation showed. Pure, so the browser's download and the tests share it.
 */
import { markdownTables, shownInAnswer } from './answer-tables';
import type { ChatItem } from './chat-state';
import { tabularResult } from './tool-parts';

/** Rows of one result table written out; the rest is counted (a chat result is already capped by its tool). */
export const MARKDOWN_TABLE_ROWS = 200;

const cell = (value: unknown) =>
  (value === null || value === undefined ? '' : String(value)).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function markdownTable(columns: string[], rows: unknown[][]): string {
  const shown = rows.slice(0, MARKDOWN_TABLE_ROWS);
  const lines = [
    `| ${columns.map(cell).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...shown.map((row) => `| ${columns.map((_, index) => cell(row[index])).join(' | ')} |`),
  ];
  if (rows.length > shown.length) lines.push('', `_${rows.length - shown.length} more rows not shown._`);
  return lines.join('\n');
}

function answerMarkdown(item: ChatItem): string {
  const text = item.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('\n\n');
  const shownTables = markdownTables(text);
  const results = item.parts.flatMap((part) =>
    part.kind === 'tool' ? (part.result ? [part.result] : []) : part.kind === 'results' ? part.results : [],
  );
  const tables = results.flatMap((result) => {
    const table = tabularResult(result.result);
    if (!table || table.columns.length === 0 || shownInAnswer(table, shownTables)) return [];
    return [`**Result of ${result.tool_name}**\n\n${markdownTable(table.columns, table.rows)}`];
  });
  const verified = item.verified
    ? [`_Verified by ${item.verified.verified_by} on ${item.verified.verified_at.slice(0, 10)}._`]
    : [];
  return [text || item.content, ...tables, ...verified].filter(Boolean).join('\n\n');
}

export function conversationMarkdown(items: ChatItem[], title: string): string {
  const sections = items.map((item) => {
    if (item.type === 'user') return `## Question\n\n${item.content}`;
    if (item.type === 'error') return `## Error\n\n> ${item.content}`;
    return `## Answer\n\n${answerMarkdown(item)}`;
  });
  return `# ${title}\n\n${sections.join('\n\n')}\n`;
}
