import { useMemo } from 'react';
import { cn } from '../../lib/cn';
import { type SqlTokenKind, tokenizeSql } from './sql-highlight';

const TOKEN_CLASS: Record<SqlTokenKind, string | undefined> = {
  keyword: 'text-sky-300 font-medium',
  function: 'text-amber-200',
  string: 'text-emerald-300',
  identifier: 'text-orange-200',
  number: 'text-fuchsia-300',
  comment: 'text-slate-500 italic',
  operator: 'text-slate-300',
  punctuation: 'text-slate-400',
  text: undefined,
};

/** SQL in a dark code block with syntax colours; very long SQL is shown plain to stay fast. */
export function SqlCode({ sql, className }: { sql: string; className?: string }) {
  const tokens = useMemo(() => (sql.length > 200_000 ? null : tokenizeSql(sql)), [sql]);
  return (
    <pre
      className={cn(
        'fixed-palette overflow-x-auto rounded-lg bg-slate-900 px-4 py-3.5 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap text-slate-100',
        className,
      )}
      data-testid="sql-code"
    >
      <code>
        {tokens
          ? tokens.map((token, i) => {
              const tokenClass = TOKEN_CLASS[token.kind];
              return tokenClass ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional and never reorder.
                <span key={i} className={tokenClass}>
                  {token.text}
                </span>
              ) : (
                token.text
              );
            })
          : sql}
      </code>
    </pre>
  );
}
