/**
 * A reminder's mails, and what is due of them at a moment: the one schedule the reminder job sends by
 * and the dashboard shows. Pure (luxon with explicit zones), so it is tested to the minute across
 * clock changes without a stack.
 *
 * Each mail has a local calendar date and an identity (its dedupe key). It goes at SEND_HOUR on
 * that date in the owner's time zone, or at the first run after it. A mail whose moment passed
 * unsent is caught up while it is still useful (a lead mail until the day it counts down to; the
 * follow-up for FOLLOW_UP_USEFUL_DAYS after the renewal); only the latest of a reminder's missed
 * leads goes.
 *
 * Lead mails count down to the act-by date when one is set (the last day to act), otherwise to the
 * renewal date, on the reminder's own lead days or its category's. Action windows (windows.ts) add a
 * mail on each window's day unless the owner turned them off; a missed one goes late, like a lead,
 * while the renewal (and act-by date) is still ahead. A repeating reminder with no
 * outcome is rolled forward rollAfterDays after its renewal: that moment is part of its schedule,
 * so the reminder job finds it through the same index.
 */
import { DateTime } from 'luxon';
import type { Category } from './categories.ts';
import { todayIn } from '../dates.ts';
import { leadDaysOf, type DateKind } from './contract.ts';
import { dedupeKeyOf, type Mail } from './mail.ts';
import type { Lender } from './lenders.ts';
import type { Repeats } from './terms.ts';
import { actionWindows } from './windows.ts';

/** Local hour at which a day's mails go, in each owner's own time zone. */
export const SEND_HOUR = 8;
/** The follow-up ('How did you do?') is dated this many days after the renewal. */
export const FOLLOW_UP_DAYS_AFTER = 1;
/** A follow-up still goes this many days after the renewal, then is recorded as missed. */
export const FOLLOW_UP_USEFUL_DAYS = 14;
/** A repeating reminder with no outcome this many days after its renewal moves on by its term. */
export const ROLL_AFTER_DAYS = 14;
/**
 * A rolling charge asks nothing after it ('How did you do?' every month would be noise) and moves on
 * to the next charge the day after: it never waits for an answer.
 */
export const ROLLING_ROLL_AFTER_DAYS = 1;

/** Days after its renewal that a repeating reminder with no outcome rolls forward. */
export const rollAfterDays = (kind: DateKind | undefined): number =>
  kind === 'next_payment' ? ROLLING_ROLL_AFTER_DAYS : ROLL_AFTER_DAYS;

/** A mail of the schedule: the Mail, the local date it goes on, and its dedupe key. */
export type ScheduledMail = Mail & { date: string; dedupeKey: string };
export type LeadMail = ScheduledMail & { type: 'reminder'; daysBefore: number };
export type WindowMail = ScheduledMail & { type: 'window' };

const isLead = (mail: ScheduledMail): mail is LeadMail => mail.type === 'reminder';
const isWindow = (mail: ScheduledMail): mail is WindowMail => mail.type === 'window';

/**
 * What the schedule needs of a reminder. `lead_days` overrides the category's intervals; `act_by`,
 * when set, is what the lead mails count down to; `repeats` other than 'none' adds the roll forward.
 */
