/**
 * Finding what a run mails: the reminders the next-mail index holds at or before the run's moment,
 * each owner's moment in their own zone, and per reminder the schedule's verdict: the mail to send
 * now (late if its day passed), the older leads it supersedes, the mails past their usefulness.
 */
import { DateTime } from 'luxon';
import type { Profile, Reminder } from '../../shared/api.ts';
import { dueNow, mailMoment, reminderSchedule, rollDate, type ScheduledMail } from '../../shared/schedule.ts';
import { reminderEventUrl } from '../calendar/eventLink.ts';
import { composeMail, siteLink, type ComposedMail } from '../mail/compose.ts';
import { renderDigestMail, type DigestItem } from '../mail/digest.ts';
import { reminderSubject, renderReminderMail } from '../mail/reminder.ts';
import type { OutgoingMail } from '../mail/send.ts';
import { renderSavingsFollowUp, savingsSubject } from '../mail/savingsFollowUp.ts';
import { errorMessage } from '../runtime/errors.ts';
import { logger } from '../runtime/logger.ts';
import { unsubscribeUrls } from '../runtime/unsubscribe.ts';
import { remindersWithMailDue, parseIndexedReminder, type IndexedReminder } from '../store/nextMail.ts';
import { getProfiles } from '../store/profiles.ts';
import { rollForward } from '../store/savings.ts';
import { recordSettlement, settledAmong, type SendIdentity } from '../store/sends.ts';

/** A mail the run sends now. */
export interface DueMail {
  kind: 'reminder' | 'savings';
  reminder: Reminder;
  daysBefore: number | null;
  /** Days left on the owner's date of this run (null for the follow-up). */
  daysLeft: number | null;
  /** Its day has passed: a run was missed, SES refused it, or time ran out. */
  late: boolean;
  dedupeKey: string;
}

/** A due mail and the profile of the user it goes to. */
export interface Addressed {
  mail: DueMail;
  profile: Profile;
}

