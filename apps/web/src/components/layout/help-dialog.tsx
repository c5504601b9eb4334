/**
 * The '?' help dialog: what the data holds, what it does not, five example themes with a
 * question each, and the note that operator-level figures are modelled while the geography is real.
 */
import { useState } from 'react';
import { Modal } from '../ui/dialog';

export const HELP_EXAMPLES = [
  {
    theme: 'Coverage growth',
    question: 'How has full fibre (FTTP) coverage grown in Manchester over the last 12 months?',
  },
  {
    theme: 'Alternative networks',
    question: 'Which alternative networks reach the most premises in Yorkshire and The Humber?',
  },
  {
    theme: 'Competition analysis',
    question: 'How many postcodes in Bristol are served by two or more full-fibre networks?',
  },
  { theme: 'Market leaders', question: 'Which operator has the largest gigabit footprint in Scotland?' },
  { theme: 'Regional analysis', question: 'Compare average download speeds across the regions of England.' },
] as const;

const DATA_CONTENTS = [
  'Operator footprints: which networks reach each postcode',
  'Technologies (FTTP, FTTC etc.)',
  'Download and upload speeds',
  'Local authority and geography',
  'Premises and population statistics',
] as const;

export function HelpDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        title="Help"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex size-8 items-center justify-center rounded-full border border-slate-300 bg-white text-sm font-semibold text-slate-600 shadow-xs transition-colors hover:border-brand-500 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        ?
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="lg"
        title="About Query Agent"
        description="Ask questions in plain English about UK broadband availability at postcode level."
        data-testid="help-dialog"
      >
        <div className="space-y-6 text-sm leading-relaxed text-slate-700">
          <section>
            <h3 className="font-semibold text-slate-900">What the data holds</h3>
            <p className="mt-1">Monthly snapshots, reported on the 1st of each month, of:</p>
            <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
              {DATA_CONTENTS.map((item) => (
                <li key={item} className="flex gap-2">
                  <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
                  {item}
                </li>
              ))}
            </ul>
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-600/15 ring-inset">
              Market share (subscribers) is not tracked in the query tool.
            </p>
          </section>

          <section>
            <h3 className="font-semibold text-slate-900">Example questions</h3>
            <dl className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {HELP_EXAMPLES.map(({ theme, question }) => (
                <div key={theme} className="grid gap-0.5 px-3 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
                  <dt className="font-medium text-slate-900">{theme}</dt>
                  <dd className="text-slate-600 italic">“{question}”</dd>
                </div>
              ))}
            </dl>
          </section>

          <section>
            <h3 className="font-semibold text-slate-900">About the figures</h3>
            <p className="mt-1">
              Operator-level figures (footprints, technologies and speeds by operator) are modelled, synthetic
              data for demonstration. The geography — postcodes, local authorities and regions — is real.
            </p>
          </section>
        </div>
      </Modal>
    </>
  );
}
