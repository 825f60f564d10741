/**
 * One time limit for a whole read. Every slow step (parsing a PDF, OCR in its worker thread) runs
 * through `race`, and registers how to stop itself; when the time is up the race rejects with
 * 'timeout' and the steps are stopped (the OCR worker terminated, the PDF destroyed), so a hostile
 * file costs at most the limit.
 */
import { Unreadable } from './document.ts';

export class Deadline {
  readonly #expired: Promise<never>;
  readonly #timer: NodeJS.Timeout;
  readonly #stops = new Set<() => unknown>();
  #done = false;

  constructor(ms: number) {
    let fail!: (error: Error) => void;
    this.#expired = new Promise<never>((_, reject) => (fail = reject));
    // Nobody may be racing when it fires: an unobserved rejection must not crash the process.
    this.#expired.catch(() => undefined);
    this.#timer = setTimeout(() => {
      this.#done = true;
      for (const stop of this.#stops)
        void Promise.resolve()
          .then(stop)
          .catch(() => undefined);
      fail(new Unreadable('timeout', `Not read within ${ms} ms`));
    }, ms);
  }

  get expired(): boolean {
    return this.#done;
  }

  /** `work`, or the timeout if it comes first. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.#done) return this.#expired;
    return Promise.race([work, this.#expired]);
  }

  /** Runs `stop` if the time runs out; the returned function forgets it once the step is over. */
  onExpiry(stop: () => unknown): () => void {
    this.#stops.add(stop);
    return () => this.#stops.delete(stop);
  }

  /** Throws 'timeout' once the time is up: called between steps. */
  check(): void {
    if (this.#done) throw new Unreadable('timeout', 'Out of time');
  }

  /** The read is over: the timer goes, and nothing is stopped. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#stops.clear();
  }
}
