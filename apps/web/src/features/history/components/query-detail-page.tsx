import { FileSearch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Placeholder } from '../../../components/ui/placeholder';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /results/:queryId (spec §2 Query detail). Placeholder until the query tool lands (issue 4). */
export function QueryDetailPage() {
  useDocumentTitle('Query Results');
  const { queryId } = useParams();
  return (
    <div>
      <PageHeader
        title="Query Results"
        actions={
          <Link to="/results" className={buttonClassName({ variant: 'outline' })}>
            Back to History
          </Link>
        }
      />
      <Placeholder icon={FileSearch} title={`Query ${queryId ?? ''}`}>
        The details of this query will be shown here.
      </Placeholder>
    </div>
  );
}
