/**
 * Admission control for the warehouse: at most `maxActive` queries run at once (sized to the cores; DuckDB
 * parallelises each query, so more at once only adds contention), and the rest wait in a queue that is fair
 * across users: waiters are served round-robin by user, so one analyst's burst of questions does not starve the
 * others. A waiter hears how many queries are ahead of it whenever that changes; when `maxQueued` are already
 * waiting a new one is refused at once (OverloadedError) instead of waiting without bound.
 */
import os from 'node:os';

export class OverloadedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The warehouse is busy with other questions. Try again in a few seconds.');
    this.name = 'OverloadedError';
  }
}

interface Waiter {
  user: string;
  grant: (release: () => void) => void;
  onWait: ((ahead: number) => void) | undefined;
  lastAhead: number;
}

export interface FairGateOptions {
  /** Queries at once; default the number of cores. */
  maxActive?: number;
  /** Waiting queries beyond which new ones are refused; default 25 per active slot. */
  maxQueued?: number;
  /** Typical seconds one query holds a slot, for Retry-After. */
  typicalSeconds?: number;
}

export interface GateStats {
  active: number;
  queued: number;
  /** Questions admitted and not finished. */
  questions: number;
  maxActive: number;
  maxQueued: number;
}

export class FairGate {
  readonly maxActive: number;
  readonly maxQueued: number;
  private readonly typicalSeconds: number;
  private active = 0;
  /** One FIFO per user, in round-robin order (a Map keeps insertion order; a served user moves to the back). */
  private readonly queues = new Map<string, Waiter[]>();
  private queued = 0;

  constructor(options: FairGateOptions = {}) {
    this.maxActive = Math.max(1, options.maxActive ?? os.availableParallelism());
    this.maxQueued = Math.max(0, options.maxQueued ?? this.maxActive * 25);
    this.typicalSeconds = options.typicalSeconds ?? 1;
  }

  stats(): GateStats {
    return {
      active: this.active,
      queued: this.queued,
      questions: this.questions,
      maxActive: this.maxActive,
      maxQueued: this.maxQueued,
    };
  }

  /** Seconds a refused caller should wait: the queue drained at maxActive queries per typical query time. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(((this.queued + 1) / this.maxActive) * this.typicalSeconds));
  }

  private questions = 0;

  /**
   * Admits a whole question before any work starts: at most maxActive + maxQueued questions are in flight at once,
   * so the ones admitted all fit in the warehouse queue and a refusal happens up front, with nothing saved.
   * Returns the function to call (once) when the question is finished; throws OverloadedError when full.
   */
  admitQuestion(): () => void {
    if (this.questions >= this.maxActive + this.maxQueued) {
      throw new OverloadedError(
        Math.max(
          1,
          Math.ceil(((this.questions - this.maxActive + 1) / this.maxActive) * this.typicalSeconds),
        ),
      );
    }
    this.questions++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.questions--;
    };
  }

  /**
   * Waits for a slot and returns its release function (call it exactly once). `onWait` hears the number of
   * queries ahead while waiting; an aborted signal takes the waiter out of the queue.
   */
  acquire(user: string, options: { signal?: AbortSignal; onWait?: (ahead: number) => void } = {}) {
    const { signal, onWait } = options;
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('Aborted'));
    if (this.active < this.maxActive && this.queued === 0) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.queued >= this.maxQueued) return Promise.reject(new OverloadedError(this.retryAfterSeconds()));
    return new Promise<() => void>((resolve, reject) => {
      const onAbort = () => {
        if (this.remove(waiter)) reject(signal?.reason ?? new Error('Aborted'));
      };
      const waiter: Waiter = {
        user,
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        onWait,
        lastAhead: -1,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let queue = this.queues.get(user);
      if (!queue) {
        queue = [];
        this.queues.set(user, queue);
      }
      queue.push(waiter);
      this.queued++;
      this.announce();
    });
  }

  /** Runs `task` holding a slot. */
  async run<T>(
    user: string,
    task: () => Promise<T>,
    options: { signal?: AbortSignal; onWait?: (ahead: number) => void } = {},
  ): Promise<T> {
    const release = await this.acquire(user, options);
    try {
      return await task();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.next();
    };
  }

  private next() {
    while (this.active < this.maxActive && this.queued > 0) {
      const [user, queue] = this.queues.entries().next().value as [string, Waiter[]];
      const waiter = queue.shift() as Waiter;
      this.queued--;
      // Round robin: this user goes to the back of the line of users.
      this.queues.delete(user);
      if (queue.length > 0) this.queues.set(user, queue);
      this.active++;
      waiter.grant(this.releaser());
    }
    this.announce();
  }

  private remove(waiter: Waiter): boolean {
    const queue = this.queues.get(waiter.user);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    this.queued--;
    if (queue.length === 0) this.queues.delete(waiter.user);
    this.announce();
    return true;
  }

  /** The serving order under round robin, to tell each waiter how many are ahead. */
  private order(): Waiter[] {
    const lines = [...this.queues.values()];
    const out: Waiter[] = [];
    for (let round = 0; out.length < this.queued; round++) {
      for (const line of lines) if (round < line.length) out.push(line[round] as Waiter);
    }
    return out;
  }

  private announce() {
    if (this.queued === 0) return;
    this.order().forEach((waiter, ahead) => {
      if (waiter.onWait && waiter.lastAhead !== ahead) {
        waiter.lastAhead = ahead;
        waiter.onWait(ahead);
      }
    });
  }
}
