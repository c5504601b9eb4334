import { QUESTION_MAX_LENGTH } from '@qa/contracts';
import { Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

export const PROMPT_PLACEHOLDER = 'Enter your SQL query request...';
export const EMPTY_PROMPT_MESSAGE = 'Type a question, or paste an SQL SELECT, before generating a query.';
/** The counter starts announcing how many characters are left this close to the limit. */
const ANNOUNCE_LEFT = 200;

const count = (n: number) => n.toLocaleString('en-GB');

/** What the counter says, and what a screen reader hears near and over the limit. */
export function lengthStatus(length: number): { text: string; announce: string; over: boolean } {
  const text = `${count(length)} / ${count(QUESTION_MAX_LENGTH)} characters`;
  if (length > QUESTION_MAX_LENGTH) {
    const message = `The question is ${count(length)} characters, over the ${count(QUESTION_MAX_LENGTH)}-character limit by ${count(length - QUESTION_MAX_LENGTH)}: shorten it before generating a query.`;
    return { text, announce: message, over: true };
  }
  if (QUESTION_MAX_LENGTH - length <= ANNOUNCE_LEFT)
    return { text, announce: `${count(QUESTION_MAX_LENGTH - length)} characters left.`, over: false };
  return { text, announce: '', over: false };
}

/**
 * The 5-row question box and 'Generate Query' ('Generating Query...' and disabled while running). A live counter
 * shows the length against the 4,000-character limit (and says how many are left near it), a question over the
 * limit or an empty one is not sent and the box says why, and SQL may be pasted as the question.
 */
export function QueryForm({
  prompt,
  onPromptChange,
  onSubmit,
  loading,
  textareaRef,
}: {
  prompt: string;
  onPromptChange: (value: string) => void;
  onSubmit: () => void;
  loading: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [emptyTried, setEmptyTried] = useState(false);
  const counterId = useId();
  const hintId = useId();
  const errorId = useId();
  const status = lengthStatus(prompt.length);
  const problem = status.over ? status.announce : emptyTried ? EMPTY_PROMPT_MESSAGE : '';

  const tryToSubmit = () => {
    if (loading) return;
    if (!prompt.trim()) {
      setEmptyTried(true);
      textareaRef.current?.focus();
      return;
    }
    if (status.over) {
      textareaRef.current?.focus();
      return;
    }
    onSubmit();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    tryToSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      tryToSubmit();
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={submit} className="space-y-3" noValidate>
        <label htmlFor="query-prompt" className="sr-only">
          Your question
        </label>
        <Textarea
          id="query-prompt"
          ref={textareaRef}
          rows={5}
          value={prompt}
          onChange={(event) => {
            onPromptChange(event.target.value);
            if (event.target.value.trim()) setEmptyTried(false);
          }}
          onKeyDown={onKeyDown}
          placeholder={PROMPT_PLACEHOLDER}
          aria-describedby={[hintId, counterId, problem ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={problem ? true : undefined}
          className={cn(
            'resize-y text-[15px] leading-relaxed',
            problem && 'border-red-500 focus-visible:border-red-500',
          )}
        />
        {problem ? (
          <p id={errorId} role="alert" className="text-sm text-red-700" data-testid="prompt-error">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <p id={hintId} className="text-xs text-slate-600">
              Ask in plain English, e.g. coverage growth, altnets, competition, market leaders or a region, or
              paste an SQL SELECT to run it as written.
              <span className="ml-1 hidden sm:inline">Ctrl+Enter to submit.</span>
            </p>
            <p
              id={counterId}
              className={cn('text-xs tabular-nums', status.over ? 'text-red-700' : 'text-slate-600')}
              data-testid="prompt-counter"
            >
              {status.text}
            </p>
            {/* Said to screen readers as the limit nears, before a submit. */}
            <p className="sr-only" aria-live="polite" data-testid="prompt-counter-live">
              {status.over ? '' : status.announce}
            </p>
          </div>
          <Button type="submit" size="lg" disabled={loading}>
            <Sparkles aria-hidden />
            {loading ? 'Generating Query...' : 'Generate Query'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
