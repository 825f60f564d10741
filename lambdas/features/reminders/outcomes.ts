/**
 * 'How did the renewal go?': the outcome of the term the caller was shown, and the reminder rolled
 * on to its next renewal (or cancelled). A term that is over, or another member's answer, is refused
 * with what happened to it; a next renewal date not after the current one, beside its field. The
 * rule is rules/outcome.ts, decided on what the store read.
 */
import type { SavingsInput } from '../../../shared/savingsSchemas.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';
import { outcomeOf, type OutcomeRefused } from './rules/outcome.ts';

/** The refusal by name, with the facts its message needs (who logged the answer, read only now). */
async function refusalOf(refused: OutcomeRefused, { zone, loggerNames }: store.OutcomeFacts) {
  if (refused.kind === 'next_not_after') return new store.NextRenewalNotAfterError();
  if (refused.kind === 'over')
    return new store.TermAnsweredError({ kind: 'over', currentRenewal: refused.currentRenewal });
  const members = await loggerNames(refused.existing);
  return new store.TermAnsweredError({ kind: 'logged', existing: refused.existing, members, zone });
}

export function recordOutcome(userId: string, reminderId: string, input: SavingsInput, now = new Date()) {
  return worded(() =>
    store.recordOutcome(
      userId,
      reminderId,
      input.renewal_date ?? null,
      async (read, facts) => {
        const decision = outcomeOf(read, input, now);
        if ('refused' in decision) throw await refusalOf(decision.refused, facts);
        return decision.change;
      },
      now,
    ),
  );
}
