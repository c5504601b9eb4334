import { Check, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard';
import { useShareConversation } from '../api/share-conversation';

/** Makes (or reads back) the conversation's read-only link and copies it; the link is shown too. */
export function ShareConversationButton({ sessionId }: { sessionId: string }) {
  const share = useShareConversation();
  const { copied, copy } = useCopyToClipboard();
  const link = share.data ? `${window.location.origin}${share.data.path}` : null;
  return (
    <>
      {link ? (
        <a
          href={share.data?.path}
          className="truncate text-xs text-brand-700 underline"
          data-testid="share-link"
        >
          {link}
        </a>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        disabled={share.isPending}
        onClick={() =>
          share.mutate(
            { sessionId },
            { onSuccess: (made) => void copy(`${window.location.origin}${made.path}`) },
          )
        }
        data-testid="share-conversation"
      >
        {copied ? <Check aria-hidden /> : <Share2 aria-hidden />}
        {share.isError ? 'Could not share' : copied ? 'Link copied' : 'Share read-only link'}
      </Button>
    </>
  );
}
