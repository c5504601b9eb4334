import { describe, expect, it } from 'vitest';
import { isNearBottom, SCROLL_FOLLOW_THRESHOLD_PX } from './scroll';

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
