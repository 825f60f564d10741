/**
 * The words for the store's refusals that any write of an account can meet, whatever the route: the
 * account deleted, its (or its household's) reminder limit reached, the caller no longer in the
 * household a shared reminder is in, a reminder that kept changing under the request. The route
 * wrapper answers with these; a use case's own refusals it words itself.
 */
import { API_MESSAGES, HOUSEHOLD_MESSAGES, REMINDER_LIMIT } from '../../shared/messages.ts';
import { DomainError } from './errors.ts';
import {
  AccountGoneError,
  KeptChangingError,
  NoLongerMemberError,
  ReminderLimitError,
  type ReminderChange,
} from './refusal.ts';

/** What the request was doing, as the 409 says it. */
const CHANGES: Record<ReminderChange, string> = {
  update: 'it was being updated',
  delete: 'it was being deleted',
  snooze: 'it was being snoozed',
  answer_notice: 'the notice was being answered',
  record_outcome: 'its outcome was recorded',
  mark_action_done: 'an action was being marked done',
};

/** The DomainError an account-wide refusal answers with; undefined for anything else. */
export function accountRefusal(error: unknown): DomainError | undefined {
  if (error instanceof AccountGoneError) return new DomainError('gone', API_MESSAGES.accountGone);
  if (error instanceof ReminderLimitError)
    return new DomainError('conflict', API_MESSAGES.reminderLimit(REMINDER_LIMIT));
  if (error instanceof NoLongerMemberError)
    return new DomainError('not_found', HOUSEHOLD_MESSAGES.notInHousehold);
  if (error instanceof KeptChangingError)
    return new DomainError(
      'conflict',
      `This reminder was being changed at the same time (${CHANGES[error.change]}). Please try again.`,
    );
  return undefined;
}
