import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A grey icon in a circle over a short message: a list or panel with nothing to show. */
export function EmptyState({
  icon: Icon,
  title,
  detail,
  className,
  titleClassName,
}: {
  icon: LucideIcon;
  title: ReactNode;
  detail?: ReactNode;
  /** Spacing around the block. */
  className?: string;
  /** The title's size, where it differs from the surrounding text. */
  titleClassName?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center text-center', className)}>
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100">
        <Icon aria-hidden className="size-6 text-slate-400" />
      </div>
      <p className={cn('mt-4 font-medium text-slate-900', titleClassName)}>{title}</p>
      {detail ? <p className="mt-1 text-sm text-slate-500">{detail}</p> : null}
    </div>
  );
}