/** What became of one mail of a run. */
export interface MailNote {
  kind: DueMail['kind'];
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

/** The run's moment for an owner in `zone`: now, or 08:00 on a chosen date in that zone. */
export type AsOf = (zone: string) => DateTime;

/** The latest 08:00 on `date` anywhere (UTC-12): the index bound of a run for a date. */
const latestEightOn = (date: string) => mailMoment(date, 'Etc/GMT+12');

export function asOfDate(date: string): { asOf: AsOf; bound: DateTime } {
  return { asOf: (zone) => mailMoment(date, zone), bound: latestEightOn(date) };
}

export function asOfNow(now: Date): { asOf: AsOf; bound: DateTime } {
  const instant = DateTime.fromJSDate(now);
  return { asOf: () => instant, bound: instant };
}

export interface DueMails {
  /** Mails the run would send: deliverable plus those left out (unsubscribed). */
  planned: number;
  /** Mails whose owner exists and takes reminder e-mails. */
  deliverable: Addressed[];
  /** Planned mails left out: the owner has unsubscribed. */
  skipped: number;
  late: number;
  superseded: number;
  missed: number;
  /** Repeating reminders moved on to their next renewal (a simulation counts those it would move). */
  rolled: number;
  /** Roll forwards that failed: each reminder keeps its place, so the next run tries again. */
  errors: string[];
  notes: MailNote[];
  /** Reminders whose place in the index the run must recompute once its mails are done. */
  touched: { userId: string; reminderId: string; zone: string }[];
}

const SETTLED_SUBJECT = { superseded: 'Not sent: a later reminder covers it', missed: 'Not sent' };

/** The send identity of a mail that is settled without being sent (no address, no content). */
function settledIdentity(mail: ScheduledMail, reminder: Reminder, subject: string): SendIdentity {
  return {
    dedupeKey: mail.dedupeKey,
    emailType: mail.kind === 'lead' ? 'reminder' : 'savings',
    userId: reminder.user_id,
    reminderId: reminder.id,
    daysBefore: mail.daysBefore,
    toEmail: '',
    subject,
  };
}

/** BatchGet calls in flight at once while reading the due reminders' send records. */
export const SETTLED_READ_CONCURRENCY = 8;

/**
 * Everything due as at `asOf`: one query per index shard up to `bound`, the owners' profiles in
 * batches, and the send records of each reminder's scheduled mails in batches. With `settle`,
 * superseded and missed mails are recorded (a simulation, or a run with sending disabled, records
 * nothing). With `roll`, repeating reminders due to roll forward are rolled (every run but a
 * simulation: moving a date on sends nothing).
 */
export async function findDueMails(
  { asOf, bound }: { asOf: AsOf; bound: DateTime },
  { settle, roll, now }: { settle: boolean; roll: boolean; now: () => Date },
): Promise<DueMails> {
  const items = await remindersWithMailDue(bound.toUTC().toISO()!);
  const profiles = await getProfiles(items.map((item) => String(item.user_id)));
  const result: DueMails = {
    planned: 0,
    deliverable: [],
    skipped: 0,
    late: 0,
    superseded: 0,
    missed: 0,
    rolled: 0,
    errors: [],
    notes: [],
    touched: [],
  };
  const found: {
    item: Record<string, unknown>;
    reminder: IndexedReminder;
    profile: Profile;
    moment: DateTime;
    schedule: ScheduledMail[];
  }[] = [];
  for (const item of items) {
    const profile = profiles.get(String(item.user_id));
    // The owner is gone (account deleted mid-run): nothing to send or keep.
    if (!profile) continue;
    const moment = asOf(profile.timezone);
    if (String(item.next_at) > moment.toUTC().toISO()!) continue;
    const reminder = parseIndexedReminder(item, profile.timezone);
    found.push({ item, reminder, profile, moment, schedule: reminderSchedule(reminder) });
  }
  // Which of their mails are settled: dueNow only asks about the schedule's own mails, so reading
  // those by key answers as the per-reminder queries of settledKeys would, in far fewer calls.
  const settled = await settledAmong(
    found.flatMap(({ reminder, schedule }) =>
      schedule.map((mail) => ({ userId: reminder.user_id, dedupeKey: mail.dedupeKey })),
    ),
    SETTLED_READ_CONCURRENCY,
  );
  for (const { item, reminder, profile, moment, schedule } of found) {
    const zone = profile.timezone;
    const plan = dueNow({
      schedule,
      zone,
      now: moment,
      settled,
      notBefore: reminder.not_before,
      rollOn: rollDate(reminder),
    });
    result.touched.push({ userId: reminder.user_id, reminderId: reminder.id, zone });
    if (settle) {
      const at = now();
      for (const mail of plan.superseded) {
        const identity = settledIdentity(mail, reminder, SETTLED_SUBJECT.superseded);
        if (await recordSettlement(identity, 'superseded', 'A later reminder was sent instead', at))
          result.superseded++;
      }
      for (const { mail, reason } of plan.missed) {
        const why = reason === 'renewal_passed' ? 'The renewal date passed' : 'Too long after the renewal';
        const identity = settledIdentity(mail, reminder, `${SETTLED_SUBJECT.missed}: ${why.toLowerCase()}`);
        if (await recordSettlement(identity, 'missed', why, at)) result.missed++;
      }
    }
    if (plan.roll) {
      // Conditional on the version read: a re-run, a retry or the user's own edit never rolls twice.
      try {
        if (!roll || (await rollForward(item, zone, moment.toJSDate()))) result.rolled++;
      } catch (error) {
        // One reminder's failure never stops the run; it keeps its place and the next run rolls it.
        logger.error('Roll forward failed', { reminderId: reminder.id, error });
        result.errors.push(`roll ${reminder.id.slice(0, 8)}: ${errorMessage(error)}`);
      }
    }
    if (!plan.send) continue;
    const { mail, daysLeft, late } = plan.send;
    const due: Addressed = {
      profile,
      mail: {
        kind: mail.kind === 'lead' ? 'reminder' : 'savings',
        reminder,
        daysBefore: mail.daysBefore,
        daysLeft,
        late,
        dedupeKey: mail.dedupeKey,
      },
    };
    result.planned++;
    if (late) result.late++;
    if (!profile.reminder_emails) {
      result.skipped++;
      result.notes.push(noteOf(due, 'unsubscribed'));
    } else {
      result.deliverable.push(due);
    }
  }
  return result;
}

/** Where a due mail's button leads: the reminders for a lead mail, the savings page for a follow-up. */
const linkOf = (mail: DueMail) =>
  siteLink(mail.kind === 'reminder' ? '/dashboard' : `/savings/${mail.reminder.id}`);

/**
 * One mail for several of one recipient's due mails: each keeps its own days left, amount, call to
 * action and link. Its claims stay one per mail (see the sender); SES tags it as a digest.
 */
export async function composeDigestMail(due: readonly Addressed[]): Promise<OutgoingMail> {
  const { profile } = due[0]!;
  const urls = await unsubscribeUrls(profile.user_id);
  // The soonest renewal first; follow-ups (renewals already past) after the reminders.
  const soonestFirst = [...due].sort((a, b) => (a.mail.daysLeft ?? Infinity) - (b.mail.daysLeft ?? Infinity));
  const items = await Promise.all(
    soonestFirst.map(async ({ mail }): Promise<DigestItem> =>
      mail.kind === 'reminder'
        ? {
            kind: 'reminder',
            reminder: mail.reminder,
            daysLeft: mail.daysLeft ?? 0,
            url: linkOf(mail),
            calendarUrl: await reminderEventUrl(profile.user_id, mail.reminder.id),
          }
        : { kind: 'savings', reminder: mail.reminder, url: linkOf(mail) },
    ),
  );
  const rendered = await renderDigestMail({
    firstName: profile.first_name,
    items,
    unsubscribeUrl: urls.page,
  });
  return {
    to: profile.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    oneClickUnsubscribeUrl: urls.oneClick,
    tags: { type: 'digest' },
  };
}

/** The subject of a due mail: the one its rendering carries (the template's own subject function). */
function dueMailSubject(mail: DueMail): string {
  return mail.kind === 'reminder'
    ? reminderSubject({ reminder: mail.reminder, daysLeft: mail.daysLeft ?? 0 })
    : savingsSubject(mail.reminder.title);
}

/**
 * The send identity of a due mail without rendering it: what composeDueMail's identity holds, for a
 * simulation, which records the mail but never sends it (the HTML render is most of a mail's cost).
 */
export function dueMailIdentity({ mail, profile }: Addressed): SendIdentity {
  return {
    dedupeKey: mail.dedupeKey,
    emailType: mail.kind,
    userId: profile.user_id,
    reminderId: mail.reminder.id,
    daysBefore: mail.daysBefore,
    toEmail: profile.email,
    subject: dueMailSubject(mail),
  };
}

/** The reminder or follow-up mail of a due mail, with the days left on the owner's date. */
export async function composeDueMail({ mail, profile }: Addressed): Promise<ComposedMail> {
  const calendarUrl = await reminderEventUrl(profile.user_id, mail.reminder.id);
  return composeMail(
    { userId: profile.user_id, email: profile.email },
    { type: mail.kind, dedupeKey: mail.dedupeKey, reminderId: mail.reminder.id, daysBefore: mail.daysBefore },
    ({ unsubscribeUrl }) =>
      mail.kind === 'reminder'
        ? renderReminderMail({
            firstName: profile.first_name,
            reminder: mail.reminder,
            daysLeft: mail.daysLeft ?? 0,
            dashboardUrl: linkOf(mail),
            calendarUrl,
            unsubscribeUrl,
          })
        : renderSavingsFollowUp({
            firstName: profile.first_name,
            reminder: mail.reminder,
            savingsUrl: linkOf(mail),
            unsubscribeUrl,
          }),
  );
}
