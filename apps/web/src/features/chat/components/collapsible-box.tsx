/**
 * A box that shows at most `maxHeightPx` of its content until clicked (tool inputs collapse at
 * 120 px, results at 200 px; a click expands). Whether it overflows is measured, so short values show in
 * full with no affordance.
 */
import { ChevronDown, ChevronUp } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';

export function CollapsibleBox({
  maxHeightPx,
  children,
  className,
  label,
}: {
  maxHeightPx: number;
  children: ReactNode;
  className?: string;
  /** What the box holds, for the expand control's accessible name. */
  label: string;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const measure = () => setOverflowing(content.scrollHeight > maxHeightPx + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, [maxHeightPx]);

  const collapsed = overflowing && !expanded;

  return (
    <div className={cn('relative', className)} data-testid="collapsible" data-collapsed={collapsed}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keyboard path is the Show more button below */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the Show more button below */}
      <div
        onClick={collapsed ? () => setExpanded(true) : undefined}
        className={cn('overflow-hidden', collapsed && 'cursor-pointer')}
        style={collapsed ? { maxHeight: maxHeightPx } : undefined}
      >
        <div ref={contentRef}>{children}</div>
      </div>
      {collapsed ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 h-12 rounded-b-md bg-gradient-to-t from-white via-white/85 to-transparent" />
      ) : null}
      {overflowing ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${label}`}
          className={cn(
            'relative mt-1 inline-flex items-center gap-1 rounded px-1 text-xs font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600',
          )}
        >
          {expanded ? (
            <ChevronUp className="size-3.5" aria-hidden />
          ) : (
            <ChevronDown className="size-3.5" aria-hidden />
          )}
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
