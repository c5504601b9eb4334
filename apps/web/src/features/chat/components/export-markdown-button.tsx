import { FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ChatItem } from '../utils/chat-state';
import { conversationMarkdown } from '../utils/conversation-markdown';

/** Downloads the conversation as Markdown, its text and its result tables (conversation-markdown.ts). */
export function ExportMarkdownButton({ items, title }: { items: ChatItem[]; title?: string }) {
  const onClick = () => {
    const heading =
      title || items.find((item) => item.type === 'user')?.content.slice(0, 80) || 'Conversation';
    const blob = new Blob([conversationMarkdown(items, heading)], { type: 'text/markdown;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${
      heading
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'conversation'
    }.md`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button variant="ghost" size="sm" onClick={onClick} data-testid="export-markdown">
      <FileDown aria-hidden />
      Export Markdown
    </Button>
  );
}
