/**
 * The use cases' words for the store's named refusals: each refusal the reminders and households
 * rooms throw (no user text in them) is answered with the status, message and field it had when the
 * store wrote it itself. Pure: no table, no HTTP.
 */
import { describe, expect, it } from 'vitest';
import type { RenewalOutcome } from '../../shared/api.ts';
import { householdRefusal, worded as householdWorded } from '../../lambdas/features/household/refusals.ts';
import { reminderRefusal, worded } from '../../lambdas/features/reminders/refusals.ts';
import { DomainError } from '../../lambdas/runtime/errors.ts';
import { AccountGoneError } from '../../lambdas/runtime/refusal.ts';
import { HouseholdRefusal } from '../../lambdas/store/households/index.ts';
import {
  ImportBusyError,
  ImportTooSlowError,
  NextRenewalNotAfterError,
  NoticeRefusal,
  QuoteRefusal,
  SharingRefusal,
  TermAnsweredError,
} from '../../lambdas/store/reminders/index.ts';

const answered = {
  shared: true,
  recorded_by: 'mid-alice',
  result: 'renewed',
  saved_amount: 0,
  updated_at: '2026-12-03T10:00:00.000Z',
} as RenewalOutcome;

describe("a refusal of the reminders room, in the user's words", () => {
  it.each([
    [
      new SharingRefusal('not_in_household'),
      {
        kind: 'invalid',
        message: 'You are not in a household.',
        fieldErrors: { shared: ['You are not in a household.'] },
      },
    ],
    [
      new SharingRefusal('deals_with_not_member'),
      { kind: 'invalid', fieldErrors: { deals_with: ['Choose who deals with it from your household'] } },
    ],
    [
      new SharingRefusal('who_pays_not_member'),
      { kind: 'invalid', fieldErrors: { who_pays: ['Choose who pays from your household'] } },
    ],
    [new SharingRefusal('only_sharer_takes_back'), { kind: 'forbidden' }],
    [new SharingRefusal('not_shared'), { kind: 'invalid', message: 'Only a shared reminder can be left.' }],
    [
      new NoticeRefusal('no_notice', '2027-03-01'),
      { kind: 'invalid', message: 'This reminder has no end-of-contract notice to ask about' },
    ],
    [
      new NoticeRefusal('moved_on', '2027-03-01'),
      {
        kind: 'conflict',
        message: 'This renewal is over: the reminder now renews on 01/03/2027. Your answer was not recorded.',
      },
    ],
    [
      new QuoteRefusal('cancelled'),
      { kind: 'conflict', message: 'This reminder is cancelled: it takes no more quotes' },
    ],
    [new QuoteRefusal('limit'), { kind: 'conflict', message: expect.stringContaining('quotes already') }],
    [new QuoteRefusal('busy'), { kind: 'unavailable', message: 'Too many changes at once: try again' }],
    [
      new NextRenewalNotAfterError(),
      {
        kind: 'invalid',
        fieldErrors: { next_renewal_date: ['Next renewal date must be after the current renewal date'] },
      },
    ],
    [
      new TermAnsweredError({ kind: 'over', currentRenewal: '2027-03-01' }),
      {
        kind: 'conflict',
        message: 'This renewal is over: the reminder now renews on 01/03/2027. Your answer was not recorded.',
      },
    ],
    [
      new TermAnsweredError({
        kind: 'logged',
        existing: answered,
        members: [{ membership_id: 'mid-alice', first_name: 'Alice' }],
        zone: 'Europe/London',
      }),
      {
        kind: 'conflict',
        message: 'Alice logged this on 03/12/2026: renewed as is. Your answer was not recorded.',
      },
    ],
    [
      new ImportBusyError(),
      { kind: 'conflict', message: expect.stringContaining('An import is already running') },
    ],
    [
      new ImportTooSlowError(),
      { kind: 'unavailable', message: expect.stringContaining('nothing was saved') },
    ],
  ])('%s', (refusal, answer) => {
    expect(refusal).not.toBeInstanceOf(DomainError);
    expect(reminderRefusal(refusal)).toMatchObject(answer);
  });

  it('leaves an account-wide refusal and any other error as they are', async () => {
    const gone = new AccountGoneError();
    expect(reminderRefusal(gone)).toBeUndefined();
    await expect(worded(() => Promise.reject(gone))).rejects.toBe(gone);
    await expect(worded(() => Promise.reject(new SharingRefusal('not_shared')))).rejects.toBeInstanceOf(
      DomainError,
    );
    await expect(worded(() => Promise.resolve(7))).resolves.toBe(7);
  });
});

describe("a refusal of the households room, in the user's words", () => {
  it.each([
    [
      'already_in',
      'You are already in a household. Leave it first to join another: one household per person.',
    ],
    ['only_owner_removes', 'Only the owner can remove members.'],
    ['changed', 'Your household changed meanwhile. Reload the page and try again.'],
    ['pending_limit', expect.stringContaining('invitations waiting')],
    ['full', expect.stringContaining('the most a household can have')],
    ['invited_today', 'You have already invited that address today. It is listed under pending invitations.'],
  ] as const)('%s', (reason, message) => {
    expect(householdRefusal(new HouseholdRefusal(reason))).toMatchObject({ kind: 'conflict', message });
  });

  it('leaves anything else as it is', async () => {
    const quote = new QuoteRefusal('limit');
    expect(householdRefusal(quote)).toBeUndefined();
    await expect(householdWorded(() => Promise.reject(quote))).rejects.toBe(quote);
  });
});
