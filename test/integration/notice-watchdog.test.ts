/**
 * The notice watchdog through the API on the local stand-ins: the dashboard's data asks 'Did
 * {provider} send your end-of-contract notice?' on the day the notice was due (not the day before),
 * once, and no more once answered; the answer is kept on the reminder for its renewal, read again
 * the same, changed by any member of a household and seen by all, kept with the term in the history
 * when the reminder moves on, and never lands on the next term. Bad answers are 4xx. And April's
 * price rise, on the same stack: kept on the reminder and in 'Download my data', recurring when the
 * same contract goes on, refused for a category without it.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder, ReminderDetails } from '../../shared/api.ts';
import { todayIn } from '../../shared/dates.ts';
import { agendaOf } from '../../shared/reminder/agenda.ts';
import { noticeQuestion, noticeQuestionDue } from '../../shared/reminder/noticeWatch.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { keys } from '../../shared/table.ts';
import { getItem } from '../../lambdas/store/db.ts';
import { parseIndexedReminder, rollForward } from '../../lambdas/store/reminders/index.ts';
import { inviteAndJoin } from '../support/household.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

/** An own reminder's item as the job reads it from the next-mail index, ready to roll. */
const asRead = (item: Record<string, unknown>) => ({
  reminder: parseIndexedReminder(item, 'Europe/London'),
  householdId: null,
});

const stack = useTestStack();

const broadband = (renewal: string, extra: Record<string, unknown> = {}) => ({
  title: 'Home broadband',
  category: 'broadband_mobile',
  provider: 'BT',
  renewal_date: renewal,
  amount: 30,
  notes: null,
  billing: 'monthly',
  date_kind: 'deal_end',
  ...extra,
});

