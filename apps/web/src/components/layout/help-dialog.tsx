/**
 * The '?' help dialog: what the data holds (market share included: the take-up data's lines), five example
 * themes with a question each (the starter questions, each answered at full confidence), and the note that
 * operator-level figures are modelled while the geography is real.
 */
import { STARTER_QUESTIONS } from '@qa/contracts';
import { useState } from 'react';
import { Modal } from '../ui/dialog';

/** The five themes of the help dialog, each with its starter question. */
export const HELP_EXAMPLES = STARTER_QUESTIONS.filter((s) => s.theme !== 'Market share');

const DATA_CONTENTS = [
  'Operator footprints: which networks reach each postcode',
  'Technologies (FTTP, FTTC etc.)',
  'Download and upload speeds',
  'Local authority and geography',
  'Premises and population statistics',
] as const;

export const MARKET_SHARE_NOTE =
  'Market share is answered from take-up: subscriber lines by retail operator and technology, quarter by quarter (a share of lines, not of premises).';

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
        <span aria-hidden>?</span>
        <span className="sr-only">Help</span>
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
            <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-brand-950 ring-1 ring-brand-600/15 ring-inset">
              {MARKET_SHARE_NOTE}
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
