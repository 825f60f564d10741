import { sesClient } from '../../runtime/clients.ts';

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
 * How much of a stall the pacer makes up: the slots of its last quarter second, at once (within the
 * window cap). A sender's batches leave such a gap between them (the deletes, the next receive), and
 * dropping those slots cost a busy sender 5 to 10% of its pace; a longer stall's older slots are
 * dropped rather than released as one burst.
 */
export const CATCH_UP_MS = 250;

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
   * (start k not before the k-th slot), so a late timer does not delay the slots after it, and the
   * slots of the last CATCH_UP_MS of a stall are made up at once; and a start also waits until the
   * start `limit` places before it is a second old, which caps every one-second window at the limit
   * whatever the timers and the catching up do.
   */
  wait(): Promise<void> {
    const turn = this.queue.then(async () => {
      this.gridStart ??= this.clock();
      let slot = this.gridStart + this.started * this.spacingMs;
      // Further behind than the catch-up (the work stalled): move the grid so that only the
      // catch-up's slots remain to make up, rather than release every missed slot as one burst.
      const behind = this.clock() - slot - CATCH_UP_MS;
      if (behind > 0) {
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
