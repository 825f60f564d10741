/**
 * The reminder dialog's form values: a new reminder's (its category's defaults, with anything already
 * known over them) and an existing reminder's, as the fields show them.
 */
import { SPLIT_EQUALLY, whoPaysToForm } from '#shared/reminder/split.ts';
import type { Reminder } from '#shared/api.ts';
import { DEFAULT_CATEGORY, type Category } from '#shared/reminder/categories.ts';
import { todayIn } from '#shared/dates.ts';
import { isLongPast } from '#shared/reminder/agenda.ts';
import { leadDaysToText, type ReminderFormValues } from '#shared/schemas/reminder.ts';
import { DEFAULT_CONTRACT, leadDaysOf, type DateKind } from '#shared/reminder/contract.ts';
import { vehicleDateOf } from '#shared/vehicles.ts';
import type { HouseholdMember } from '#shared/household.ts';

/** The lead days a new reminder starts with: a rolling charge's, or its category's. */
export const defaultLeadDays = (category: Category, kind: DateKind) =>
  leadDaysToText(leadDaysOf({ category, date_kind: kind }));

/** A renewal's term when the user switches to 'It renews': the category's, else a year. */
export const renewalTermOf = (category: Category) =>
  DEFAULT_CONTRACT[category].date_kind === 'renewal' ? DEFAULT_CONTRACT[category].repeats : 'yearly';

export const EMPTY: ReminderFormValues = {
  title: '',
  category: DEFAULT_CATEGORY,
  provider: '',
  renewal_date: '',
  amount: '',
  notes: '',
  billing: DEFAULT_CONTRACT[DEFAULT_CATEGORY].billing,
  date_kind: DEFAULT_CONTRACT[DEFAULT_CATEGORY].date_kind,
  repeats: renewalTermOf(DEFAULT_CATEGORY),
  auto_renew: false,
  act_by: '',
  lead_days: defaultLeadDays(DEFAULT_CATEGORY, DEFAULT_CONTRACT[DEFAULT_CATEGORY].date_kind),
  action_windows: true,
  lender: '',
  kept_vehicle: null,
  vehicle_date: '',
  shared: false,
  deals_with: '',
  who_pays: SPLIT_EQUALLY,
  pay_shares: {},
  price_rise: '',
  price_rise_amount: '',
};

/**
 * The form's values for `reminder` (null: a new one). Who deals with it stays only while they are a
 * member: a former member cannot be chosen again, so the select starts at 'Anyone'. One saved before
 * the date's kind was asked, and monthly in a deal category, asks when the deal ends: its date is the
 * next monthly payment, so the field starts empty (choosing 'Rolling monthly' puts it back).
 */
export function toFormValues(
  reminder: Reminder | null,
  members: readonly HouseholdMember[] | null,
): ReminderFormValues {
  if (!reminder) return EMPTY;
  const dealsWith = reminder.deals_with ?? '';
  const stillMember = members === null || members.some((m) => m.membership_id === dealsWith);
  return {
    title: reminder.title,
    category: reminder.category,
    provider: reminder.provider,
    // A date to give again (a deal saved as a monthly payment, a date long gone) starts empty.
    renewal_date: asksForDate(reminder) ? '' : reminder.renewal_date,
    amount: reminder.amount === null ? '' : String(reminder.amount),
    notes: reminder.notes ?? '',
    billing: reminder.billing,
    date_kind: reminder.ask_deal_end ? 'deal_end' : reminder.date_kind,
    repeats:
      reminder.date_kind === 'renewal' && reminder.repeats !== 'none'
        ? reminder.repeats
        : renewalTermOf(reminder.category),
    auto_renew: reminder.auto_renew,
    act_by: reminder.act_by ?? '',
    lead_days: leadDaysToText(leadDaysOf(reminder)),
    action_windows: reminder.action_windows,
    lender: reminder.lender ?? '',
    kept_vehicle: reminder.kept_vehicle,
    // One stored before 'What is due?' shows what its windows read it as.
    vehicle_date: vehicleDateOf(reminder) ?? '',
    shared: reminder.shared,
    deals_with: stillMember ? dealsWith : '',
    ...whoPaysToForm(reminder.who_pays, members?.map((m) => m.membership_id) ?? null),
    price_rise: reminder.price_rise?.kind ?? '',
    price_rise_amount:
      reminder.price_rise?.kind === 'pounds' ? (reminder.price_rise.pence_a_month / 100).toFixed(2) : '',
  };
}

/**
 * A new reminder's values with some already known (read from a letter): the category's own way to
 * pay, date kind, term and lead days, then what is known over them.
 */
export function newFormValues(initial: Partial<ReminderFormValues> | undefined): ReminderFormValues {
  if (!initial) return EMPTY;
  const category = initial.category ?? EMPTY.category;
  const contract = DEFAULT_CONTRACT[category];
  const kind = initial.date_kind ?? contract.date_kind;
  return {
    ...EMPTY,
    billing: contract.billing,
    date_kind: kind,
    repeats: renewalTermOf(category),
    lead_days: defaultLeadDays(category, kind),
    ...initial,
  };
}

/** Whether the dialog asks the date again: a deal saved as a monthly payment, or a date long gone. */
const asksForDate = (reminder: Reminder) => reminder.ask_deal_end || isLongPast(reminder, todayIn());
