/**
 * The reminder job's roll forward on the local stand-ins: an unanswered repeating reminder rolls on
 * the 14th day after its renewal, once, counted from its anchor; a throttled or outdated roll does
 * no harm; the history, the savings and the statistics stay true after the account is deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { formatLongUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { getItem, queryAll } from '../../lambdas/store/db.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { parseIndexedReminder, rollForward } from '../../lambdas/store/reminders/index.ts';
import { keys } from '../../shared/table.ts';
import { runJob } from '../support/job.ts';
import { addReminder, createUser } from '../support/stack.ts';
import { insurance, useContractsStack, yearAfter } from '../support/contracts.ts';

/** An own reminder's item as the job reads it from the next-mail index, ready to roll. */
const asRead = (item: Record<string, unknown>) => ({
  reminder: parseIndexedReminder(item, 'Europe/London'),
  householdId: null,
});

const { stack, nextEra, client, mailsSeen } = useContractsStack();

describe('the automatic roll forward', () => {
  it('rolls an unanswered repeating reminder on the 14th day after its renewal, once', async () => {
    const user = await createUser(stack, { label: 'auto' });
    const { details, savings } = client(user);
    const renewal = nextEra();
    const id = await addReminder(stack, user, insurance(renewal, { repeats: 'yearly', lead_days: [7] }));
    const once = await addReminder(
      stack,
      user,
      insurance(renewal, { title: 'Mortgage deal', category: 'mortgage' }),
    );

    const seen = await mailsSeen(user);
    // The day after the renewal the follow-ups ask (one digest for both reminders).
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, 1) });
    expect(await seen.subjects()).toEqual([
      expect.stringMatching(/^2 renewals to review: (Home insurance|Mortgage deal) and 1 more$/),
    ]);
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, 13) });
    expect((await details(id)).reminder.renewal_date).toBe(renewal);

    const run = await runJob(stack, { trigger: 'cli', date: addDays(renewal, 14) });
    expect(run.rolled).toBeGreaterThanOrEqual(1);
    const rolled = await details(id);
    expect(rolled.reminder).toMatchObject({
      renewal_date: yearAfter(renewal),
      term_started: renewal,
      term_anchor: renewal,
      last_term_amount: 480,
      provider: 'Aviva',
      amount: 480,
    });
    expect(rolled.history).toEqual([
      expect.objectContaining({ result: 'rolled_forward', term_to: renewal, price: 480, saved_amount: 0 }),
    ]);
    // The new term's first mail is its best day for quotes, 26 days before.
    expect(rolled.next_mail).toMatchObject({
      date: addDays(yearAfter(renewal), -26),
      days_before: 26,
      type: 'window',
    });
    // One that does not repeat keeps showing overdue.
    expect((await details(once)).reminder.renewal_date).toBe(renewal);

    // A re-run of the same day, or the next day, rolls nothing again.
    expect((await runJob(stack, { trigger: 'cli', date: addDays(renewal, 14) })).rolled).toBe(0);
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, 15) });
    expect((await details(id)).history).toHaveLength(1);
    expect((await savings()).total).toBe(0);

    // The next renewal's mails go as usual: its best day for quotes, then its leads.
    await runJob(stack, { trigger: 'cli', date: addDays(yearAfter(renewal), -26) });
    expect((await seen.subjects()).at(-1)).toBe(
      'Home insurance with Aviva: today is the best day to get quotes',
    );
    await runJob(stack, { trigger: 'cli', date: addDays(yearAfter(renewal), -7) });
    expect((await seen.subjects()).at(-1)).toBe(
      `Your Home insurance with Aviva renews in 7 days (${formatLongUkDate(yearAfter(renewal))})`,
    );
  });

  it('counts months from the anchor: 31 January rolls to 28 February, then 31 March', async () => {
    const user = await createUser(stack, { label: 'monthly' });
    const { details } = client(user);
    const renewal = nextEra(); // a 31 January
    const year = renewal.slice(0, 4);
    const id = await addReminder(
      stack,
      user,
      insurance(renewal, { category: 'subscriptions', repeats: 'monthly', amount: 9.99 }),
    );
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, 14) });
    const february = (await details(id)).reminder.renewal_date;
    expect(february).toMatch(new RegExp(`^${year}-02-2[89]$`));
    await runJob(stack, { trigger: 'cli', date: addDays(february, 14) });
    const page = await details(id);
    expect(page.reminder.renewal_date).toBe(`${year}-03-31`);
    expect(page.history.map((h) => h.term_to)).toEqual([february, renewal]);
    expect(page.history.map((h) => h.term_from)).toEqual([renewal, null]);
  });
});

