import { Sparkles } from 'lucide-react';
import type { FormEvent, KeyboardEvent, RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';

export const PROMPT_PLACEHOLDER = 'Enter your SQL query request...';

/** The 5-row question box and 'Generate Query' ('Generating Query...' and disabled while running). */
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor="query-prompt" className="sr-only">
          Your question
        </label>
        <Textarea
          id="query-prompt"
          ref={textareaRef}
          rows={5}
          value={prompt}
          onChange={(event) => onPromptChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={PROMPT_PLACEHOLDER}
          className="resize-y text-[15px] leading-relaxed"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-slate-500">
            Ask in plain English, e.g. coverage growth, altnets, competition, market leaders or a region.
            <span className="ml-1 hidden text-slate-400 sm:inline">Ctrl+Enter to submit.</span>
          </p>
          <Button type="submit" size="lg" disabled={loading}>
            <Sparkles aria-hidden />
            {loading ? 'Generating Query...' : 'Generate Query'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
