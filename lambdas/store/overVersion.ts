/**
 * Read, decide, write over the version read: the write is conditional on what was read, and when
 * something changed in between (an edit in another tab, the job's roll forward), the whole attempt
 * runs again on what is there now. The one loop the reminder's stores share.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DomainError } from '../runtime/errors.ts';

/** Attempts before giving up: each one re-reads, so more than a couple means constant contention. */
const ATTEMPTS = 3;

/** The reminder changed under every attempt (requests at once on it): a 409 the user can retry. */
export class KeptChangingError extends DomainError {
  constructor(what: string) {
    super('conflict', `This reminder was being changed at the same time (${what}). Please try again.`);
  }
}

/**
 * Runs `attempt` until it returns without its conditional write failing, at most ATTEMPTS times.
 * `attempt` reads, decides and writes; a ConditionalCheckFailedException from its write means
 * "changed meanwhile".
 */
export async function overVersionRead<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let n = 0; n < ATTEMPTS; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new KeptChangingError(what);
}
