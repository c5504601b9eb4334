import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRequestUsage } from '../utils/usage-fixtures';
import { ContextUsageBadge } from './context-usage-badge';

afterEach(cleanup);

describe('ContextUsageBadge cost', () => {
  it("says 'No cost' for a conversation that cost nothing (never '<1p')", () => {
    render(<ContextUsageBadge usage={firstRequestUsage(1000, 0)} contextWindow={null} />);
    expect(screen.getByTestId('context-cost').textContent).toBe('No cost');
  });

  it("says 'No cost' before any answer", () => {
    render(<ContextUsageBadge usage={null} contextWindow={200_000} />);
    expect(screen.getByTestId('context-cost').textContent).toBe('No cost');
  });

  it("says '<1p' for a real charge under a penny", () => {
    render(<ContextUsageBadge usage={firstRequestUsage(1000, 0.004)} contextWindow={null} />);
    expect(screen.getByTestId('context-cost').textContent).toBe('<1p');
  });
});
