import { STARTER_QUESTIONS } from '@qa/contracts';
import { ArrowUpRight, Lightbulb } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/**
 * 'Start with a question': one question per theme of the help dialog, each answered by the built-in analyst at full
 * confidence (an API test and an e2e ask them all). A click asks it.
 */
export function StarterQuestions({
  onAsk,
  disabled,
}: {
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  return (
    <Card className="overflow-hidden" data-testid="starter-questions">
      <section>
        <header className="flex items-center gap-3 border-b border-slate-100 px-5 py-3.5">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Lightbulb aria-hidden className="size-4" />
          </span>
          <h2 className="text-[15px] font-semibold text-slate-900">Start with a question</h2>
        </header>
        <ul className="grid gap-2 p-4 sm:grid-cols-2 lg:grid-cols-3">
          {STARTER_QUESTIONS.map(({ theme, question }) => (
            <li key={theme}>
              <button
                type="button"
                onClick={() => onAsk(question)}
                disabled={disabled}
                data-testid="starter-question"
                className="group flex h-full w-full items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-left text-sm shadow-xs transition-colors hover:border-brand-200 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
              >
                <span>
                  <span className="block text-xs font-medium text-slate-600">{theme}</span>
                  <span className="mt-0.5 block text-slate-800">{question}</span>
                </span>
                <ArrowUpRight
                  aria-hidden
                  className="mt-0.5 size-4 shrink-0 text-slate-500 group-hover:text-brand-600"
                />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
