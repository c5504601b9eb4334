import { describe, expect, it } from 'vitest';
import { resultColumnType } from './questions.service.js';

describe('resultColumnType', () => {
  it('reads the engine-neutral names and DuckDB’s own', () => {
    for (const type of ['integer', 'bigint', 'hugeint', 'smallint', 'UBIGINT', 'decimal(38,0)']) {
      expect(resultColumnType(type)).toBe('integer');
    }
    for (const type of ['double', 'numeric', 'decimal(18,3)', 'float'])
      expect(resultColumnType(type)).toBe('number');
    for (const type of ['date', 'timestamp', 'timestamp with time zone'])
      expect(resultColumnType(type)).toBe('date');
    expect(resultColumnType('boolean')).toBe('boolean');
  });

  it('reads anything else as text', () => {
    for (const type of ['text', 'varchar', 'oid:1234', 'interval', 'point'])
      expect(resultColumnType(type)).toBe('text');
  });
});
