/** Spec §9: the message list follows new content only while the reader is within 20 px of the bottom. */
export const SCROLL_FOLLOW_THRESHOLD_PX = 20;

export function isNearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold = SCROLL_FOLLOW_THRESHOLD_PX,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}
