import type { FlatUsage, NestedUsage } from '@qa/contracts';

/** Test usage: `total` tokens, the last 10 of them output, and `cost_usd` only when a cost is given. */
export function flatUsage(total: number, cost?: number): FlatUsage {
  return {
    input_tokens: total - 10,
    output_tokens: 10,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    total_tokens: total,
    ...(cost === undefined ? {} : { cost_usd: cost }),
  };
}

/** Test usage of a conversation's first request: the request and the session so far are the same. */
export function firstRequestUsage(total: number, cost?: number): NestedUsage {
  return {
    current_request: flatUsage(total, cost),
    session_cumulative: { ...flatUsage(total, cost), requests: 1 },
  };
}
