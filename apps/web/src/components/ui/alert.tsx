import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertProps = { children: ReactNode; className?: string; title?: ReactNode };

/** The pink warning box: errors shown inside the form or modal they belong to. */
export function ErrorAlert({ children, className, title }: AlertProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-2.5 rounded-lg border border-pink-200 bg-pink-50 px-3.5 py-3 text-sm text-pink-900',
        className,
      )}
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-pink-600" />
      <div className="min-w-0 break-words">
        {title ? <p className="font-medium">{title}</p> : null}
        <div data-testid="error-message">{children}</div>
      </div>
    </div>
  );
}

export function SuccessAlert({ children, className }: AlertProps) {
  return (
    <div
      role="status"
      className={cn(
        'flex gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900',
        className,
      )}
    >
      <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export function InfoNotice({ children, className }: AlertProps) {
  return (
    <div
      role="status"
      className={cn(
        'flex gap-2.5 rounded-lg border border-brand-200 bg-brand-50 px-3.5 py-3 text-sm text-brand-700',
        className,
      )}
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
