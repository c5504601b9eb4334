import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits plain fields and ignores the trailing line break', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('code,name\r\nE06000023,"Bristol, City of"\r\nX,"say ""hi""\nthere"')).toEqual([
      ['code', 'name'],
      ['E06000023', 'Bristol, City of'],
      ['X', 'say "hi"\nthere'],
    ]);
  });

  it('reads empty fields, a missing final line break and a byte order mark', () => {
    expect(parseCsv('\uFEFFa,b,c\n,,\n"",x,')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['', 'x', ''],
    ]);
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('rejects an unterminated quote and a quote inside an unquoted field', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/unterminated/);
    expect(() => parseCsv('a,b"c\n')).toThrow(/unexpected quote/);
  });

  it('parses a large result quickly', () => {
    const lines = ['local_authority,premises'];
    for (let i = 0; i < 50_000; i++) lines.push(`"Authority ${i}, North",${i * 3}`);
    const started = performance.now();
    const rows = parseCsv(lines.join('\n'));
    expect(rows).toHaveLength(50_001);
    expect(rows[50_000]).toEqual(['Authority 49999, North', '149997']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
