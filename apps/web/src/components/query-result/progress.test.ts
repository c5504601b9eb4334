import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseProgressLog, stripStatusTags, toDisplayProgress } from './progress';

const messages = (entries: Parameters<typeof toDisplayProgress>[0]) =>
  toDisplayProgress(entries).map((e) => e.message);

describe('stripStatusTags', () => {
  it('removes tags wrapped around a message', () => {
    expect(stripStatusTags('<status>Classifying the question</status>')).toBe('Classifying the question');
    expect(stripStatusTags('<progress stage="sql">Writing SQL</progress>')).toBe('Writing SQL');
    expect(stripStatusTags('[STATUS]Running[/STATUS]')).toBe('Running');
  });

  it('removes stray status tags and leaves SQL comparison operators alone', () => {
    expect(stripStatusTags('<status>Checking <b>names')).toBe('Checking <b>names');
    expect(stripStatusTags('Executing SQL query: SELECT 1 WHERE a <> b')).toBe(
      'Executing SQL query: SELECT 1 WHERE a <> b',
    );
  });
});

describe('toDisplayProgress', () => {
  it('drops a message that repeats the previous one, ignoring case and spacing', () => {
    expect(messages(['Classifying', 'classifying  ', 'Writing SQL', 'Classifying'])).toEqual([
      'Classifying',
      'Writing SQL',
      'Classifying',
    ]);
  });

  it('drops the keep-alive ping and empty messages', () => {
    expect(messages(['ping', { message: '<status></status>' }, { message: 'Done' }])).toEqual(['Done']);
  });

  it('drops a repeated "Executing SQL query:" for the same SQL, even with other lines between', () => {
    expect(
      messages([
        'Executing SQL query: SELECT 1',
        'Query executed successfully',
        'Executing SQL query:   SELECT 1',
        'Query executed successfully',
        'Executing SQL query: SELECT 2',
        'Query executed successfully',
      ]),
    ).toEqual([
      'Executing SQL query: SELECT 1',
      'Query executed successfully',
      'Executing SQL query: SELECT 2',
      'Query executed successfully',
    ]);
  });

  it('drops a repeated "Query executed successfully" for the same execution', () => {
    expect(
      messages([
        'Executing SQL query: SELECT 1',
        'Query executed successfully',
        'Reading 10 rows',
        'Query executed successfully (10 rows)',
      ]),
    ).toEqual(['Executing SQL query: SELECT 1', 'Query executed successfully', 'Reading 10 rows']);
  });

  it('keeps stage and timestamp and strips tags', () => {
    expect(
      toDisplayProgress([{ message: '<status>Hi</status>', stage: 'classify', timestamp: 't' }]),
    ).toEqual([{ key: '0', message: 'Hi', stage: 'classify', timestamp: 't' }]);
  });
});

describe('parseProgressLog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads an array, a JSON string of one, and nothing', () => {
    expect(parseProgressLog([{ message: 'a' }])).toEqual({ ok: true, entries: [{ message: 'a' }] });
    expect(parseProgressLog('[{"message":"b","stage":"sql"}, "c"]')).toEqual({
      ok: true,
      entries: [{ message: 'b', stage: 'sql' }, { message: 'c' }],
    });
    expect(parseProgressLog(null)).toEqual({ ok: true, entries: [] });
  });

  it('reports broken JSON and wrong shapes as unparseable and logs them', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseProgressLog('[{"message":')).toEqual({ ok: false });
    expect(parseProgressLog('{"message":"x"}')).toEqual({ ok: false });
    expect(parseProgressLog([{ text: 'x' }])).toEqual({ ok: false });
    expect(log).toHaveBeenCalledTimes(3);
  });
});
