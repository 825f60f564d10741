/** What an edit does to a reminder, on plain values: which edits reschedule, and the term's anchor. */
import { describe, expect, it } from 'vitest';
import { editOf } from '../../shared/reminder/edit.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';
import type { Reminder } from '../../shared/api.ts';
import type { ReminderInput } from '../../shared/schemas/reminder.ts';

const existing: Reminder = {
  id: 'r1',
  user_id: 'u1',
  title: 'Car cover',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2027-03-31',
  ...oneOffContract('2027-03-31'),
  repeats: 'yearly',
  term_anchor: '2026-03-31',
  amount: 250,
  notes: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const input = (changes: Partial<ReminderInput> = {}): ReminderInput => ({
  title: existing.title,
  category: existing.category,
  provider: existing.provider,
  renewal_date: existing.renewal_date,
  amount: existing.amount,
  notes: existing.notes,
  repeats: existing.repeats,
  billing: existing.billing,
  date_kind: existing.date_kind,
  ask_deal_end: false,
  auto_renew: existing.auto_renew,
  act_by: existing.act_by,
  lead_days: existing.lead_days,
  action_windows: existing.action_windows,
  lender: existing.lender,
  kept_vehicle: existing.kept_vehicle,
  vehicle_date: existing.vehicle_date,
  shared: false,
  deals_with: null,
  who_pays: null,
  price_rise: null,
  ...changes,
});
const now = new Date('2026-11-25T10:00:00.000Z');

describe('editOf', () => {
  it('reschedules on a new date, category, act-by date or set of lead days, and on nothing else', () => {
    for (const change of [
      { renewal_date: '2027-04-30' },
      { category: 'utilities_energy' as const },
      { act_by: '2027-03-01' },
      { lead_days: [30, 0] },
    ]) {
      expect(editOf(existing, input(change), now).reschedules, JSON.stringify(change)).toBe(true);
    }
    for (const change of [
      { title: 'Van cover' },
      { amount: 199 },
      { notes: 'Ask for loyalty discount' },
      { auto_renew: true },
    ]) {
      expect(editOf(existing, input(change), now).reschedules, JSON.stringify(change)).toBe(false);
    }
  });

  it('counts renewals from the new date when the date or the term changes, else keeps the anchor', () => {
    expect(editOf(existing, input({ renewal_date: '2027-04-30' }), now).updated.term_anchor).toBe(
      '2027-04-30',
    );
    expect(editOf(existing, input({ repeats: 'monthly' }), now).updated.term_anchor).toBe('2027-03-31');
    expect(editOf(existing, input({ title: 'Van cover' }), now).updated).toMatchObject({
      term_anchor: '2026-03-31',
      title: 'Van cover',
      updated_at: now.toISOString(),
    });
  });
});
