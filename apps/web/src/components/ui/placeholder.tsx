import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

/** A calm empty panel for screens whose content arrives in a later change. */
export function Placeholder({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50">
        <Icon aria-hidden className="size-6 text-brand-600" />
      </div>
      <h2 className="mt-4 text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-1 max-w-md text-sm text-slate-500">{children}</div>
    </Card>
  );
}
