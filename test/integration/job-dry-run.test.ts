/**
 * `npm run job:run -- --dry-run`: the reminder job's plan for a date, rendered and printed, on the
 * local stand-ins. It writes nothing (the whole table is the same before and after), queues and
 * sends nothing, and names what the real run then does: the same mails to the same people with
 * the same subjects, and the same roll forward.
 */
import { describe, expect, it } from 'vitest';
import type { ReminderDetails } from '../../shared/api.ts';
import { formatLongUkDate, formatUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { describeDryRun, planDryRun } from '../../lambdas/features/engine/dryRun.ts';
import { messagesLeft } from '../../lib/local/sqs.ts';
import { runJob } from '../support/job.ts';
import { useTestStack } from '../support/fixtures.ts';
import { tableSnapshot } from '../support/table.ts';
import { addReminder, api, createUser, mailbox, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** The run's date: far ahead, so every mail of these reminders is after the day they were added. */
const DATE = '2046-03-10';

const reminder = (
  title: string,
  category: string,
  renewalDate: string,
  extra: Record<string, unknown> = {},
) => ({
  title,
  category,
  provider: 'Aviva',
  renewal_date: renewalDate,
  amount: 480,
  notes: null,
  // The lead mails alone: the action windows' own dates are not what this is about.
  action_windows: false,
  ...extra,
});

async function renewalOf(user: TestUser, id: string): Promise<string> {
  const response = await api(stack, user.accessToken)('GET', `/api/reminders/${id}`);
  return (response.json as unknown as ReminderDetails).reminder.renewal_date;
}

describe('a dry run of the reminder job for a date', () => {
  it('plans and renders that date’s mails and rolls, changes nothing, and the real run then does them', async () => {
    const mailed = await createUser(stack, { label: 'dry-mailed' });
    const rolling = await createUser(stack, { label: 'dry-rolling' });
    // A lead mail due on DATE: 7 days before its renewal.
    const renewal = addDays(DATE, 7);
    await addReminder(stack, mailed, reminder('Home insurance', 'insurance', renewal, { lead_days: [7] }));
    // A yearly contract whose renewal passed 14 days before DATE, unanswered: the job rolls it on DATE.
    const passed = addDays(DATE, -14);
    const rollingId = await addReminder(
      stack,
      rolling,
      reminder('Broadband', 'broadband_mobile', passed, { repeats: 'yearly', lead_days: [7] }),
    );
    const subject = `Your Home insurance with Aviva renews in 7 days (${formatLongUkDate(renewal)})`;

    const tableBefore = await tableSnapshot();
    const mailboxBefore = (await mailbox(stack)).length;
    stack.sendPoller.takeNotes();

    const plan = await planDryRun({ date: DATE });
    const printed = describeDryRun(plan).join('\n');

    // Nothing written, queued or sent.
    expect(await tableSnapshot()).toEqual(tableBefore);
    expect(await messagesLeft(stack.sendQueueUrl)).toBe(0);
    expect(stack.sendPoller.takeNotes()).toEqual([]);
    expect((await mailbox(stack)).length).toBe(mailboxBefore);
    expect(await renewalOf(rolling, rollingId)).toBe(passed);

    // The plan names the mail and the roll, and so does what is printed.
    expect(plan.mails).toContainEqual(
      expect.objectContaining({
        to: mailed.email,
        subject,
        items: [expect.objectContaining({ title: 'Home insurance', type: 'reminder', daysBefore: 7 })],
      }),
    );
    const nextRenewal = `${Number(passed.slice(0, 4)) + 1}${passed.slice(4)}`;
    expect(plan.rolls).toContainEqual(
      expect.objectContaining({ reminderId: rollingId, title: 'Broadband', from: passed, to: nextRenewal }),
    );
    expect(printed).toContain(mailed.email);
    expect(printed).toContain(subject);
    // Each renewal in the words the reminder page uses for its next mail.
    expect(printed).toContain('- Home insurance: reminder, 7 days before the renewal\n');
    expect(printed).toContain(`Broadband: ${formatUkDate(passed)} → ${formatUkDate(nextRenewal)}`);

    // The real run for the date does what the dry run said: the same mails, the same roll.
    const users = [mailed, rolling];
    const seen = await Promise.all(users.map(async (user) => (await mailsTo(stack, user.email)).length));
    const run = await runJob(stack, { trigger: 'cli', date: DATE });
    expect(run.errors).toEqual([]);
    const sent = (
      await Promise.all(users.map(async (user, i) => (await mailsTo(stack, user.email)).slice(seen[i])))
    )
      .flat()
      .map((mail) => ({ to: mail.destination.to[0], subject: mail.subject }));
    expect(sent).toEqual([{ to: mailed.email, subject }]);
    expect(plan.mails.map(({ to, subject: planned }) => ({ to, subject: planned }))).toEqual(sent);
    expect(await renewalOf(rolling, rollingId)).toBe(nextRenewal);
    expect(run).toMatchObject({
      rolled: plan.rolls.length,
      missed: plan.missed,
      superseded: plan.superseded,
    });
  });
});
