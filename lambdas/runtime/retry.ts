/** Exponential back-off: `baseMs` doubled per attempt, at most `maxMs`. */
export interface BackOff {
  baseMs: number;
  maxMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backOffDelay(attempt: number, { baseMs, maxMs = Infinity }: BackOff): number {
  return Math.min(maxMs, baseMs * 2 ** attempt);
}

/**
 * Runs `work` and, while it throws an error `retryOn` accepts, runs it again after a back-off, up to
 * `retries` more times; the last error is passed on.
 */
export async function retrying<T>(
  work: () => Promise<T>,
  options: BackOff & { retries: number; retryOn: (error: unknown) => boolean },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= options.retries || !options.retryOn(error)) throw error;
      await sleep(backOffDelay(attempt, options));
    }
  }
}

/** A batch call still left work undone after its last allowed round. */
export class UnfinishedBatchError extends Error {
  constructor(
    readonly remaining: number,
    rounds: number,
  ) {
    super(`${remaining} items still unprocessed after ${rounds} attempts`);
    this.name = 'UnfinishedBatchError';
  }
}

/**
 * For batch calls that may leave part of a batch undone (DynamoDB's UnprocessedItems and
 * UnprocessedKeys under load): calls `step` with what is still pending until it returns nothing,
 * backing off (50 ms doubled per round, at most 1 s) before each repeat. With `maxRounds`, what is
 * still pending after that many calls is an UnfinishedBatchError: a caller with a deadline (an API
 * function) must fail visibly rather than run out of time or drop the rest.
 */
export async function untilDone<T>(
  pending: T[],
  step: (pending: T[]) => Promise<T[]>,
  { maxRounds = Infinity }: { maxRounds?: number } = {},
): Promise<void> {
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= maxRounds) throw new UnfinishedBatchError(pending.length, attempt);
    if (attempt > 0) await sleep(backOffDelay(attempt, { baseMs: 50, maxMs: 1000 }));
    pending = await step(pending);
  }
}
