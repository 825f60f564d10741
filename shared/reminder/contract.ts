/**
 * A reminder's two facts, apart: how the user pays (`billing`, with the amount per payment) and what
 * its date is (`date_kind`): the end of a deal, a term that renews, or the next charge of a rolling
 * payment with no end. A mortgage deal is paid monthly and ends once, after years: the mails belong
 * to that end, however it is paid. Only a rolling charge with no end (Netflix monthly) gets one mail
 * before each charge. Pure; docs/product.md explains the model with an example per category.
 *
 * `repeats` (terms.ts) follows from the two: a deal that ends does not repeat (its next deal is the
 * user's to choose), a rolling charge repeats as it is paid, and a renewal repeats by its own term
 * (an insurance policy renews yearly, paid monthly or not).
 */
import { leadDaysFor, type Category } from './categories.ts';
import type { Repeats } from './terms.ts';

/** What the date is, in the order the dialog offers them, with the date field's label for each. */
export const DATE_KINDS = [
  { value: 'deal_end', label: 'Deal ends', choice: 'It ends on a date' },
  { value: 'renewal', label: 'Renews on', choice: 'It renews' },
  { value: 'next_payment', label: 'Next payment', choice: 'Rolling, no end date' },
] as const;
export type DateKind = (typeof DATE_KINDS)[number]['value'];
export const DATE_KIND_VALUES = DATE_KINDS.map((k) => k.value) as [DateKind, ...DateKind[]];

/** A date kind as a file may say it: its value ('deal_end') or its label ('Deal ends'). */
export function dateKindNamed(text: string): DateKind | null {
  const wanted = text.trim().toLowerCase();
  return DATE_KINDS.find((k) => k.value === wanted || k.label.toLowerCase() === wanted)?.value ?? null;
}

/** The date field's label: 'Deal ends', 'Renews on' or 'Next payment'. */
export const dateLabel = (kind: DateKind): string => DATE_KINDS.find((k) => k.value === kind)!.label;

/** The question a reminder saved before its date's kind was asked shows under 'Needs your answer'. */
export const DEAL_END_QUESTION = 'When does your deal end?';

/** The two facts and the term they give. */
export interface Contract {
  billing: Repeats;
  date_kind: DateKind;
  repeats: Repeats;
}

/**
 * A new reminder's contract by category. A mortgage deal, an energy fix, a broadband or mobile
 * contract and a card's promotional rate are paid monthly and end once; insurance and car tax or
 * MOT renew yearly; a subscription is a rolling monthly charge.
 */
export const DEFAULT_CONTRACT: Record<Category, Contract> = {
  mortgage: { billing: 'monthly', date_kind: 'deal_end', repeats: 'none' },
  utilities_energy: { billing: 'monthly', date_kind: 'deal_end', repeats: 'none' },
  broadband_mobile: { billing: 'monthly', date_kind: 'deal_end', repeats: 'none' },
  credit_cards: { billing: 'monthly', date_kind: 'deal_end', repeats: 'none' },
  insurance: { billing: 'yearly', date_kind: 'renewal', repeats: 'yearly' },
  car_tax_mot: { billing: 'yearly', date_kind: 'renewal', repeats: 'yearly' },
  subscriptions: { billing: 'monthly', date_kind: 'next_payment', repeats: 'monthly' },
};

/** The categories whose date is, by default, a deal that ends. */
export const DEAL_CATEGORIES = (Object.keys(DEFAULT_CONTRACT) as Category[]).filter(
  (c) => DEFAULT_CONTRACT[c].date_kind === 'deal_end',
);

/** Terms a renewal may have: a year or longer when paid so, else the category's usual term. */
const LONG_TERMS: readonly Repeats[] = ['yearly', 'two_yearly', 'three_yearly', 'five_yearly'];

/**
 * The term of a date of `kind`: none for a deal that ends, the payment's own for a rolling charge,
 * and for a renewal the term asked (`term`; 'none' for one that does not repeat), else the payment's
 * when it is a year or more, else a year.
 */
export function termOf(kind: DateKind, billing: Repeats, term?: Repeats | null): Repeats {
  if (kind === 'deal_end') return 'none';
  if (kind === 'next_payment') return billing;
  // An explicit 'none' is a renewal that does not repeat (one saved so before the two facts).
  if (term) return term;
  return LONG_TERMS.includes(billing) ? billing : 'yearly';
}

