/**
 * Runs async tasks at most `limit` at a time, the others waiting in order of
 * arrival. A waiting task holds only its function, where a started database
 * query holds its whole driver state until answered: under a burst (every
 * signing page reconnecting at once) the queue stays small and each query's
 * objects die young instead of piling up in the old generation.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`limit must be at least 1, got ${limit}`);
  }

  /** Tasks started and not yet settled. */
  get active(): number {
    return this.running;
  }

  /** Tasks not started yet. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((start) => this.waiting.push(start));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so `running` never exceeds the limit.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
