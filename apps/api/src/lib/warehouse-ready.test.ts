import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { LogRing } from './log-ring.js';
import { createLogger } from './logger.js';
import { WAREHOUSE_UNAVAILABLE, warehouseReady } from './warehouse-ready.js';

function quietLogger() {
  const ring = new LogRing();
  return { ring, logger: createLogger({ level: 'info', ring, stdout: false }) };
}

describe('a question before the warehouse can be opened', () => {
  it('gets the opened warehouse when it is ready', async () => {
    const { logger } = quietLogger();
    await expect(warehouseReady({ ready: async () => 'agent' }, logger)).resolves.toBe('agent');
  });

  it('is told to come back in a few minutes, and the cause is logged', async () => {
    const { logger, ring } = quietLogger();
    const failing = { ready: () => Promise.reject(new Error('no such file')) };
    const refusal = await warehouseReady(
      failing,
      logger,
      'The warehouse could not be opened for the chat',
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).detail).toBe(WAREHOUSE_UNAVAILABLE);
    expect(ring.recent().find((entry) => entry.level === 'error')?.msg).toBe(
      'The warehouse could not be opened for the chat',
    );
  });

  it('keeps a refusal that already says what is wrong', async () => {
    const { logger } = quietLogger();
    const refusal = AppError.unprocessable('The warehouse is being rebuilt');
    await expect(warehouseReady({ ready: () => Promise.reject(refusal) }, logger)).rejects.toBe(refusal);
  });
});
