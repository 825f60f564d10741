/**
 * Action window mails: their place in the schedule beside the spec's lead days (never instead), what
 * is due of them at a moment (on the day, late, superseded, missed), their subjects and digests, the
 * compiled template against React Email's own render, and the queue message that carries them. A
 * generated property drives random run times over a reminder's life: each window mail goes at most
 * once, never on a day without one, and the leads stay exactly as before.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { leadDaysFor } from '../../shared/reminder/categories.ts';
import { addDays, dueNow, reminderSchedule, type DueInput } from '../../shared/reminder/schedule.ts';
import { actionWindows } from '../../shared/reminder/windows.ts';
import { reminderFormSchema, reminderInputSchema } from '../../shared/schemas/reminder.ts';
import { dedupeKeys } from '../../shared/table.ts';
import { digestSubject, renderDigestMail, type DigestItem } from '../../lambdas/mail/digest.ts';
import { renderDigestMailDirect } from '../../lambdas/mail/templates/digest.tsx';
import { renderWindowMail, windowSubject, type WindowMailProps } from '../../lambdas/mail/window.ts';
import { renderWindowMailDirect } from '../../lambdas/mail/templates/window.tsx';
import { directFallbacks } from '../../lambdas/mail/compile.ts';
import { recipientMessageSchema } from '../../lambdas/features/engine/queue.ts';

const LONDON = 'Europe/London';
const car = {
  id: 'r1',
  user_id: 'u1',
  title: 'Car insurance',
  provider: 'Admiral',
  category: 'insurance',
  renewal_date: '2027-04-01',
  amount: null,
} as const;
const at = (date: string, time = '08:00') => DateTime.fromISO(`${date}T${time}`, { zone: LONDON });
const quoteKey = dedupeKeys.window('r1', '2027-04-01', 'best_quotes', 26);
const due = (date: string, over: Partial<DueInput> & { reminder?: object } = {}) => {
  const { reminder, ...rest } = over;
  return dueNow({
    schedule: reminderSchedule({ ...car, ...reminder }),
    zone: LONDON,
    now: at(date),
    settled: new Set(),
    notBefore: '2027-01-01',
    ...rest,
  });
};

describe('the schedule', () => {
  it('adds each window on its day beside the category’s own lead days, which stay as they are', () => {
    const mails = reminderSchedule(car);
    expect(mails.filter((m) => m.type === 'window').map((m) => [m.date, m.dedupeKey])).toEqual([
      ['2027-03-06', quoteKey],
    ]);
    const leads = mails.filter((m) => m.type === 'reminder').map((m) => m.daysBefore);
    expect(leads).toEqual([...leadDaysFor('insurance')]);
    expect(mails.map((m) => m.date)).toEqual([...mails.map((m) => m.date)].sort());
  });

  it('has no window mails when the owner turned them off; older reminders (no field) have them', () => {
    expect(reminderSchedule({ ...car, action_windows: false }).some((m) => m.type === 'window')).toBe(false);
    expect(reminderSchedule({ ...car, action_windows: undefined }).some((m) => m.type === 'window')).toBe(
      true,
    );
  });

  it('moves a mortgage’s window with its lender (a new key, so the old one is no longer scheduled)', () => {
    const mortgage = { ...car, category: 'mortgage', renewal_date: '2027-09-15' } as const;
    const window = (lender: 'barclays' | 'hsbc') =>
      reminderSchedule({ ...mortgage, lender }).find((m) => m.type === 'window')!;
    expect([window('barclays').date, window('hsbc').date]).toEqual(['2027-06-15', '2027-03-15']);
    expect(window('barclays').dedupeKey).not.toBe(window('hsbc').dedupeKey);
  });
});

describe('what is due', () => {
  it('sends the window on its day at 08:00, and nothing before 08:00', () => {
    expect(due('2027-03-06', { now: at('2027-03-06', '07:59') }).window).toBeNull();
    // Added after the 30-day lead (2 March): only the window is due on 6 March.
    const plan = due('2027-03-06', { notBefore: '2027-03-03' });
    expect(plan.window).toMatchObject({ mail: { dedupeKey: quoteKey }, daysLeft: 26, late: false });
    expect(plan.send).toBeNull();
  });

  it('a window on a lead day is due with the lead, in the same plan (so the same digest)', () => {
    // A broadband contract's end-of-contract notice is due 10 days before; give it a lead on day 10.
    const broadband = { category: 'broadband_mobile', lead_days: [30, 10, 0] } as const;
    const plan = due('2027-03-22', { reminder: broadband });
    expect(plan.window?.mail.type).toBe('window');
    expect(plan.send?.mail).toMatchObject({ type: 'reminder', daysBefore: 10 });
  });

  it('catches up a missed window late while the renewal is ahead, and records it missed after', () => {
    const late = due('2027-03-09');
    expect(late.window).toMatchObject({ mail: { dedupeKey: quoteKey }, daysLeft: 23, late: true });
    const after = due('2027-04-02', { notBefore: '2027-01-01' });
    expect(after.window).toBeNull();
    expect(after.missed.map((m) => m.mail.dedupeKey)).toContain(quoteKey);
  });

  it('sends only the latest of two missed windows; the older is superseded', () => {
    const energy = { category: 'utilities_energy' } as const;
    const plan = due('2027-02-20', { reminder: energy });
    expect(plan.window?.mail).toMatchObject({ window: 'end_of_fix_notice', daysBefore: 42 });
    expect(plan.superseded.map((m) => m.dedupeKey)).toContain(
      dedupeKeys.window('r1', '2027-04-01', 'no_exit_fees', 49),
    );
  });

  it('sends no window dated before the day the reminder was added (a window before today)', () => {
    expect(due('2027-03-09', { notBefore: '2027-03-08' }).window).toBeNull();
  });

  it('never sends a window mail twice, nor a lead differently, whatever the run times', () => {
    const schedule = reminderSchedule(car);
    const leadsOnly = reminderSchedule({ ...car, action_windows: false });
    const days = fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(days, (offsets) => {
        const settled = new Set<string>();
        const settledLeadsOnly = new Set<string>();
        const sent: string[] = [];
        for (const offset of [...offsets].sort((a, b) => a - b)) {
          const now = at(addDays('2027-03-01', offset));
          const input = { zone: LONDON, now, notBefore: '2027-01-01' };
          const plan = dueNow({ ...input, schedule, settled });
          const plain = dueNow({ ...input, schedule: leadsOnly, settled: settledLeadsOnly });
          // The leads decide exactly as they would with no windows at all.
          expect(plan.send?.mail.dedupeKey).toBe(plain.send?.mail.dedupeKey);
          for (const m of [plan.send?.mail, plan.window?.mail, ...plan.superseded])
            if (m) settled.add(m.dedupeKey);
          for (const { mail } of plan.missed) settled.add(mail.dedupeKey);
          for (const m of [plain.send?.mail, ...plain.superseded]) if (m) settledLeadsOnly.add(m.dedupeKey);
          for (const { mail } of plain.missed) settledLeadsOnly.add(mail.dedupeKey);
          if (plan.window) sent.push(plan.window.mail.dedupeKey);
        }
        expect(new Set(sent).size).toBe(sent.length);
      }),
      { numRuns: 200 },
    );
  });
});

const [quotes] = actionWindows(car);
const props = (over: Partial<WindowMailProps> = {}): WindowMailProps => ({
  firstName: 'Ann',
  reminder: car,
  window: quotes!,
  late: false,
  url: 'https://example.test/reminders/r1',
  unsubscribeUrl: 'https://example.test/unsubscribe',
  ...over,
});

describe('the window mail', () => {
  it('says the action in its subject, and says it is late when it is', () => {
    expect(windowSubject(props())).toBe('Car insurance with Admiral: today is the best day to get quotes');
    expect(windowSubject(props({ late: true }))).toBe(
      'Car insurance with Admiral: the best day to get quotes was Saturday 6 March 2027: get them now',
    );
  });

  it('shows the renewal, the range, the tip and the source, and a late note only when late', async () => {
    const { text } = await renderWindowMail(props());
    expect(text).toContain('Car insurance with Admiral renews on Thursday 1 April 2027.');
    expect(text).toContain('Good days: Thursday 4 March 2027 to Sunday 14 March 2027.');
    expect(text).toContain('Source: MoneySavingExpert');
    expect(text).not.toContain('This e-mail is late');
    expect((await renderWindowMail(props({ late: true }))).text).toContain(
      'This e-mail is late: the day was Saturday 6 March 2027.',
    );
  });

  it('equals the direct React Email render for every category’s windows, on time and late, hostile text too', async () => {
    const before = directFallbacks();
    const categories = [
      'insurance',
      'mortgage',
      'utilities_energy',
      'broadband_mobile',
      'car_tax_mot',
    ] as const;
    for (const category of categories)
      // A car's window is its MOT's (the tax has none).
      for (const window of actionWindows({ category, renewal_date: '2028-03-31', vehicle_date: 'mot' }))
        for (const late of [false, true]) {
          const reminder = { ...car, title: '<b>Tom & "Jerry"</b>', provider: 'A{0}' };
          const p = props({ reminder, window, late, firstName: '' });
          expect(await renderWindowMail(p)).toStrictEqual(await renderWindowMailDirect(p));
        }
    expect(directFallbacks()).toBe(before);
  });
});

describe('a digest with windows', () => {
  const url = 'https://example.test/r';
  const windowItem: DigestItem = { kind: 'window', reminder: car, window: quotes!, late: false, url };
  const leadItem: DigestItem = { kind: 'reminder', reminder: car, daysLeft: 26, url, calendarUrl: url };
  const other: DigestItem = { kind: 'savings', reminder: { ...car, id: 'r2', title: 'Gym' }, url };

  it('of one renewal’s window and lead is subjected by the window’s action; of two renewals, counts them', () => {
    expect(digestSubject([windowItem, leadItem])).toBe(windowSubject(props()));
    expect(digestSubject([windowItem, leadItem, other])).toBe(
      '2 renewals to review: Car insurance and 1 more',
    );
  });

  it('equals the direct render, windows late and on time among the other items', async () => {
    const before = directFallbacks();
    const late = { ...windowItem, late: true } as DigestItem;
    const items = [windowItem, leadItem, other, late];
    const p = { firstName: 'Ann', items, unsubscribeUrl: 'https://example.test/u' };
    expect(await renderDigestMail(p)).toStrictEqual(await renderDigestMailDirect(p));
    expect(directFallbacks()).toBe(before);
  });
});

describe('the queue message and the reminder’s fields', () => {
  const run = { id: '9b2f0c1e-0000-4000-8000-000000000001', ranAt: '2027-03-06T08:00:00.000Z' };
  const userId = '4c1d2e3f-0000-4000-8000-000000000002';
  const mail = {
    type: 'window',
    userId,
    reminderId: '7a8b9c0d-0000-4000-8000-000000000003',
    renewalDate: '2027-04-01',
    window: 'best_quotes',
    daysBefore: 26,
    actBy: null,
  };
  const message = (m: object, daysLeft: number | null = 26) => ({
    v: 2,
    run,
    userId,
    mails: [{ mail: m, daysLeft, late: false }],
  });

  it('carries a window mail only in its exact shape', () => {
    expect(recipientMessageSchema.safeParse(message(mail)).success).toBe(true);
    for (const bad of [
      { ...mail, window: 'free_money' },
      { ...mail, daysBefore: 0 },
      { ...mail, daysBefore: null },
      { ...mail, extra: 1 },
    ])
      expect(recipientMessageSchema.safeParse(message(bad)).success).toBe(false);
    expect(recipientMessageSchema.safeParse(message(mail, null)).success).toBe(false);
  });

  it('takes a lender only from the list and only for a mortgage; the windows default on', () => {
    const base = { title: 'Home', category: 'mortgage', provider: 'HSBC', renewal_date: '2027-09-15' };
    expect(reminderInputSchema.parse(base)).toMatchObject({ action_windows: true, lender: null });
    expect(reminderInputSchema.parse({ ...base, lender: 'hsbc' }).lender).toBe('hsbc');
    const messages = (input: object) =>
      reminderInputSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...base, lender: 'USER#x' })).toEqual(['Choose a lender from the list']);
    expect(messages({ ...base, category: 'insurance', lender: 'hsbc' })).toEqual([
      'A lender goes only with a mortgage',
    ]);
    expect(messages({ ...base, action_windows: 'yes' })).toHaveLength(1);
    expect(reminderFormSchema.shape.lender.safeParse('').success).toBe(true);
  });
});
