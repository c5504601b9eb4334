import { describe, expect, it } from 'vitest';
import { isNearBottom, SCROLL_FOLLOW_THRESHOLD_PX, shouldFollowAfterScroll } from './scroll';

const at = (scrollTop: number) => ({ scrollHeight: 1000, clientHeight: 400, scrollTop });

describe('scroll follow rule', () => {
  it('follows within 20 px of the bottom and not beyond', () => {
    expect(SCROLL_FOLLOW_THRESHOLD_PX).toBe(20);
    expect(isNearBottom(at(600))).toBe(true);
    expect(isNearBottom(at(580))).toBe(true);
    expect(isNearBottom(at(579))).toBe(false);
    expect(isNearBottom(at(0))).toBe(false);
  });

  it('follows when the content does not scroll at all', () => {
    expect(isNearBottom({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 })).toBe(true);
  });
});

describe('following after a scroll event', () => {
  it('starts following at the bottom and stops when the reader moves up', () => {
    expect(shouldFollowAfterScroll(false, 0, at(590))).toBe(true);
    expect(shouldFollowAfterScroll(true, 600, at(400))).toBe(false);
  });

  it('keeps following when our own jump is reported after more content arrived', () => {
    // We jumped to 32 when the list was 665 px high; the event comes when it is 1466 px high.
    const late = { scrollHeight: 1466, clientHeight: 633, scrollTop: 32 };
    expect(shouldFollowAfterScroll(true, 0, late)).toBe(true);
  });

  it('does not start following when the reader scrolls down but stays far from the bottom', () => {
    expect(shouldFollowAfterScroll(false, 100, at(300))).toBe(false);
  });
});
