/**
 * The load generator for `npm run bench:chat`, in its own process: opens BENCH_STREAMS chat streams (all at once,
 * or one after another with BENCH_SEQUENTIAL=1), reads every event, and prints one JSON line of per-stream
 * statistics (time to first event, duration, events, errors) and the wall time.
 */
import { performance } from 'node:perf_hooks';

const [base, token, model, streamsText, sequentialText, prefix] = process.argv.slice(2);
const streams = Number(streamsText);
const sequential = sequentialText === '1';
const message =
  model === 'builtin'
    ? 'Show me full fibre coverage by region as a chart'
    : 'Which local authority has the most premises?';

async function streamOnce(sessionId: string) {
  const started = performance.now();
  let ttfeMs: number | null = null;
  let events = 0;
  let complete = false;
  let error: string | null = null;
  try {
    const response = await fetch(`${base}/api/chat/message/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, session_id: sessionId, model }),
    });
    if (!response.ok || !response.body) {
      error = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
    } else {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) {
            ttfeMs ??= performance.now() - started;
            events += 1;
            const event = JSON.parse(block.slice(6)) as { type: string; message?: string };
            if (event.type === 'message_complete') complete = true;
            if (event.type === 'error') error = event.message ?? 'error event';
          }
          end = buffer.indexOf('\n\n');
        }
      }
      if (!complete && !error) error = 'the stream ended without message_complete';
    }
  } catch (thrown) {
    error = String(thrown);
  }
  return { ok: complete && !error, ttfeMs, totalMs: performance.now() - started, events, error };
}

const started = performance.now();
const results = [];
if (sequential) {
  for (let i = 0; i < streams; i += 1) results.push(await streamOnce(`${prefix}-${i}`));
} else {
  results.push(
    ...(await Promise.all(Array.from({ length: streams }, (_, i) => streamOnce(`${prefix}-${i}`)))),
  );
}
process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, results })}\n`);
