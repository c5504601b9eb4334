import type { SqlSource } from '@qa/contracts';
import { Check, Code2, Copy, Pencil, Play, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard';
import { SqlCode } from '../code/sql-code';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Textarea } from '../ui/input';
import { ResultSection } from './result-section';

/** Running an edited version of the SQL: the screen says where the answer goes. */
export type SqlEditor = {
  onRun: (sql: string) => void;
  pending: boolean;
  error: string | null;
};

export const SQL_EDIT_HINT =
  'Runs as you wrote it, through the same safety check as generated SQL: one read-only SELECT, at most 5,000 rows, stopped after 30 seconds. It is saved in the history as edited SQL.';

/** Who wrote the SQL, said next to the section's title for SQL the analyst did not write. */
const SOURCE_BADGES: Partial<Record<SqlSource, string>> = {
  user: 'Written by you',
  edited: 'Edited by you',
};

/**
 * 'Generated SQL Query' with its 'Copy SQL' button ('Copied!' for 2 s) and, when the screen allows it, 'Edit SQL':
 * the SQL in a text box, run again with 'Run edited SQL'. SQL the user wrote or edited is titled 'SQL Query' and
 * marked as theirs.
 */
export function SqlSection({
  sql,
  source = 'generated',
  editor,
}: {
  sql: string;
  source?: SqlSource | undefined;
  editor?: SqlEditor | undefined;
}) {
  const { copied, copy } = useCopyToClipboard();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(sql);
  const [empty, setEmpty] = useState(false);
  const boxId = useId();
  const hintId = useId();
  const badge = SOURCE_BADGES[source];

  const startEditing = () => {
    setDraft(sql);
    setEmpty(false);
    setEditing(true);
  };
  const run = (event: FormEvent) => {
    event.preventDefault();
    if (!editor || editor.pending) return;
    if (!draft.trim()) {
      setEmpty(true);
      return;
    }
    editor.onRun(draft);
  };

  return (
    <ResultSection
      title={source === 'generated' ? 'Generated SQL Query' : 'SQL Query'}
      icon={Code2}
      data-testid="section-sql"
      badge={
        badge ? (
          <Badge tone="amber" data-testid="sql-source">
            {badge}
          </Badge>
        ) : null
      }
      actions={
        <>
          {editor && !editing ? (
            <Button variant="outline" size="sm" onClick={startEditing}>
              <Pencil aria-hidden />
              Edit SQL
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => void copy(sql)} aria-live="polite">
            {copied ? <Check aria-hidden className="text-emerald-600" /> : <Copy aria-hidden />}
            {copied ? 'Copied!' : 'Copy SQL'}
          </Button>
        </>
      }
    >
      {editor && editing ? (
        <form onSubmit={run} className="space-y-3" data-testid="sql-editor">
          <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
            Edit the SQL
          </label>
          <Textarea
            id={boxId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setEmpty(false);
            }}
            rows={Math.min(Math.max(draft.split('\n').length + 1, 6), 24)}
            spellCheck={false}
            aria-describedby={hintId}
            aria-invalid={empty || undefined}
            className="font-mono text-[13px] leading-relaxed"
            disabled={editor.pending}
          />
          <p id={hintId} className="text-xs text-slate-600">
            {SQL_EDIT_HINT}
          </p>
          {empty ? (
            <p role="alert" className="text-sm text-red-700">
              Write the SQL to run first.
            </p>
          ) : null}
          {editor.error ? <ErrorAlert title="The SQL could not be run">{editor.error}</ErrorAlert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={editor.pending}>
              <Play aria-hidden />
              {editor.pending ? 'Running...' : 'Run edited SQL'}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setEditing(false)}
              disabled={editor.pending}
            >
              <X aria-hidden />
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <SqlCode sql={sql} />
      )}
    </ResultSection>
  );
}
