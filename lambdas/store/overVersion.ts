/**
 * Read, decide, write over the version read: the write is conditional on what was read, and when
 * something changed in between (an edit in another tab, the job's roll forward), the whole attempt
 * runs again on what is there now. The one loop the reminder's stores share; when every attempt found
 * a change, KeptChangingError names what the request was doing (the route words it).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { KeptChangingError, type ReminderChange } from '../runtime/refusal.ts';

/** Attempts before giving up: each one re-reads, so more than a couple means constant contention. */
const ATTEMPTS = 3;

/**
 * Runs `attempt` until it returns without its conditional write failing, at most ATTEMPTS times.
 * `attempt` reads, decides and writes; a ConditionalCheckFailedException from its write means
 * "changed meanwhile".
 */
export async function overVersionRead<T>(change: ReminderChange, attempt: () => Promise<T>): Promise<T> {
  for (let n = 0; n < ATTEMPTS; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new KeptChangingError(change);
}
