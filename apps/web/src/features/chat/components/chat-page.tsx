import { MessageSquare } from 'lucide-react';
import { PageHeader } from '../../../components/ui/page-header';
import { Placeholder } from '../../../components/ui/placeholder';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /chat: the streaming assistant (spec §2 Chat screen). Placeholder until the chat lands (issue 5). */
export function ChatPage() {
  useDocumentTitle('Chat');
  return (
    <div>
      <PageHeader title="Chat" description="A data analyst for UK broadband market intelligence." />
      <Placeholder icon={MessageSquare} title="The chat assistant is on its way">
        Ask about network footprint, market share, forecasts, operators and regions, with charts and maps.
      </Placeholder>
    </div>
  );
}
