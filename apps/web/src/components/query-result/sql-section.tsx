import { Check, Code2, Copy } from 'lucide-react';
import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard';
import { SqlCode } from '../code/sql-code';
import { Button } from '../ui/button';
import { ResultSection } from './result-section';

/** 'Generated SQL Query' with its 'Copy SQL' button ('Copied!' for 2 s). */
export function SqlSection({ sql }: { sql: string }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <ResultSection
      title="Generated SQL Query"
      icon={Code2}
      data-testid="section-sql"
      actions={
        <Button variant="outline" size="sm" onClick={() => void copy(sql)} aria-live="polite">
          {copied ? <Check aria-hidden className="text-emerald-600" /> : <Copy aria-hidden />}
          {copied ? 'Copied!' : 'Copy SQL'}
        </Button>
      }
    >
      <SqlCode sql={sql} />
    </ResultSection>
  );
}
