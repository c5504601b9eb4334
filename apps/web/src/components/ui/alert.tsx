import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertProps = { children: ReactNode; className?: string; title?: ReactNode };

/** The box every alert shares: a tinted, bordered row with its icon before the message. */
function AlertBox({
  role,
  tone,
  icon: Icon,
  iconClassName,
  className,
  children,
}: {
  role: 'alert' | 'status';
  tone: string;
  icon: LucideIcon;
  iconClassName?: string;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div role={role} className={cn('flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm', tone, className)}>
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', iconClassName)} />
      {children}
    </div>
  );
}

/** The pink warning box: errors shown inside the form or modal they belong to. */
export function ErrorAlert({ children, className, title }: AlertProps) {
  return (
    <AlertBox
      role="alert"
      tone="border-pink-200 bg-pink-50 text-pink-900"
      icon={CircleAlert}
      iconClassName="text-pink-600"
      className={className}
    >
      <div className="min-w-0 break-words">
        {title ? <p className="font-medium">{title}</p> : null}
        <div data-testid="error-message">{children}</div>
      </div>
    </AlertBox>
  );
}

export function SuccessAlert({ children, className }: AlertProps) {
  return (
    <AlertBox
      role="status"
      tone="border-emerald-200 bg-emerald-50 text-emerald-900"
      icon={CircleCheck}
      iconClassName="text-emerald-600"
      className={className}
    >
      <div className="min-w-0">{children}</div>
    </AlertBox>
  );
}

export function InfoNotice({ children, className }: AlertProps) {
  return (
    <AlertBox
      role="status"
      tone="border-brand-200 bg-brand-50 text-brand-700"
      icon={Info}
      className={className}
    >
      <div className="min-w-0">{children}</div>
    </AlertBox>
  );
}
