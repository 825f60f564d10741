/**
 * UK action windows: the days, per category, on which acting on a renewal pays most (the cheapest
 * insurance quotes, a mortgage deal that can be locked in, no exit fees). They come in addition to
 * the spec's lead days, never instead of them. Each window has a date, a label and a named source;
 * docs/uk-renewal-rules.md records where each figure comes from and when it was checked.
 *
 * Pure: calendar arithmetic on YYYY-MM-DD dates in UTC (no zone), with luxon for months, whose
 * month-end rule keeps a date in its month (31 May minus 3 months is 28 or 29 February).
 */
import { DateTime } from 'luxon';
import type { Category } from './categories.ts';
import { vehicleDateOf, type KeptVehicle, type VehicleDate } from './vehicle.ts';
import { formatLongUkDate } from '../dates.ts';
import { lenderOf, type Lender } from './lenders.ts';
import type { DateKind } from './contract.ts';

export const WINDOW_KINDS = [
  'best_quotes',
  'lock_in_deal',
  'no_exit_fees',
  'end_of_fix_notice',
  'end_of_contract_notice',
  'early_mot',
] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

export interface WindowSource {
  name: string;
  url: string;
}

/** One window of a reminder's renewal. */
export interface ActionWindow {
  kind: WindowKind;
  /** The day it opens (YYYY-MM-DD). */
  date: string;
  /** Whole days from the window to the renewal. */
  daysBefore: number;
  /** What the day means, as the timeline shows it. */
  label: string;
  /** What to do, as a mail's subject ends: 'today is the best day to get quotes'. */
  action: string;
  /** The same, said after the day (a late mail), its date in words as the mails say dates. */
  lateAction: string;
  /** One more thing worth knowing on the day, or null. */
  tip: string | null;
  /** Good days either side of it, when the source names a range: earliest and latest. */
  range: { from: string; to: string } | null;
  source: WindowSource;
  /** The day to get quotes: its mail links the comparison sites of QUOTE_SITES. */
  compareQuotes: boolean;
}

/** What the windows need of a reminder. */
export interface WindowReminder {
  category: Category;
  renewal_date: string;
  act_by?: string | null;
  date_kind?: DateKind;
  lender?: Lender | null;
  /** Car Tax / MOT: which of the car's renewals it is, told as vehicleDateOf reads it. */
  vehicle_date?: VehicleDate | null;
  kept_vehicle?: Pick<KeptVehicle, 'follows'> | null;
  title?: string;
}

const utc = (date: string) => DateTime.fromISO(date, { zone: 'utc' });
const iso = (date: DateTime) => date.toISODate()!;
const daysBefore = (date: string, days: number) => iso(utc(date).minus({ days }));
const wholeDays = (from: string, to: string) => Math.round(utc(to).diff(utc(from), 'days').days);

export const SOURCES = {
  moneySavingExpert: { name: 'MoneySavingExpert', url: 'https://www.moneysavingexpert.com/' },
  lenders: {
    name: 'MoneySavingExpert: lenders’ product transfer windows',
    url: 'https://www.moneysavingexpert.com/news/2024/06/nationwide-and-santander-cut-how-early-you-can-lock-in-a-new-mor/',
  },
  ofgem: {
    name: 'Ofgem’s rules, as Which? explains them',
    url: 'https://www.which.co.uk/consumer-rights/advice/do-i-have-to-pay-an-exit-fee-when-switching-energy-suppliers',
  },
  ofcom: {
    name: 'Ofcom: end-of-contract notifications',
    url: 'https://www.ofcom.org.uk/consultations-and-statements/category-2/helping-consumers-get-better-deals',
  },
  mot: { name: 'GOV.UK: Getting an MOT', url: 'https://www.gov.uk/getting-an-mot' },
} as const satisfies Record<string, WindowSource>;

/**
 * Where to get quotes on the quote day: each comparison site's own car and home insurance pages
 * (the category does not tell car from home, so the mail gives both), and MoneySavingExpert's guides,
 * whose founder's figures the day comes from. docs/uk-renewal-rules.md cites them.
 */
export const QUOTE_SITES = {
  car: [
    { name: 'Compare the Market', url: 'https://www.comparethemarket.com/car-insurance/' },
    { name: 'Go.Compare', url: 'https://www.gocompare.com/car-insurance/' },
    { name: 'MoneySavingExpert’s guide', url: 'https://www.moneysavingexpert.com/insurance/car-insurance/' },
  ],
  home: [
    { name: 'Compare the Market', url: 'https://www.comparethemarket.com/home-insurance/' },
    { name: 'Go.Compare', url: 'https://www.gocompare.com/home-insurance/' },
    { name: 'MoneySavingExpert’s guide', url: 'https://www.moneysavingexpert.com/insurance/home-insurance/' },
  ],
} as const satisfies Record<'car' | 'home', readonly WindowSource[]>;

/** The insurance quote day and its good range, in days before the policy starts. */
export const BEST_QUOTE_DAYS = 26;
export const GOOD_QUOTE_DAYS = { from: 28, to: 18 } as const;
/** Energy: no exit fees in a fixed tariff's last 49 days; the end-of-fix notice comes 49 to 42 days before. */
export const NO_EXIT_FEE_DAYS = 49;
export const END_OF_FIX_NOTICE_DAYS = 42;
/** Broadband and mobile: the end-of-contract notice comes 40 to 10 days before the end. */
export const END_OF_CONTRACT_NOTICE_DAYS = 10;

/** A window as its rule gives it: its distance is counted after, and only the quote day compares quotes. */
type Rule = (
  renewal: string,
  reminder: WindowReminder,
) =>
  (Omit<ActionWindow, 'daysBefore' | 'compareQuotes'> & Partial<Pick<ActionWindow, 'compareQuotes'>>) | null;

