/**
 * One conversation on the chat screen: the messages (or the empty state), the model picker above
 * the input (always shown with no messages, on hover afterwards), the input or Stop Generating while a
 * request runs, the settings dialog and the context badge. The v2 flag picks the streaming endpoint or
 * the older whole-reply one; both look the same.
 */

import type { ModelInfo } from '@qa/contracts';
import { Square } from 'lucide-react';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useV2Flag } from '../../../hooks/use-v2-flag';
import { cn } from '../../../lib/cn';
import { useChatModels } from '../api/get-chat-models';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { useChat } from '../hooks/use-chat';
import { selectableModels, useSelectedModel } from '../hooks/use-selected-model';
import { questionPosition } from '../utils/chat-state';
import { pickExamplePrompts } from '../utils/example-prompts';
import { ChatEmptyState } from './chat-empty-state';
import { ChatInput } from './chat-input';
import { ContextUsageBadge } from './context-usage-badge';
import { ExportMarkdownButton } from './export-markdown-button';
import { type MessageActions, MessageList } from './message-list';
import { ModelPicker } from './model-picker';
import { ShareConversationButton } from './share-conversation-button';

export function ChatConversation({
  sessionId,
  restore,
  onFirstMessage,
  onRequestSettled,
  onNewChat,
  settingsPanel,
}: {
  sessionId: string;
  restore: boolean;
  onFirstMessage: () => void;
  onRequestSettled: () => void;
  onNewChat: () => void;
  settingsPanel?: ReactNode;
}) {
  const { enabled: streaming } = useV2Flag();
  const models = useChatModels();
  const { selected, selectedId, select } = useSelectedModel(models.data);
  // Fixed at mount: a conversation opened by URL loads from the server; one started here never reloads.
  const [restoreOnMount] = useState(restore);
  const chat = useChat({
    sessionId,
    restore: restoreOnMount,
    streaming,
    model: models.data ? selectedId : null,
    onFirstMessage,
    onRequestSettled,
  });
  const { state, historyStatus } = chat;
  const [prompts] = useState(() => pickExamplePrompts());
  const [draft, setDraft] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hasMessages = state.items.length > 0;
  const modelLabels = useMemo(
    () => Object.fromEntries((models.data?.models ?? []).map((m) => [m.id, m.label])),
    [models.data],
  );
  // The empty state reads from the top; only a conversation follows its newest message.
  const scroll = useAutoScroll(state.items.length + (state.thinking ? 1 : 0), hasMessages);

  const send = (text: string) => {
    if (state.running) return;
    void chat.send(text).then((sent) => {
      if (sent) requestAnimationFrame(() => textareaRef.current?.focus());
    });
    setDraft('');
    // The reader asked: show their message even if they had scrolled up to read.
    requestAnimationFrame(scroll.scrollToBottom);
  };

  const replace = (text: string, id: string) => {
    const position = questionPosition(state.items, id);
    if (position < 0 || state.running) return;
    void chat.send(text, { replaceFrom: position });
  };
  const messageActions: MessageActions = {
    onEdit: (id, text) => replace(text, id),
    onRegenerate: () => {
      const question = state.items.findLast((item) => item.type === 'user');
      if (question) replace(question.content, question.id);
    },
    onChooseAlternative: (index, interpretation) => {
      if (state.running) return;
      // The choice shows as the user's message: the reading in words.
      void chat.send(interpretation, { alternative: index });
      requestAnimationFrame(scroll.scrollToBottom);
    },
  };

  return (
    <section className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
      <div
        ref={scroll.scrollRef}
        onScroll={scroll.onScroll}
        className="min-h-0 flex-1 overflow-y-auto"
        data-testid="chat-scroll"
      >
        <div ref={scroll.contentRef} className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
          {historyStatus === 'loading' ? (
            <div className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500">
              <Spinner className="size-4" label="Loading conversation" />
              Loading conversation...
            </div>
          ) : historyStatus === 'not_found' || historyStatus === 'error' ? (
            <ConversationUnavailable notFound={historyStatus === 'not_found'} onNewChat={onNewChat} />
          ) : hasMessages ? (
            <>
              {state.running ? null : (
                <div className="mb-4 flex flex-wrap items-center justify-end gap-2">
                  <ShareConversationButton sessionId={sessionId} />
                  <ExportMarkdownButton items={state.items} />
                </div>
              )}
              <MessageList
                items={state.items}
                thinking={state.thinking}
                modelLabels={modelLabels}
                actions={state.running ? undefined : messageActions}
              />
            </>
          ) : (
            <ChatEmptyState prompts={prompts} onPrompt={send} streaming={streaming} />
          )}
        </div>
      </div>

      <ChatComposer
        models={models}
        selected={selected}
        onSelectModel={select}
        hideModelPicker={hasMessages}
        running={state.running}
        onStop={chat.stop}
        draft={draft}
        onDraftChange={setDraft}
        onSend={send}
        onOpenSettings={() => setSettingsOpen(true)}
        textareaRef={textareaRef}
        disabled={historyStatus === 'loading'}
      />

      <ChatSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} panel={settingsPanel} />
      <ContextUsageBadge usage={state.usage} contextWindow={selected?.pricing.context_window ?? null} />
    </section>
  );
}

