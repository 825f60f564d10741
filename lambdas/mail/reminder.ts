/**
 * The reminder mail: what it says of one renewal, as strings, filled into the template compiled at
 * build time (templates/reminder.tsx is the React Email source, plans/reminder.ts its plans).
 */
import { offerLine } from '../../shared/reminder/priceMemory.ts';
import { inRiseMonth, priceRiseLine } from '../../shared/reminder/priceRise.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { isRealDate } from '../../shared/reminder/realDate.ts';
import { categoryLabel, type Category } from '../../shared/reminder/categories.ts';
import { dateVerb } from '../../shared/reminder/contract.ts';
import { formatLongUkDate, formatPounds } from '../../shared/dates.ts';
import { rightsLine } from '../../shared/rights/mail.ts';
import type { Reminder } from '../../shared/api.ts';
import { prebuiltTemplate } from './fill.ts';
import { renewalFooter } from './footer.ts';
import { greetingName } from './greeting.ts';
import { withProvider } from './naming.ts';
import {
  costSentence,
  peopleSentence,
  quoteSentence,
  sentences,
  type PeopleOf,
  type Personal,
} from './personal.ts';
import plans from './plans/reminder.ts';

/** What to do now, per category: the call to action of the reminder mail. */
const CALL_TO_ACTION: Record<Category, string> = {
  mortgage:
    'Start remortgaging now: compare rates with a broker or your lender before your deal ends and you move onto the standard variable rate.',
  // Not 'higher than the same insurer offers new customers': for home and motor cover the FCA's
  // pricing rules forbid that (shared/rights/rules.ts).
  insurance: 'Compare quotes now: another insurer may beat your renewal price.',
  credit_cards:
    'Compare deals now: when the promotional rate ends, a balance transfer card can keep your interest at 0%.',
  utilities_energy:
    'Compare deals now: fixed tariffs can cost less than rolling onto the standard variable tariff.',
  broadband_mobile: 'Compare deals now: out-of-contract customers often pay far more for the same service.',
  subscriptions: "Decide now: keep it, switch plans, or cancel before you're charged again.",
  car_tax_mot: 'Book now: driving without valid tax or MOT can mean fines and invalid insurance.',
};

