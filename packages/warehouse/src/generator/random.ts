/**
 * Deterministic pseudo-randomness in SQL: `hash(seed, stream, key...)` mixed once more, so different streams of the
 * same key are independent. (DuckDB combines the hashes of several arguments with a cheap step, so two streams of
 * one key would otherwise differ only by a constant and be correlated.) Same seed, same numbers, on every run.
 */
import { sqlString } from '../sql/quote.js';

/** A UBIGINT hash of (seed, stream, keys...). */
export function hashSql(seed: number, stream: string, ...keys: string[]): string {
  return `hash(hash(${seed}, ${sqlString(stream)}, ${keys.join(', ')}))`;
}

/** A uniform DOUBLE in [0, 1) from (seed, stream, keys...). */
export function uniformSql(seed: number, stream: string, ...keys: string[]): string {
  return `((${hashSql(seed, stream, ...keys)} >> 11)::DOUBLE / 9007199254740992.0)`;
}
