import { sesClient } from '../runtime/clients.ts';

let cachedRate: number | undefined;
/** The SES account's maximum send rate (GetAccount), read once per container. */
export async function maxSendRate(): Promise<number> {
  if (cachedRate === undefined) {
    const { GetAccountCommand } = await import('@aws-sdk/client-sesv2');
    const account = await (await sesClient()).send(new GetAccountCommand({}));
    cachedRate = account.SendQuota?.MaxSendRate ?? 1;
  }
  return cachedRate;
}
export function resetSendRateCache(): void {
  cachedRate = undefined;
}

/**
 * Paces work to at most `ratePerSecond` starts per second, with slots spaced evenly: in any window
 * of one second no more than the rate start, and a steady stream reaches it. The SES account's
 * maximum send rate is the job's physical limit.
 */
export class Pacer {
  /** Start times of the last `limit` starts, oldest first. */
  private readonly recent: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly limit: number;
  private readonly spacingMs: number;
  private gridStart: number | undefined;
  private started = 0;

  /**
   * @param ratePerSecond the hard limit: no one-second window ever holds more starts than this.
   * @param pace the share of the limit the steady stream aims at (0.95: five per cent of headroom,
   *   so the receiving side, which counts arrivals, not our starts, sees no second over the limit
   *   even when the network bunches two requests).
   */
  constructor(
    readonly ratePerSecond: number,
    pace = 1,
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0) || !(pace > 0 && pace <= 1)) throw new Error('rate and pace must be positive');
    this.limit = Math.max(1, Math.floor(ratePerSecond));
    this.spacingMs = 1000 / (ratePerSecond * pace);
  }

  /**
   * Resolves when the caller may start. Callers are served in order. Starts follow an even grid
   * (start k not before the k-th slot), so there are no bursts and a late timer does not delay the
   * slots after it; and a start also waits until the start `limit` places before it is a second
   * old, which caps every one-second window at the limit whatever the timers do.
   */
  wait(): Promise<void> {
    const turn = this.queue.then(async () => {
      this.gridStart ??= this.clock();
      let slot = this.gridStart + this.started * this.spacingMs;
      // More than a slot behind (the work stalled, not a timer's lateness): move the grid rather
      // than release the missed slots at once as a burst.
      const behind = this.clock() - slot;
      if (behind > this.spacingMs) {
        this.gridStart += behind;
        slot += behind;
      }
      this.started += 1;
      for (;;) {
        const now = this.clock();
        const windowFree = this.recent.length < this.limit ? now : this.recent[0]! + 1000;
        const delay = Math.max(slot, windowFree) - now;
        if (delay <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(delay)));
      }
      this.recent.push(this.clock());
      if (this.recent.length > this.limit) this.recent.shift();
    });
    this.queue = turn;
    return turn;
  }
}
