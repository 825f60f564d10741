/**
 * 'This week': what to do now, from the reminders' action windows and the answers they need, each
 * with its day and what to do. A window's action counts from its day until a week after it (a good
 * day to act is still a good week), while its deadline (the act-by date, else the renewal) is ahead,
 * and until the owner marks it done for that renewal. Pure, on the owner's local date.
 */
import * as z from 'zod';
import { DATE_PASSED_QUESTION, isLongPast } from './agenda.ts';
import { DEAL_END_QUESTION, type DateKind } from './contract.ts';
import type { Repeats } from './terms.ts';
import { addDays, countsDownTo } from './schedule.ts';
import type { Lender } from './lenders.ts';
import { actionWindows, WINDOW_KINDS, type WindowKind } from './windows.ts';
import { currentNoticeAnswer, noticeQuestionDue, type NoticeAnswer } from './noticeWatch.ts';
import { nextRiseDay, priceRiseLine, RISE_REMINDER_DAY, type PriceRise } from './priceRise.ts';
import type { Category } from './categories.ts';

/** Days ahead an action shows from, and days it stays after its day. */
export const ACTIONS_AHEAD_DAYS = 7;
export const ACTIONS_KEPT_DAYS = 7;

/** What the actions need of a reminder. */
export interface ActionableReminder {
  id: string;
  title: string;
  category: Category;
  renewal_date: string;
  act_by: string | null;
  date_kind: DateKind;
  repeats: Repeats;
  action_windows: boolean;
  lender: Lender | null;
  ask_deal_end: boolean;
  archived_at: string | null;
  /** The windows marked done, as `actionDoneKey` writes them. */
  actions_done: readonly string[];
  /** 'Did {provider} send your end-of-contract notice?' answered: its window's check is done. */
  notice_answer?: NoticeAnswer | null;
  /** 'Price rises in April', with what is paid: said on 1 March (priceRise.ts). */
  price_rise?: PriceRise | null;
  amount?: number | null;
  billing?: Repeats;
}

/**
 * The windows that ask the user to check a notice came: from their day 'Needs your answer' asks the
 * notice question instead (noticeWatch.ts), and an answer does them.
 */
const NOTICE_WINDOWS: readonly WindowKind[] = ['end_of_fix_notice', 'end_of_contract_notice'];

export type ActionKind = WindowKind | 'deal_end' | 'outcome' | 'date_passed' | 'april_rise';

export interface DueAction {
  reminderId: string;
  title: string;
  kind: ActionKind;
  /** The day it is about: the window's day, or the renewal for an answer. */
  date: string;
  /** What to do: 'Get quotes: …', 'When does your deal end?'. */
  what: string;
  /** A window can be marked done; an answer is done by answering. */
  canMarkDone: boolean;
}

/** What to do in each window, as a to-do list says it. */
export const WINDOW_TODO: Record<WindowKind, string> = {
  best_quotes: 'Get quotes: today and the days around it are usually the cheapest',
  lock_in_deal: 'Lock in a new deal: your lender usually lets you from this day',
  no_exit_fees: 'Switch with no exit fees: from this day you can leave your fix for free',
  end_of_fix_notice: 'Check your end-of-fix notice: your supplier must send it by this day',
  end_of_contract_notice: 'Check your end-of-contract notice: your provider must send it by this day',
  early_mot: 'Book your MOT: from this day you can take it and keep your date',
};

/**
 * The most marks a reminder keeps: each is a window kind of one renewal, and a roll forward or a new
 * date drops the earlier renewal's, so a handful at most; the bound is for a hostile item.
 */
export const ACTIONS_DONE_MAX = 24;

/** 'Done' as the API takes it: one window kind, from the closed list. */
export const actionDoneSchema = z.object({
  kind: z.enum(WINDOW_KINDS, { error: 'Choose an action from the list' }),
});

/** The key a window marked done is kept under: its kind, for this renewal only. */
export const actionDoneKey = (renewalDate: string, kind: WindowKind) => `${renewalDate}#${kind}`;

/** The marks still true once a reminder renews on `renewalDate` (earlier renewals' are dropped). */
export const doneFor = (done: readonly string[], renewalDate: string) =>
  done.filter((key) => key.startsWith(`${renewalDate}#`));

export const isWindowKind = (kind: string): kind is WindowKind =>
  (WINDOW_KINDS as readonly string[]).includes(kind);

/**
 * 'Your price rises on 1 April. From April: …' from 1 March, a month before, for a week as a
 * window's action stays: nothing to mark done, the reminder's page has the figures.
 */
function aprilRise(reminder: ActionableReminder, today: string): DueAction | null {
  const line = priceRiseLine(
    {
      amount: reminder.amount ?? null,
      billing: reminder.billing ?? 'none',
      price_rise: reminder.price_rise ?? null,
    },
    today,
  );
  const day = `${nextRiseDay(today).slice(0, 4)}-${RISE_REMINDER_DAY}`;
  if (line === null || today < day || today > addDays(day, ACTIONS_KEPT_DAYS)) return null;
  return {
    reminderId: reminder.id,
    title: reminder.title,
    kind: 'april_rise',
    date: day,
    what: `Your price rises on 1 April. ${line}`,
    canMarkDone: false,
  };
}

/** Every action due on `today` across the reminders, soonest first. */
export function actionsDue(reminders: readonly ActionableReminder[], today: string): DueAction[] {
  const actions: DueAction[] = [];
  for (const reminder of reminders) {
    if (reminder.archived_at !== null) continue;
    if (reminder.renewal_date <= today) {
      const passed = isLongPast(reminder, today);
      actions.push({
        reminderId: reminder.id,
        title: reminder.title,
        kind: passed ? 'date_passed' : 'outcome',
        date: reminder.renewal_date,
        what: passed ? DATE_PASSED_QUESTION : 'How did it go? Tell us what you did',
        canMarkDone: false,
      });
      continue;
    }
    if (reminder.ask_deal_end) {
      actions.push({
        reminderId: reminder.id,
        title: reminder.title,
        kind: 'deal_end',
        date: today,
        what: DEAL_END_QUESTION,
        canMarkDone: false,
      });
    }
    const rise = aprilRise(reminder, today);
    if (rise) actions.push(rise);
    if (!reminder.action_windows || countsDownTo(reminder) < today) continue;
    for (const window of actionWindows(reminder)) {
      const showing = window.date <= addDays(today, ACTIONS_AHEAD_DAYS);
      const kept = window.date >= addDays(today, -ACTIONS_KEPT_DAYS);
      const done =
        reminder.actions_done.includes(actionDoneKey(reminder.renewal_date, window.kind)) ||
        (NOTICE_WINDOWS.includes(window.kind) &&
          (currentNoticeAnswer(reminder) !== null || noticeQuestionDue(reminder, today)));
      if (!showing || !kept || done) continue;
      actions.push({
        reminderId: reminder.id,
        title: reminder.title,
        kind: window.kind,
        date: window.date,
        what: WINDOW_TODO[window.kind],
        canMarkDone: true,
      });
    }
  }
  return actions.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
}
