/**
 * Test data written once, for every kind of test (pure: no stack, no DOM, so unit, web, integration
 * and browser files all import it): a reminder as the API returns it, the fields a new reminder
 * takes when left out, a reminder as a caller hands it to the API or the store, a profile update.
 * Each builder takes overrides, so a test spells out only what it is about.
 */
import type { CronRun, Reminder, RenewalOutcome } from '../../shared/api.ts';
import type { ReminderMailInput } from '../../lambdas/mail/registry.ts';
import type { ReminderDraft, ReminderFormValues, ReminderInput } from '../../shared/schemas/reminder.ts';

/** What the API fills in for a new reminder's contract and sharing fields left out. */
export const NEW_REMINDER_DEFAULTS = {
  auto_renew: false,
  act_by: null,
  // The category's own lead days are kept as null, so they follow the category.
  lead_days: null,
  // A new reminder's action windows are on; only a mortgage has a lender.
  action_windows: true,
  lender: null,
  kept_vehicle: null,
  vehicle_date: null,
  // Not shared unless ticked; who deals with it goes only with a shared one.
  shared: false,
  deals_with: null,
  who_pays: null,
  // Only a phone, broadband or pay TV contract has one.
  price_rise: null,
} as const;

/**
 * A full, valid reminder as the API returns it: home insurance with Aviva, renewing yearly on
 * 14/03/2030 at £420.50, mine alone, nothing answered yet.
 */
export const aReminder = (over: Partial<Reminder> = {}): Reminder => ({
  id: '3f1c2b9e-6a4d-4c8e-9b1a-2d7e5f6a8b9c',
  user_id: 'user-1',
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2030-03-14',
  amount: 420.5,
  notes: 'Ask about the multi-car discount',
  repeats: 'yearly',
  billing: 'yearly',
  date_kind: 'renewal',
  ask_deal_end: false,
  actions_done: [],
  ...NEW_REMINDER_DEFAULTS,
  term_anchor: '2030-03-14',
  term_started: null,
  last_term_amount: null,
  archived_at: null,
  renewal_offer: null,
  notice_answer: null,
  created_by: null,
  updated_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** Car insurance with Admiral, renewing on 01/04/2099 at £480, no notes. */
const CAR_INSURANCE = {
  title: 'Car insurance',
  category: 'insurance',
  provider: 'Admiral',
  renewal_date: '2099-04-01',
  amount: 480,
  notes: null,
} as const;

/**
 * A shared renewal's recorded outcome: the home insurance with Aviva switched at the term ending
 * 01/12/2026, £400 down to £335.80 (£64.20 saved a year), answered on 2 December.
 */
export const anOutcome = (over: Partial<RenewalOutcome> = {}): RenewalOutcome => ({
  id: 'o1',
  reminder_id: 'r1',
  user_id: 'u1',
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  term_from: '2025-12-01',
  term_to: '2026-12-01',
  price: 400,
  new_price: 335.8,
  offer_price: null,
  notice_answer: null,
  result: 'switched',
  saved_amount: 64.2,
  billing: 'yearly',
  shared: true,
  recorded_by: null,
  created_at: '2026-12-02T23:30:00.000Z',
  updated_at: '2026-12-02T23:30:00.000Z',
  ...over,
});

/**
 * A new reminder as a caller hands it to POST /api/reminders or to the store: CAR_INSURANCE (the
 * rest takes the API's defaults).
 */
export const aDraft = (over: Partial<ReminderDraft> = {}): ReminderDraft => ({ ...CAR_INSURANCE, ...over });

/**
 * CAR_INSURANCE as the API reads it (its schema's output): a yearly renewal, paid yearly, nothing left to
 * ask, the new reminder's defaults.
 */
export const aReminderInput = (over: Partial<ReminderInput> = {}): ReminderInput => ({
  ...CAR_INSURANCE,
  repeats: 'yearly',
  billing: 'yearly',
  date_kind: 'renewal',
  ask_deal_end: false,
  ...NEW_REMINDER_DEFAULTS,
  ...over,
});

/**
 * The reminder dialog's values as typed (strings, as inputs give them): car insurance with Direct
 * Line renewing on 31/01/2027, no amount or notes, the category's defaults left as they are.
 */
export const aReminderForm = (over: Partial<ReminderFormValues> = {}): ReminderFormValues => ({
  title: 'Car insurance',
  category: 'insurance',
  provider: 'Direct Line',
  renewal_date: '2027-01-31',
  amount: '',
  notes: '',
  repeats: 'yearly',
  billing: 'yearly',
  date_kind: 'renewal',
  auto_renew: false,
  act_by: '',
  lead_days: '30, 14, 7, 1, 0',
  ...over,
});

/** PUT /api/me's body: Ann in London, no marketing (`over` changes or adds fields). */
export const aProfileUpdate = (over: Record<string, unknown> = {}) => ({
  first_name: 'Ann',
  last_name: '',
  country: 'GB',
  timezone: 'Europe/London',
  marketing_consent: false,
  ...over,
});

/** A run of the reminder job that found nothing to do: the schedule's, on 08/01/2027, 40 ms. */
export const aCronRun = (over: Partial<CronRun> = {}): CronRun => ({
  id: 'r',
  ran_at: '2027-01-08T09:00:00.000Z',
  date: '2027-01-08',
  trigger: 'schedule',
  simulated: false,
  items_processed: 0,
  queued: 0,
  planned: 0,
  skipped: 0,
  late: 0,
  superseded: 0,
  missed: 0,
  rolled: 0,
  errors: [],
  duration_ms: 40,
  planning: false,
  done: 0,
  status: 'success',
  ...over,
});

/** A run's lead mail for `reminder`, `daysLeft` days before its date. */
export const aLeadMail = (reminder: Reminder, daysLeft: number): ReminderMailInput => ({
  type: 'reminder',
  reminder,
  daysLeft,
});
