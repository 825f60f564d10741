/** 'What to do this week': the actions due from the windows and the answers, and the marks kept per renewal. */
import { describe, expect, it } from 'vitest';
import {
  actionDoneKey,
  actionsDue,
  doneFor,
  type ActionableReminder,
} from '../../shared/reminder/actions.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { editOf } from '../../shared/reminder/edit.ts';
import { rolled } from '../../shared/reminder/outcome.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';
import type { Reminder } from '../../shared/api.ts';

const TODAY = '2027-03-01';
const insurance = (over: Partial<ActionableReminder> = {}): ActionableReminder => ({
  id: 'car',
  title: 'Car insurance',
  category: 'insurance',
  // The best day for quotes is 26 days before.
  renewal_date: addDays(TODAY, 26),
  act_by: null,
  date_kind: 'renewal',
  repeats: 'yearly',
  action_windows: true,
  lender: null,
  ask_deal_end: false,
  archived_at: null,
  actions_done: [],
  ...over,
});

describe('actionsDue', () => {
  it('lists a window from a week before its day to a week after, until it is marked done', () => {
    expect(actionsDue([insurance()], TODAY)).toEqual([
      {
        reminderId: 'car',
        title: 'Car insurance',
        kind: 'best_quotes',
        date: TODAY,
        what: expect.stringMatching(/^Get quotes/),
        canMarkDone: true,
      },
    ]);
    expect(actionsDue([insurance({ renewal_date: addDays(TODAY, 26 + 7) })], TODAY)).toHaveLength(1);
    expect(actionsDue([insurance({ renewal_date: addDays(TODAY, 26 + 8) })], TODAY)).toEqual([]);
    expect(actionsDue([insurance({ renewal_date: addDays(TODAY, 26 - 7) })], TODAY)).toHaveLength(1);
    expect(actionsDue([insurance({ renewal_date: addDays(TODAY, 26 - 8) })], TODAY)).toEqual([]);
    const renewal = addDays(TODAY, 26);
    const done = insurance({ actions_done: [actionDoneKey(renewal, 'best_quotes')] });
    expect(actionsDue([done], TODAY)).toEqual([]);
    // A mark for an earlier renewal does not hide this one's.
    const old = insurance({ actions_done: [actionDoneKey('2026-03-27', 'best_quotes')] });
    expect(actionsDue([old], TODAY)).toHaveLength(1);
  });

  it('leaves out windows turned off, past the act-by date, and cancelled reminders', () => {
    expect(actionsDue([insurance({ action_windows: false })], TODAY)).toEqual([]);
    expect(actionsDue([insurance({ act_by: addDays(TODAY, -1) })], TODAY)).toEqual([]);
    expect(actionsDue([insurance({ archived_at: '2027-02-01T00:00:00.000Z' })], TODAY)).toEqual([]);
  });

  it('asks for the answers a reminder needs: how it went, and when a deal ends', () => {
    const [outcome] = actionsDue([insurance({ renewal_date: addDays(TODAY, -2) })], TODAY);
    expect(outcome).toMatchObject({ kind: 'outcome', canMarkDone: false, date: addDays(TODAY, -2) });
    const deal = insurance({
      id: 'mortgage',
      title: 'Mortgage',
      category: 'mortgage',
      renewal_date: addDays(TODAY, 20),
      date_kind: 'next_payment',
      ask_deal_end: true,
      action_windows: false,
    });
    expect(actionsDue([deal], TODAY)).toEqual([
      expect.objectContaining({ kind: 'deal_end', what: 'When does your deal end?', canMarkDone: false }),
    ]);
  });

  it('asks again for a date gone by more than a term, rather than count the days overdue', () => {
    const old = insurance({ renewal_date: '2020-03-01', repeats: 'none', date_kind: 'deal_end' });
    expect(actionsDue([old], TODAY)).toEqual([
      expect.objectContaining({
        kind: 'date_passed',
        what: 'This date has passed. When does it renew next?',
      }),
    ]);
    // Within a term it is still the outcome that is asked.
    const recent = insurance({ renewal_date: addDays(TODAY, -300) });
    expect(actionsDue([recent], TODAY)[0]).toMatchObject({ kind: 'outcome' });
    expect(
      actionsDue([insurance({ renewal_date: addDays(TODAY, -40), repeats: 'monthly' })], TODAY)[0],
    ).toMatchObject({
      kind: 'date_passed',
    });
  });

  it('orders the actions by day, then title', () => {
    const lockIn = insurance({
      id: 'm',
      title: 'Mortgage',
      category: 'mortgage',
      date_kind: 'deal_end',
      // Another lender: 6 months ahead, 3 days from today.
      renewal_date: '2027-09-04',
    });
    const actions = actionsDue([insurance(), lockIn], TODAY);
    expect(actions.map((a) => [a.date, a.kind])).toEqual([
      [TODAY, 'best_quotes'],
      ['2027-03-04', 'lock_in_deal'],
    ]);
  });
});

describe('marks done', () => {
  const reminder: Reminder = {
    id: 'r',
    user_id: 'u',
    title: 'Car insurance',
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: '2027-03-27',
    amount: 400,
    notes: null,
    ...oneOffContract('2027-03-27'),
    actions_done: [actionDoneKey('2027-03-27', 'best_quotes'), actionDoneKey('2026-03-27', 'best_quotes')],
    created_at: '',
    updated_at: '',
  };
  it('keep only the current renewal’s', () => {
    expect(doneFor(reminder.actions_done, '2027-03-27')).toEqual(['2027-03-27#best_quotes']);
  });
  it('go with a new date or a roll forward, and stay with any other edit', () => {
    const now = new Date('2027-03-01T10:00:00Z');
    const input = { ...reminder, shared: false, deals_with: null };
    expect(editOf(reminder, { ...input, notes: 'n' }, now).updated.actions_done).toEqual([
      '2027-03-27#best_quotes',
    ]);
    expect(editOf(reminder, { ...input, renewal_date: '2027-04-27' }, now).updated.actions_done).toEqual([]);
    const next = { renewal_date: '2028-03-27', provider: null, amount: null, reanchor: false };
    expect(rolled(reminder, next, now).actions_done).toEqual([]);
  });
});