export function daysLeftPhrase(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  return `in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/**
 * What a reminder mail says of its reminder; the contract terms and a shared reminder's people are
 * optional (older callers, tests).
 */
export type MailedReminder = Pick<Reminder, 'title' | 'provider' | 'category' | 'renewal_date' | 'amount'> &
  Partial<
    Pick<
      Reminder,
      'act_by' | 'auto_renew' | 'last_term_amount' | 'billing' | 'date_kind' | 'renewal_offer' | 'price_rise'
    >
  > &
  PeopleOf;

export interface ReminderMailProps extends Personal {
  firstName: string;
  reminder: MailedReminder;
  /** Days left to the act-by date when the reminder has one, else to the renewal. */
  daysLeft: number;
  dashboardUrl: string;
  /** The renewal as a calendar event (a signed .ics link: no sign-in needed). */
  calendarUrl: string;
  unsubscribeUrl: string;
}

export function reminderSubject({
  reminder,
  daysLeft,
}: Pick<ReminderMailProps, 'reminder' | 'daysLeft'>): string {
  const named = `your ${reminder.title}${withProvider(reminder.title, reminder.provider)}`;
  const what = `Your ${reminder.title}${withProvider(reminder.title, reminder.provider)}`;
  if (reminder.act_by)
    return daysLeft === 0
      ? `Today is the last day to act on ${named}`
      : `Act on ${named} ${daysLeftPhrase(daysLeft)} (by ${formatLongUkDate(reminder.act_by)})`;
  const verb = dateVerb(reminder);
  return daysLeft === 0
    ? `${what} ${verb} today`
    : `${what} ${verb} ${daysLeftPhrase(daysLeft)} (${formatLongUkDate(reminder.renewal_date)})`;
}

/** The heading: what happens when, counted to the act-by date when there is one. */
function headline(reminder: MailedReminder, daysLeft: number): string {
  return reminder.act_by
    ? `Act on your ${reminder.title} ${daysLeftPhrase(daysLeft)}`
    : `Your ${reminder.title} ${dateVerb(reminder)} ${daysLeftPhrase(daysLeft)}`;
}

/** The heading's words without 'your', for a line of the day's push: 'Netflix renews in 1 day'. */
export function reminderLine(reminder: MailedReminder, daysLeft: number): string {
  return reminder.act_by
    ? `Act on ${reminder.title} ${daysLeftPhrase(daysLeft)}`
    : `${reminder.title} ${dateVerb(reminder)} ${daysLeftPhrase(daysLeft)}`;
}

/** 'Renewal offer £612.34/yr, up 23% on last year's £498.10/yr.' when the provider's offer is noted. */
function offerSentence(reminder: MailedReminder): string | null {
  if (!reminder.renewal_offer) return null;
  const line = offerLine({
    ...reminder,
    billing: reminder.billing ?? 'none',
    renewal_offer: reminder.renewal_offer,
  });
  return line && `${line}.`;
}

/**
 * In the month before April's price rise (shared/reminder/priceRise.ts), a phone, broadband or pay TV
 * contract's price from then: 'Your price rises on 1 April. From April: £31.49 a month (CPI + 3.9%).'
 * The day the mail goes is the one its days left count from (to the act-by date, else the renewal).
 */
function riseSentence(reminder: MailedReminder, daysLeft: number): string | null {
  const countsTo = reminder.act_by ?? reminder.renewal_date;
  if (!reminder.price_rise || !isRealDate(countsTo)) return null;
  const today = addDays(countsTo, -daysLeft);
  if (!inRiseMonth(today)) return null;
  const line = priceRiseLine(
    { amount: reminder.amount, billing: reminder.billing ?? 'none', price_rise: reminder.price_rise },
    today,
  );
  return line && `Your price rises on 1 April. ${line}.`;
}

/**
 * The contract's terms in words, or null when it has none to state: the last day to act, what the
 * last term cost, the provider's renewal offer against the price now, April's price rise in the
 * month before it, and what doing nothing means for a contract that renews by itself.
 */
function termsSentence(reminder: MailedReminder, daysLeft: number): string | null {
  return sentences(
    reminder.act_by ? `The last day to act is ${formatLongUkDate(reminder.act_by)}.` : null,
    reminder.last_term_amount != null
      ? `Last term you paid ${formatPounds(reminder.last_term_amount)}.`
      : null,
    offerSentence(reminder),
    riseSentence(reminder, daysLeft),
    reminder.auto_renew
      ? 'It renews automatically: if you do nothing, you will pay the renewal price.'
      : null,
  );
}

/**
 * One renewal's reminder as the strings it shows (the single mail and a digest section share it). A
 * compiled template holds a token in each, so every per-mail value must be one of these strings.
 */
export type ReminderText = {
  title: string;
  /** 'Your Home insurance renews in 7 days', or 'Act on your … in 7 days' with an act-by date. */
  headline: string;
  categoryLabel: string;
  /** 'Home insurance with Aviva': the provider left out when it is the title itself. */
  named: string;
  /** In words: 'Thursday 7 January 2027'. */
  renewalDate: string;
  /** What the date is, with it: 'renews on Thursday 1 April 2027', 'ends on …', 'is due on …'. */
  dateWords: string;
  /**
   * The sentences after the date, or null when there are none: a shared reminder's people, its price
   * ('You told us it costs £10.99/month.', or who gave it) and its terms (termsSentence). One field,
   * so the template has one shape for any of them.
   */
  facts: string | null;
  /** The cheapest quote noted for this renewal and its saving, or null when none is noted. */
  quote: string | null;
  /**
   * What to do now, for the category, and on the days it has one the category's rights line
   * (shared/rights/mail.ts): one paragraph, as a block of its own would double the compiled shapes.
   */
  callToAction: string;
  /** The button's link. */
  url: string;
  /** 'Add to calendar': the renewal's .ics. */
  calendarUrl: string;
};

export function reminderText(
  reminder: MailedReminder,
  daysLeft: number,
  url: string,
  calendarUrl: string,
  { quote, member }: Personal = {},
): ReminderText {
  return {
    title: reminder.title,
    headline: headline(reminder, daysLeft),
    categoryLabel: categoryLabel(reminder.category),
    named: `${reminder.title}${withProvider(reminder.title, reminder.provider)}`,
    renewalDate: formatLongUkDate(reminder.renewal_date),
    dateWords: `${dateVerb(reminder)} on ${formatLongUkDate(reminder.renewal_date)}`,
    facts: sentences(
      peopleSentence(reminder, member),
      costSentence(reminder, member),
      termsSentence(reminder, daysLeft),
    ),
    quote: quote ? quoteSentence(quote, reminder.amount, reminder.billing) : null,
    callToAction: [CALL_TO_ACTION[reminder.category], rightsLine(reminder, 'reminder')]
      .filter((line) => line !== null)
      .join(' '),
    url,
    calendarUrl,
  };
}

export type ReminderView = {
  preview: string;
  fields: ReminderText & { firstName: string; unsubscribeUrl: string; footer: string };
};

export function reminderView(props: ReminderMailProps): ReminderView {
  return {
    preview: reminderSubject(props),
    fields: {
      ...reminderText(props.reminder, props.daysLeft, props.dashboardUrl, props.calendarUrl, props),
      firstName: greetingName(props.firstName),
      unsubscribeUrl: props.unsubscribeUrl,
      footer: renewalFooter(props.reminder),
    },
  };
}

const template = prebuiltTemplate<ReminderView>(plans);

/** The reminder mail, filled into the template compiled for its shape. */
export async function renderReminderMail(props: ReminderMailProps) {
  return { subject: reminderSubject(props), ...(await template.render(reminderView(props))) };
}
