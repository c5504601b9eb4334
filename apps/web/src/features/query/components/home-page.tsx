import { Sparkles } from 'lucide-react';
import { PageHeader } from '../../../components/ui/page-header';
import { Placeholder } from '../../../components/ui/placeholder';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Home: the query screen (spec §2 Query screen). Placeholder until the query tool lands (issue 4). */
export function HomePage() {
  useDocumentTitle('');
  return (
    <div>
      <PageHeader
        title="Ask a question"
        description="Plain-English questions about UK broadband availability."
      />
      <Placeholder icon={Sparkles} title="The query tool is on its way">
        Soon you will type a question here and get back the SQL, the results, an explanation and an analysis.
      </Placeholder>
    </div>
  );
}
