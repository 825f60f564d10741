/**
 * The dashboard's agenda: what needs the owner, grouped by when, and what it is worth. Order and
 * grouping use the deadline that matters (the act-by date when set, else the renewal), as the mails
 * count down to it. Pure, on the owner's local date.
 */
import { nextRenewalAfter, type Repeats } from './terms.ts';
import { yearlyAmount } from './money.ts';
import { countsDownTo, daysBetween } from './schedule.ts';

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
}

/** The groups, in the order shown; only those with items are shown. */
export const AGENDA_GROUPS = [
  { value: 'needs_answer', label: 'Needs your answer' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'This month' },
  { value: 'later', label: 'Later' },
] as const;
export type AgendaGroup = (typeof AGENDA_GROUPS)[number]['value'];

/** Days ahead that 'This week' and 'This month' reach, and the money summary's window. */
export const THIS_WEEK_DAYS = 7;
export const THIS_MONTH_DAYS = 30;

/**
 * Where a reminder belongs on `today`: a renewal due today or passed with no outcome yet needs an
 * answer (an outcome moves it on, a cancellation archives it), and so does one that must say when
 * its deal ends; otherwise by days to its deadline.
 */
export function agendaGroupOf(reminder: AgendaReminder, today: string): AgendaGroup {
  if (reminder.renewal_date <= today || reminder.ask_deal_end) return 'needs_answer';
  const days = daysBetween(today, countsDownTo(reminder));
  if (days <= THIS_WEEK_DAYS) return 'this_week';
  if (days <= THIS_MONTH_DAYS) return 'this_month';
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

/** Earliest deadline first, then the renewal, then the title. */
export function byDeadline(a: AgendaReminder, b: AgendaReminder): number {
  return (
    countsDownTo(a).localeCompare(countsDownTo(b)) ||
    a.renewal_date.localeCompare(b.renewal_date) ||
    a.title.localeCompare(b.title)
  );
}

/** The non-empty groups, in order, each sorted by deadline. */
export function agendaOf<R extends AgendaReminder>(
  reminders: readonly R[],
  today: string,
): { group: AgendaGroup; label: string; reminders: R[] }[] {
  return AGENDA_GROUPS.map(({ value, label }) => ({
    group: value,
    label,
    reminders: reminders.filter((r) => agendaGroupOf(r, today) === value).sort(byDeadline),
  })).filter((g) => g.reminders.length > 0);
}

export interface AgendaSummary {
  /** The next deadline still ahead (today included), and the days to it. */
  next: { reminder: AgendaReminder; days: number } | null;
  /** What renews from today to THIS_MONTH_DAYS ahead, each at its term's amount. */
  renewingSoon: number;
  /** Every repeating amount annualised; one-off payments are not a yearly cost. */
  yearly: number;
}

export function agendaSummary(reminders: readonly AgendaReminder[], today: string): AgendaSummary {
  const ahead = reminders.filter((r) => r.renewal_date > today && countsDownTo(r) >= today).sort(byDeadline);
  const first = ahead[0];
  const pence = (pounds: number) => Math.round(pounds * 100);
  let soon = 0;
  let yearly = 0;
  for (const r of reminders) {
    if (r.amount === null) continue;
    const days = daysBetween(today, r.renewal_date);
    if (days >= 0 && days <= THIS_MONTH_DAYS) soon += pence(r.amount);
    yearly += pence(yearlyAmount(r.amount, r.billing) ?? 0);
  }
  return {
    next: first ? { reminder: first, days: daysBetween(today, countsDownTo(first)) } : null,
    renewingSoon: soon / 100,
    yearly: yearly / 100,
  };
}
