/**
 * The empty chat: what the analyst knows about, in four data areas, and four example prompts
 * picked at random for this page load from the 35 in example-prompts.ts. Clicking one sends it.
 */
import type { LucideIcon } from 'lucide-react';
import { ArrowUpRight, ChartPie, MapPinned, Network, Sparkles, TrendingUp } from 'lucide-react';

const DATA_AREAS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Network,
    title: 'Network footprint and infrastructure',
    text: 'Which operators reach each postcode, with which technology and speed, month by month since 2021.',
  },
  {
    icon: ChartPie,
    title: 'Market share and subscribers',
    text: 'Broadband lines by retail operator, technology and segment, quarter by quarter.',
  },
  {
    icon: TrendingUp,
    title: 'Forecasts',
    text: 'Each network’s forecast full fibre footprint to 2030, and where is most attractive to build.',
  },
  {
    icon: MapPinned,
    title: 'Interactive visualizations',
    text: 'Charts and local authority maps drawn from the data, right in the conversation.',
  },
];

/** What the empty chat promises: streamed answers only where they are streamed (the v2 flag). */
export function emptyStateIntro(streaming: boolean): string {
  return streaming
    ? 'Ask about networks, operators, regions and postcodes. Answers stream in with tables, charts and maps, and you can see every tool the analyst uses.'
    : 'Ask about networks, operators, regions and postcodes. Answers come with tables, charts and maps, and you can see every tool the analyst uses.';
}

export function ChatEmptyState({
  prompts,
  onPrompt,
  streaming = false,
}: {
  prompts: string[];
  onPrompt: (prompt: string) => void;
  /** Answers are streamed (the v2 flag is on). */
  streaming?: boolean;
}) {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col items-center py-2 text-center"
      data-testid="chat-empty-state"
    >
      <span className="flex size-11 items-center justify-center rounded-2xl bg-brand-600 shadow-sm shadow-brand-600/30">
        <Sparkles aria-hidden className="size-5 text-on-accent" />
      </span>
      <h2 className="mt-3 text-xl font-semibold tracking-tight text-slate-900">
        UK broadband market analyst
      </h2>
      <p className="mt-1.5 max-w-xl text-sm text-slate-600" data-testid="chat-intro">
        {emptyStateIntro(streaming)}
      </p>

      <ul className="mt-5 grid w-full gap-3 text-left sm:grid-cols-2">
        {DATA_AREAS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white ring-1 ring-slate-200">
              <Icon aria-hidden className="size-4 text-brand-600" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{title}</span>
              <span className="mt-0.5 block text-xs leading-relaxed text-slate-500">{text}</span>
            </span>
          </li>
        ))}
      </ul>

      <p className="mt-5 self-start text-xs font-medium tracking-wide text-slate-500 uppercase">Try asking</p>
      <div className="mt-2 grid w-full gap-2 sm:grid-cols-2">
        {prompts.map((prompt) => (
          <button
            key={prompt}
            type="button"
            onClick={() => onPrompt(prompt)}
            data-testid="example-prompt"
            className="group flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-left text-sm text-slate-700 shadow-xs transition-colors hover:border-brand-200 hover:bg-brand-50/50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <span>{prompt}</span>
            <ArrowUpRight
              aria-hidden
              className="mt-0.5 size-4 shrink-0 text-slate-500 transition-colors group-hover:text-brand-600"
            />
          </button>
        ))}
      </div>
      <p className="mt-4 text-xs text-slate-600">
        Geography is real; operator footprints, take-up and forecasts are modelled from public totals.
      </p>
    </div>
  );
}
