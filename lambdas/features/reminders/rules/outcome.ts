/**
 * 'How did the renewal go?', decided on what the store read: the answer is for the term the caller
 * was shown, which must still be open (or their own answer, which they may correct); a next renewal
 * must come after the one that ends; then the outcome recorded and the reminder rolled on to that
 * date, cancelled, or kept as it is. Pure.
 */
import type { RenewalOutcome } from '../../../../shared/api.ts';
import { endedTerm, resultOf, rolled } from '../../../../shared/reminder/outcome.ts';
import { termState } from '../../../../shared/reminder/termAnswer.ts';
import type { SavingsInput } from '../../../../shared/savingsSchemas.ts';
import type { Decision } from '../../../runtime/refusal.ts';
import type { OutcomeChange, OutcomeRead } from '../../../store/reminders/index.ts';

/** Why nothing is recorded: the term is over, another member answered it, or the next date is not after. */
export type OutcomeRefused =
  | { kind: 'over'; currentRenewal: string }
  | { kind: 'logged'; existing: RenewalOutcome }
  | { kind: 'next_not_after' };

export function outcomeOf(
  { reminder, term, existing, membershipId }: OutcomeRead,
  input: SavingsInput,
  now: Date,
): Decision<OutcomeChange, OutcomeRefused> {
  const mine = membershipId === null || existing?.recorded_by === membershipId;
  const state = termState(reminder.renewal_date, term, existing, mine);
  if (state.kind === 'over') return { refused: { kind: 'over', currentRenewal: reminder.renewal_date } };
  if (state.kind === 'logged') return { refused: { kind: 'logged', existing: state.existing } };
  const archived = reminder.archived_at !== null;
  const nextDate = archived || input.cancelled ? null : input.next_renewal_date;
  if (nextDate !== null && nextDate <= reminder.renewal_date) return { refused: { kind: 'next_not_after' } };
  const ended = endedTerm(
    reminder,
    {
      // A cancelled reminder's renewal stays cancelled: only the amount can be corrected.
      result: archived ? 'cancelled' : resultOf(reminder, input),
      saved_amount: input.saved_amount,
      // A cancelled contract has no next price.
      new_price: input.cancelled ? null : input.new_price,
    },
    existing,
    now,
  );
  // A shared renewal's outcome is the household's, and says which member answered.
  const outcome = membershipId === null ? ended : { ...ended, recorded_by: membershipId };
  // A shared reminder changed by an answer was last changed by the member who gave it (its new
  // price, say: a mail to another member must not say they told us it).
  const by = membershipId === null ? {} : { updated_by: membershipId };
  if (!archived && input.cancelled) {
    const at = now.toISOString();
    return {
      change: { outcome, move: 'cancel', after: { ...reminder, ...by, archived_at: at, updated_at: at } },
    };
  }
  if (nextDate !== null) {
    const next = {
      renewal_date: nextDate,
      provider: input.new_provider,
      amount: input.new_price,
      reanchor: true,
    };
    return { change: { outcome, move: 'roll', after: { ...rolled(reminder, next, now), ...by } } };
  }
  return { change: { outcome, move: 'keep', after: reminder } };
}
