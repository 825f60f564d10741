/**
 * The schedule function: a reminder's mails, their moments at 08:00 in the owner's zone (GMT and BST
 * alike), and what is due at a moment, with catch-up, supersession, missed mails and the
 * created-today rule. A generated property drives random run times over a reminder's life. (A
 * contract's schedule: schedule-contracts.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  addDays,
  daysBetween,
  dueNow,
  FOLLOW_UP_USEFUL_DAYS,
  mailMoment,
  reminderSchedule,
  type DueInput,
  type ScheduledMail,
} from '../../shared/reminder/schedule.ts';
import { dedupeKeys } from '../../shared/table.ts';

const LONDON = 'Europe/London';
// Leads only (action windows off): window mails are tested in window-mails.test.ts.
const insurance = {
  id: 'r1',
  user_id: 'u1',
  category: 'insurance',
  renewal_date: '2026-06-30',
  action_windows: false,
} as const;
const schedule = reminderSchedule(insurance);
const at = (iso: string, zone = LONDON) => DateTime.fromISO(iso, { zone });
const keys = (mails: readonly { dedupeKey: string }[] | { mail: ScheduledMail }[]) =>
  mails.map((m) => ('mail' in m ? m.mail.dedupeKey : m.dedupeKey));
const lead = (days: number) => dedupeKeys.reminder('r1', '2026-06-30', days);
const followUp = dedupeKeys.savings('r1', '2026-06-30');

function due(now: DateTime, overrides: Partial<DueInput> = {}) {
  return dueNow({ schedule, zone: LONDON, now, settled: new Set(), notBefore: '2026-01-01', ...overrides });
}

describe('reminderSchedule', () => {
  it('lists one mail per lead day of the category, day 0 included, then the follow-up the day after', () => {
    expect(schedule.map((m) => [m.type, m.date, m.daysBefore, m.dedupeKey])).toEqual([
      ['reminder', '2026-05-31', 30, lead(30)],
      ['reminder', '2026-06-16', 14, lead(14)],
      ['reminder', '2026-06-23', 7, lead(7)],
      ['reminder', '2026-06-29', 1, lead(1)],
      ['reminder', '2026-06-30', 0, lead(0)],
      ['savings', '2026-07-01', null, followUp],
    ]);
  });

  it('uses the reminder’s own lead days when it has them, once each, earliest first', () => {
    const own = reminderSchedule({ ...insurance, lead_days: [0, 90, 7, 90] });
    expect(own.map((m) => m.daysBefore)).toEqual([90, 7, 0, null]);
    expect(own[0]!.date).toBe('2026-04-01');
  });

  it('counts calendar days across month ends, leap days and clock changes', () => {
    /** A subscription's mail days, renewing on `renewal_date`. */
    const daysOf = (id: string, renewal_date: string) =>
      reminderSchedule({ id, user_id: 'u1', category: 'subscriptions', renewal_date }).map((m) => m.date);
    // 2028 is a leap year; in 2026 the clocks change on 29 March.
    expect(daysOf('r2', '2028-03-01')).toEqual([
      '2028-02-16',
      '2028-02-23',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
    expect(daysOf('r3', '2026-03-30')).toEqual([
      '2026-03-16',
      '2026-03-23',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
  });
});

describe('calendar arithmetic', () => {
  it('adds and counts days as luxon does in UTC, across month ends, leap days and years', () => {
    const dates = fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2150-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, fc.integer({ min: -800, max: 800 }), (date, days) => {
        const luxon = DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate();
        expect(addDays(date, days)).toBe(luxon);
        expect(daysBetween(date, addDays(date, days))).toBe(days);
      }),
    );
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28);
  });
});

