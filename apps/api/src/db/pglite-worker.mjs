/**
 * The worker thread that owns the embedded app database (PGlite). PGlite is PostgreSQL compiled to WASM and runs
 * synchronously on whichever thread calls it, so on the main thread every query would stall every other request;
 * here it runs beside the event loop. Plain JavaScript so it loads the same under tsx, Vitest and plain Node.
 *
 * Protocol (see pglite-worker-client.ts): the parent sends {id, op: 'query'|'close', sql?, params?}; the worker
 * answers {id, ok: true, result} or {id, ok: false, error}. The first message is {op: 'ready'} or {op: 'failed'}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Same type parsing as the main-thread and pg pool paths (see database.ts): numeric/bigint as numbers, date as text.
const OID = { int8: 20, numeric: 1700, date: 1082 };
const toNumber = (value) => Number(value);
const keepText = (value) => value;

/** Fields of a PostgreSQL error worth keeping across the thread boundary (code 23505 = unique violation, ...). */
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
  'position',
];

function serialiseError(error) {
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const field of ERROR_FIELDS) if (error[field] !== undefined) out[field] = error[field];
  }
  return out;
}

let pglite;
try {
  pglite = await PGlite.create(workerData.directory, {
    parsers: { [OID.int8]: toNumber, [OID.numeric]: toNumber, [OID.date]: keepText },
  });
  parentPort.postMessage({ op: 'ready' });
} catch (error) {
  parentPort.postMessage({ op: 'failed', error: serialiseError(error) });
  process.exit(1);
}

// One message at a time, in order: PGlite is one connection and the parent's mutex already serialises users.
let chain = Promise.resolve();
parentPort.on('message', (message) => {
  chain = chain.then(async () => {
    if (message.op === 'close') {
      try {
        if (!pglite.closed) await pglite.close();
        parentPort.postMessage({ id: message.id, ok: true, result: null });
      } catch (error) {
        parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) });
      }
      parentPort.close();
      return;
    }
    try {
      const result = await pglite.query(message.sql, message.params, { rowMode: 'object' });
      parentPort.postMessage({
        id: message.id,
        ok: true,
        result: {
          rows: result.rows ?? [],
          command: result.command,
          rowCount: result.rowCount,
          affectedRows: result.affectedRows,
        },
      });
    } catch (error) {
      parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) });
    }
  });
});
