import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { LogPanel } from './log-panel';

export function LogsPage() {
  useDocumentTitle('Logs');
  return (
    <div>
      <PageHeader
        title="Live Logs"
        description={`The server's log as it happens. Only the newest 100 lines are kept.`}
      />
      <LogPanel />
    </div>
  );
}
