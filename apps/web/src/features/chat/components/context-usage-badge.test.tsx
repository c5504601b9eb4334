import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContextUsageBadge } from './context-usage-badge';

afterEach(cleanup);

const usage = (cost: number) => ({
  current_request: {
    input_tokens: 900,
    output_tokens: 100,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    total_tokens: 1000,
    cost_usd: cost,
  },
  session_cumulative: {
    input_tokens: 900,
    output_tokens: 100,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    total_tokens: 1000,
    cost_usd: cost,
    requests: 1,
  },
  model: 'builtin',
  context_window: 200_000,
});

describe('ContextUsageBadge cost', () => {
  it("says 'No cost' for a conversation that cost nothing (never '<1p')", () => {
    render(<ContextUsageBadge usage={usage(0)} contextWindow={null} />);
    expect(screen.getByTestId('context-cost').textContent).toBe('No cost');
  });

  it("says 'No cost' before any answer", () => {
    render(<ContextUsageBadge usage={null} contextWindow={200_000} />);
    expect(screen.getByTestId('context-cost').textContent).toBe('No cost');
  });

  it("says '<1p' for a real charge under a penny", () => {
    render(<ContextUsageBadge usage={usage(0.004)} contextWindow={null} />);
    expect(screen.getByTestId('context-cost').textContent).toBe('<1p');
  });
});
