import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from './csv.js';

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
