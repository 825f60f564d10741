import { NOTICES } from '../../../shared/messages.ts';
import { alreadySent } from '../../store/sends.ts';
import { noteOf, type Addressed, type MailNote } from './due.ts';

/** What one phase of a run (simulate, hold, send) did with the deliverable mails. */
export interface PhaseResult {
  notes: MailNote[];
  sent: number;
  skipped: number;
  errors: string[];
}

/**
 * Sending is disabled: nothing is sent and nothing is claimed, so turning sending back on and
 * re-running still mails. Only mails not already sent are reported as held.
 */
export async function holdMails(deliverable: Addressed[]): Promise<PhaseResult> {
  const sent = await alreadySent(
    deliverable.map(({ mail, profile }) => ({ userId: profile.user_id, dedupeKey: mail.dedupeKey })),
  );
  const held = deliverable.filter(({ mail }) => !sent.has(mail.dedupeKey));
  return {
    notes: deliverable.map((addressed) =>
      noteOf(addressed, sent.has(addressed.mail.dedupeKey) ? 'already sent' : 'disabled'),
    ),
    sent: 0,
    skipped: 0,
    errors: held.length > 0 ? [`${NOTICES.emailDisabled}: ${held.length} mails not sent`] : [],
  };
}
