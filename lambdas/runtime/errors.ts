/** Thrown by tests (through a sender's seams) to stand for the process dying mid-run. */
export class JobCrash extends Error {}

/** The message of anything thrown, for logs and results. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * What the domain refuses, in its own words: the stores and rules throw these, and the route
 * wrapper turns each kind into its HTTP status (runtime/http.ts), so the rules can be tested
 * without HTTP and a store never decides a status.
 */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Per-field messages, for a form to show beside each field. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
