/** What the day's push says: pure, from the mails a run has for one member. */
import { describe, expect, it } from 'vitest';
import { dailyPushPayload } from '../../lambdas/features/push/daily.ts';
import type { Reminder } from '../../shared/api.ts';
import type { Category } from '../../shared/reminder/categories.ts';
import { aLeadMail } from '../support/builders.ts';

const reminder = (id: string, title: string, category: Category, extra: Partial<Reminder> = {}) =>
  ({
    id,
    user_id: 'u',
    title,
    category,
    provider: title,
    renewal_date: '2031-03-01',
    amount: null,
    notes: null,
    repeats: 'none',
    auto_renew: false,
    act_by: null,
    lead_days: null,
    ...extra,
  }) as Reminder;

const lead = aLeadMail;

describe('dailyPushPayload', () => {
  it('one renewal: its own words, its own page', () => {
    expect(dailyPushPayload([lead(reminder('r1', 'Netflix', 'subscriptions'), 1)])).toEqual({
      title: '1 renewal needs you today',
      body: 'Netflix renews in 1 day',
      url: '/reminders/r1',
      tag: 'daily',
    });
  });

  it('several: soonest first, joined by a middle dot, the dashboard; follow-ups and act-by dates in the mail’s words', () => {
    const payload = dailyPushPayload([
      { type: 'savings', reminder: reminder('r3', 'Broadband', 'broadband_mobile'), daysLeft: null },
      lead(reminder('r2', 'Car insurance', 'insurance', { act_by: '2031-02-20' }), 7),
      lead(reminder('r1', 'MOT', 'car_tax_mot'), 0),
    ]);
    expect(payload).toEqual({
      title: '3 renewals need you today',
      body: 'MOT is due today · Act on Car insurance in 7 days · How did you do with Broadband?',
      url: '/dashboard',
      tag: 'daily',
    });
  });

  it('one follow-up opens its outcome page for the renewal it asks about', () => {
    const payload = dailyPushPayload([
      { type: 'savings', reminder: reminder('r3', 'Broadband', 'broadband_mobile'), daysLeft: null },
    ]);
    expect(payload.url).toBe('/savings/r3?renewal=2031-03-01');
  });

  it('two mails of one renewal count as one renewal and open it', () => {
    const car = reminder('r1', 'Car insurance', 'insurance');
    const payload = dailyPushPayload([lead(car, 7), { type: 'savings', reminder: car, daysLeft: null }]);
    expect(payload.title).toBe('1 renewal needs you today');
    expect(payload.url).toBe('/reminders/r1');
  });

  it('a long day lists four, then how many more', () => {
    const items = Array.from({ length: 7 }, (_, i) =>
      lead(reminder(`r${i}`, `Plan ${i}`, 'subscriptions'), i + 1),
    );
    const { title, body } = dailyPushPayload(items);
    expect(title).toBe('7 renewals need you today');
    expect(body.split(' · ')).toEqual([
      'Plan 0 renews in 1 day',
      'Plan 1 renews in 2 days',
      'Plan 2 renews in 3 days',
      'Plan 3 renews in 4 days',
      'and 3 more',
    ]);
  });
});
