import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { Logo } from './logo';

/** The centred card used by the public screens (/login, /reset-password), as the page's main landmark. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-12">
      <div className="mb-8 flex items-center gap-2.5">
        <Logo className="size-10" />
        <span className="text-2xl font-semibold tracking-tight text-slate-900">Query Agent</span>
      </div>
      <Card className="w-full max-w-[26rem] p-8 shadow-lg shadow-slate-900/5">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      <p className="mt-8 text-xs text-slate-600">UK broadband availability, in plain English</p>
    </main>
  );
}
