/** A renewal's outcome as plain values: what happened, the ended term, and the reminder after it. */
import { describe, expect, it } from 'vitest';
import { endedTerm, resultOf, rolled, switchNeedsProvider } from '../../shared/reminder/outcome.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';
import type { Reminder } from '../../shared/api.ts';
import type { SavingsInput } from '../../shared/savingsSchemas.ts';

const reminder: Reminder = {
  id: 'r1',
  user_id: 'u1',
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2027-03-31',
  ...oneOffContract('2027-03-31'),
  repeats: 'yearly',
  billing: 'yearly',
  date_kind: 'renewal',
  act_by: '2027-03-01',
  term_started: '2026-03-31',
  amount: 480,
  notes: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const answer: SavingsInput = {
  outcome: 'no_saving',
  saved_amount: 0,
  new_provider: null,
  new_price: null,
  next_renewal_date: null,
  cancelled: false,
};
const now = new Date('2027-04-01T09:00:00.000Z');

describe('resultOf', () => {
  it('is cancelled, switched (another provider, any case or spacing), negotiated (a saving) or renewed', () => {
    expect(resultOf(reminder, { ...answer, cancelled: true, new_provider: 'Direct Line' })).toBe('cancelled');
    expect(resultOf(reminder, { ...answer, new_provider: 'Direct Line' })).toBe('switched');
    expect(resultOf(reminder, { ...answer, new_provider: ' aviva ', saved_amount: 20 })).toBe('negotiated');
    expect(resultOf(reminder, answer)).toBe('renewed');
  });
});

describe('switchNeedsProvider', () => {
  it("asks 'I switched' for the provider switched to, since without one resultOf reads a renewal", () => {
    expect(switchNeedsProvider('switched', '')).toBe(true);
    expect(switchNeedsProvider('switched', '   ')).toBe(true);
    expect(resultOf(reminder, { ...answer, new_provider: null })).toBe('renewed');
    expect(switchNeedsProvider('switched', 'Direct Line')).toBe(false);
    // The other answers send the reminder's own provider: nothing to ask.
    for (const choice of ['haggled', 'renewed', 'cancelled', null] as const)
      expect(switchNeedsProvider(choice, '')).toBe(false);
  });
});

describe('endedTerm', () => {
  it('records the term that ends at the renewal, and keeps the id and creation of an earlier answer', () => {
    const first = endedTerm(reminder, { result: 'renewed', saved_amount: 0, new_price: 500 }, undefined, now);
    expect(first).toMatchObject({
      term_from: '2026-03-31',
      term_to: '2027-03-31',
      price: 480,
      new_price: 500,
      billing: reminder.billing,
    });
    const later = new Date('2027-04-02T09:00:00.000Z');
    const again = endedTerm(
      reminder,
      { result: 'negotiated', saved_amount: 30, new_price: 450 },
      first,
      later,
    );
    expect(again).toMatchObject({
      id: first.id,
      created_at: first.created_at,
      updated_at: later.toISOString(),
    });
  });
});

describe('rolled', () => {
  it('moves to the next renewal, keeps the act-by notice, and re-anchors only when asked', () => {
    const byTerm = rolled(
      reminder,
      { renewal_date: '2028-03-31', provider: null, amount: null, reanchor: false },
      now,
    );
    expect(byTerm).toMatchObject({
      renewal_date: '2028-03-31',
      act_by: '2028-03-01',
      provider: 'Aviva',
      amount: 480,
      term_anchor: '2027-03-31',
      term_started: '2027-03-31',
      last_term_amount: 480,
    });
    const chosen = rolled(
      reminder,
      { renewal_date: '2028-04-15', provider: 'Direct Line', amount: 420, reanchor: true },
      now,
    );
    expect(chosen).toMatchObject({
      term_anchor: '2028-04-15',
      provider: 'Direct Line',
      amount: 420,
      act_by: '2028-03-16',
    });
  });
});
