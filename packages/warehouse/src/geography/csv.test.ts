import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.js';

describe('parseCsv', () => {
  it('splits plain fields and ignores the trailing newline', () => {
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

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('rejects an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/unterminated/);
  });
});

describe('parseCsvRecords', () => {
  it('maps rows to records by the expected header', () => {
    expect(parseCsvRecords('area,name\nAB,Aberdeen\n', ['area', 'name'])).toEqual([
      { area: 'AB', name: 'Aberdeen' },
    ]);
  });

  it('rejects an unexpected header or a short row', () => {
    expect(() => parseCsvRecords('area,title\nAB,x\n', ['area', 'name'])).toThrow(/expected header/);
    expect(() => parseCsvRecords('area,name\nAB\n', ['area', 'name'])).toThrow(/line 2/);
  });
});
