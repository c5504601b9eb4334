/**
 * Who a piece of work is for, carried through async calls (AsyncLocalStorage) so layers deep inside the agent —
 * the warehouse admission gate — can queue fairly by user and tell the asker it is waiting, without threading a
 * user id through every planner and tool signature.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface AskerContext {
  userId: string;
  /** Hears the number of warehouse queries ahead while this asker's query waits for a slot. */
  onQueued?: (ahead: number) => void;
}

const storage = new AsyncLocalStorage<AskerContext>();

export function runAsAsker<T>(context: AskerContext, fn: () => Promise<T>): Promise<T> {
  return storage.run(context, fn);
}

export function currentAsker(): AskerContext | undefined {
  return storage.getStore();
}