/**
 * A contract from what a form or a file says, the category's defaults filling the rest: how it is
 * paid, what the date is and, for a renewal, its term.
 */
export function contractOf(
  category: Category,
  given: { billing?: Repeats | null; date_kind?: DateKind | null; repeats?: Repeats | null },
): Contract {
  const defaults = DEFAULT_CONTRACT[category];
  const billing = given.billing ?? defaults.billing;
  let kind = given.date_kind ?? defaults.date_kind;
  // A one-off payment has no next charge: its date is a deal's end or a renewal.
  if (kind === 'next_payment' && billing === 'none') kind = 'deal_end';
  return { billing, date_kind: kind, repeats: termOf(kind, billing, given.repeats) };
}

/**
 * How a reminder saved before the two facts were apart reads. Its `repeats` was 'How often do you
 * pay?', which the schedule took as the term: so it is how it is paid, and its date kept the meaning
 * it was given (no repeat: a deal's end in a deal category, else a renewal that does not repeat;
 * monthly: a rolling charge; longer: a renewal). A monthly
 * one in a deal category is the case that rule cut down (a mortgage paid monthly got one mail before
 * each month): it keeps its date and its behaviour, and asks the user when the deal ends.
 */
export function legacyContract(category: Category, repeats: Repeats): Contract & { ask_deal_end: boolean } {
  // A one-off date was a deal's end in a deal category, and a renewal (of no known term) otherwise.
  const oneOff: DateKind = DEAL_CATEGORIES.includes(category) ? 'deal_end' : 'renewal';
  const kind: DateKind = repeats === 'none' ? oneOff : repeats === 'monthly' ? 'next_payment' : 'renewal';
  return {
    billing: repeats,
    date_kind: kind,
    repeats,
    ask_deal_end: kind === 'next_payment' && DEAL_CATEGORIES.includes(category),
  };
}

/**
 * The lead days of a rolling charge: one mail 3 days before each charge (in that morning's digest).
 * A category's intervals suit a deal's end or a yearly renewal; before each month's bill they would
 * mail four or five times a month about the same £10 (docs/product.md, 'Rolling charges').
 */
export const ROLLING_LEAD_DAYS: readonly number[] = [3];

/**
 * A reminder's lead days: its own when the owner chose them, else a rolling charge's, else its
 * category's, whatever way it is paid. The one place this rule lives.
 */
export function leadDaysOf(reminder: {
  category: Category;
  lead_days?: readonly number[] | null;
  date_kind?: DateKind;
}): readonly number[] {
  if (reminder.lead_days) return reminder.lead_days;
  return reminder.date_kind === 'next_payment' ? ROLLING_LEAD_DAYS : leadDaysFor(reminder.category);
}

/** The verb of a date when the category alone must tell (a caller that knows no date kind). */
const VERB_BY_CATEGORY: Record<Category, string> = {
  mortgage: 'ends',
  insurance: 'renews',
  credit_cards: 'ends',
  utilities_energy: 'renews',
  broadband_mobile: 'renews',
  subscriptions: 'renews',
  car_tax_mot: 'is due',
};

/**
 * What the date is, in a sentence: a mortgage, energy, broadband or card deal 'ends', a term
 * 'renews', car tax and MOT 'is due'. The mails, the push line and the calendar feed say it so.
 */
export function dateVerb(reminder: { category: Category; date_kind?: DateKind }): string {
  if (reminder.category === 'car_tax_mot' || reminder.date_kind === undefined)
    return VERB_BY_CATEGORY[reminder.category];
  return reminder.date_kind === 'deal_end' && DEAL_CATEGORIES.includes(reminder.category) ? 'ends' : 'renews';
}

/** 'Rolling monthly, no end date': the rolling choice, said for how it is paid. */
export function rollingChoice(billing: Repeats): string {
  const words: Partial<Record<Repeats, string>> = {
    weekly: 'weekly',
    monthly: 'monthly',
    quarterly: 'every 3 months',
    half_yearly: 'every 6 months',
    yearly: 'yearly',
  };
  return `Rolling ${words[billing] ?? 'by payment'}, no end date`;
}
