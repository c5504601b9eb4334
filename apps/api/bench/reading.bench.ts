/**
 * How long the built-in analyst takes to read a question (tagging, the readers, every candidate plan compiled and
 * ranked), without the warehouse query: the target is under 20 ms median. Reads every question of every eval set
 * twice (the first pass warms up) with the vocabulary of the warehouse in DATA_DIR (default ./data), and prints
 * the median, p95 and max, with the load average, since figures taken while other work runs are slower.
 *
 *   DATA_DIR=./data npm run bench:reading
 */
import os from 'node:os';
import { holdoutQuestions } from '../../../eval/holdout.js';
import { holdout2Questions } from '../../../eval/holdout2.js';
import { holdout3Questions } from '../../../eval/holdout3.js';
import { holdout4Questions } from '../../../eval/holdout4.js';
import { holdout5Questions } from '../../../eval/holdout5.js';
import { holdout6Questions } from '../../../eval/holdout6.js';
import { questions } from '../../../eval/questions.js';
import { openAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { loadAnalystKnowledge } from '../src/analyst/reading/builtin-analyst.js';
import { understand } from '../src/analyst/reading/understand.js';
import { loadConfig, loadDotEnvFile } from '../src/config/env.js';

loadDotEnvFile();
const config = loadConfig(process.env);
const warehouse = await openAgentWarehouse({ dataDir: config.dataDir, warehouseUrl: config.warehouseUrl });
const { lexicon, time } = await loadAnalystKnowledge(warehouse);
const texts = [
  ...questions,
  ...holdoutQuestions,
  ...holdout2Questions,
  ...holdout3Questions,
  ...holdout4Questions,
  ...holdout5Questions,
  ...holdout6Questions,
].map((q) => q.question);
for (const text of texts) understand(text, lexicon, time);
const times = texts
  .map((text) => {
    const started = performance.now();
    understand(text, lexicon, time);
    return performance.now() - started;
  })
  .sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
process.stdout.write(
  `reading ${texts.length} questions: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
    `(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)\n`,
);
await warehouse.close();
