/**
 * Finding what a run mails: the reminders the next-mail index holds at or before the run's moment,
 * each owner's moment in their own zone, and per reminder the schedule's verdict: the mail to send
 * now (late if its day passed), the older leads it supersedes, the mails past their usefulness. A
 * reminder due to roll forward is rolled, and its new term planned in the same run.
 */
import { DateTime } from 'luxon';
import { todayIn } from '../../../shared/dates.ts';
import { pushesReminders } from '../../../shared/push.ts';
import { hasAlertChannels } from '../../../shared/channels/kinds.ts';
import type { Profile } from '../../../shared/api.ts';
import {
  dueNow,
  mailMoment,
  reminderSchedule,
  rollDate,
  type DuePlan,
  type ScheduledMail,
} from '../../../shared/reminder/schedule.ts';
import { errorMessage } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import {
  plannedRoll,
  remindersWithMailDue,
  rollForward,
  type IndexedReminder,
  type RollTarget,
} from '../../store/reminders/index.ts';
import { recordSettlement, settledByUser, type SendIdentity } from '../../store/sends.ts';
import { suppressedAmong } from '../../store/sending/index.ts';
import { recheckedVehicleDate } from './recheck.ts';
import { dueEntries, type DueEntry } from './recipients.ts';

/** A mail the run sends now: the scheduled Mail, the reminder it was planned on, and its days left. */
export type DueMail = ScheduledMail & {
  reminder: IndexedReminder;
  /** Days left on the owner's date of this run (a window: to the renewal; null for the follow-up). */
  daysLeft: number | null;
  /** Its day has passed: a run was missed, SES refused it, or time ran out. */
  late: boolean;
};

/** A due mail and the profile of the user it goes to. */
export interface Addressed {
  mail: DueMail;
  profile: Profile;
  /** A shared reminder's household: the sender reads it with the recipient's own items. */
  householdId?: string;
}

/** A reminder a run moves on to its next renewal. */
export interface RollNote {
  reminderId: string;
  userId: string;
  /** The address of the member whose run rolled it. */
  email: string;
  title: string;
  from: string;
  to: string | null;
}

/**
 * What a run does with a reminder due to roll forward: roll it (write), work out what it would
 * become and plan its new term as a run would, writing nothing (preview: a dry run), or only count
 * it (a simulation).
 */
export type RollMode = 'write' | 'preview' | 'count';

/** What became of one mail of a run. */
export interface MailNote {
  type: DueMail['type'];
  reminderId: string;
  userId: string;
  daysBefore: number | null;
  status: string;
}

