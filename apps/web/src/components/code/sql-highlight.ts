/**
 * A small SQL tokenizer for syntax colouring: comments, strings, quoted identifiers, numbers, keywords,
 * function names, operators. It never changes the text: the tokens joined are the input exactly, so what is
 * copied is what is shown.
 */
export type SqlTokenKind =
  | 'comment'
  | 'string'
  | 'identifier'
  | 'number'
  | 'keyword'
  | 'function'
  | 'operator'
  | 'punctuation'
  | 'text';

export type SqlToken = { kind: SqlTokenKind; text: string };

const KEYWORDS = new Set(
  `select from where group by order having limit offset join left right inner outer full cross on using as
  and or not in is null like ilike between case when then else end distinct union all intersect except with
  asc desc nulls first last over partition rows range preceding following current row filter within
  interval date timestamp cast true false exists any some qualify window values lateral recursive
  insert update delete into set create drop alter table view index`
    .split(/\s+/)
    .filter(Boolean),
);

// Keywords that may stand before a bracket without being a function call: `IN (`, `AS (`, `OVER (`.
const STRUCTURAL = new Set(
  'in exists as over filter values using on and or not from join where with select when then else all any some union lateral by'.split(
    ' ',
  ),
);

const TOKEN = new RegExp(
  [
    String.raw`(--[^\n]*|/\*[\s\S]*?(?:\*/|$))`, // 1 comment
    String.raw`('(?:[^']|'')*'?)`, // 2 string
    String.raw`("(?:[^"]|"")*"?)`, // 3 quoted identifier
    String.raw`(\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b|\.\d+\b)`, // 4 number
    String.raw`([A-Za-z_][A-Za-z0-9_$]*)`, // 5 word
    String.raw`(<>|<=|>=|!=|\|\||::|[-+*/%=<>])`, // 6 operator
    String.raw`([(),;.\[\]])`, // 7 punctuation
  ].join('|'),
  'g',
);

export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let last = 0;
  const push = (kind: SqlTokenKind, text: string) => {
    const previous = tokens[tokens.length - 1];
    if (previous && previous.kind === kind && kind === 'text') previous.text += text;
    else tokens.push({ kind, text });
  };
  for (const match of sql.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) push('text', sql.slice(last, index));
    const [text, comment, string, identifier, number, word, operator] = match;
    if (comment) push('comment', text);
    else if (string) push('string', text);
    else if (identifier) push('identifier', text);
    else if (number) push('number', text);
    else if (word) {
      const lower = word.toLowerCase();
      const beforeParen = /^\s*\(/.test(sql.slice(index + word.length, index + word.length + 40));
      if (beforeParen && !STRUCTURAL.has(lower)) push('function', text);
      else if (KEYWORDS.has(lower)) push('keyword', text);
      else push('text', text);
    } else if (operator) push('operator', text);
    else push('punctuation', text);
    last = index + text.length;
  }
  if (last < sql.length) push('text', sql.slice(last));
  return tokens;
}