function client(user: TestUser) {
  const call = api(stack, user.accessToken);
  return {
    call,
    /** The dashboard's data: the list, as GET /api/reminders gives it. */
    list: async () => ((await call('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders,
    details: async (id: string) =>
      (await call('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails,
    answer: (id: string, answer: string, renewal: string) =>
      call('POST', `/api/reminders/${id}/notice`, { answer, renewal_date: renewal }),
  };
}

/** The questions the dashboard asks on `today`: each 'Needs your answer' reminder's notice question. */
const questionsOn = (reminders: readonly Reminder[], today: string) =>
  agendaOf(reminders, today)
    .filter((g) => g.group === 'needs_answer')
    .flatMap((g) => g.reminders)
    .filter((r) => noticeQuestionDue(r, today))
    .map(noticeQuestion);

describe('the notice watchdog', () => {
  it('asks on the day the notice was due, once, and not after the answer, which is kept and read again', async () => {
    const user = await createUser(stack, { label: 'watchdog' });
    const { list, details, answer } = client(user);
    // Users live in London unless they say otherwise: the dashboard's today is London's.
    const today = todayIn('Europe/London');
    const dueToday = addDays(today, 10);
    const id = await addReminder(stack, user, broadband(dueToday));
    // Its notice is due tomorrow: today is the day before.
    await addReminder(stack, user, broadband(addDays(today, 11), { provider: 'Sky', title: 'TV' }));

    expect(questionsOn(await list(), today)).toEqual(['Did BT send your end-of-contract notice?']);
    // Tomorrow, Sky's too; the day before, neither.
    expect(questionsOn(await list(), addDays(today, 1))).toHaveLength(2);
    expect(questionsOn(await list(), addDays(today, -1))).toEqual([]);

    const answered = await answer(id, 'no', dueToday);
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json).toEqual({
      notice_answer: {
        answer: 'no',
        renewal_date: dueToday,
        answered_at: expect.any(String),
        answered_by: null,
      },
    });
    expect(questionsOn(await list(), today)).toEqual([]);
    // Read again: the same answer, on the reminder, for its renewal.
    const { reminder } = await details(id);
    expect(reminder.notice_answer).toMatchObject({ answer: 'no', renewal_date: dueToday });
    // Changed: the new answer replaces it.
    expect((await answer(id, 'yes_with_letter', dueToday)).status).toBe(200);
    expect((await details(id)).reminder.notice_answer?.answer).toBe('yes_with_letter');
  });

  it('keeps the answer with the term when the reminder moves on, and refuses one for a term that is over', async () => {
    const user = await createUser(stack, { label: 'watchterm' });
    const { call, details, answer } = client(user);
    const renewal = '2041-03-31';
    const id = await addReminder(stack, user, broadband(renewal));
    expect((await answer(id, 'no', renewal)).status).toBe(200);
    const outcome = await call('POST', `/api/reminders/${id}/savings`, {
      outcome: 'no_saving',
      next_renewal_date: '2043-03-31',
    });
    expect(outcome.status, outcome.text).toBe(201);
    const page = await details(id);
    expect(page.reminder.notice_answer).toBeNull();
    expect(page.history).toEqual([expect.objectContaining({ term_to: renewal, notice_answer: 'no' })]);
    // A tab still showing the old renewal: nothing is kept for the next one.
    const late = await answer(id, 'yes', renewal);
    expect(late.status).toBe(409);
    expect(late.json?.message).toBe(
      'This renewal is over: the reminder now renews on 31/03/2043. Your answer was not recorded.',
    );
    expect((await details(id)).reminder.notice_answer).toBeNull();
  });

  it('keeps an answer given after the job read the reminder: its roll forward reads again', async () => {
    const user = await createUser(stack, { label: 'watchrace' });
    const { details, answer } = client(user);
    const renewal = '2045-03-31';
    const id = await addReminder(
      stack,
      user,
      broadband(renewal, { date_kind: 'renewal', repeats: 'yearly' }),
    );
    const planned = asRead((await getItem(keys.user(user.sub), keys.reminder(id)))!);
    // The user answers between the job's read and its write.
    expect((await answer(id, 'yes', renewal)).status).toBe(200);
    const rollDay = new Date(`${addDays(renewal, 14)}T09:00:00Z`);
    expect(await rollForward(planned, 'Europe/London', rollDay)).toBeNull();
    // The next run reads the reminder as it is: the term it ends keeps the answer.
    const now = asRead((await getItem(keys.user(user.sub), keys.reminder(id)))!);
    expect(await rollForward(now, 'Europe/London', rollDay)).not.toBeNull();
    const page = await details(id);
    expect(page.reminder.renewal_date).toBe('2046-03-31');
    expect(page.history).toEqual([
      expect.objectContaining({ term_to: renewal, result: 'rolled_forward', notice_answer: 'yes' }),
    ]);
  });

  it('lets any member of a household answer a shared reminder, and every member sees it', async () => {
    const [owner, member] = await Promise.all([
      createUser(stack, { label: 'watchowner' }),
      createUser(stack, { label: 'watchmember' }),
    ]);
    await inviteAndJoin(stack, { userId: owner.sub }, { userId: member.sub, email: member.email });
    const renewal = '2042-05-31';
    const id = await addReminder(stack, owner, broadband(renewal, { shared: true }));
    const response = await client(member).answer(id, 'yes', renewal);
    expect(response.status, response.text).toBe(200);
    const seen = (await client(owner).details(id)).reminder.notice_answer;
    expect(seen).toMatchObject({ answer: 'yes', renewal_date: renewal, answered_by: expect.any(String) });
    expect((await client(member).details(id)).reminder.notice_answer).toEqual(seen);
  });

  it('refuses an answer not on the list, one for a reminder with no notice, and another user’s reminder', async () => {
    const user = await createUser(stack, { label: 'watchbad' });
    const { call, answer, details } = client(user);
    const renewal = '2041-08-31';
    const id = await addReminder(stack, user, broadband(renewal));
    const maybe = await answer(id, 'maybe', renewal);
    expect(maybe.status).toBe(400);
    expect(maybe.json?.fieldErrors).toMatchObject({ answer: ['Choose Yes, Yes, and here it is, or No'] });
    expect((await call('POST', `/api/reminders/${id}/notice`, { answer: 'yes' })).status).toBe(400);
    const gym = await addReminder(stack, user, {
      title: 'Gym',
      category: 'subscriptions',
      provider: 'PureGym',
      renewal_date: renewal,
      amount: 25,
      notes: null,
    });
    const none = await answer(gym, 'yes', renewal);
    expect(none.status).toBe(400);
    expect(none.json?.message).toBe('This reminder has no end-of-contract notice to ask about');
    const stranger = await createUser(stack, { label: 'watchstranger' });
    expect((await client(stranger).answer(id, 'yes', renewal)).status).toBe(404);
    expect((await details(id)).reminder.notice_answer).toBeNull();
  });
});

describe("April's price rise", () => {
  it('is kept on the reminder and in my data, recurs with the contract, and only for telecoms', async () => {
    const user = await createUser(stack, { label: 'aprilrise' });
    const { call, details } = client(user);
    const rise = { kind: 'pounds', pence_a_month: 300 };
    const id = await addReminder(stack, user, broadband('2041-09-30', { price_rise: rise }));
    expect((await details(id)).reminder.price_rise).toEqual(rise);
    const mine = (await call('GET', '/api/me/data')).json as { reminders: Reminder[] };
    expect(mine.reminders.find((r) => r.id === id)?.price_rise).toEqual(rise);

    const insurance = await call('PUT', `/api/reminders/${id}`, {
      ...broadband('2041-09-30', { price_rise: rise }),
      category: 'insurance',
    });
    expect(insurance.status).toBe(400);
    expect(insurance.json?.fieldErrors).toMatchObject({
      price_rise: ['A price rise in April goes only with Broadband & Mobile'],
    });
    // 'I renewed as is': the same contract goes on, and so does its rise.
    const renewed = await call('POST', `/api/reminders/${id}/savings`, {
      outcome: 'no_saving',
      next_renewal_date: '2042-09-30',
    });
    expect(renewed.status, renewed.text).toBe(201);
    expect((await details(id)).reminder.price_rise).toEqual(rise);
  });
});
