/**
 * The notice watchdog. In three categories the provider must send a notice before the contract
 * ends: a broadband, mobile or pay TV provider its end-of-contract notice (Ofcom), an energy
 * supplier its end-of-fix notice (Ofgem), an insurer its renewal notice (the FCA). Once the last day
 * that notice could lawfully come has passed, the dashboard asks whether it came, and the answer is
 * kept with the term it is about (`notice_answer`, for one renewal, as the renewal offer is): a new
 * renewal date, an outcome or the job's roll forward leaves it behind, and the ended term keeps it
 * in the history. docs/uk-renewal-rules.md names each rule's source. Pure.
 */
import type { Category } from './categories.ts';
import type { DateKind } from './contract.ts';
import { addDays, ROLL_AFTER_DAYS } from './schedule.ts';
import { END_OF_CONTRACT_NOTICE_DAYS, END_OF_FIX_NOTICE_DAYS } from './windows.ts';

/**
 * Insurance: ICOBS 6.5.1R asks for the renewal notice "in good time before the renewal"; 21 days is
 * the day we hold insurers to (the figure the rule before it named; docs/uk-renewal-rules.md).
 */
export const INSURANCE_RENEWAL_NOTICE_DAYS = 21;

/** A category's notice: the last day before the end it must have come by, and who sets that. */
export interface NoticeRule {
  daysBefore: number;
  by: 'Ofcom' | 'Ofgem' | 'FCA';
}

/** The categories with a notice rule, each fact defined once (the windows share the first two). */
export const NOTICE_RULES: Partial<Record<Category, NoticeRule>> = {
  broadband_mobile: { daysBefore: END_OF_CONTRACT_NOTICE_DAYS, by: 'Ofcom' },
  utilities_energy: { daysBefore: END_OF_FIX_NOTICE_DAYS, by: 'Ofgem' },
  insurance: { daysBefore: INSURANCE_RENEWAL_NOTICE_DAYS, by: 'FCA' },
};

/** The three answers, in the order offered: their values are the API's closed list. */
export const NOTICE_ANSWERS = [
  { value: 'yes', label: 'Yes' },
  { value: 'yes_with_letter', label: 'Yes, and here it is' },
  { value: 'no', label: 'No' },
] as const;
export type NoticeAnswerValue = (typeof NOTICE_ANSWERS)[number]['value'];
export const NOTICE_ANSWER_VALUES = NOTICE_ANSWERS.map((a) => a.value) as [
  NoticeAnswerValue,
  ...NoticeAnswerValue[],
];

/** The answer a reminder keeps: for its renewal on `renewal_date` only; who gave it in a household. */
export interface NoticeAnswer {
  answer: NoticeAnswerValue;
  renewal_date: string;
  answered_at: string;
  /** A shared reminder's: the member who answered (a membership id); null for an own reminder. */
  answered_by: string | null;
}

/** What the watchdog's timing needs of a reminder. */
export interface WatchedReminder {
  category: string;
  renewal_date: string;
  date_kind?: DateKind;
  ask_deal_end?: boolean;
  archived_at?: string | null;
  notice_answer?: NoticeAnswer | null;
}

const ruleOf = (category: string): NoticeRule | undefined =>
  (NOTICE_RULES as Record<string, NoticeRule | undefined>)[category];

/**
 * The day the notice should have come by: the latest day the rule allows, before the contract's
 * end. Null when the category has no notice rule, or the reminder has no known end: a rolling
 * payment's date is a charge, and one saved before the date's kind was asked holds a monthly payment
 * until the user says when the deal ends.
 */
export function noticeDueDate(reminder: WatchedReminder): string | null {
  const rule = ruleOf(reminder.category);
  if (!rule || reminder.date_kind === 'next_payment' || reminder.ask_deal_end) return null;
  return addDays(reminder.renewal_date, -rule.daysBefore);
}

/** The answer given for the reminder's current renewal; null when none (or one for an earlier renewal). */
export const currentNoticeAnswer = (reminder: WatchedReminder): NoticeAnswer | null =>
  reminder.notice_answer?.renewal_date === reminder.renewal_date ? reminder.notice_answer : null;

/**
 * Whether the dashboard asks about the notice on `today` (the owner's local date): from the day it
 * was due, while nobody has answered for this renewal and the term is still this one. A repeating
 * term rolls on ROLL_AFTER_DAYS after its end; a deal that does not roll by itself stops asking then
 * too, as a notice about a contract that ended weeks ago is no longer worth a question.
 */
export function noticeQuestionDue(reminder: WatchedReminder, today: string): boolean {
  const due = noticeDueDate(reminder);
  if (due === null || reminder.archived_at) return false;
  if (today < due || today > addDays(reminder.renewal_date, ROLL_AFTER_DAYS)) return false;
  return currentNoticeAnswer(reminder) === null;
}

/** Whom the copy names. */
interface Named {
  provider: string;
  title: string;
}

/** Whom the copy names: the provider, or the title for one saved without a provider. */
export const noticeProvider = (reminder: Named): string => reminder.provider.trim() || reminder.title;

/** The question, word for word. */
export const noticeQuestion = (reminder: Named): string =>
  `Did ${noticeProvider(reminder)} send your end-of-contract notice?`;

/** What the reminder page says of an answer given: by `who` ('You', or a household member's name). */
export function noticeAnswerLine(reminder: Named, answer: NoticeAnswerValue, who = 'You'): string {
  const provider = noticeProvider(reminder);
  return answer === 'no'
    ? `${who} told us ${provider} didn’t send the notice`
    : `${who} told us ${provider} sent the notice`;
}

/** An answer as a finished term's history says it. */
export const NOTICE_HISTORY_WORDS: Record<NoticeAnswerValue, string> = {
  yes: 'notice received',
  yes_with_letter: 'notice received',
  no: 'no notice sent',
};
