/**
 * Reminders as contracts, through the API and the reminder job on the local stand-ins: own lead days and
 * an act-by date drive the mails; an outcome rolls a reminder forward or cancels it; the history and
 * the savings ledger stay true after each. (The job's own roll forward and account deletion:
 * contracts-roll.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { formatLongUkDate } from '../../shared/dates.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { runJob } from '../support/job.ts';
import { expectFieldErrors } from '../support/fixtures.ts';
import { addReminder, createUser, mailsTo } from '../support/stack.ts';
import { insurance, useContractsStack, yearAfter } from '../support/contracts.ts';

const { stack, nextEra, client, mailsSeen } = useContractsStack();

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
