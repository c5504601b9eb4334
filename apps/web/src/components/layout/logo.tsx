import { cn } from '../../lib/cn';

/** The product mark: a signal arc over a node, in the brand colour. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M6 14.5a14 14 0 0 1 20 0"
        fill="none"
        stroke="#c7d2fe"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path
        d="M9 18a9.5 9.5 0 0 1 14 0M12 21.5a5 5 0 0 1 8 0"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="16" cy="25" r="2" fill="#fff" />
    </svg>
  );
}