/** A conversation opened by URL that the server does not have, or could not load. */
function ConversationUnavailable({ notFound, onNewChat }: { notFound: boolean; onNewChat: () => void }) {
  return (
    <div className="flex flex-col items-center py-16 text-center" role="alert">
      <p className="text-sm font-medium text-slate-800">
        {notFound ? 'This conversation could not be found.' : 'The conversation could not be loaded.'}
      </p>
      <Button variant="outline" className="mt-4" onClick={onNewChat}>
        Start a new chat
      </Button>
    </div>
  );
}

/**
 * Below the messages: the model picker (shown on hover or focus once there are messages, and while it is
 * open) above the input, or Stop Generating in the input's place while a request runs.
 */
function ChatComposer({
  models,
  selected,
  onSelectModel,
  hideModelPicker,
  running,
  onStop,
  draft,
  onDraftChange,
  onSend,
  onOpenSettings,
  textareaRef,
  disabled,
}: {
  models: ReturnType<typeof useChatModels>;
  selected: ModelInfo | null;
  onSelectModel: (id: string) => void;
  hideModelPicker: boolean;
  running: boolean;
  onStop: () => void;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (text: string) => void;
  onOpenSettings: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <div className="group border-t border-slate-100 bg-white px-4 pt-2 pb-4 sm:px-6">
      <div className="mx-auto w-full max-w-3xl">
        <div
          className={cn(
            'mb-1.5 flex h-7 items-center transition-opacity',
            hideModelPicker &&
              !pickerOpen &&
              'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100',
          )}
        >
          <ModelPicker
            models={models.data ? selectableModels(models.data.models) : []}
            selected={selected}
            onSelect={onSelectModel}
            loading={models.isPending}
            onOpenChange={setPickerOpen}
          />
        </div>
        {running ? (
          <StopGenerating onStop={onStop} />
        ) : (
          <ChatInput
            value={draft}
            onChange={onDraftChange}
            onSend={onSend}
            onOpenSettings={onOpenSettings}
            textareaRef={textareaRef}
            disabled={disabled}
          />
        )}
      </div>
    </div>
  );
}

/** Takes the input's place while a request runs. */
function StopGenerating({ onStop }: { onStop: () => void }) {
  return (
    <div className="flex h-[54px] items-center justify-center">
      <Button variant="outline" onClick={onStop} data-testid="stop-generating">
        <Square aria-hidden className="fill-current" />
        Stop Generating
      </Button>
    </div>
  );
}

function ChatSettingsDialog({
  open,
  onOpenChange,
  panel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panel: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Settings"
      description="Tool servers (MCP) the analyst can call in your conversations."
      size="lg"
      data-testid="chat-settings"
    >
      {panel ?? <p className="text-sm text-slate-500">No settings available.</p>}
    </Modal>
  );
}
