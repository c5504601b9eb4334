/**
 * The scripted model for `npm run bench:chat`, in its own process so its work does not count against the
 * server's event loop: a loopback OpenAI-compatible server whose first step streams a sentence and calls
 * run_sql, and whose second step (once a tool result is in the conversation) streams a ~600-character answer.
 * Prints its base URL on the first line of stdout; stops when stdin closes.
 */
import { startLoopbackOpenAI } from '../test/support/loopback-openai.js';

const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 0);
const ANSWER =
  'Westminster has the most premises in this data (900), followed by Manchester (600) and Leeds (300); ' +
  'Cardiff has the fewest (150). Full fibre reaches every premises in Leeds and Westminster, and Manchester ' +
  'caught up in June 2026. CityFibre is the only altnet in Leeds, where it passes two of the three postcodes. ' +
  'These operator footprints are modelled (synthetic data calibrated to public figures), while the places and ' +
  'premises counts follow real UK geography. Ask for a chart or a map to see it drawn.';

const llm = await startLoopbackOpenAI([], {
  fallback: (request) =>
    request.messages.some((message) => message.role === 'tool')
      ? {
          content: ANSWER,
          chunkSize: 12,
          delayMs: DELAY_MS,
          usage: { prompt_tokens: 2400, completion_tokens: 160 },
        }
      : {
          content: 'Let me check the premises by local authority.',
          chunkSize: 12,
          delayMs: DELAY_MS,
          toolCalls: [
            {
              name: 'run_sql',
              arguments: {
                sql: 'SELECT la_name, SUM(premises) AS premises FROM upc_output GROUP BY la_name ORDER BY premises DESC',
              },
            },
          ],
          usage: { prompt_tokens: 2100, completion_tokens: 60, cached_tokens: 1800 },
        },
});
process.stdout.write(`${llm.baseUrl}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void llm.close().then(() => process.exit(0));
});
