/**
 * 'Snooze 3 days' on the local stand-ins: the reminder's mail due today goes three days later, once,
 * late; the snooze is in its history; a second snooze the same day changes nothing; only the owner
 * may snooze (the authorization matrix and the fuzz suite cover the route's other answers).
 */
import { describe, expect, it } from 'vitest';
import { snoozeReminder } from '../../lambdas/store/reminders/index.ts';
import { addDays, reminderSchedule } from '../../shared/reminder/schedule.ts';
import { useTestStack } from '../support/fixtures.ts';
import { runJob } from '../support/job.ts';
import { seedReminder, seedUser } from '../support/seed.ts';
import { api, createUser, mailsTo, userWithReminder } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

const run = (date: string) => runJob(stack, { date, trigger: 'cli' });
const sentTo = (result: Awaited<ReturnType<typeof run>>, userId: string) =>
  result.mails.filter((m) => m.userId === userId && m.status === 'sent');
/** 07:00 in London on `date` (winter): before that day's run. */
const morningOf = (date: string) => new Date(`${date}T07:00:00Z`);

describe('snooze 3 days', () => {
  it("moves the reminder's mail due today three days on: it goes then, once", async () => {
    const user = await seedUser('snooze');
    const reminder = await seedReminder(user.userId, { renewal_date: '2051-02-20' });
    const due = reminderSchedule(reminder)[0]!.date;

    const snooze = await snoozeReminder(user.userId, reminder.id, morningOf(due));
    expect(snooze).toEqual({ on: due, until: addDays(due, 3) });
    // Again the same day: the same snooze, nothing moves further.
    expect(await snoozeReminder(user.userId, reminder.id, morningOf(due))).toEqual(snooze);

    for (const day of [due, addDays(due, 1), addDays(due, 2)]) {
      expect(sentTo(await run(day), user.userId), day).toEqual([]);
    }
    const then = await run(addDays(due, 3));
    expect(then.errors).toEqual([]);
    expect(sentTo(then, user.userId)).toHaveLength(1);
    expect(sentTo(await run(addDays(due, 3)), user.userId)).toEqual([]);
    expect(await mailsTo(stack, user.email)).toHaveLength(1);
  });

  it("through the API: the owner's snooze is in the reminder's history; another user's is a 404", async () => {
    const { user: owner, reminderId: id } = await userWithReminder(stack, 'snoozer', {
      title: 'Broadband',
      category: 'broadband_mobile',
      provider: 'BT',
      renewal_date: '2051-06-01',
      amount: 300,
    });
    const other = await createUser(stack, { label: 'snoopy' });
    const path = `/api/reminders/${id}/snooze`;
    const first = await api(stack, owner.accessToken)('POST', path);
    expect(first.status).toBe(200);
    const again = await api(stack, owner.accessToken)('POST', path);
    expect(again.json).toEqual(first.json);
    expect((await api(stack, other.accessToken)('POST', path)).status).toBe(404);
    const details = await api(stack, owner.accessToken)('GET', `/api/reminders/${id}`);
    const body = details.json as { snoozes: unknown[]; next_mail: { date: string } };
    expect(body.snoozes).toEqual([first.json]);
    expect(body.next_mail.date).toBe((first.json as { until: string }).until);
  });
});
