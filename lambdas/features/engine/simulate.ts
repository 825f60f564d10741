import { recordSimulatedMails, type BulkWriteOptions } from '../../store/admin/index.ts';
import { reminderMailSubject } from '../../mail/registry.ts';
import { noteOf, type Addressed } from './due.ts';
import type { PhaseResult } from './hold.ts';

/**
 * How the simulation writes: it runs inside the admin API function (10 s), so its three rows per
 * mail go 25 per BatchWrite, a few calls at once; unprocessed rows are retried with back-off for
 * about 2.5 s (6 calls per batch) before the simulation fails with an error.
 */
export const SIMULATION_WRITES: BulkWriteOptions = { concurrency: 8, maxRounds: 6 };

/**
 * A simulation: each due mail is logged as it would go at the run's moment (a pending, simulated
 * send record with the subject that morning's mail would have, and a simulated e-mail log entry);
 * nothing is rendered, claimed or sent.
 */
export async function simulateMails(deliverable: Addressed[], now: () => Date): Promise<PhaseResult> {
  const mails = deliverable.map(({ mail, profile }) => ({
    identity: {
      emailType: mail.type,
      userId: profile.user_id,
      reminderId: mail.reminderId,
      daysBefore: mail.daysBefore,
      toEmail: profile.email,
      subject: reminderMailSubject(mail),
    },
    at: now(),
  }));
  await recordSimulatedMails(mails, SIMULATION_WRITES);
  return {
    notes: deliverable.map((addressed) => noteOf(addressed, 'simulated')),
    sent: deliverable.length,
    skipped: 0,
    errors: [],
  };
}
