import { describe, expect, it } from 'vitest';
import { sqlString } from './quote.js';

describe('sqlString', () => {
  it('wraps the text in single quotes and doubles each quote inside', () => {
    expect(sqlString('Kingston upon Hull')).toBe("'Kingston upon Hull'");
    expect(sqlString("King's Lynn and West Norfolk")).toBe("'King''s Lynn and West Norfolk'");
    expect(sqlString("''")).toBe("''''''");
    expect(sqlString('')).toBe("''");
  });
});
