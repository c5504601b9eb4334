/** The message list follows new content only while the reader is within 20 px of the bottom. */
export const SCROLL_FOLLOW_THRESHOLD_PX = 20;

export function isNearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold = SCROLL_FOLLOW_THRESHOLD_PX,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

/**
 * Whether to keep following after a scroll event. Reaching the bottom (within 20 px) turns following on;
 * only the reader moving up turns it off. Scroll events arrive a frame late, after more content may have
 * streamed in, so our own jump to the bottom can look far from the bottom by then: it must not count.
 */
export function shouldFollowAfterScroll(
  following: boolean,
  previousScrollTop: number,
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
): boolean {
  if (isNearBottom(element)) return true;
  if (element.scrollTop < previousScrollTop - 1) return false;
  return following;
}
