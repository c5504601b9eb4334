/**
 * A search snippet is an excerpt of an answer's markdown, cut anywhere (a `**` may open without closing). It is
 * shown as text with the inline emphasis the reader would see in the answer: **bold**, _italic_ / *italic* and
 * `code` become parts with a style; headings' hashes, table pipes, list bullets and unmatched markers are dropped.
 */
export type SnippetPart = { text: string; style?: 'strong' | 'em' | 'code' };

const INLINE = /\*\*([^*]+?)\*\*|`([^`]+?)`|(?<![\w*])[_*]([^_*]+?)[_*](?![\w*])/g;

export function snippetParts(snippet: string): SnippetPart[] {
  const text = snippet
    .replace(/(^|\s)#{1,6}\s+/g, '$1')
    .replace(/\s*\|\s*/g, ' · ')
    .replace(/(^|\s)[-*]\s+(?=\S)/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^ · | · $/g, '')
    .trim();
  const parts: SnippetPart[] = [];
  const plain = (value: string) => {
    // Markers left without a partner (the excerpt cut them off) are not shown.
    const cleaned = value.replace(/\*\*|`|(?<![\w])_(?=\s|$)|(?<=\s|^)_(?!\w)/g, '');
    if (cleaned) parts.push({ text: cleaned });
  };
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    plain(text.slice(last, match.index));
    if (match[1] !== undefined) parts.push({ text: match[1], style: 'strong' });
    else if (match[2] !== undefined) parts.push({ text: match[2], style: 'code' });
    else parts.push({ text: match[3] ?? '', style: 'em' });
    last = (match.index ?? 0) + match[0].length;
  }
  plain(text.slice(last));
  return parts;
}
