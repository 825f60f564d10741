/**
 * The store's refusals any write of an account can meet carry no words; the route wrapper answers
 * each with the same status and message as before they left the store.
 */
import { describe, expect, it } from 'vitest';
import { accountRefusal } from '../../lambdas/runtime/accountRefusals.ts';
import { DomainError } from '../../lambdas/runtime/errors.ts';
import {
  AccountGoneError,
  KeptChangingError,
  NoLongerMemberError,
  ReminderLimitError,
  StoreRefusal,
} from '../../lambdas/runtime/refusal.ts';

describe('an account-wide refusal of the store', () => {
  it.each([
    [new AccountGoneError(), 'gone', 'This account has been deleted'],
    [
      new ReminderLimitError(),
      'conflict',
      'You have reached 1,000 reminders, the most one account can keep. Delete the ones you no longer need to add more.',
    ],
    [new NoLongerMemberError(), 'not_found', 'You are not in a household.'],
    [
      new KeptChangingError('update'),
      'conflict',
      'This reminder was being changed at the same time (it was being updated). Please try again.',
    ],
    [
      new KeptChangingError('record_outcome'),
      'conflict',
      'This reminder was being changed at the same time (its outcome was recorded). Please try again.',
    ],
  ])('%s is answered in its words', (refusal, kind, message) => {
    expect(refusal).not.toBeInstanceOf(DomainError);
    expect(refusal.message).not.toContain(message);
    const answer = accountRefusal(refusal);
    expect(answer).toBeInstanceOf(DomainError);
    expect(answer).toMatchObject({ kind, message });
  });

  it('leaves any other error, and a use case’s own refusal, to whoever threw it', () => {
    expect(accountRefusal(new Error('boom'))).toBeUndefined();
    expect(accountRefusal(new StoreRefusal('quote_limit'))).toBeUndefined();
  });
});
