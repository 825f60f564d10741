/**
 * The facts 'What to say' fills its scripts and messages with (rights/scripts.ts): the reminder's
 * provider, its date in words with its verb, what is paid, the renewal offer and the cheapest quote
 * from the quote notebook, each as words. A fact we do not know is a bracketed prompt for the user
 * to fill in ('[your account number]'), so no script ever says 'null', 'undefined' or '£NaN'. Pure.
 */
import type { Category } from '../reminder/categories.ts';
import type { Quote, Reminder } from '../api.ts';
import { formatLongUkDate } from '../dates.ts';
import { dateVerb } from '../reminder/contract.ts';
import { amountWithPeriod } from '../reminder/money.ts';
import { baselineOf, cheapestQuote } from '../reminder/quotes.ts';
import { actionWindows } from '../reminder/windows.ts';
import { vehicleDateOf } from '../vehicles.ts';
import { PRICE_CAP_DAYS } from './rules.ts';

/** What the scripts need of a reminder. */
export type ScriptReminder = Pick<
  Reminder,
  'title' | 'provider' | 'category' | 'renewal_date' | 'amount' | 'billing' | 'date_kind'
> &
  Partial<Pick<Reminder, 'kept_vehicle' | 'vehicle_date'>>;

/** What the scripts need of a quote. */
export type ScriptQuote = Pick<Quote, 'provider' | 'price' | 'renewal_offer' | 'quoted_on' | 'created_at'>;

/** The facts as words, every one filled (a prompt in brackets when unknown). */
export interface Facts {
  /** 'Aviva', or '[your provider]'. */
  provider: string;
  /** The reminder's title: 'Home insurance'. */
  what: string;
  /** In words: 'Thursday 14 March 2030'. */
  date: string;
  /** With its verb: 'renews on Thursday 14 March 2030', 'ends on …', 'is due on …'. */
  dated: string;
  /** What is paid now, with its period: '£420.50/yr', or a prompt. */
  price: string;
  /** The renewal offer noted in the quote notebook, or a prompt to copy it from the renewal notice. */
  renewalPrice: string;
  /** The cheapest quote noted: 'Admiral at £380.00/yr'; null when none is. */
  quote: string | null;
  /** The reference a letter gives: '[your policy number]', '[your account number]'. */
  reference: string;
  /** A car's registration, kept or a prompt. */
  registration: string;
}

/** A value, or the prompt the user fills in when it is empty or unknown. */
export const filled = (value: string | null | undefined, prompt: string): string =>
  value?.trim() ? value.trim() : `[${prompt}]`;

const REFERENCE: Record<Category, string> = {
  insurance: 'your policy number',
  mortgage: 'your mortgage account number',
  credit_cards: 'the last four digits of your card',
  utilities_energy: 'your account number',
  broadband_mobile: 'your account number',
  subscriptions: 'the e-mail address of your account',
  car_tax_mot: 'your registration',
};

export function factsOf(reminder: ScriptReminder, quotes: readonly ScriptQuote[]): Facts {
  const price = (amount: number) => amountWithPeriod(amount, reminder.billing);
  const date = formatLongUkDate(reminder.renewal_date);
  const offer = baselineOf(reminder.amount, quotes);
  const cheapest = cheapestQuote(quotes);
  return {
    provider: filled(reminder.provider, 'your provider'),
    what: filled(reminder.title, 'what it is'),
    date,
    dated: `${dateVerb(reminder)} on ${date}`,
    price: reminder.amount === null ? '[what you pay now]' : price(reminder.amount),
    renewalPrice:
      offer?.source === 'renewal_offer' ? price(offer.price) : '[the price in your renewal notice]',
    quote: cheapest ? `${filled(cheapest.provider, 'the other provider')} at ${price(cheapest.price)}` : null,
    reference: `[${REFERENCE[reminder.category]}]`,
    registration: filled(reminder.kept_vehicle?.registration, 'your registration'),
  };
}

/** The day the price cap next changes on or after `date` (YYYY-MM-DD): a quarter's first day. */
export function nextPriceCapChange(date: string): string {
  const year = Number(date.slice(0, 4));
  const days = [year, year + 1].flatMap((y) => PRICE_CAP_DAYS.map((md) => `${y}-${md}`));
  return days.find((day) => day >= date) ?? days[days.length - 1]!;
}

/**
 * The first day an MOT keeps the car's renewal date, as its action window gives it (a month minus
 * a day before), whatever the reminder's act-by date; null when the reminder is the car's tax.
 */
export function earliestMotDay(reminder: ScriptReminder): string | null {
  if (vehicleDateOf(reminder) === 'tax') return null;
  const [mot] = actionWindows({ ...reminder, act_by: null, vehicle_date: 'mot' });
  return mot?.date ?? null;
}
