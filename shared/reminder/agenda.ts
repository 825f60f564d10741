/**
 * The dashboard's agenda: what needs the owner, grouped by when, and what it is worth. Order and
 * grouping use the deadline that matters (the act-by date while it is still ahead, else the renewal).
 * The groups are rolling windows from today ('Next 7 days', 'Next 30 days'), not calendar weeks or
 * months, and their headings say so. Pure, on the owner's local date.
 */
import type { DateKind } from './contract.ts';
import { noticeQuestionDue, type NoticeAnswer } from './noticeWatch.ts';
import { nextRenewalAfter, type Repeats } from './terms.ts';
import { yearlyAmount } from './money.ts';
import { countsDownTo, daysBetween } from './schedule.ts';
import { myYearlyPence, type WhoPays } from './split.ts';

export interface AgendaReminder {
  id: string;
  title: string;
  category: string;
  renewal_date: string;
  act_by: string | null;
  amount: number | null;
  billing: Repeats;
  /** Saved before the date's kind was asked: it needs the user's answer (contract.ts). */
  ask_deal_end?: boolean;
  /** What the date is, and the notice answer of its renewal: the notice watchdog's question (noticeWatch.ts). */
  date_kind?: DateKind;
  notice_answer?: NoticeAnswer | null;
  archived_at?: string | null;
  /** A household's, split by 'Who pays?' (split.ts): the reader's yearly figure counts their part. */
  shared?: boolean;
  who_pays?: WhoPays | null;
}

/** Who reads the summary, for shared reminders' parts: their membership id and the household's. */
export interface SummaryReader {
  me: string | null;
  members: readonly string[];
}

/**
 * Days ahead (today included) that the first two groups reach: a deadline 7 days away, whose badge
 * says '7 days', is in 'Next 7 days'. The money summary's 'next 30 days' is the second window.
 */
export const WEEK_AHEAD_DAYS = 7;
export const MONTH_AHEAD_DAYS = 30;

/** The groups, in the order shown; only those with items are shown. */
export const AGENDA_GROUPS = [
  { value: 'needs_answer', label: 'Needs your answer' },
  { value: 'next_week', label: `Next ${WEEK_AHEAD_DAYS} days` },
  { value: 'next_month', label: `Next ${MONTH_AHEAD_DAYS} days` },
  { value: 'later', label: 'Later' },
] as const;
export type AgendaGroup = (typeof AGENDA_GROUPS)[number]['value'];

/**
 * The deadline that matters on `today`: the act-by date while it is still ahead (today included),
 * else the renewal. An act-by date that has passed can no longer be met; the renewal comes next.
 */
export const deadlineOn = (reminder: AgendaReminder, today: string): string =>
  reminder.act_by !== null && reminder.act_by >= today ? reminder.act_by : reminder.renewal_date;

/**
 * Where a reminder belongs on `today`: a renewal due today or passed with no outcome yet needs an
 * answer (an outcome moves it on, a cancellation archives it), and so does one that must say when
 * its deal ends, or whose provider's notice should have come by now; otherwise by days to its
 * deadline.
 */
export function agendaGroupOf(reminder: AgendaReminder, today: string): AgendaGroup {
  if (reminder.renewal_date <= today || reminder.ask_deal_end || noticeQuestionDue(reminder, today))
    return 'needs_answer';
  const days = daysBetween(today, deadlineOn(reminder, today));
  if (days <= WEEK_AHEAD_DAYS) return 'next_week';
  if (days <= MONTH_AHEAD_DAYS) return 'next_month';
  return 'later';
}

/** What a date long gone asks, in place of 'N days overdue'. */
export const DATE_PASSED_QUESTION = 'This date has passed. When does it renew next?';

/**
 * Whether a date has passed by more than a term (a year for one that does not repeat): typed or
 * imported long after the fact, it says nothing about the next renewal, so it asks for it rather
 * than count thousands of days overdue.
 */
export function isLongPast(reminder: { renewal_date: string; repeats: Repeats }, today: string): boolean {
  if (reminder.renewal_date >= today) return false;
  const next =
    nextRenewalAfter(reminder.renewal_date, reminder.repeats, reminder.renewal_date) ??
    nextRenewalAfter(reminder.renewal_date, 'yearly', reminder.renewal_date)!;
  return next < today;
}

/** On `today`: earliest deadline first, then the renewal, then the title. */
export const byDeadlineOn =
  (today: string) =>
  (a: AgendaReminder, b: AgendaReminder): number =>
    deadlineOn(a, today).localeCompare(deadlineOn(b, today)) ||
    a.renewal_date.localeCompare(b.renewal_date) ||
    a.title.localeCompare(b.title);

/** The non-empty groups, in order, each sorted by deadline. */
export function agendaOf<R extends AgendaReminder>(
  reminders: readonly R[],
  today: string,
): { group: AgendaGroup; label: string; reminders: R[] }[] {
  return AGENDA_GROUPS.map(({ value, label }) => ({
    group: value,
    label,
    reminders: reminders.filter((r) => agendaGroupOf(r, today) === value).sort(byDeadlineOn(today)),
  })).filter((g) => g.reminders.length > 0);
}

export interface AgendaSummary {
  /** The next deadline still ahead (today included), and the days to it. */
  next: { reminder: AgendaReminder; days: number } | null;
  /** What renews from today to MONTH_AHEAD_DAYS ahead, each at its term's amount. */
  renewingSoon: number;
  /**
   * Every repeating amount annualised; one-off payments are not a yearly cost. A shared reminder
   * counts the reader's part only ('Your share'), never the whole bill for every member.
   */
  yearly: number;
  /** The household's shared reminders in full, a year of each; null when none is shared. */
  householdYearly: number | null;
}

export function agendaSummary(
  reminders: readonly AgendaReminder[],
  today: string,
  reader: SummaryReader = { me: null, members: [] },
): AgendaSummary {
  const ahead = reminders
    .filter((r) => r.renewal_date > today && countsDownTo(r) >= today)
    .sort(byDeadlineOn(today));
  const first = ahead[0];
  const pence = (pounds: number) => Math.round(pounds * 100);
  let soon = 0;
  let yearly = 0;
  let household: number | null = null;
  for (const r of reminders) {
    const shared = r.shared === true;
    if (shared) household ??= 0;
    if (r.amount === null) continue;
    const days = daysBetween(today, r.renewal_date);
    if (days >= 0 && days <= MONTH_AHEAD_DAYS) soon += pence(r.amount);
    const split = { shared, amount: r.amount, billing: r.billing, who_pays: r.who_pays ?? null };
    yearly += myYearlyPence(split, reader.me, reader.members);
    if (shared) household! += pence(yearlyAmount(r.amount, r.billing) ?? 0);
  }
  return {
    next: first ? { reminder: first, days: daysBetween(today, countsDownTo(first)) } : null,
    renewingSoon: soon / 100,
    yearly: yearly / 100,
    householdYearly: household === null ? null : household / 100,
  };
}
