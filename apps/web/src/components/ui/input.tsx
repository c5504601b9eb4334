import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const inputClassName = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
  'placeholder:text-slate-400 transition-colors',
  'focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/20',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  'aria-invalid:border-red-400 aria-invalid:focus:ring-red-500/20',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClassName, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClassName, 'resize-y', className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        inputClassName,
        'h-10 appearance-none bg-[length:1rem] bg-[right_0.6rem_center] bg-no-repeat pr-9',
        "bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")]",
        className,
      )}
      {...props}
    />
  );
}
