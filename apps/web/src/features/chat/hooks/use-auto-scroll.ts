/**
 * Follows new content in a scrolling list only while the reader is within 20 px of the bottom (spec §2,
 * §9). Content grows without new messages too (streamed text, a chart loading, a box expanding), so a
 * ResizeObserver on the content re-applies the rule whenever its height changes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { isNearBottom } from '../utils/scroll';

export function useAutoScroll(change: unknown, enabled = true) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);

  const onScroll = useCallback(() => {
    if (scrollRef.current) followRef.current = isNearBottom(scrollRef.current);
  }, []);

  const follow = useCallback(() => {
    const element = scrollRef.current;
    if (element && enabled && followRef.current) element.scrollTop = element.scrollHeight;
  }, [enabled]);

  /** Jumps to the newest message, e.g. when the reader sends one themselves. */
  const scrollToBottom = useCallback(() => {
    followRef.current = true;
    follow();
  }, [follow]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `change` is the trigger, not an input
  useLayoutEffect(follow, [change, follow]);

  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => follow());
    observer.observe(content);
    return () => observer.disconnect();
  }, [follow]);

  return { scrollRef, contentRef, onScroll, scrollToBottom };
}
