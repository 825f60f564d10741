/**
 * The household's rules the store no longer decides (lambdas/features/household/rules.ts): why a
 * join failed, from what its transaction found; a removal only while the remover owns the
 * household; a new invitation only while fewer than HOUSEHOLD_PENDING_LIMIT wait.
 */
import { describe, expect, it } from 'vitest';
import { HOUSEHOLD_PENDING_LIMIT } from '../../shared/limits.ts';
import { joinRefused, pendingPlace, removal } from '../../lambdas/features/household/rules.ts';

describe('joinRefused', () => {
  const found = (alreadyIn: boolean, invitationSpent: boolean, householdFull: boolean) => ({
    alreadyIn,
    invitationSpent,
    householdFull,
  });

  it.each([
    [found(true, false, false), 'already_in'],
    // One household per person comes first, whatever else failed with it.
    [found(true, true, true), 'already_in'],
    [found(false, true, false), 'invitation_spent'],
    [found(false, true, true), 'invitation_spent'],
    [found(false, false, true), 'household_full'],
    [found(false, false, false), null],
  ])('%o: %s', (conflict, reason) => {
    expect(joinRefused(conflict)).toBe(reason);
  });
});

describe('removal', () => {
  it.each([
    [true, { change: 'remove' }],
    [false, { refused: 'only_owner_removes' }],
  ])('still owner %s', (stillOwner, verdict) => {
    expect(removal({ stillOwner })).toEqual(verdict);
  });
});

describe('pendingPlace', () => {
  it.each([
    [0, { change: 'place' }],
    [HOUSEHOLD_PENDING_LIMIT - 1, { change: 'place' }],
    [HOUSEHOLD_PENDING_LIMIT, { refused: 'pending_limit' }],
    [HOUSEHOLD_PENDING_LIMIT + 1, { refused: 'pending_limit' }],
  ])('%i waiting', (pending, verdict) => {
    expect(pendingPlace({ pending })).toEqual(verdict);
  });
});
