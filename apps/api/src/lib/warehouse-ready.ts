/**
 * The one refusal for a question that arrives before the warehouse can be opened (the first start builds it),
 * shared by the chat and the query page: an AppError passes through as it is; anything else is logged and the
 * asker is told to come back in a few minutes.
 */
import { AppError } from './errors.js';
import type { Logger } from './logger.js';

export const WAREHOUSE_UNAVAILABLE =
  'The broadband warehouse is not available yet. It is built on the first start; try again in a few minutes.';

/** What the warehouse opens into (the agent runtime's ready agent), or the refusal above. */
export async function warehouseReady<T>(
  source: { ready(): Promise<T> },
  logger: Logger,
  logMessage = 'The warehouse could not be opened',
): Promise<T> {
  try {
    return await source.ready();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error }, logMessage);
    throw new AppError('internal', WAREHOUSE_UNAVAILABLE);
  }
}
