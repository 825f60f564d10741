import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { ALL_LEAD_DAYS, addDays, datesToQuery, planMails } from '../../lambdas/engine/plan.ts';

const reminder = (id: string, category: Reminder['category'], renewal_date: string): Reminder => ({
  id,
  user_id: `user-${id}`,
  title: id,
  category,
  provider: 'P',
  renewal_date,
  amount: null,
  notes: null,
  created_at: '',
  updated_at: '',
});

describe('planMails', () => {
  const today = '2026-11-21';
  it('queries each lead-day date once, plus yesterday', () => {
    expect(ALL_LEAD_DAYS).toEqual([0, 1, 7, 14, 30, 60, 90]);
    expect(datesToQuery(today).map((d) => d.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-28',
      '2026-12-05',
      '2026-12-21',
      '2027-01-20',
      '2027-02-19',
      '2026-11-20',
    ]);
  });

  it("mails only on the category's own lead days, the day itself included", () => {
    const due = new Map<string, Reminder[]>([
      [
        addDays(today, 90),
        [
          reminder('mortgage90', 'mortgage', addDays(today, 90)),
          reminder('insurance90', 'insurance', addDays(today, 90)),
        ],
      ],
      [
        addDays(today, 1),
        [
          reminder('subs1', 'subscriptions', addDays(today, 1)),
          reminder('mortgage1', 'mortgage', addDays(today, 1)),
        ],
      ],
      [
        addDays(today, 30),
        [
          reminder('subs30', 'subscriptions', addDays(today, 30)),
          reminder('car30', 'car_tax_mot', addDays(today, 30)),
        ],
      ],
      [today, [reminder('cc0', 'credit_cards', today)]],
      [addDays(today, -1), [reminder('done', 'insurance', addDays(today, -1))]],
    ]);
    const plan = planMails(today, due);
    expect(plan.map((p) => `${p.kind}:${p.reminder.id}:${p.daysBefore}`).sort()).toEqual(
      [
        'reminder:mortgage90:90',
        'reminder:subs1:1',
        'reminder:car30:30',
        'reminder:cc0:0',
        'savings:done:null',
      ].sort(),
    );
  });

  it('gives each mail a key that names the reminder, its renewal date and the lead days', () => {
    const due = new Map([[today, [reminder('r', 'insurance', today)]]]);
    expect(planMails(today, due)[0]!.dedupeKey).toBe(`reminder#r#${today}#0`);
  });

  it('counts days across the clocks going back without skipping or doubling a date', () => {
    // BST ends on 25 October 2026: 7 days after 22 October is 29 October.
    expect(addDays('2026-10-22', 7)).toBe('2026-10-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });
});
