/**
 * The chat follows the conversation (built-in analyst, no key): a regional map, then "which of those has the
 * lowest coverage?", then "now the same for gigabit", each answered about the same places with the measure
 * asked for, and each answer's interpretation saying what was carried over. With the v2 flag on (streaming)
 * and off (the whole-answer endpoint); the context survives a reload because it is saved with each answer.
 */
import { ChatPage } from './pages/chat-page';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

interface HistoryMessage {
  type: string;
  tool_calls?: { tool_name: string; args: { sql?: string } }[];
  tool_results?: { tool_name: string; result: { columns?: string[]; rows?: unknown[][] } }[];
}

for (const streaming of [true, false]) {
  test(`a three-turn conversation keeps its places and changes the measure (streaming ${streaming ? 'on' : 'off'})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const chat = new ChatPage(page);
    await chat.goto('/chat', { streaming });

    /** The last answer as saved: its SQL and the rows it found. */
    const lastAnswer = async () => {
      const sessionId = page.url().split('/chat/')[1]!;
      const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
      const response = await page.request.get(`/api/chat/history/${sessionId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.ok()).toBe(true);
      const messages = ((await response.json()) as { messages: HistoryMessage[] }).messages;
      const answer = messages.filter((m) => m.type === 'assistant').at(-1)!;
      const sql = answer.tool_calls?.find((c) => c.tool_name === 'run_sql')?.args.sql ?? '';
      const result = answer.tool_results?.find((r) => r.tool_name === 'run_sql')?.result;
      const coverage = (result?.columns ?? []).indexOf('coverage_pct');
      const rows = result?.rows ?? [];
      return { sql, rows, coverage: rows.map((row) => Number(row[coverage])) };
    };
    const lastText = () => chat.assistantMessages.last();

    await chat.askAndWait('Map altnet coverage in the North West', 150_000);
    await expect(chat.chartFrames.last()).toHaveAttribute('data-kind', /map/);
    await expect(lastText()).toContainText(
      'Answered as: Share of premises in North West by local authority where an altnet is present',
    );
    const map = await lastAnswer();
    expect(map.sql).toContain("'North West'");
    const northWest = map.rows.map((row) => String(row[0]));
    expect(northWest.length).toBeGreaterThan(3);

    await chat.askAndWait('which of those has the lowest coverage?', 150_000);
    await expect(lastText()).toContainText(
      'Answered as: Same as before, the lowest one — The local authority with the lowest share of premises in North West where an altnet is present',
    );
    const lowest = await lastAnswer();
    expect(lowest.rows).toHaveLength(1);
    const place = String(lowest.rows[0]![0]);
    // One of the places on the map (not the whole UK), and the one with the lowest value there.
    expect(northWest).toContain(place);
    expect(lowest.coverage[0]).toBe(Math.min(...map.coverage));
    await expect(lastText()).toContainText(place);

    await chat.askAndWait('now the same for gigabit', 150_000);
    await expect(lastText()).toContainText(
      'Answered as: Same as before, for gigabit-capable broadband — The local authority with the lowest share of premises in North West where gigabit-capable broadband is available',
    );
    const gigabit = await lastAnswer();
    expect(gigabit.sql).toContain("'North West'");
    expect(gigabit.sql).toMatch(/fastest_down >= 1000/);
    expect(gigabit.rows).toHaveLength(1);
    expect(northWest).toContain(String(gigabit.rows[0]![0]));

    // After a reload the conversation still has its thread: the context is saved with each answer.
    await page.reload();
    await expect(chat.assistantMessages).toHaveCount(3, { timeout: 30_000 });
    await chat.askAndWait('and in Yorkshire and The Humber?', 150_000);
    await expect(lastText()).toContainText(
      'Answered as: Same as before, for Yorkshire and The Humber — The local authority with the lowest share of premises in Yorkshire and The Humber where gigabit-capable broadband is available',
    );
  });
}