describe('mailMoment', () => {
  it('answers the same moment again for the same date and zone (kept, and immutable)', () => {
    const first = mailMoment('2026-05-01', 'Asia/Tokyo');
    expect(mailMoment('2026-05-01', 'Asia/Tokyo')).toBe(first);
    expect(first.plus({ days: 1 }).toISO()).not.toBe(first.toISO());
    expect(mailMoment('2026-05-01', 'Asia/Tokyo').toUTC().toISO()).toBe('2026-04-30T23:00:00.000Z');
  });

  it('is 08:00 London in winter (08:00 UTC) and in summer (07:00 UTC), also on the day the clocks change', () => {
    expect(mailMoment('2026-01-15', LONDON).toUTC().toISO()).toBe('2026-01-15T08:00:00.000Z');
    expect(mailMoment('2026-07-15', LONDON).toUTC().toISO()).toBe('2026-07-15T07:00:00.000Z');
    expect(mailMoment('2026-03-29', LONDON).toUTC().toISO()).toBe('2026-03-29T07:00:00.000Z');
    expect(mailMoment('2026-10-25', LONDON).toUTC().toISO()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('is 08:00 in each owner’s own zone', () => {
    expect(mailMoment('2026-07-15', 'Asia/Tokyo').toUTC().toISO()).toBe('2026-07-14T23:00:00.000Z');
    expect(mailMoment('2026-07-15', 'America/New_York').toUTC().toISO()).toBe('2026-07-15T12:00:00.000Z');
  });
});

describe('dueNow', () => {
  it('sends nothing before 08:00 on a lead day, and points the index at 08:00', () => {
    const plan = due(at('2026-06-16T07:59'), { settled: new Set([lead(30)]) });
    expect(plan.send).toBeNull();
    expect(plan.next?.toISO()).toBe(mailMoment('2026-06-16', LONDON).toISO());
  });

  it('sends the day’s lead at 08:00 with its days left, on time', () => {
    const plan = due(at('2026-06-16T08:00'), { settled: new Set([lead(30)]) });
    expect(plan.send).toMatchObject({ mail: { dedupeKey: lead(14) }, daysLeft: 14, late: false });
    expect(plan.superseded).toEqual([]);
    expect(plan.next?.toISODate()).toBe('2026-06-23');
  });

  it('catches up a day with no run: the next run sends it late, with the true days left', () => {
    const plan = due(at('2026-06-17T08:00'), { settled: new Set([lead(30)]) });
    expect(plan.send).toMatchObject({ mail: { dedupeKey: lead(14) }, daysLeft: 13, late: true });
  });

  it('sends only the most recent of several missed leads; the older ones are superseded', () => {
    const plan = due(at('2026-06-24T09:30'));
    expect(plan.send).toMatchObject({ mail: { dedupeKey: lead(7) }, daysLeft: 6, late: true });
    expect(keys(plan.superseded)).toEqual([lead(30), lead(14)]);
    expect(plan.missed).toEqual([]);
  });

  it('supersedes an older lead left open once a later one is settled', () => {
    const plan = due(at('2026-06-23T09:00'), { settled: new Set([lead(30), lead(7)]) });
    expect(plan.send).toBeNull();
    expect(keys(plan.superseded)).toEqual([lead(14)]);
    expect(plan.next?.toISODate()).toBe('2026-06-29');
  });

  it('records leads as missed once the renewal has passed, and sends the follow-up instead', () => {
    const plan = due(at('2026-07-01T08:00'), { settled: new Set([lead(30), lead(14), lead(7)]) });
    expect(plan.missed.map((m) => [m.mail.dedupeKey, m.reason])).toEqual([
      [lead(1), 'renewal_passed'],
      [lead(0), 'renewal_passed'],
    ]);
    expect(plan.send).toMatchObject({ mail: { dedupeKey: followUp }, daysLeft: null, late: false });
    expect(plan.next).toBeNull();
  });

  it(`still sends the follow-up ${FOLLOW_UP_USEFUL_DAYS} days after the renewal, and records it missed after that`, () => {
    const leadsDone = new Set(schedule.filter((m) => m.type === 'reminder').map((m) => m.dedupeKey));
    const lastUseful = due(at('2026-07-14T23:00'), { settled: leadsDone });
    expect(lastUseful.send).toMatchObject({ mail: { dedupeKey: followUp }, late: true });
    const tooLate = due(at('2026-07-15T08:00'), { settled: leadsDone });
    expect(tooLate.send).toBeNull();
    expect(tooLate.missed.map((m) => [m.mail.dedupeKey, m.reason])).toEqual([
      [followUp, 'follow_up_expired'],
    ]);
  });

  it('does not send mails dated before the day the reminder was created or rescheduled', () => {
    // Created on 20 June at 10:00: the 30- and 14-day leads are history, not catch-up.
    const created = due(at('2026-06-20T10:00'), { notBefore: '2026-06-20' });
    expect(created.send).toBeNull();
    expect(created.superseded).toEqual([]);
    expect(created.missed).toEqual([]);
    expect(created.next?.toISODate()).toBe('2026-06-23');
    // Created on the 7-day lead's own date, after 08:00: that mail goes at the next run.
    const today = due(at('2026-06-23T15:00'), { notBefore: '2026-06-23' });
    expect(today.send).toMatchObject({ mail: { dedupeKey: lead(7) }, daysLeft: 7, late: false });
  });

  it('skips what is settled, and has nothing left after the follow-up', () => {
    const all = new Set(schedule.map((m) => m.dedupeKey));
    const plan = due(at('2026-06-30T12:00'), { settled: all });
    expect(plan).toEqual({ roll: false, send: null, window: null, superseded: [], missed: [], next: null });
  });

  it('moves the next mail to 08:00 in a new zone when the owner changes time zone', () => {
    const settled = new Set([lead(30)]);
    const london = due(at('2026-06-01T12:00'), { settled });
    const tokyo = due(at('2026-06-01T12:00'), { settled, zone: 'Asia/Tokyo' });
    expect(london.next?.toUTC().toISO()).toBe('2026-06-16T07:00:00.000Z');
    expect(tokyo.next?.toUTC().toISO()).toBe('2026-06-15T23:00:00.000Z');
  });

  it('uses the owner’s local date for today: in Tokyo it is already the lead day', () => {
    const plan = due(DateTime.fromISO('2026-06-15T23:30:00Z'), {
      settled: new Set([lead(30)]),
      zone: 'Asia/Tokyo',
    });
    expect(plan.send).toMatchObject({ mail: { dedupeKey: lead(14) }, daysLeft: 14, late: false });
  });
});

describe('dueNow over a reminder’s life (generated run times)', () => {
  const zones = ['Europe/London', 'Asia/Tokyo', 'America/New_York', 'Australia/Sydney', 'Pacific/Kiritimati'];
  it('never sends a mail twice, settles every passed mail, sends leads in order with true days left, and never misses a run on the renewal day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // Runs: hours after 1 May 2026 00:00 UTC, across about ten weeks, some days skipped entirely.
        fc.uniqueArray(fc.integer({ min: 0, max: 24 * 72 }), { maxLength: 120 }),
        fc.integer({ min: 0, max: 40 }),
        (zone, hours, createdDaysBefore) => {
          const start = DateTime.fromISO('2026-05-01T00:00:00Z');
          const notBefore = DateTime.fromISO('2026-06-30').minus({ days: createdDaysBefore }).toISODate()!;
          const settled = new Set<string>();
          const sent: { key: string; daysLeft: number | null; today: string }[] = [];
          for (const h of [...hours].sort((a, b) => a - b)) {
            const now = start.plus({ hours: h });
            const plan = dueNow({ schedule, zone, now, settled, notBefore });
            for (const m of [...plan.superseded, ...plan.missed.map((x) => x.mail)]) {
              expect(settled.has(m.dedupeKey)).toBe(false);
              settled.add(m.dedupeKey);
            }
            if (plan.send) {
              expect(settled.has(plan.send.mail.dedupeKey)).toBe(false);
              settled.add(plan.send.mail.dedupeKey);
              sent.push({
                key: plan.send.mail.dedupeKey,
                daysLeft: plan.send.daysLeft,
                today: now.setZone(zone).toISODate()!,
              });
            }
            // After the run, nothing that has passed is left open.
            const open = schedule.filter((m) => !settled.has(m.dedupeKey) && m.date >= notBefore);
            expect(open.every((m) => mailMoment(m.date, zone) > now)).toBe(true);
            expect(plan.next?.toMillis() ?? null).toBe(
              open[0] ? mailMoment(open[0].date, zone).toMillis() : null,
            );
          }
          // Leads go in date order, each with the true days left on the owner's date of sending.
          const leads = sent.filter((s) => s.daysLeft !== null);
          for (const s of leads) {
            expect(s.daysLeft).toBe(
              Math.round(DateTime.fromISO('2026-06-30').diff(DateTime.fromISO(s.today), 'days').days),
            );
            expect(s.daysLeft!).toBeGreaterThanOrEqual(0);
          }
          expect(leads.map((s) => s.daysLeft)).toEqual(
            [...leads.map((s) => s.daysLeft)].sort((a, b) => b! - a!),
          );
          // A run on the renewal day at or after 08:00 local always mails (the day-0 lead, or a late one).
          const renewalDayRun = hours.some((h) => {
            const local = start.plus({ hours: h }).setZone(zone);
            return local.toISODate() === '2026-06-30' && local.hour >= 8;
          });
          if (renewalDayRun) expect(settled.has(lead(0))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
