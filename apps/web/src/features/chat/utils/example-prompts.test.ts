import { describe, expect, it } from 'vitest';
import { EXAMPLE_PROMPTS, pickExamplePrompts } from './example-prompts';

describe('example prompts', () => {
  it('has 35 different prompts, including the chart and map acceptance questions', () => {
    expect(EXAMPLE_PROMPTS).toHaveLength(35);
    expect(new Set(EXAMPLE_PROMPTS).size).toBe(35);
    expect(EXAMPLE_PROMPTS).toContain('Show me full fibre coverage by region as a chart');
    expect(EXAMPLE_PROMPTS).toContain('Map altnet coverage by local authority');
  });

  it('picks four different prompts at random', () => {
    for (let i = 0; i < 50; i += 1) {
      const picked = pickExamplePrompts();
      expect(picked).toHaveLength(4);
      expect(new Set(picked).size).toBe(4);
      for (const prompt of picked) expect(EXAMPLE_PROMPTS).toContain(prompt);
    }
  });

  it('uses the random source it is given', () => {
    expect(pickExamplePrompts(4, () => 0)).toEqual(EXAMPLE_PROMPTS.slice(0, 4));
    expect(pickExamplePrompts(2, () => 0.999999)[0]).toBe(EXAMPLE_PROMPTS[34]);
  });
});
