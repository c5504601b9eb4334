import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from '../ui/card';

/** One titled card of a query result (classification, analysis, SQL, results, explanation, feedback). */
export function ResultSection({
  title,
  icon: Icon,
  badge,
  actions,
  children,
  className,
  bodyClassName,
  'data-testid': testId,
}: {
  title: ReactNode;
  icon: LucideIcon;
  badge?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  'data-testid'?: string;
}) {
  return (
    <Card className={cn('overflow-hidden', className)} data-testid={testId}>
      <section>
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-3.5">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Icon aria-hidden className="size-4" />
          </span>
          <h2 className="text-[15px] font-semibold text-slate-900">{title}</h2>
          {badge}
          {actions ? <div className="ml-auto flex items-center gap-2">{actions}</div> : null}
        </header>
        <div className={cn('px-5 py-4', bodyClassName)}>{children}</div>
      </section>
    </Card>
  );
}
