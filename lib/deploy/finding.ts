/** A preflight check's result (./preflight.ts), which the certificate checks (./certificates.ts) make too. */

/** What a check found: `fail` stops a first deploy, `warn` and `hint` are worth reading first. */
export interface Finding {
  check: string;
  status: 'ok' | 'fail' | 'warn' | 'hint';
  /** What was found, and what to do about it. */
  message: string;
}
