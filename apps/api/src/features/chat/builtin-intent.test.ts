import { describe, expect, it } from 'vitest';
import { BuiltinAnalyst } from '../../analyst/reading/builtin-analyst.js';
import { testLexicon, testTime } from '../../analyst/reading/test-fixtures.js';
import { type BuiltinAction, type ChatTurnContext, readMessage } from './builtin-intent.js';

const analyst = new BuiltinAnalyst({ lexicon: testLexicon, time: testTime });

type Query = Extract<BuiltinAction, { kind: 'query' }>;

/** Asks each message in turn, each read against what the previous answer left, as the chat does. */
function conversation(...messages: string[]): BuiltinAction[] {
  let previous: ChatTurnContext | null = null;
  return messages.map((message, i) => {
    const action = readMessage(analyst, message, previous);
    previous =
      action.kind === 'query' && action.planned.plan
        ? {
            kind: 'query',
            plan: action.planned.plan,
            ...(action.draw ? { draw: action.draw } : {}),
            ...(i === 0 ? { shown: ['Manchester', 'Leeds', 'Cardiff'] } : {}),
          }
        : action.kind === 'la_stats'
          ? action
          : null;
    return action;
  });
}

const asQuery = (action: BuiltinAction | undefined): Query => {
  if (action?.kind !== 'query') throw new Error(`not a query: ${JSON.stringify(action)}`);
  return action;
};

describe('a follow-up is read against the previous answer', () => {
  it('after a regional map, "which of those" ranks the same places, and "the same for gigabit" changes the subject', () => {
    const [map, lowest, gigabit] = conversation(
      'Map altnet coverage in the North West',
      'which of those has the lowest coverage?',
      'now the same for gigabit',
    ).map(asQuery);
    expect(map!.draw).toEqual({ tool: 'create_map' });
    expect(map!.planned.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { altnet: true },
      dimension: 'la_name',
      geo: { column: 'government_region', values: ['North West'] },
    });

    expect(lowest!.planned.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { altnet: true },
      dimension: 'la_name',
      geo: { column: 'government_region', values: ['North West'] },
      order: 'asc',
      limit: 1,
    });
    expect(lowest!.sql).toContain("government_region IN ('North West')");
    expect(lowest!.planned.interpretation).toBe(
      'Same as before, the lowest one — The local authority with the lowest share of premises in North West where an altnet is present, November 2026 snapshot',
    );
    // One place is an answer, not a map.
    expect(lowest!.draw).toBeUndefined();

    expect(gigabit!.planned.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { gigabit: true },
      dimension: 'la_name',
      geo: { column: 'government_region', values: ['North West'] },
    });
    expect(gigabit!.planned.plan?.subject.altnet).toBeUndefined();
    expect(gigabit!.planned.interpretation).toMatch(
      /^Same as before, for gigabit-capable broadband — .*North West where gigabit-capable broadband is available/,
    );
  });

  it('"show that as a line chart" keeps the question and changes the drawing', () => {
    const [, line] = conversation('Full fibre coverage by region', 'show that as a line chart').map(asQuery);
    expect(line!.draw).toEqual({ tool: 'create_chart', type: 'line' });
    expect(line!.planned.plan).toMatchObject({ measure: 'coverage_pct', dimension: 'government_region' });
    expect(line!.planned.interpretation).toMatch(
      /^Same as before, as a line chart — Share of premises by region/,
    );
  });

  it('a map carries to the next question unless it narrows to one answer', () => {
    const [, same] = conversation('Map altnet coverage in the North West', 'now the same for gigabit').map(
      asQuery,
    );
    expect(same!.draw).toEqual({ tool: 'create_map' });
    expect(same!.place).toBe('la_name');
  });

  it('"and in Manchester?" after a question about Leeds asks the same question for Manchester', () => {
    const [, manchester] = conversation('Full fibre coverage in Leeds', 'and in Manchester?').map(asQuery);
    expect(manchester!.planned.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { tech: 'fttponly' },
      geo: { column: 'la_name', values: ['Manchester'] },
    });
    expect(manchester!.planned.interpretation).toBe(
      'Same as before, for Manchester — Share of premises in Manchester where full fibre is available, November 2026 snapshot',
    );
  });

  it('"and in Manchester?" after statistics for Leeds gives the statistics for Manchester', () => {
    const [, next] = conversation('Tell me about Leeds', 'and in Manchester?');
    expect(next).toEqual({ kind: 'la_stats', localAuthority: 'Manchester' });
  });

  it('"those" after a top-N list means the places listed', () => {
    const [, growth] = conversation(
      'Which 10 local authorities have the worst full fibre coverage?',
      'full fibre growth in those over the last year',
    ).map(asQuery);
    expect(growth!.planned.plan).toMatchObject({
      measure: 'change_premises',
      geo: { column: 'la_name', values: ['Manchester', 'Leeds', 'Cardiff'] },
      dimension: 'la_name',
      order: 'desc',
    });
    expect(growth!.planned.plan?.limit).toBeUndefined();
    expect(growth!.planned.interpretation).toMatch(/^Same places as before, counting premises gained/);
  });

  it('a question that stands alone is read alone, whatever came before', () => {
    const [, cardiff, weather] = conversation(
      'Full fibre coverage in Leeds',
      'How many premises in Cardiff have gigabit?',
      'and the weather in Leeds?',
    );
    expect(asQuery(cardiff).planned.plan).toMatchObject({
      measure: 'premises',
      subject: { gigabit: true },
      geo: { values: ['Cardiff'] },
    });
    expect(asQuery(cardiff).planned.interpretation).not.toMatch(/Same as before/);
    expect(weather?.kind).toBe('unsupported');
  });
});