describe('the roll forward under faults', () => {
  const faultName = 'test-roll-fault';
  afterEach(() => {
    dynamo().middlewareStack.remove(faultName);
  });

  it('a throttled roll leaves the reminder in place and the run going; the next run rolls it once', async () => {
    const user = await createUser(stack, { label: 'throttled' });
    const { details } = client(user);
    const renewal = nextEra();
    const id = await addReminder(stack, user, insurance(renewal, { repeats: 'yearly' }));
    const other = await addReminder(
      stack,
      user,
      insurance(renewal, { title: 'Car insurance', repeats: 'yearly' }),
    );
    // The first transaction that writes one of this user's rolled-forward outcomes is refused, as
    // DynamoDB throttling would (the run also rolls what earlier tests left behind).
    let refused = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const input = JSON.stringify(args.input);
        if (
          context.commandName?.startsWith('TransactWrite') &&
          input.includes('rolled_forward') &&
          input.includes(user.sub) &&
          refused === 0
        ) {
          refused++;
          throw new ProvisionedThroughputExceededException({ message: 'Throttled', $metadata: {} });
        }
        return next(args);
      },
      { step: 'initialize', name: faultName },
    );
    const run = await runJob(stack, { trigger: 'cli', date: addDays(renewal, 14) });
    expect(refused).toBe(1);
    expect(run.errors).toEqual([expect.stringMatching(/^roll [0-9a-f]{8}: Throttled$/)]);
    const pages = await Promise.all([details(id), details(other)]);
    // Exactly one of the two was refused: it is untouched, the other rolled.
    expect(pages.map((p) => p.reminder.renewal_date).sort()).toEqual([renewal, yearAfter(renewal)]);
    expect(pages.map((p) => p.history.length).sort()).toEqual([0, 1]);

    const retry = await runJob(stack, { trigger: 'cli', date: addDays(renewal, 15) });
    expect(retry.errors).toEqual([]);
    for (const page of await Promise.all([details(id), details(other)])) {
      expect(page.reminder.renewal_date).toBe(yearAfter(renewal));
      expect(page.history).toEqual([expect.objectContaining({ result: 'rolled_forward', term_to: renewal })]);
    }
  });

  it('a roll planned on a version the user has since edited does nothing: the edit wins', async () => {
    const user = await createUser(stack, { label: 'raced' });
    const { details, call } = client(user);
    const renewal = nextEra();
    const id = await addReminder(stack, user, insurance(renewal, { repeats: 'yearly' }));
    const planned = asRead((await getItem(keys.user(user.sub), keys.reminder(id)))!);
    // The user moves the renewal between the job's read and its write.
    const later = addDays(renewal, 40);
    expect((await call('PUT', `/api/reminders/${id}`, insurance(later, { repeats: 'yearly' }))).status).toBe(
      200,
    );
    expect(
      await rollForward(planned, 'Europe/London', new Date(`${addDays(renewal, 14)}T09:00:00Z`)),
    ).toBeNull();
    const page = await details(id);
    expect(page.reminder.renewal_date).toBe(later);
    expect(page.history).toEqual([]);
  });
});

describe('account deletion', () => {
  it('removes the history with the account and takes its savings and reminders out of the statistics', async () => {
    const user = await createUser(stack, { label: 'gone' });
    const { outcome, call } = client(user);
    const renewal = nextEra();
    const before = await adminStatistics();
    const kept = await addReminder(stack, user, insurance(renewal, { repeats: 'yearly' }));
    const cancelled = await addReminder(stack, user, insurance(renewal, { title: 'Gym' }));
    await outcome(kept, { outcome: 'saved', saved_amount: '30', next_renewal_date: yearAfter(renewal) });
    await outcome(cancelled, { outcome: 'saved', saved_amount: '12.5', cancelled: true });
    expect((await call('DELETE', '/api/me')).status).toBe(204);
    expect(await queryAll({ pk: keys.user(user.sub) })).toEqual([]);
    const after = await adminStatistics();
    expect(after.total_savings).toBeCloseTo(before.total_savings);
    expect(after.total_reminders).toBe(before.total_reminders);
  });
});
