/**
 * 'How did the renewal go?': the outcome of the term the caller was shown, and the reminder rolled
 * on to its next renewal (or cancelled). A term that is over, or another member's answer, is refused
 * with what happened to it; a next renewal date not after the current one, beside its field.
 */
import type { SavingsInput } from '../../../shared/savingsSchemas.ts';
import * as store from '../../store/reminders/index.ts';
import { worded } from './refusals.ts';

export function recordOutcome(userId: string, reminderId: string, input: SavingsInput, now?: Date) {
  return worded(() => store.recordOutcome(userId, reminderId, input, now));
}
