/**
 * Action window mails on the local stand-ins: the reminder job sends a window's mail on its day
 * exactly once, puts a window that falls on a lead day in the same digest (also for an owner who asked
 * for one e-mail per renewal), catches up a missed window late and says so, and the calendar feed
 * carries each window as an event with one alarm.
 */
import { describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import type { ReminderDraft } from '../../shared/schemas/reminder.ts';
import type { CalendarLink } from '../../shared/api.ts';
import { keys } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { runJob } from '../support/job.ts';
import { seedReminder, seedUser } from '../support/seed.ts';
import { addReminder, api, mailsTo, userWithReminder } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** Each test on its own far-future dates, so no test sees another's reminders. */
let counter = 0;
const freshRenewal = () => addDays('2050-01-01', ++counter * 300);

async function seed(label: string, draft: Partial<ReminderDraft> & { renewal_date: string }) {
  const user = await seedUser(label);
  // Car insurance with Admiral at £480 (aDraft), as `draft` changes it.
  const reminder = await seedReminder(user.userId, draft);
  return { ...user, reminder };
}

const run = (date: string) => runJob(stack, { date, trigger: 'cli' });
const windowNotes = (result: Awaited<ReturnType<typeof run>>, userId: string) =>
  result.mails.filter((m) => m.userId === userId && m.type === 'window').map((m) => m.status);

describe('window mails from the reminder job', () => {
  it('on the best day for quotes: one mail saying so, sent once however often the day is run', async () => {
    const renewal = freshRenewal();
    const ann = await seed('quotes', { renewal_date: renewal });
    const day = addDays(renewal, -26);
    const first = await run(day);
    expect(first.errors).toEqual([]);
    expect(windowNotes(first, ann.userId)).toEqual(['sent']);
    // The same day again, and the next: nothing more.
    expect(windowNotes(await run(day), ann.userId)).toEqual([]);
    expect(windowNotes(await run(addDays(day, 1)), ann.userId)).toEqual([]);
    const mails = await mailsTo(stack, ann.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Car insurance with Admiral: today is the best day to get quotes',
    ]);
    expect(mails[0]!.body.text).toContain('Source: MoneySavingExpert');
    expect(mails[0]!.body.text).not.toContain('late');
  });

  it('a window on a lead day goes in the same digest: one mail, also with one e-mail per renewal', async () => {
    const renewal = freshRenewal();
    // The end-of-contract notice is due 10 days before; 10 is one of this contract's own lead days.
    const draft = {
      renewal_date: renewal,
      category: 'broadband_mobile',
      title: 'Fibre',
      provider: 'BT',
    } as const;
    const digest = await seed('samedaydigest', { ...draft, lead_days: [30, 10, 0] });
    const separate = await seed('samedayseparate', { ...draft, lead_days: [30, 10, 0] });
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: keys.user(separate.userId), sk: keys.profile() },
        UpdateExpression: 'SET email_per_renewal = :on',
        ExpressionAttributeValues: { ':on': true },
      }),
    );
    const result = await run(addDays(renewal, -10));
    expect(result.errors).toEqual([]);
    for (const user of [digest, separate]) {
      const statuses = result.mails.filter((m) => m.userId === user.userId && m.status === 'sent');
      expect(statuses.map((m) => m.type).sort()).toEqual(['reminder', 'window']);
      const mails = await mailsTo(stack, user.email);
      expect(mails).toHaveLength(1);
      // The window is the news of the day: its action is the subject, and it comes first.
      expect(mails[0]!.subject).toBe('Fibre with BT: your end-of-contract notice is due by now');
      const text = mails[0]!.body.text ?? '';
      expect(text).toContain('INFO to 85075');
      // A broadband contract is a deal that ends.
      expect(text.indexOf('END-OF-CONTRACT NOTICE')).toBeLessThan(text.indexOf('ENDS IN 10 DAYS'));
    }
    // Both settled: a second run that day sends nothing more.
    expect((await run(addDays(renewal, -10))).mails.filter((m) => m.status === 'sent')).toEqual([]);
  });

  it('catches up a missed window late, and says it is late', async () => {
    const renewal = freshRenewal();
    const ann = await seed('latewindow', { renewal_date: renewal, lead_days: [3] });
    // No run on the window's day (26 days before); the next run is 20 days before.
    const result = await run(addDays(renewal, -20));
    expect(windowNotes(result, ann.userId)).toEqual(['sent']);
    const [mail] = await mailsTo(stack, ann.email);
    const day = formatLongUkDate(addDays(renewal, -26));
    expect(mail!.subject).toBe(
      `Car insurance with Admiral: the best day to get quotes was ${day}: get them now`,
    );
    expect(mail!.body.text).toContain(`This e-mail is late: the day was ${day}.`);
    // Sent once: the lead 3 days before goes on its own day, and the window never again.
    const lead = await run(addDays(renewal, -3));
    expect(windowNotes(lead, ann.userId)).toEqual([]);
    expect((await mailsTo(stack, ann.email)).map((m) => m.subject)).toHaveLength(2);
  });

  it('sends no window mail when the owner turned them off', async () => {
    const renewal = freshRenewal();
    const ann = await seed('windowsoff', { renewal_date: renewal, lead_days: [3], action_windows: false });
    expect(windowNotes(await run(addDays(renewal, -26)), ann.userId)).toEqual([]);
    expect(await mailsTo(stack, ann.email)).toEqual([]);
  });
});

/** An all-day event's date as node-ical gives it (midnight local time). */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('the calendar feed', () => {
  async function events(user: { accessToken: string }): Promise<VEvent[]> {
    const { link } = (await api(stack, user.accessToken)('GET', '/api/me/calendar')).json as {
      link: CalendarLink;
    };
    const text = await (await fetch(`${stack.appUrl}${new URL(link.https_url).pathname}`)).text();
    return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
  }

  it('carries each window as an event on its day with one alarm, a mortgage’s from its lender', async () => {
    const energy = { title: 'Energy', category: 'utilities_energy', provider: 'Octopus', amount: null };
    const { user } = await userWithReminder(stack, 'windowfeed', { ...energy, renewal_date: '2052-06-30' });
    await addReminder(stack, user, {
      title: 'Home loan',
      category: 'mortgage',
      provider: 'Barclays',
      renewal_date: '2052-09-15',
      amount: null,
      notes: null,
      lender: 'barclays',
    });
    const windows = (await events(user)).filter((e) => String(e.uid).includes('-window-'));
    const byDay = windows.map((e) => [isoDay(e.start), String(e.summary), e.alarms?.length]).sort();
    expect(byDay).toEqual([
      ['2052-05-12', 'No exit fees from today: Energy (Octopus)', 1],
      ['2052-05-19', 'Your end-of-fix notice is due by now: Energy (Octopus)', 1],
      ['2052-06-15', 'You can usually lock in a new deal from today: Home loan (Barclays)', 1],
    ]);
    const [lock] = windows.filter((e) => String(e.summary).startsWith('You can usually'));
    expect(String(lock!.description)).toContain('Source: MoneySavingExpert');
  });
});
