import { FileClock } from 'lucide-react';
import { PageHeader } from '../../../components/ui/page-header';
import { Placeholder } from '../../../components/ui/placeholder';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /results: query history (spec §2 Query History). Placeholder until the query tool lands (issue 4). */
export function HistoryPage() {
  useDocumentTitle('Query History');
  return (
    <div>
      <PageHeader title="Query History" description="Past questions and their results." />
      <Placeholder icon={FileClock} title="No query history yet">
        Questions asked with the query tool will be listed here.
      </Placeholder>
    </div>
  );
}
