/** Finding what the daily job mails on a date, and composing each of those mails. */
import type { DateTime } from 'luxon';
import type { Profile, Reminder } from '../../shared/api.ts';
import { daysLeft } from '../../shared/dates.ts';
import { composeMail, siteLink, type ComposedMail } from '../mail/compose.ts';
import { renderReminderMail } from '../mail/reminder.tsx';
import { renderSavingsFollowUp } from '../mail/savingsFollowUp.tsx';
import { getProfiles } from '../store/profiles.ts';
import { remindersDueOn } from '../store/reminders.ts';
import { datesToQuery, planMails, type PlannedMail } from './plan.ts';

/** A planned mail and the profile of the user it goes to. */
export interface Addressed {
  mail: PlannedMail;
  profile: Profile;
}

/** What became of one mail of a run. */
export interface MailNote {
  kind: PlannedMail['kind'];
  reminderId: string;
  userId: string;
  daysBefore: number | null;
  status: string;
}

export const noteOf = ({ mail, profile }: Addressed, status: string): MailNote => ({
  kind: mail.kind,
  reminderId: mail.reminder.id,
  userId: profile.user_id,
  daysBefore: mail.daysBefore,
  status,
});

export interface DueMails {
  planned: number;
  /** Mails whose user exists and takes reminder e-mails. */
  deliverable: Addressed[];
  /** Planned mails left out: the user is gone or has unsubscribed. */
  skipped: number;
  notes: MailNote[];
}

/**
 * Everything due on `date`: a handful of index queries (one per lead-day value and shard) whatever
 * the table holds, the plan, and the recipients' profiles in batches.
 */
export async function findDueMails(date: string): Promise<DueMails> {
  const dueByDate = new Map<string, Reminder[]>();
  await Promise.all(
    datesToQuery(date).map(async ({ date: due }) => dueByDate.set(due, await remindersDueOn(due))),
  );
  const planned = planMails(date, dueByDate);
  const profiles = await getProfiles(planned.map((p) => p.reminder.user_id));
  const result: DueMails = { planned: planned.length, deliverable: [], skipped: 0, notes: [] };
  for (const mail of planned) {
    const profile = profiles.get(mail.reminder.user_id);
    if (!profile) {
      result.skipped++;
    } else if (!profile.reminder_emails) {
      result.skipped++;
      result.notes.push(noteOf({ mail, profile }, 'unsubscribed'));
    } else {
      result.deliverable.push({ mail, profile });
    }
  }
  return result;
}

/** The reminder or follow-up mail of a due mail; days left count from `reference` (08:00 London). */
export function composeDueMail({ mail, profile }: Addressed, reference: DateTime): Promise<ComposedMail> {
  return composeMail(
    { userId: profile.user_id, email: profile.email },
    { type: mail.kind, dedupeKey: mail.dedupeKey, reminderId: mail.reminder.id, daysBefore: mail.daysBefore },
    ({ unsubscribeUrl }) =>
      mail.kind === 'reminder'
        ? renderReminderMail({
            firstName: profile.first_name,
            reminder: mail.reminder,
            daysLeft: daysLeft(mail.reminder.renewal_date, reference),
            dashboardUrl: siteLink('/dashboard'),
            unsubscribeUrl,
          })
        : renderSavingsFollowUp({
            firstName: profile.first_name,
            reminder: mail.reminder,
            savingsUrl: siteLink(`/savings/${mail.reminder.id}`),
            unsubscribeUrl,
          }),
  );
}
