/**
 * A renewal's outcome and the term after it, as plain values: what happened (from the user's
 * answers), the outcome record of the term that ended, and the reminder moved on to its next
 * renewal. The store writes what these decide, in one transaction over the version read.
 */
import { currentOffer } from './priceMemory.ts';
import { currentNoticeAnswer } from './noticeWatch.ts';
import { riseAfterRoll } from './priceRise.ts';
import { rescaled } from './split.ts';
import type { Reminder, RenewalOutcome, RenewalResult } from './types.ts';
import { addDays, daysBetween } from './schedule.ts';

/**
 * The outcome page's one question, 'How did you do?', and the fields each answer needs: a switch
 * the new provider, price and next date; a haggle the new price and next date; renewing as is the
 * next date; cancelling nothing. A mail's link may carry one (`?choice=`) to pre-select it.
 */
export const OUTCOME_CHOICES = [
  { value: 'switched', label: 'I switched', fields: ['next_renewal_date', 'new_provider', 'new_price'] },
  { value: 'haggled', label: 'I haggled a better price', fields: ['next_renewal_date', 'new_price'] },
  { value: 'renewed', label: 'I renewed as is', fields: ['next_renewal_date'] },
  { value: 'cancelled', label: 'I cancelled it', fields: [] },
] as const;
export type OutcomeChoice = (typeof OUTCOME_CHOICES)[number]['value'];
export type NextTermField = (typeof OUTCOME_CHOICES)[number]['fields'][number];
export const OUTCOME_CHOICE_VALUES = OUTCOME_CHOICES.map((c) => c.value) as [
  OutcomeChoice,
  ...OutcomeChoice[],
];

/**
 * 'I switched' needs the provider switched to: left blank, the outcome would be recorded as a renewal
 * with the old provider (`resultOf` can only tell a switch by a different provider).
 */
export const switchNeedsProvider = (choice: OutcomeChoice | null, newProvider: string): boolean =>
  choice === 'switched' && newProvider.trim() === '';

/** What `resultOf` reads of the outcome page's answers (savingsInputSchema in shared/savingsSchemas.ts). */
export interface OutcomeAnswers {
  cancelled: boolean;
  new_provider: string | null;
  saved_amount: number;
}

/** What happened, from the answers: cancelled, a new provider, money saved, or renewed as it was. */
export function resultOf(reminder: Reminder, input: OutcomeAnswers): RenewalResult {
  if (input.cancelled) return 'cancelled';
  const provider = input.new_provider?.trim().toLowerCase();
  if (provider && provider !== reminder.provider.trim().toLowerCase()) return 'switched';
  return input.saved_amount > 0 ? 'negotiated' : 'renewed';
}

/** The term that ends at the reminder's current renewal, as its outcome records it. */
export function endedTerm(
  reminder: Reminder,
  fields: Pick<RenewalOutcome, 'result' | 'saved_amount' | 'new_price'>,
  existing: RenewalOutcome | undefined,
  now: Date,
): RenewalOutcome {
  return {
    id: existing?.id ?? crypto.randomUUID(),
    reminder_id: reminder.id,
    user_id: reminder.user_id,
    title: reminder.title,
    category: reminder.category,
    provider: reminder.provider,
    term_from: reminder.term_started,
    term_to: reminder.renewal_date,
    price: reminder.amount,
    // The provider's renewal offer for this term, kept with it once the reminder moves on.
    offer_price: currentOffer(reminder)?.price ?? null,
    // Whether its notice came, as the user told us: kept with the term it was about.
    notice_answer: currentNoticeAnswer(reminder)?.answer ?? null,
    billing: reminder.billing,
    shared: reminder.shared,
    // A shared reminder's store names the member who answered; an own outcome names no one.
    recorded_by: null,
    ...fields,
    created_at: existing?.created_at ?? now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/**
 * The reminder moved on to its next renewal: the new date (and provider and price, when the user
 * gave them), the act-by date as far before it as it was, and renewals counted from the new date
 * when the user chose it (`reanchor`), or still from the old anchor when the job rolled it by its
 * term (so 31 January rolls monthly to 28 February, then 31 March).
 */
export function rolled(
  reminder: Reminder,
  next: { renewal_date: string; provider: string | null; amount: number | null; reanchor: boolean },
  now: Date,
): Reminder {
  const notice = reminder.act_by === null ? null : daysBetween(reminder.act_by, reminder.renewal_date);
  return {
    ...reminder,
    renewal_date: next.renewal_date,
    provider: next.provider ?? reminder.provider,
    amount: next.amount ?? reminder.amount,
    // A split by amounts keeps its proportions of a new price, so the shares still add up.
    who_pays: rescaled(reminder.who_pays, reminder.amount, next.amount ?? reminder.amount),
    act_by: notice === null ? null : addDays(next.renewal_date, -notice),
    term_anchor: next.reanchor ? next.renewal_date : reminder.term_anchor,
    term_started: reminder.renewal_date,
    last_term_amount: reminder.amount,
    // An offer was for the renewal that ended; the next one has none yet.
    renewal_offer: null,
    // So was the notice answer: the next renewal's notice is asked afresh.
    notice_answer: null,
    // April's rise recurs while the contract goes on; a new deal has its own.
    price_rise: riseAfterRoll(reminder, next),
    // What was done for the renewal that ended is not done for the next one.
    actions_done: [],
    updated_at: now.toISOString(),
  };
}
