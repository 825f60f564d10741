/**
 * The reminders' rules the store no longer decides, each a pure verdict on what the store read
 * (lambdas/features/reminders/rules/): where a reminder may live and who may take it back or leave
 * it, the notice question's answer, a quote's free slots, and an outcome's term, next date and move.
 */
import { describe, expect, it } from 'vitest';
import { QUOTE_LIMIT } from '../../shared/quotes.ts';
import { savingsInputSchema } from '../../shared/savingsSchemas.ts';
import { noticeAnswer } from '../../lambdas/features/reminders/rules/notice.ts';
import { outcomeOf } from '../../lambdas/features/reminders/rules/outcome.ts';
import { freeQuoteSlots } from '../../lambdas/features/reminders/rules/quotes.ts';
import { leaving, placing } from '../../lambdas/features/reminders/rules/sharing.ts';
import type { PlacingRead } from '../../lambdas/store/reminders/index.ts';
import { aReminder, anOutcome } from '../support/builders.ts';

const NOW = new Date('2030-03-01T10:00:00.000Z');

describe('placing: where a saved reminder goes', () => {
  const read = (over: Partial<PlacingRead> = {}): PlacingRead => ({
    shared: true,
    inHousehold: true,
    dealsWith: null,
    payers: [],
    members: new Set(['m1', 'm2']),
    sharedBefore: null,
    ...over,
  });
  const sharedBy = (createdBy: string, caller: string) => ({
    reminder: aReminder({ shared: true, created_by: createdBy }),
    membershipId: caller,
  });

  it.each([
    ['own, unticked', read({ shared: false, inHousehold: false }), { change: 'own' }],
    ['shared, in a household', read(), { change: 'household' }],
    ['shared, in none', read({ inHousehold: false }), { refused: 'not_in_household' }],
    ['deals with a member', read({ dealsWith: 'm2' }), { change: 'household' }],
    ['deals with a non-member', read({ dealsWith: 'x' }), { refused: 'deals_with_not_member' }],
    ['paid by members', read({ payers: ['m1', 'm2'] }), { change: 'household' }],
    ['paid by a non-member', read({ payers: ['m1', 'x'] }), { refused: 'who_pays_not_member' }],
    [
      'deals and pays wrong: deals first',
      read({ dealsWith: 'x', payers: ['y'] }),
      { refused: 'deals_with_not_member' },
    ],
    [
      'taken back by its sharer',
      read({ shared: false, sharedBefore: sharedBy('m1', 'm1') }),
      { change: 'own' },
    ],
    [
      'taken back by another member',
      read({ shared: false, sharedBefore: sharedBy('m1', 'm2') }),
      { refused: 'only_sharer_takes_back' },
    ],
    ['kept shared by another member', read({ sharedBefore: sharedBy('m1', 'm2') }), { change: 'household' }],
  ])('%s', (_name, facts, verdict) => {
    expect(placing(facts)).toEqual(verdict);
  });

  it('leaves only a shared reminder', () => {
    expect(leaving({ shared: true })).toEqual({ change: 'leave' });
    expect(leaving({ shared: false })).toEqual({ refused: 'not_shared' });
  });
});

describe('noticeAnswer: the notice question answered', () => {
  const reminder = aReminder({ renewal_date: '2030-03-14' });

  it.each([
    ['for the renewal shown, own', reminder, '2030-03-14', null],
    ['for the renewal shown, a member', reminder, '2030-03-14', 'm1'],
  ])('kept %s', (_name, on, renewal, by) => {
    expect(noticeAnswer(on, { answer: 'no', renewal_date: renewal }, by, NOW)).toEqual({
      change: { answer: 'no', renewal_date: '2030-03-14', answered_at: NOW.toISOString(), answered_by: by },
    });
  });

  it.each([
    ['no notice to ask about', aReminder({ ask_deal_end: true }), '2030-03-14', 'no_notice'],
    ['a renewal it has moved on from', reminder, '2029-03-14', 'moved_on'],
  ])('refused: %s', (_name, on, renewal, reason) => {
    expect(noticeAnswer(on, { answer: 'yes', renewal_date: renewal }, null, NOW)).toEqual({
      refused: { reason, currentRenewal: on.renewal_date },
    });
  });
});

describe('freeQuoteSlots: room for a quote', () => {
  const all = Array.from({ length: QUOTE_LIMIT }, (_, slot) => slot);

  it.each([
    ['none taken', aReminder(), [], { change: all }],
    ['one taken', aReminder(), [0], { change: all.slice(1) }],
    ['all taken', aReminder(), all, { refused: 'limit' }],
    ['cancelled', aReminder({ archived_at: '2030-01-01T00:00:00.000Z' }), [], { refused: 'cancelled' }],
  ])('%s', (_name, reminder, taken, verdict) => {
    expect(freeQuoteSlots(reminder, new Set(taken))).toEqual(verdict);
  });
});

describe('outcomeOf: an answer about a renewal', () => {
  const reminder = aReminder({ renewal_date: '2030-03-14' });
  const input = (over: Record<string, unknown> = {}) =>
    savingsInputSchema.parse({ outcome: 'saved', saved_amount: '20', ...over });
  const read = (over: Partial<Parameters<typeof outcomeOf>[0]> = {}) => ({
    reminder,
    term: '2030-03-14',
    existing: undefined,
    membershipId: null,
    ...over,
  });
  const answered = anOutcome({ term_to: '2030-03-14', recorded_by: 'm1', result: 'negotiated' });

  it.each([
    [
      'an earlier term with no answer',
      read({ term: '2029-03-14' }),
      input(),
      { kind: 'over', currentRenewal: '2030-03-14' },
    ],
    [
      'another member’s answer',
      read({ existing: answered, membershipId: 'm2' }),
      input(),
      { kind: 'logged', existing: answered },
    ],
    [
      'a next renewal not after this one',
      read(),
      input({ next_renewal_date: '2030-03-14' }),
      { kind: 'next_not_after' },
    ],
  ])('refuses %s', (_name, facts, answer, refused) => {
    expect(outcomeOf(facts, answer, NOW)).toEqual({ refused });
  });

  it.each([
    ['no next date: kept', read(), input(), 'keep', '2030-03-14', null],
    [
      'a next date: rolled on',
      read(),
      input({ next_renewal_date: '2031-03-14' }),
      'roll',
      '2031-03-14',
      null,
    ],
    ['cancelled', read(), input({ cancelled: true }), 'cancel', '2030-03-14', NOW.toISOString()],
    [
      'one’s own answer corrected',
      read({ existing: answered, membershipId: 'm1' }),
      input(),
      'keep',
      '2030-03-14',
      null,
    ],
  ])('%s', (_name, facts, answer, move, renewal, archivedAt) => {
    const verdict = outcomeOf(facts, answer, NOW);
    if (!('change' in verdict)) throw new Error('refused');
    expect(verdict.change.move).toBe(move);
    expect(verdict.change.after.renewal_date).toBe(renewal);
    expect(verdict.change.after.archived_at).toBe(archivedAt);
    expect(verdict.change.outcome.term_to).toBe('2030-03-14');
  });

  it('names the member who answered a shared renewal, on the outcome and the reminder', () => {
    const verdict = outcomeOf(read({ membershipId: 'm2' }), input({ next_renewal_date: '2031-03-14' }), NOW);
    if (!('change' in verdict)) throw new Error('refused');
    expect(verdict.change.outcome.recorded_by).toBe('m2');
    expect(verdict.change.after.updated_by).toBe('m2');
  });
});