export interface SchedulableReminder {
  id: string;
  user_id: string;
  category: Category;
  renewal_date: string;
  lead_days?: readonly number[] | null;
  act_by?: string | null;
  repeats?: Repeats;
  /** What the date is: a rolling charge's next payment has its own lead days and no follow-up. */
  date_kind?: DateKind;
  /** Window mails on (the default, and what reminders stored before the field read as). */
  action_windows?: boolean;
  lender?: Lender | null;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date: calendar arithmetic in UTC (no zone, no clock changes). */
function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/**
 * A calendar date plus (or minus) whole days. Plain Date arithmetic rather than luxon: a run calls
 * this for every mail of thousands of reminders, and luxon's parsing was a large share of its CPU.
 */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The date a reminder's lead mails count down to: its act-by date when set, else its renewal. */
export const countsDownTo = (reminder: Pick<SchedulableReminder, 'act_by' | 'renewal_date'>): string =>
  reminder.act_by ?? reminder.renewal_date;

const scheduled = (mail: Mail, date: string): ScheduledMail => ({
  ...mail,
  date,
  dedupeKey: dedupeKeyOf(mail),
});

/**
 * Every mail of a reminder, earliest first: one per lead day (0 included) and one per action window
 * (a window first on a day both fall on), then the follow-up (none for a rolling charge).
 */
export function reminderSchedule(reminder: SchedulableReminder): ScheduledMail[] {
  const leads = [...new Set(leadDaysOf(reminder))].sort((a, b) => b - a);
  const target = countsDownTo(reminder);
  const identity = { userId: reminder.user_id, reminderId: reminder.id, renewalDate: reminder.renewal_date };
  const windows =
    reminder.action_windows === false
      ? []
      : actionWindows(reminder).map((w) =>
          scheduled(
            {
              type: 'window',
              ...identity,
              window: w.kind,
              daysBefore: w.daysBefore,
              actBy: reminder.act_by ?? null,
            },
            w.date,
          ),
        );
  const mails = [
    ...windows,
    ...leads.map((daysBefore) =>
      scheduled(
        { type: 'reminder', ...identity, daysBefore, actBy: reminder.act_by ?? null },
        addDays(target, -daysBefore),
      ),
    ),
  ].sort((a, b) => a.date.localeCompare(b.date));
  if (reminder.date_kind === 'next_payment') return mails;
  mails.push(
    scheduled(
      { type: 'savings', ...identity, daysBefore: null, actBy: null },
      addDays(reminder.renewal_date, FOLLOW_UP_DAYS_AFTER),
    ),
  );
  return mails;
}

/**
 * The reminder's own scheduled mail that `mail` names, if the reminder as it is now still schedules
 * it: not cancelled, the same renewal, and (for a lead) a lead day and act-by date it still has. An
 * edit or a roll forward made after the mail was planned cancels it (undefined).
 */
export function stillScheduled(
  reminder: SchedulableReminder & { archived_at?: string | null },
  mail: Mail,
): ScheduledMail | undefined {
  if (reminder.archived_at || reminder.id !== mail.reminderId || reminder.user_id !== mail.userId)
    return undefined;
  const key = dedupeKeyOf(mail);
  return reminderSchedule(reminder).find((m) => m.dedupeKey === key);
}

/** The local date a repeating reminder rolls forward if no outcome came; null when it does not repeat. */
export function rollDate(reminder: SchedulableReminder): string | null {
  return reminder.repeats && reminder.repeats !== 'none'
    ? addDays(reminder.renewal_date, rollAfterDays(reminder.date_kind))
    : null;
}

/**
 * The instant a mail dated `date` goes: SEND_HOUR on that date in `zone`. (No zone skips or repeats
 * 08:00 in a clock change, so the local time always exists once.)
 */
export function mailMoment(date: string, zone: string): DateTime {
  const key = `${date} ${zone}`;
  let moment = moments.get(key);
  if (!moment) {
    if (moments.size >= MOMENTS_KEPT) moments.clear();
    moment = DateTime.fromISO(date, { zone }).set({ hour: SEND_HOUR, minute: 0, second: 0, millisecond: 0 });
    moments.set(key, moment);
  }
  return moment;
}

/**
 * mailMoment's answers, kept: a run asks for every mail of thousands of reminders, whose dates and
 * zones repeat, and a zone-aware DateTime was most of the planning's CPU (DateTime is immutable, so
 * sharing one is safe). Bounded, as the local server lives for days.
 */
const moments = new Map<string, DateTime>();
const MOMENTS_KEPT = 10_000;

export type MissedReason = 'renewal_passed' | 'follow_up_expired';

export interface DueSend {
  mail: ScheduledMail;
  /** Days left on the owner's date: to the act-by date or renewal (a window: the renewal); null for a follow-up. */
  daysLeft: number | null;
  late: boolean;
}

export interface DuePlan {
  /** The reminder's renewal passed rollAfterDays ago with no outcome: roll it forward now. */
  roll: boolean;
  /** The lead or follow-up to send now, with the true days left on the owner's date. */
  send: DueSend | null;
  /** The action window to send now (in the same digest as `send`, if both are due). */
  window: DueSend | null;
  /** Earlier leads that were never sent and are now covered by `send`. */
  superseded: ScheduledMail[];
  /** Mails past their usefulness, never sent. */
  missed: { mail: ScheduledMail; reason: MissedReason }[];
  /** The instant of the next mail (or roll) still to come after this plan is carried out, or null. */
  next: DateTime | null;
}

export interface DueInput {
  schedule: readonly ScheduledMail[];
  /** The owner's IANA time zone. */
  zone: string;
  now: DateTime;
  /** Dedupe keys already settled (sent, superseded, missed, failed for good, or claimed). */
  settled: ReadonlySet<string>;
  /**
   * The owner's local date on which the reminder was created or rescheduled: its mails dated
   * earlier are not sent, because the user has just told us the date.
   */
  notBefore: string;
  /** rollDate of the reminder: the local date it rolls forward, or null when it does not repeat. */
  rollOn?: string | null;
}

/** The mails still to go, earliest first: not settled, and not dated before `notBefore`. */
export function openMails({
  schedule,
  settled,
  notBefore,
}: Omit<DueInput, 'now' | 'zone' | 'rollOn'>): ScheduledMail[] {
  return schedule.filter((m) => !settled.has(m.dedupeKey) && m.date >= notBefore);
}

/**
 * The moment the next-mail index holds for a reminder: its earliest mail still to go (a passed one
 * included, which the next run then sends or settles) or its roll forward, or null when neither is
 * left.
 */
export function nextMoment(input: Omit<DueInput, 'now'>): DateTime | null {
  const [first] = openMails(input);
  const dates = [first?.date, input.rollOn ?? undefined].filter((d): d is string => d !== undefined).sort();
  return dates[0] ? mailMoment(dates[0], input.zone) : null;
}

/**
 * What is due of one reminder at `now`. A follow-up and a lead are never due together (the follow-up
 * is dated after the renewal, when no lead is useful any more).
 */
export function dueNow({ schedule, zone, now, settled, notBefore, rollOn }: DueInput): DuePlan {
  const today = todayIn(zone, now);
  const open = openMails({ schedule, settled, notBefore });
  const passed = open.filter((m) => mailMoment(m.date, zone) <= now);
  const roll = rollOn !== undefined && rollOn !== null && mailMoment(rollOn, zone) <= now;
  const plan: DuePlan = { roll, send: null, window: null, superseded: [], missed: [], next: null };

  // A lead older than one already settled never goes (its claim was abandoned, say, while a later
  // lead went): it is superseded.
  const lastSettledLead = schedule.filter((m) => isLead(m) && settled.has(m.dedupeKey)).at(-1);
  const isStale = (m: ScheduledMail) => lastSettledLead !== undefined && m.date < lastSettledLead.date;
  plan.superseded = passed.filter(isLead).filter(isStale);
  const leads = passed.filter(isLead).filter((m) => !isStale(m));
  const renewal = leads[0] ? addDays(leads[0].date, leads[0].daysBefore) : undefined;
  if (renewal !== undefined && renewal < today) {
    for (const mail of leads) plan.missed.push({ mail, reason: 'renewal_passed' });
  } else if (leads.length > 0) {
    // Leads are earliest first: the last passed one is the most recent.
    const latest = leads[leads.length - 1]!;
    plan.superseded.push(...leads.slice(0, -1));
    plan.send = { mail: latest, daysLeft: daysBetween(today, renewal!), late: latest.date < today };
  }

  planWindow(plan, schedule, passed.filter(isWindow), settled, today);

  const followUp = passed.find((m) => m.type === 'savings');
  if (followUp) {
    // Once the reminder rolls forward, the renewal it asked about is behind it.
    const useful = !roll && daysBetween(followUp.date, today) <= FOLLOW_UP_USEFUL_DAYS - FOLLOW_UP_DAYS_AFTER;
    if (!useful) plan.missed.push({ mail: followUp, reason: 'follow_up_expired' });
    else if (!plan.send) plan.send = { mail: followUp, daysLeft: null, late: followUp.date < today };
  }

  const handled = new Set([
    ...plan.superseded.map((m) => m.dedupeKey),
    ...plan.missed.map((m) => m.mail.dedupeKey),
    ...(plan.send ? [plan.send.mail.dedupeKey] : []),
    ...(plan.window ? [plan.window.mail.dedupeKey] : []),
  ]);
  // A roll replaces the schedule: the rolled reminder is placed afresh.
  if (roll) return plan;
  const upcoming = open.find((m) => !handled.has(m.dedupeKey));
  const nextDates = [upcoming?.date, rollOn ?? undefined].filter((d): d is string => d !== undefined).sort();
  plan.next = nextDates[0] ? mailMoment(nextDates[0], zone) : null;
  return plan;
}

/**
 * The action window of a due plan: the latest one passed goes (late after its day) while the renewal
 * and act-by date are today or ahead; older ones, and any before one already settled, are superseded;
 * once the renewal or act-by date has passed they are missed.
 */
function planWindow(
  plan: DuePlan,
  schedule: readonly ScheduledMail[],
  passed: readonly WindowMail[],
  settled: ReadonlySet<string>,
  today: string,
): void {
  const lastSettled = schedule.filter((m) => isWindow(m) && settled.has(m.dedupeKey)).at(-1);
  const stale = passed.filter((m) => lastSettled !== undefined && m.date < lastSettled.date);
  const fresh = passed.filter((m) => !stale.includes(m));
  plan.superseded.push(...stale);
  const latest = fresh.at(-1);
  if (!latest) return;
  const deadline = latest.actBy ?? latest.renewalDate;
  if (deadline < today) {
    for (const mail of fresh) plan.missed.push({ mail, reason: 'renewal_passed' });
    return;
  }
  plan.superseded.push(...fresh.slice(0, -1));
  plan.window = {
    mail: latest,
    daysLeft: daysBetween(today, latest.renewalDate),
    late: latest.date < today,
  };
}

/**
 * The moment the next-mail index holds for a reminder once `sent` is settled: its first mail after
 * that one still to go, or its roll forward; null when neither is left. (Its earlier mails are
 * settled or superseded by then.)
 */
export function nextMomentAfter(
  reminder: SchedulableReminder,
  zone: string,
  notBefore: string,
  sent: Pick<ScheduledMail, 'date'>,
): DateTime | null {
  const schedule = reminderSchedule(reminder);
  const settled = new Set(schedule.filter((m) => m.date <= sent.date).map((m) => m.dedupeKey));
  return nextMoment({ schedule, zone, settled, notBefore, rollOn: rollDate(reminder) });
}
