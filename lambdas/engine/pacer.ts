/**
 * Paces work to at most `ratePerSecond` starts per second, with slots spaced evenly: in any window
 * of one second no more than the rate start, and a steady stream reaches it. The SES account's
 * maximum send rate is the job's physical limit.
 */
export class Pacer {
  private lastStart = -Infinity;
  private queue: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    ratePerSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('rate must be positive');
    this.intervalMs = 1000 / ratePerSecond;
  }

  /**
   * Resolves when the caller may start. Callers are served in order, and each start is at least one
   * interval after the previous actual start (not its planned one), so a late timer can never
   * bunch two starts together: any one-second window holds at most `ratePerSecond` starts.
   */
  wait(): Promise<void> {
    const turn = this.queue.then(async () => {
      let delay = this.lastStart + this.intervalMs - this.clock();
      while (delay > 0) {
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(delay)));
        delay = this.lastStart + this.intervalMs - this.clock();
      }
      this.lastStart = this.clock();
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
