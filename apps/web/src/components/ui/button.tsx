import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary:
    'bg-brand-600 text-on-accent shadow-sm hover:bg-brand-hover focus-visible:outline-brand-600 disabled:bg-brand-600/60',
  secondary: 'bg-slate-100 text-slate-800 hover:bg-slate-200 focus-visible:outline-slate-400',
  outline:
    'border border-slate-300 bg-white text-slate-700 shadow-xs hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-brand-600',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
  danger:
    'bg-red-600 text-on-accent shadow-sm hover:bg-red-700 focus-visible:outline-red-600 disabled:bg-red-600/60',
  'danger-ghost': 'text-red-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-red-600',
  link: 'text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-brand-600',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-2.5 text-xs',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-5 text-sm',
  icon: 'size-9 rounded-lg',
  'icon-sm': 'size-8 rounded-md',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string | undefined;
} = {}) {
  return cn(
    'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    '[&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}
