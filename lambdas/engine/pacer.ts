/**
 * Paces work to at most `ratePerSecond` starts per second, with slots spaced evenly: in any window
 * of one second no more than the rate start, and a steady stream reaches it. The SES account's
 * maximum send rate is the job's physical limit.
 */
export class Pacer {
  /** Start times of the last `rate` starts, oldest first. */
  private readonly recent: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly rate: number;

  constructor(
    ratePerSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('rate must be positive');
    this.rate = Math.max(1, Math.floor(ratePerSecond));
  }

  /**
   * Resolves when the caller may start. Callers are served in order; a start is allowed once the
   * start `rate` places before it is at least one second old. So any one-second window holds at
   * most `rate` starts, and a late timer costs nothing later: the limit is a sliding window, not a
   * chain of intervals that would add every timer's lateness to the run.
   */
  wait(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = this.clock();
        if (this.recent.length < this.rate) break;
        const delay = this.recent[0]! + 1000 - now;
        if (delay <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(delay)));
      }
      this.recent.push(this.clock());
      if (this.recent.length > this.rate) this.recent.shift();
    });
    this.queue = turn;
    return turn;
  }
}

/**
 * Runs `worker` over `items` with at most `concurrency` in flight. When a worker throws, no lane
 * starts another item (as when a process dies), and the error is passed on once the lanes stop.
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await worker(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  const results = await Promise.allSettled(lanes);
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}
