/**
 * Contracts: the schedule for every combination of repeat, own lead days, act-by date and
 * auto-renewal, on month-end and leap-day renewals, and the roll forward's moment.
 */
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  addDays,
  dueNow,
  mailMoment,
  nextMoment,
  reminderSchedule,
  rollDate,
} from '../../shared/reminder/schedule.ts';
import { dedupeKeys } from '../../shared/table.ts';
import { leadDaysFor } from '../../shared/reminder/categories.ts';
import { ROLLING_LEAD_DAYS, type DateKind } from '../../shared/reminder/contract.ts';
import { nextRenewalAfter, REPEATS_VALUES, type Repeats } from '../../shared/reminder/terms.ts';

const LONDON = 'Europe/London';
const at = (iso: string, zone = LONDON) => DateTime.fromISO(iso, { zone });

describe('reminderSchedule of a contract', () => {
  const base = { id: 'c1', user_id: 'u1', category: 'insurance', action_windows: false } as const;
  // A date that does not repeat is a deal's end; one that does is a renewal or a rolling payment.
  const kindsOf = (repeats: Repeats): DateKind[] =>
    repeats === 'none' ? ['deal_end'] : ['renewal', 'next_payment'];
  const cases = REPEATS_VALUES.flatMap((repeats) =>
    kindsOf(repeats).flatMap((kind) =>
      [null, [60, 30, 0]].flatMap((leadDays) =>
        [null, '2027-01-02'].flatMap((actBy) =>
          [false, true].map((autoRenew) => ({ repeats, kind, leadDays, actBy, autoRenew })),
        ),
      ),
    ),
  );

  it.each(cases)(
    'repeats $repeats, $kind, lead days $leadDays, act by $actBy, auto-renew $autoRenew',
    ({ repeats, kind, leadDays, actBy, autoRenew }) => {
      const contract = {
        ...base,
        renewal_date: '2027-01-31',
        repeats,
        date_kind: kind,
        lead_days: leadDays,
        act_by: actBy,
        auto_renew: autoRenew,
      };
      const mails = reminderSchedule(contract);
      // A rolling charge's own lead days unless the reminder has some: one mail 3 days before.
      const days = leadDays ?? (kind === 'next_payment' ? ROLLING_LEAD_DAYS : leadDaysFor('insurance'));
      const target = actBy ?? '2027-01-31';
      // Leads count down to the act-by date when set, on the reminder's own days or the category's.
      expect(mails.filter((m) => m.type === 'reminder').map((m) => [m.date, m.daysBefore])).toEqual(
        days.map((d) => [addDays(target, -d), d]),
      );
      // Each lead is one identity per renewal, act-by date and day; the follow-up is the renewal's.
      expect(mails.filter((m) => m.type === 'reminder').map((m) => m.dedupeKey)).toEqual(
        days.map((d) => dedupeKeys.reminder('c1', '2027-01-31', d, actBy)),
      );
      // A rolling charge asks nothing after it; every other date asks the day after.
      if (kind === 'next_payment') expect(mails.filter((m) => m.type === 'savings')).toEqual([]);
      else
        expect(mails.at(-1)).toMatchObject({
          type: 'savings',
          actBy: null,
          date: '2027-02-01',
          daysBefore: null,
          dedupeKey: dedupeKeys.savings('c1', '2027-01-31'),
        });
      // Only a repeating reminder rolls forward: 14 days after its renewal, a rolling charge the
      // next day; auto-renewal changes no date.
      const roll = repeats === 'none' ? null : kind === 'next_payment' ? '2027-02-01' : '2027-02-14';
      expect(rollDate(contract)).toBe(roll);
      const flipped = { ...contract, auto_renew: !autoRenew };
      expect(reminderSchedule(flipped)).toEqual(mails);
    },
  );

  it('never sends a lead after the act-by date, and the day-0 lead goes on it', () => {
    const contract = { ...base, renewal_date: '2027-03-31', act_by: '2027-03-01', lead_days: [30, 0] };
    const mails = reminderSchedule(contract);
    const input = { schedule: mails, zone: LONDON, settled: new Set<string>(), notBefore: '2027-01-01' };
    const onActBy = dueNow({ ...input, now: at('2027-03-01T08:00') });
    expect(onActBy.send).toMatchObject({ mail: { daysBefore: 0, date: '2027-03-01' }, daysLeft: 0 });
    // The act-by date passed with its leads unsent: they are missed, not sent late.
    const after = dueNow({ ...input, now: at('2027-03-02T08:00') });
    expect(after.send).toBeNull();
    expect(after.missed.map((m) => m.mail.daysBefore)).toEqual([30, 0]);
  });

  it('holds the roll forward in the index, and rolls instead of a follow-up on the 14th day', () => {
    const contract = { ...base, renewal_date: '2027-01-31', repeats: 'quarterly' } as const;
    const mails = reminderSchedule(contract);
    const settled = new Set(mails.map((m) => m.dedupeKey));
    const input = {
      schedule: mails,
      zone: LONDON,
      settled,
      notBefore: '2027-01-01',
      rollOn: rollDate(contract),
    };
    // Every mail settled: the index still holds the reminder, at 08:00 on its roll date.
    expect(nextMoment(input)?.toISO()).toBe(mailMoment('2027-02-14', LONDON).toISO());
    expect(dueNow({ ...input, now: at('2027-02-13T08:00') }).roll).toBe(false);
    expect(dueNow({ ...input, now: at('2027-02-14T08:00') }).roll).toBe(true);
    // A follow-up never sent by then is missed: the renewal it asks about is behind the reminder.
    const open = { ...input, settled: new Set<string>() };
    const plan = dueNow({ ...open, now: at('2027-02-14T09:00') });
    expect(plan).toMatchObject({ roll: true, send: null });
    expect(plan.missed.map((m) => m.mail.type)).toContain('savings');
    // One that does not repeat keeps its follow-up to the 14th day and then leaves the index.
    const once = { ...open, rollOn: rollDate({ ...contract, repeats: 'none' }) };
    expect(dueNow({ ...once, now: at('2027-02-14T09:00') }).send?.mail.type).toBe('savings');
    expect(nextMoment({ ...once, settled })).toBeNull();
  });

  it('rolls 31 January monthly to 28 February, 31 March, 30 April; yearly to 31 January; 29 February to 28 February and back', () => {
    const chain = (anchor: string, repeats: Repeats, count: number) => {
      const dates = [anchor];
      for (let i = 0; i < count; i++) dates.push(nextRenewalAfter(anchor, repeats, dates.at(-1)!)!);
      return dates;
    };
    expect(chain('2027-01-31', 'monthly', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(chain('2028-01-31', 'monthly', 1)).toEqual(['2028-01-31', '2028-02-29']);
    expect(chain('2027-01-31', 'yearly', 2)).toEqual(['2027-01-31', '2028-01-31', '2029-01-31']);
    expect(chain('2028-02-29', 'yearly', 4)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
    // Each rolled renewal's mails fall where they should: the 31 March renewal's 30-day lead on 1 March.
    const march = reminderSchedule({ ...base, renewal_date: '2027-03-31', lead_days: [30, 0] });
    expect(march[0]!.date).toBe('2027-03-01');
    const leapDay = reminderSchedule({ ...base, renewal_date: '2028-02-29', lead_days: [0] });
    expect(leapDay.map((m) => m.date)).toEqual(['2028-02-29', '2028-03-01']);
  });
});