export const noteOf = ({ mail, profile }: Addressed, status: string): MailNote => ({
  type: mail.type,
  reminderId: mail.reminderId,
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
  /** Mails the run would send: deliverable plus those left out (unsubscribed or suppressed). */
  planned: number;
  /** Mails whose owner exists, takes reminder e-mails and whose address is not suppressed. */
  deliverable: Addressed[];
  /** Planned mails left out: the owner has unsubscribed, or the address is suppressed. */
  skipped: number;
  /** Of those left out, the mails whose owner takes the day's push: queued for it alone. */
  pushOnly: Addressed[];
  /**
   * The mails whose owner has an alert channel on (deliverable or left out): queued again in
   * messages for the channels alone, behind the run's e-mails (lambdas/features/channels/daily.ts).
   */
  channels: Addressed[];
  late: number;
  superseded: number;
  missed: number;
  /** Repeating reminders moved on to their next renewal (a simulation counts those it would move). */
  rolled: number;
  /** Each of those: which reminder, from which renewal to which (null when only counted). */
  rolls: RollNote[];
  /** Roll forwards that failed: each reminder keeps its place, so the next run tries again. */
  errors: string[];
  notes: MailNote[];
  /**
   * Reminders whose place in the index the run must recompute once its mails are done (a shared
   * one once, by its household).
   */
  touched: { userId: string; reminderId: string; zone: string; householdId: string | null }[];
}

const SETTLED_REASONS = {
  superseded: { subject: 'Not sent: a later reminder covers it', why: 'A later reminder was sent instead' },
  renewal_passed: { subject: 'Not sent: the renewal date passed', why: 'The renewal date passed' },
  follow_up_expired: { subject: 'Not sent: too long after the renewal', why: 'Too long after the renewal' },
  unsubscribed: { subject: 'Not sent: unsubscribed', why: 'The owner takes no reminder e-mails' },
  suppressed: { subject: 'Not sent: address suppressed', why: 'The address bounced or complained' },
} as const;

/** The send identity of a mail that is settled without being sent (no address, no content). */
function settledIdentity(mail: ScheduledMail, subject: string): SendIdentity {
  return {
    dedupeKey: mail.dedupeKey,
    emailType: mail.type,
    userId: mail.userId,
    reminderId: mail.reminderId,
    daysBefore: mail.daysBefore,
    toEmail: '',
    subject,
  };
}

/** BatchGet calls in flight at once while reading the due reminders' send records. */
export const SETTLED_READ_CONCURRENCY = 8;

/**
 * Everything due as at `asOf`: one query per index shard up to `bound`, the owners' profiles and
 * suppressions in batches, and the send records of each reminder's scheduled mails in batches.
 * With `settle`, superseded, missed and skipped mails are recorded (a simulation, or a run with
 * sending disabled, records nothing). `roll` says what becomes of repeating reminders due to roll
 * forward (RollMode): every run but a simulation or a dry run rolls them, as moving a date on sends
 * nothing.
 */
export async function findDueMails(
  { asOf, bound }: { asOf: AsOf; bound: DateTime },
  { settle, roll, now }: { settle: boolean; roll: RollMode; now: () => Date },
): Promise<DueMails> {
  const found = await dueEntries(await remindersWithMailDue(bound.toUTC().toISO()!), asOf);
  const suppressed = await suppressedAmong(
    [...new Set(found.map((entry) => entry.profile))].filter((p) => p.reminder_emails).map((p) => p.email),
  );
  const result: DueMails = {
    planned: 0,
    deliverable: [],
    skipped: 0,
    pushOnly: [],
    channels: [],
    late: 0,
    superseded: 0,
    missed: 0,
    rolled: 0,
    rolls: [],
    errors: [],
    notes: [],
    touched: [],
  };
  // Which of their mails are settled, read by key: only those dated from the day the reminder's
  // mails start to the owner's day of the run, which are all dueNow decides on (earlier ones are
  // never open). A later mail is taken as open: if it had been settled some other way, the index
  // points at it and the next run finds it settled and moves on.
  const settled = await settledByUser(
    found.flatMap(({ reminder, profile, moment }) => {
      const today = todayIn(profile.timezone, moment);
      return reminderSchedule(reminder)
        .filter((mail) => mail.date >= reminder.not_before && mail.date <= today)
        .map((mail) => ({ userId: reminder.user_id, dedupeKey: mail.dedupeKey }));
    }),
    SETTLED_READ_CONCURRENCY,
  );
  const record = async (
    mail: ScheduledMail,
    status: 'superseded' | 'missed' | 'skipped',
    reason: keyof typeof SETTLED_REASONS,
  ) => {
    if (!settle) return true;
    const { subject, why } = SETTLED_REASONS[reason];
    return recordSettlement(settledIdentity(mail, subject), status, why, now());
  };

  // A shared reminder rolled for one member is the same reminder for the next: the newer one, by home and id.
  const rolledReminders = new Map<string, IndexedReminder>();
  const touchedShared = new Set<string>();
  for (const entry of found) {
    let { reminder } = entry;
    const { profile, moment, household } = entry;
    const zone = profile.timezone;
    const householdId = household?.id ?? null;
    // A new term rolled in this run starts with no settled mails of its own.
    let known: ReadonlySet<string> = settled.get(profile.user_id) ?? new Set();
    const rolledKey = `${householdId ?? `user:${reminder.user_id}`}|${reminder.id}`;
    const rolledBefore = rolledReminders.get(rolledKey);
    if (rolledBefore) {
      // Its mails start from the rolled term's own day, so the member's zone changes nothing there.
      reminder = { ...rolledBefore, user_id: profile.user_id };
      known = new Set();
    }
    // A member who takes none of this shared reminder's mails: only its roll forward matters.
    const mailed = household?.mailed ?? true;
    for (;;) {
      const plan = dueNow({
        schedule: reminderSchedule(reminder),
        zone,
        now: moment,
        settled: known,
        notBefore: reminder.not_before,
        rollOn: rollDate(reminder),
      });
      if (mailed) {
        for (const mail of plan.superseded)
          if (await record(mail, 'superseded', 'superseded')) result.superseded++;
        for (const { mail, reason } of plan.missed) if (await record(mail, 'missed', reason)) result.missed++;
      }
      if (plan.roll) {
        const next = await rollOnce({ reminder, householdId }, zone, moment, roll, result);
        if (next !== undefined) {
          result.rolled++;
          const { id, user_id: userId, title, renewal_date: from } = reminder;
          const to = next ? next.renewal_date : null;
          result.rolls.push({ reminderId: id, userId, email: profile.email, title, from, to });
        }
        if (next) {
          rolledReminders.set(rolledKey, next);
          // The new term's overdue mails follow the catch-up rule in this same run.
          reminder = next;
          known = new Set();
          continue;
        }
      }
      if (!household) {
        result.touched.push({ userId: reminder.user_id, reminderId: reminder.id, zone, householdId: null });
      } else if (!touchedShared.has(rolledKey)) {
        touchedShared.add(rolledKey);
        result.touched.push({
          userId: reminder.user_id,
          reminderId: reminder.id,
          zone,
          householdId: household.id,
        });
      }
      if (!mailed) break;
      // A lead and a window due together go in the same message, so in the same digest.
      for (const send of [plan.window, plan.send])
        if (send)
          await planSend(
            send,
            { reminder, profile, household },
            suppressed.has(profile.email),
            result,
            record,
          );
      break;
    }
  }
  return result;
}

/**
 * Rolls the reminder as `roll` says: the new term's reminder (written, or only worked out in a
 * preview), null when only counted, undefined when not rolled.
 */
async function rollOnce(
  target: RollTarget,
  zone: string,
  moment: DateTime,
  roll: RollMode,
  result: DueMails,
): Promise<IndexedReminder | null | undefined> {
  if (roll === 'count') return null;
  const { id } = target.reminder;
  try {
    // A kept registration: the DVLA's new date, asked only when the roll is due.
    const moveTo = await recheckedVehicleDate(target.reminder);
    if (roll === 'preview') return plannedRoll(target, zone, moment.toJSDate(), moveTo)?.next;
    // Conditional on the version read: a re-run, a retry or the user's own edit never rolls twice.
    return (await rollForward(target, zone, moment.toJSDate(), moveTo)) ?? undefined;
  } catch (error) {
    // One reminder's failure never stops the run; it keeps its place and the next run rolls it.
    logger.error('Roll forward failed', { reminderId: id, error });
    result.errors.push(`roll ${id.slice(0, 8)}: ${errorMessage(error)}`);
    return undefined;
  }
}

/** Plans the mail to send now: deliverable, or settled as skipped when its owner takes no mail. */
async function planSend(
  send: NonNullable<DuePlan['send']>,
  { reminder, profile, household }: Pick<DueEntry, 'reminder' | 'profile' | 'household'>,
  suppressed: boolean,
  result: DueMails,
  record: (mail: ScheduledMail, status: 'skipped', reason: 'unsubscribed' | 'suppressed') => Promise<boolean>,
): Promise<void> {
  const addressed: Addressed = {
    profile,
    mail: { ...send.mail, reminder, daysLeft: send.daysLeft, late: send.late },
    ...(household ? { householdId: household.id } : {}),
  };
  result.planned++;
  if (send.late) result.late++;
  if (hasAlertChannels(profile)) result.channels.push(addressed);
  const skip = !profile.reminder_emails ? 'unsubscribed' : suppressed ? 'suppressed' : undefined;
  if (!skip) {
    result.deliverable.push(addressed);
    return;
  }
  // Settled now, so later runs do not plan it again each hour.
  await record(send.mail, 'skipped', skip);
  result.skipped++;
  result.notes.push(noteOf(addressed, skip));
  // The push has its own switch: no e-mail still leaves the day's push.
  if (pushesReminders(profile)) result.pushOnly.push(addressed);
}
