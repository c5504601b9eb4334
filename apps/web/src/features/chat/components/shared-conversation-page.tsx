/**
 * /shared/conversations/{shareId}: a conversation another user shared, read-only (no composer, no "Did you mean",
 * no regenerate), with who shared it and its Markdown export. Signed-in users only (the route guard sends
 * anonymous visitors to the login page); a deleted conversation's link says it is gone.
 */
import { MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSharedConversation } from '../api/share-conversation';
import { savedMessageItem } from '../utils/chat-state';
import { ExportMarkdownButton } from './export-markdown-button';
import { MessageList } from './message-list';

export function SharedConversationPage() {
  useDocumentTitle('Shared conversation');
  const { shareId = '' } = useParams();
  const shared = useSharedConversation({ shareId });
  if (shared.isPending) {
    return (
      <Card className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-500">
        <Spinner label="Loading the conversation" />
        Loading conversation...
      </Card>
    );
  }
  if (shared.isError) {
    return (
      <Card className="px-6 py-14" data-testid="shared-not-found">
        <EmptyState
          icon={MessagesSquare}
          title="Shared conversation not found"
          detail="It may have been deleted by its owner."
        />
      </Card>
    );
  }
  const items = shared.data.messages.map(savedMessageItem);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" data-testid="shared-conversation">
      <PageHeader
        title={shared.data.title}
        description={`A conversation shared by ${shared.data.owner_email}, read-only.`}
      />
      <ExportMarkdownButton items={items} title={shared.data.title} />
      <MessageList items={items} thinking={false} />
    </div>
  );
}
