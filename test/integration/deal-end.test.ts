/**
 * A deal's end apart from how it is paid, through the API and the reminder job on the local
 * stand-ins: a mortgage paid monthly and ending in 5 months mails at 90, 60, 30, 14, 7 and 0 days
 * before its end, and on the day its lender lets a new deal be locked in, each once; once it has
 * ended it asks for the new deal and never adds a month by itself. A reminder saved when 'How often
 * do you pay?' was taken as its term keeps its date and asks when the deal ends.
 */
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { ReminderDetails, Reminder } from '../../shared/api.ts';
import { formatLongUkDate, todayIn } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { runJob } from '../support/job.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser, mailsTo } from '../support/stack.ts';
import { storedWithout } from '../support/table.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** The owner's today (the default zone is London's): the reminder's mails start from it. */
const today = () => todayIn('Europe/London', DateTime.now());

describe('a deal that ends, paid monthly', () => {
  it('mails a mortgage ending in 5 months at 90, 60, 30, 14, 7 and 0 days, and the lock-in day, once each', async () => {
    const user = await createUser(stack, { label: 'dealend' });
    const end = addDays(today(), 150);
    const id = await addReminder(stack, user, {
      title: 'Mortgage',
      category: 'mortgage',
      provider: 'Nationwide',
      renewal_date: end,
      amount: 1150,
      notes: null,
      billing: 'monthly',
      date_kind: 'deal_end',
      lender: 'nationwide',
    });
    const call = api(stack, user.accessToken);
    const { reminder } = (await call('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails;
    expect(reminder).toMatchObject({ billing: 'monthly', date_kind: 'deal_end', repeats: 'none' });

    // Nationwide lets a borrower lock in a new deal 4 months ahead.
    const lockIn = DateTime.fromISO(end).minus({ months: 4 }).toISODate()!;
    const leads = [90, 60, 30, 14, 7, 0].map((days) => addDays(end, -days));
    // Each mail's day, the day before and the day after, then well past the end: each goes on its
    // day, once. (Every day of the 4 months gives the same answer, at five times the runs.)
    const mailDays = [lockIn, ...leads, addDays(end, 1)];
    const days = [...new Set(mailDays.flatMap((d) => [addDays(d, -1), d, addDays(d, 1)]))]
      .concat([addDays(end, 14), addDays(end, 20)])
      .sort();
    const sentOn: Record<string, string[]> = {};
    for (const day of days) {
      const result = await runJob(stack, { date: day, trigger: 'cli' });
      expect(result.errors).toEqual([]);
      const sent = result.mails.filter((m) => m.userId === user.sub && m.status === 'sent');
      if (sent.length > 0) sentOn[day] = sent.map((m) => m.type);
    }
    expect(sentOn).toEqual({
      [lockIn]: ['window'],
      ...Object.fromEntries(leads.map((day) => [day, ['reminder']])),
      // The day after the end: how did it go, and what is the new deal.
      [addDays(end, 1)]: ['savings'],
    });
    // Beside the sign-up's own mails, the reminder's: one per mail day.
    const subjects = (await mailsTo(stack, user.email))
      .map((m) => m.subject)
      .filter((s) => s.includes('Mortgage'));
    expect(subjects).toHaveLength(8);
    expect(subjects).toContain(`Your Mortgage with Nationwide ends in 90 days (${formatLongUkDate(end)})`);
    expect(subjects).toContain('Your Mortgage with Nationwide ends today');

    // Twenty days past its end, unanswered, it has not moved a month on: it waits for the new deal.
    const after = (await call('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails;
    expect(after.reminder.renewal_date).toBe(end);
    const list = ((await call('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders;
    expect(list.find((r) => r.id === id)?.renewal_date).toBe(end);
  });

  it('keeps a reminder saved as a monthly payment on its date, and asks when the deal ends until answered', async () => {
    const user = await createUser(stack, { label: 'cutdown' });
    const payment = addDays(today(), 20);
    const id = await addReminder(stack, user, {
      title: 'Energy fix',
      category: 'utilities_energy',
      provider: 'Octopus',
      renewal_date: payment,
      amount: 96,
      notes: null,
      billing: 'monthly',
      date_kind: 'next_payment',
    });
    // As it was stored before the two facts were apart: only 'repeats', which meant the payments.
    await storedWithout(user.sub, id, ['billing', 'date_kind', 'ask_deal_end']);
    const call = api(stack, user.accessToken);
    const read = async () =>
      ((await call('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails).reminder;
    expect(await read()).toMatchObject({
      renewal_date: payment,
      billing: 'monthly',
      date_kind: 'next_payment',
      ask_deal_end: true,
    });

    // The answer: the deal ends in 5 months. It then has the category's lead days, and nothing left to ask.
    const end = addDays(today(), 150);
    const answered = await call('PUT', `/api/reminders/${id}`, {
      title: 'Energy fix',
      category: 'utilities_energy',
      provider: 'Octopus',
      renewal_date: end,
      amount: 96,
      notes: null,
      billing: 'monthly',
      date_kind: 'deal_end',
    });
    expect(answered.status, answered.text).toBe(200);
    expect(await read()).toMatchObject({
      renewal_date: end,
      billing: 'monthly',
      date_kind: 'deal_end',
      repeats: 'none',
      ask_deal_end: false,
    });
    const { next_mail: next } = (await call('GET', `/api/reminders/${id}`))
      .json as unknown as ReminderDetails;
    // Ofgem's end-of-fix notice and no-exit-fee days, then the 30-day lead: not 3 days before a payment.
    expect(next).toMatchObject({ type: 'window', date: addDays(end, -49) });
  });
});
