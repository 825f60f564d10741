/**
 * Reminders as contracts, through the API and the reminder job on the local stand-ins: own lead days and
 * an act-by date drive the mails; an outcome rolls a reminder forward or cancels it; the job rolls an
 * unanswered repeating reminder forward on the 14th day, once, counted from its anchor; the history,
 * the savings ledger and the statistics stay true after each, and after the account is deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import type { ReminderDetails, OutcomeRecorded, Reminder, SavingsSummary } from '../../shared/api.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { getItem, queryAll } from '../../lambdas/store/db.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { rollForward } from '../../lambdas/store/reminders/index.ts';
import { keys } from '../../shared/table.ts';
import { runJob } from '../support/job.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

/**
 * Each test works on later dates than the one before: a run for a date also settles and rolls what
 * earlier tests left behind, never what a later test has yet to look at.
 */
let era = 0;
const nextEra = () => `${2040 + 4 * ++era}-01-31`;

/** The same day a year on (31 January to 31 January, whatever the leap years). */
const yearAfter = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;

const insurance = (renewalDate: string, extra: Record<string, unknown> = {}) => ({
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: renewalDate,
  amount: 480,
  notes: null,
  ...extra,
});

function client(user: TestUser) {
  const call = api(stack, user.accessToken);
  return {
    call,
    details: async (id: string) => {
      const response = await call('GET', `/api/reminders/${id}`);
      expect(response.status).toBe(200);
      return response.json as unknown as ReminderDetails;
    },
    list: async () => ((await call('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders,
    savings: async () => (await call('GET', '/api/savings')).json as unknown as SavingsSummary,
    outcome: async (id: string, body: Record<string, unknown>) => {
      const response = await call('POST', `/api/reminders/${id}/savings`, body);
      expect(response.status, response.text).toBe(201);
      return response.json as unknown as OutcomeRecorded;
    },
  };
}

/** The mails `user` gets from now on (the confirmation and welcome mails are already there). */
async function mailsSeen(user: TestUser) {
  const before = (await mailsTo(stack, user.email)).length;
  return {
    since: async () => (await mailsTo(stack, user.email)).slice(before),
    subjects: async () => (await mailsTo(stack, user.email)).slice(before).map((m) => m.subject),
  };
}

describe('own lead days and an act-by date', () => {
  it('mail on the reminder’s own days, counted down to the act-by date, and say so', async () => {
    const user = await createUser(stack, { label: 'actby' });
    const renewal = nextEra();
    const actBy = addDays(renewal, -30);
    const id = await addReminder(
      stack,
      user,
      insurance(renewal, { act_by: actBy, lead_days: [45, 3], auto_renew: true, repeats: 'yearly' }),
    );
    const { details } = client(user);
    expect((await details(id)).next_mail).toEqual({
      date: addDays(actBy, -45),
      type: 'reminder',
      days_before: 45,
      counts_to: 'act_by',
    });

    const seen = await mailsSeen(user);
    await runJob(stack, { trigger: 'cli', date: addDays(actBy, -45) });
    // The category's 30-day lead is not one of this reminder's days: nothing goes on that day.
    await runJob(stack, { trigger: 'cli', date: addDays(actBy, -30) });
    await runJob(stack, { trigger: 'cli', date: addDays(actBy, -3) });
    const mails = await seen.since();
    expect(mails.map((m) => m.subject)).toEqual([
      `Act on your Home insurance with Aviva in 45 days (by ${formatLongUkDate(actBy)})`,
      `Act on your Home insurance with Aviva in 3 days (by ${formatLongUkDate(actBy)})`,
    ]);
    const text = mails.at(-1)!.body.text!;
    expect(text).toContain(`The last day to act is ${formatLongUkDate(actBy)}.`);
    expect(text).toContain('It renews automatically: if you do nothing, you will pay the renewal price.');
    // Its own days have no day 0: what is left is the follow-up, the day after the renewal.
    expect((await details(id)).next_mail).toMatchObject({ type: 'savings', date: addDays(renewal, 1) });

    // Moving the act-by date reschedules: the new date's leads are new mails.
    const moved = addDays(actBy, 10);
    const edit = await client(user).call(
      'PUT',
      `/api/reminders/${id}`,
      insurance(renewal, { act_by: moved, lead_days: [45, 3], auto_renew: true, repeats: 'yearly' }),
    );
    expect(edit.status).toBe(200);
    // (The edit is made today, long before the new date: its first lead is ahead again.)
    expect((await details(id)).next_mail).toMatchObject({ date: addDays(moved, -45), days_before: 45 });
  });

  it('refuses an act-by date after the renewal and bad lead days, storing nothing', async () => {
    const user = await createUser(stack, { label: 'badterms' });
    const { call, list } = client(user);
    const renewal = nextEra();
    expectFieldErrors(
      await call('POST', '/api/reminders', insurance(renewal, { act_by: addDays(renewal, 1) })),
      {
        act_by: [MESSAGES.actByAfterRenewal],
      },
    );
    for (const lead_days of [[], [400], [1.5], Array.from({ length: 9 }, (_, i) => i), ['7']])
      expectFieldErrors(await call('POST', '/api/reminders', insurance(renewal, { lead_days })), {
        lead_days: [MESSAGES.leadDaysInvalid],
      });
    expect(await call('POST', '/api/reminders', insurance(renewal, { repeats: 'weekly' }))).toMatchObject({
      status: 400,
    });
    expect(await list()).toEqual([]);
  });
});

describe('the outcome of a renewal', () => {
  it('rolls the reminder forward with the new provider and price, and keeps the term in the history', async () => {
    const user = await createUser(stack, { label: 'rolled' });
    const { details, outcome, savings, call } = client(user);
    const renewal = nextEra();
    const id = await addReminder(
      stack,
      user,
      insurance(renewal, { repeats: 'yearly', act_by: addDays(renewal, -14) }),
    );
    const before = await adminStatistics();

    // The next date must be after the current one; nothing is recorded when it is not.
    const early = await call('POST', `/api/reminders/${id}/savings`, {
      outcome: 'saved',
      saved_amount: '120',
      next_renewal_date: renewal,
    });
    expectFieldErrors(early, { next_renewal_date: [MESSAGES.nextRenewalNotAfter] });
    expect((await savings()).records).toEqual([]);

    const next = yearAfter(renewal);
    const recorded = await outcome(id, {
      outcome: 'saved',
      saved_amount: '120',
      next_renewal_date: next,
      new_provider: 'Admiral',
      new_price: 360,
    });
    expect(recorded.savings).toMatchObject({
      result: 'switched',
      saved_amount: 120,
      provider: 'Aviva',
      price: 480,
      new_price: 360,
      term_from: null,
      term_to: renewal,
      title: 'Home insurance',
      category: 'insurance',
    });
    expect(recorded.reminder).toMatchObject({
      renewal_date: next,
      provider: 'Admiral',
      amount: 360,
      last_term_amount: 480,
      term_started: renewal,
      term_anchor: next,
      // The act-by date keeps its distance from the renewal.
      act_by: addDays(next, -14),
    });
    const page = await details(id);
    expect(page.reminder).toEqual(recorded.reminder);
    expect(page.history).toEqual([recorded.savings]);
    expect(page.next_mail).toMatchObject({ counts_to: 'act_by', days_before: 30, date: addDays(next, -44) });
    expect(await savings()).toEqual({ total: 120, household_total: null, records: [recorded.savings] });
    const after = await adminStatistics();
    expect(after.total_savings - before.total_savings).toBeCloseTo(120);
    expect(after.total_reminders).toBe(before.total_reminders);

    // The new renewal's mails quote the price paid last term.
    await runJob(stack, { trigger: 'cli', date: addDays(next, -44) });
    const mail = (await mailsTo(stack, user.email)).at(-1)!;
    expect(mail.subject).toBe(
      `Act on your Home insurance with Admiral in 30 days (by ${formatLongUkDate(addDays(next, -14))})`,
    );
    expect(mail.body.text).toContain('Last term you paid £480.00.');
  });

  it('keeps one outcome per renewal: answering again replaces it, and the total follows', async () => {
    const user = await createUser(stack, { label: 'again' });
    const { outcome, savings, details } = client(user);
    const renewal = nextEra();
    const id = await addReminder(stack, user, insurance(renewal, { category: 'mortgage' }));
    const before = await adminStatistics();
    const first = await outcome(id, { outcome: 'saved', saved_amount: '50' });
    const second = await outcome(id, { outcome: 'saved', saved_amount: '80.25' });
    expect(second.savings.id).toBe(first.savings.id);
    expect(second.savings).toMatchObject({ result: 'negotiated', saved_amount: 80.25 });
    // No next date for a reminder that does not repeat: it stays where it is.
    expect(second.reminder.renewal_date).toBe(renewal);
    const third = await outcome(id, { outcome: 'no_saving' });
    expect(third.savings).toMatchObject({ result: 'renewed', saved_amount: 0 });
    expect(await savings()).toEqual({ total: 0, household_total: null, records: [third.savings] });
    expect((await details(id)).history).toHaveLength(1);
    const after = await adminStatistics();
    expect(after.total_savings).toBeCloseTo(before.total_savings);
  });

  it('cancels: the reminder leaves the list and its mails stop, its history and savings stay', async () => {
    const user = await createUser(stack, { label: 'cancel' });
    const { outcome, savings, details, list, call } = client(user);
    const renewal = nextEra();
    const id = await addReminder(stack, user, insurance(renewal, { repeats: 'yearly' }));
    const before = await adminStatistics();
    const seen = await mailsSeen(user);
    const recorded = await outcome(id, { outcome: 'saved', saved_amount: '480', cancelled: true });
    expect(recorded.savings).toMatchObject({ result: 'cancelled', saved_amount: 480 });
    expect(recorded.reminder.archived_at).not.toBeNull();
    expect(await list()).toEqual([]);
    const page = await details(id);
    expect(page.next_mail).toBeNull();
    expect(page.history).toEqual([recorded.savings]);
    expect((await savings()).total).toBe(480);
    const after = await adminStatistics();
    expect(after.total_reminders).toBe(before.total_reminders - 1);
    // No edit brings it back, and no run mails it or rolls it, even long past its renewal.
    expect((await call('PUT', `/api/reminders/${id}`, insurance(renewal))).status).toBe(404);
    const run = await runJob(stack, { trigger: 'cli', date: addDays(renewal, 20) });
    expect(run.mails.filter((m) => m.reminderId === id)).toEqual([]);
    expect(await seen.subjects()).toEqual([]);
    expect((await details(id)).reminder.renewal_date).toBe(renewal);
  });
});

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
    const planned = (await getItem(keys.user(user.sub), keys.reminder(id)))!;
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
