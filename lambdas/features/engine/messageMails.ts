/**
 * A recipient message's mails as they stand when a sender takes it (lambdas/features/engine/sender.ts): the
 * profile and reminders read fresh, each mail kept only if its reminder still schedules it, and the
 * e-mails the mails that remain go as.
 */
import type { Profile } from '../../../shared/api.ts';
import { hasAlertChannels } from '../../../shared/channels/kinds.ts';
import { pushesReminders } from '../../../shared/push.ts';
import { nextMomentAfter, stillScheduled } from '../../../shared/reminder/schedule.ts';
import { reminderMailSubject } from '../../mail/registry.ts';
import { currentReminders, memberMove } from '../../store/reminders/index.ts';
import type { DigestMail } from '../../store/sending/index.ts';
import type { Addressed, MailNote } from './due.ts';
import { personalFor } from './mailContext.ts';
import type { RecipientMessage } from './queue.ts';

/** A queued mail's note, for a mail the sender never got as far as addressing. */
export const noteFor = (mail: RecipientMessage['mails'][number]['mail'], status: string): MailNote => ({
  type: mail.type,
  reminderId: mail.reminderId,
  userId: mail.userId,
  daysBefore: mail.daysBefore,
  status,
});

/** A due mail as the sender holds it: addressed, with its send record's fields. */
export type Sendable = Addressed & { record: DigestMail };

/** A mail the message holds twice (a reminder the index listed twice, say): sent once. */
const DUPLICATE = 'already in this message';

/**
 * The recipient's profile and the message's reminders as they are now: one BatchGet, then what the
 * mails say to this recipient in particular (mailContext.ts). A mail whose reminder no longer
 * schedules it (deleted, edited, rolled forward) is left out, and so is a mail the message holds
 * twice, so no digest shows an item twice.
 */
export async function readCurrent(message: RecipientMessage, notes: MailNote[]) {
  const current = await currentReminders(
    message.userId,
    message.mails.map(({ mail }) => mail.reminderId),
    message.household,
  );
  const profile = current.profile;
  if (!profile) return undefined;
  const reminderOf = (id: string) => current.reminders.get(id)?.reminder;
  const due: Sendable[] = [];
  // A reminder's mails of one message (a lead and a window on one day) go together, so its next
  // place is after the latest of them.
  const latestOf = new Map<string, string>();
  for (const { mail } of message.mails) {
    const reminder = reminderOf(mail.reminderId);
    const scheduled = reminder && stillScheduled(reminder, mail);
    if (scheduled && scheduled.date > (latestOf.get(mail.reminderId) ?? ''))
      latestOf.set(mail.reminderId, scheduled.date);
  }
  const taken = new Set<string>();
  for (const queued of message.mails) {
    const read = current.reminders.get(queued.mail.reminderId);
    const reminder = read?.reminder;
    const scheduled = reminder && stillScheduled(reminder, queued.mail);
    if (!reminder || !scheduled) {
      const unwanted = current.unwanted.has(queued.mail.reminderId);
      notes.push(noteFor(queued.mail, unwanted ? 'not wanted' : 'reminder changed'));
      continue;
    }
    if (taken.has(scheduled.dedupeKey)) {
      notes.push(noteFor(queued.mail, DUPLICATE));
      continue;
    }
    taken.add(scheduled.dedupeKey);
    const household = read?.household ?? null;
    const mail = { ...scheduled, reminder, daysLeft: queued.daysLeft, late: queued.late };
    const next = nextMomentAfter(reminder, profile.timezone, reminder.not_before, {
      date: latestOf.get(reminder.id) ?? scheduled.date,
    });
    const nextAt = next ? next.toUTC().toISO()! : null;
    due.push({
      profile,
      mail,
      record: {
        dedupeKey: scheduled.dedupeKey,
        emailType: scheduled.type,
        reminderId: reminder.id,
        daysBefore: scheduled.daysBefore,
        subject: reminderMailSubject(mail),
        version: reminder.updated_at,
        nextAt,
        // A shared reminder's place is the earliest of every member's (store/reminders/householdNextMail.ts).
        ...(household ? { household: memberMove(read?.memberNext, household, nextAt) } : {}),
      },
    });
  }
  // Read only for what goes: a message for the push and channels alone reads nothing for a member without them.
  const wanted = message.channelsOnly
    ? hasAlertChannels(profile)
    : !message.pushOnly || pushesReminders(profile);
  const personal = await personalFor(
    wanted
      ? due.map(({ mail }) => ({
          reminder: mail.reminder,
          namesQuote: mail.type !== 'savings',
          household: current.reminders.get(mail.reminder.id)?.household ?? null,
        }))
      : [],
  );
  const withPersonal = due.map((one) => ({
    ...one,
    mail: { ...one.mail, ...personal.get(one.mail.reminder.id) },
  }));
  return { profile, due: withPersonal };
}

/**
 * The e-mails one recipient's mails go as: two or more as one digest, unless the owner asked for one
 * e-mail per renewal: then one per reminder (its lead and window of one day still in one mail: never
 * two mails a day).
 */
export function mailGroups<T extends { mail: { reminderId: string } }>(
  profile: Pick<Profile, 'email_per_renewal'>,
  due: readonly T[],
): T[][] {
  if (!profile.email_per_renewal) return due.length > 0 ? [[...due]] : [];
  const groups = new Map<string, T[]>();
  for (const one of due) groups.set(one.mail.reminderId, [...(groups.get(one.mail.reminderId) ?? []), one]);
  return [...groups.values()];
}
