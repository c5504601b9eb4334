import { describe, expect, it } from 'vitest';
import { tokenizeSql } from './sql-highlight';

describe('tokenizeSql', () => {
  it('joins back to the exact input', () => {
    const sql = `-- top areas\nSELECT la.name, COUNT(DISTINCT p.postcode) AS n\nFROM "fact" p /* x */ WHERE p.tech = 'FTTP' AND n >= 1.5e3\nORDER BY n DESC LIMIT 10;`;
    expect(
      tokenizeSql(sql)
        .map((t) => t.text)
        .join(''),
    ).toBe(sql);
  });

  it('labels keywords, functions, strings, numbers, comments and identifiers', () => {
    const kinds = Object.fromEntries(
      tokenizeSql(`select count(*) from "t" where a = 'it''s' and b in (1, 2) -- c`)
        .filter((t) => t.kind !== 'text')
        .map((t) => [t.text, t.kind]),
    );
    expect(kinds).toMatchObject({
      select: 'keyword',
      count: 'function',
      from: 'keyword',
      '"t"': 'identifier',
      "'it''s'": 'string',
      in: 'keyword',
      '1': 'number',
      '-- c': 'comment',
      '=': 'operator',
    });
  });
});
