import { writeEmailLog } from '../store/emailLogs.ts';
import { recordUnclaimedSend } from '../store/sends.ts';
import { composeDueMail, noteOf, type Addressed } from './due.ts';
import type { PhaseResult } from './send.ts';

/**
 * A simulation: each due mail is rendered and logged as it would go at the run's moment
 * (a pending, simulated send record and a simulated e-mail log entry); nothing is claimed or sent.
 */
export async function simulateMails(deliverable: Addressed[], now: () => Date): Promise<PhaseResult> {
  const result: PhaseResult = { notes: [], sent: 0, skipped: 0, errors: [], sendRate: null };
  for (const addressed of deliverable) {
    const { identity } = await composeDueMail(addressed);
    const at = now();
    await recordUnclaimedSend(identity, { status: 'pending', simulated: true }, at);
    await writeEmailLog({
      user_id: identity.userId,
      reminder_id: identity.reminderId,
      email_type: identity.emailType,
      days_before: identity.daysBefore,
      simulated: true,
      sent_at: at.toISOString(),
    });
    result.notes.push(noteOf(addressed, 'simulated'));
    result.sent++;
  }
  return result;
}
