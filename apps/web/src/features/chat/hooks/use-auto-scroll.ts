/**
 * Follows new content in a scrolling list only while the reader is within 20 px of the bottom.
 * Content grows without new messages too (streamed text, a chart loading, a box expanding), so a
 * ResizeObserver on the content re-applies the rule whenever its height changes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { shouldFollowAfterScroll } from '../utils/scroll';

export function useAutoScroll(change: unknown, enabled = true) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const lastScrollTopRef = useRef(0);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    followRef.current = shouldFollowAfterScroll(followRef.current, lastScrollTopRef.current, element);
    lastScrollTopRef.current = element.scrollTop;
  }, []);

  const follow = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !enabled || !followRef.current) return;
    element.scrollTop = element.scrollHeight;
    lastScrollTopRef.current = element.scrollTop;
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