const bestQuotes: Rule = (renewal) => {
  const date = daysBefore(renewal, BEST_QUOTE_DAYS);
  return {
    kind: 'best_quotes',
    date,
    label: 'Best time to get quotes',
    action: 'today is the best day to get quotes',
    lateAction: `the best day to get quotes was ${formatLongUkDate(date)}: get them now`,
    tip: `Quotes from ${GOOD_QUOTE_DAYS.to} to ${GOOD_QUOTE_DAYS.from} days before the renewal are usually close to the cheapest; on the day itself they can cost far more.`,
    range: {
      from: daysBefore(renewal, GOOD_QUOTE_DAYS.from),
      to: daysBefore(renewal, GOOD_QUOTE_DAYS.to),
    },
    source: SOURCES.moneySavingExpert,
    compareQuotes: true,
  };
};

const lockInDeal: Rule = (renewal, { lender }) => {
  const date = iso(utc(renewal).minus({ months: lenderOf(lender).monthsAhead }));
  return {
    kind: 'lock_in_deal',
    date,
    label: 'You can usually lock in a new deal from today',
    action: 'you can usually lock in a new deal from today',
    lateAction: `you could usually lock in a new deal from ${formatLongUkDate(date)}: do it now`,
    tip: 'Locking in a deal early usually still lets you switch to a cheaper one before it starts.',
    range: null,
    source: SOURCES.lenders,
  };
};

const noExitFees: Rule = (renewal) => {
  const date = daysBefore(renewal, NO_EXIT_FEE_DAYS);
  return {
    kind: 'no_exit_fees',
    date,
    label: 'No exit fees from today',
    action: 'no exit fees from today',
    lateAction: `no exit fees since ${formatLongUkDate(date)}: you can switch now`,
    tip: null,
    range: null,
    source: SOURCES.ofgem,
  };
};

const endOfFixNotice: Rule = (renewal) => {
  const date = daysBefore(renewal, END_OF_FIX_NOTICE_DAYS);
  return {
    kind: 'end_of_fix_notice',
    date,
    label: 'Your end-of-fix notice is due by now',
    action: 'your end-of-fix notice is due by now',
    lateAction: `your end-of-fix notice was due by ${formatLongUkDate(date)}`,
    tip: 'No notice yet? Ask your supplier for it: it lists their tariffs for when your fix ends.',
    range: null,
    source: SOURCES.ofgem,
  };
};

const endOfContractNotice: Rule = (renewal) => {
  const date = daysBefore(renewal, END_OF_CONTRACT_NOTICE_DAYS);
  return {
    kind: 'end_of_contract_notice',
    date,
    label: 'Your end-of-contract notice is due by now',
    action: 'your end-of-contract notice is due by now',
    lateAction: `your end-of-contract notice was due by ${formatLongUkDate(date)}`,
    tip: 'On a mobile contract, text INFO to 85075 for free to see when your contract ends and any fees for leaving.',
    range: null,
    source: SOURCES.ofcom,
  };
};

/**
 * An MOT up to a month minus a day before it runs out keeps the date: for 15 May, from 16 April. A
 * month back keeps to its month's end (31 March: 28 or 29 February), so the day after is always
 * within the rule, never a day too early. Only the car's MOT: its vehicle tax is another renewal,
 * and one that does not say which it is gets no MOT-specific day.
 */
const earlyMot: Rule = (renewal, reminder) => {
  if (vehicleDateOf(reminder) !== 'mot') return null;
  const date = iso(utc(renewal).minus({ months: 1 }).plus({ days: 1 }));
  return {
    kind: 'early_mot',
    date,
    label: 'You can take your MOT from today and keep your date',
    action: 'you can take your MOT from today and keep your date',
    lateAction: `you can take your MOT now and keep your date (from ${formatLongUkDate(date)})`,
    tip: 'Driving without a valid MOT can mean a fine of up to £1,000.',
    range: null,
    source: SOURCES.mot,
  };
};

/**
 * Each category's windows. Credit cards and subscriptions have none: no rule or dated figure we
 * could source gives them a day better than their own lead days; nor has a car's vehicle tax
 * (docs/uk-renewal-rules.md says what was looked for).
 */
export const WINDOW_RULES: Record<Category, readonly Rule[]> = {
  insurance: [bestQuotes],
  mortgage: [lockInDeal],
  utilities_energy: [noExitFees, endOfFixNotice],
  broadband_mobile: [endOfContractNotice],
  car_tax_mot: [earlyMot],
  credit_cards: [],
  subscriptions: [],
};

/**
 * A reminder's windows for its current renewal, earliest first: they follow the deal's end (or the
 * renewal), however it is paid. None for a rolling charge's next payment (a window is about a
 * contract's end, not each month's bill), and none after its act-by date: once the last
 * day to act has passed, a better day to act is no use.
 */
export function actionWindows(reminder: WindowReminder): ActionWindow[] {
  if (reminder.date_kind === 'next_payment') return [];
  const last = reminder.act_by ?? reminder.renewal_date;
  return WINDOW_RULES[reminder.category]
    .map((rule) => rule(reminder.renewal_date, reminder))
    .filter((window) => window !== null)
    .map((window) => ({
      ...window,
      compareQuotes: window.compareQuotes ?? false,
      daysBefore: wholeDays(window.date, reminder.renewal_date),
    }))
    .filter((window) => window.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The reminder's window of that kind and distance from the renewal, if it still has it. */
export function windowOf(
  reminder: WindowReminder,
  kind: WindowKind,
  daysBeforeRenewal: number,
): ActionWindow | undefined {
  return actionWindows(reminder).find((w) => w.kind === kind && w.daysBefore === daysBeforeRenewal);
}
