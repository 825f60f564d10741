/**
 * The reminder job's alert channels (Telegram, ntfy, webhook) on the local stand-ins: the planner
 * and the senders as the schedule runs them. Each channel gets the day's one message, mirroring
 * the digest, exactly once: under re-runs, a redelivered batch, two planners at once, and a sender
 * that dies after the service accepted (at most once after the lease: the claim was marked before
 * the call). A service that says gone turns the channel off and mails the user; a failure comes
 * back with the message and fails for good on its third attempt, counted as `channel_failed`.
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { JobCrash, planRun } from '../../lambdas/features/engine/planner.ts';
import { enqueue, type RecipientMessage } from '../../lambdas/features/engine/queue.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { getChannel } from '../../lambdas/store/channels/index.ts';
import { queryAll } from '../../lambdas/store/db.ts';
import { getProfile, setReminderEmails } from '../../lambdas/store/account/index.ts';
import { createReminder } from '../../lambdas/features/reminders/create.ts';
import { CHANNEL_KINDS, CHANNEL_NAMES, type ChannelKind } from '../../shared/channels/kinds.ts';
import type { WebhookBody } from '../../shared/channels/webhook.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { keys } from '../../shared/table.ts';
import { setUpChannel } from '../support/channels.ts';
import { runJob, type JobOptions } from '../support/job.ts';
import { useTestStack } from '../support/fixtures.ts';
import { seedUser } from '../support/seed.ts';
import { mailbox } from '../support/stack.ts';

// A message that comes back (a channel to retry, a crashed batch) is redelivered after 1 s.
const stack = useTestStack({ maxSendRate: 200, sendQueueVisibilitySeconds: 1 });
const job = (options: JobOptions) => runJob(stack, options);

afterEach(() => {
  stack.telegram.answerFor = undefined;
  vi.restoreAllMocks();
});

let dateCounter = 0;
/** Each test on its own far-future renewal date. */
const freshDate = () => addDays('2060-01-01', ++dateCounter * 200);

/** An insurance reminder with its lead days only (action windows off: they are mails of their own). */
const seedReminder = (userId: string, title: string, renewal: string) =>
  createReminder(userId, {
    title,
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: renewal,
    amount: 250.5,
    notes: null,
    action_windows: false,
  });

async function member(label: string, kind: ChannelKind, answer: 'ok' | 'gone' | 'fail' = 'ok') {
  const user = await seedUser(label);
  return { ...user, channel: await setUpChannel(stack, user.userId, kind, answer) };
}

const mailsTo = async (email: string) =>
  (await mailbox(stack)).filter((m) => m.destination.to.includes(email));
const channelRecords = (userId: string) =>
  queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.send('channel#') } });

describe.each(CHANNEL_KINDS.map((kind) => [kind]))('%s', (kind) => {
  it('the day’s message goes once, listing the digest’s renewals in their mails’ words', async () => {
    const renewal = freshDate();
    const day = addDays(renewal, -7);
    const sam = await member('sam', kind);
    const car = await seedReminder(sam.userId, 'Car insurance', renewal);
    await seedReminder(sam.userId, 'Home insurance', addDays(renewal, 7));

    await job({ date: day, trigger: 'cli' });
    await job({ date: day, trigger: 'cli' });

    const [message, ...more] = sam.channel.received();
    expect(more).toHaveLength(0);
    if (kind === 'webhook') {
      const body = JSON.parse(message!) as WebhookBody;
      expect(body).toMatchObject({ version: 1, type: 'renewals.due', day });
      expect(body.renewals).toEqual([
        expect.objectContaining({
          reminder_id: car.id,
          name: 'Car insurance',
          kind: 'reminder',
          renewal_date: renewal,
          days_left: 7,
          amount_pence: 25050,
          message: 'Car insurance renews in 7 days',
          link: expect.stringMatching(new RegExp(`/reminders/${car.id}$`)),
        }),
        expect.objectContaining({ name: 'Home insurance', days_left: 14 }),
      ]);
      // Signed with the secret shown once: HMAC-SHA256 over "{t}.{body}".
      const delivery = stack.webhooks.deliveries.find((d) => d.body === message)!;
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature!)!;
      expect(createHmac('sha256', sam.channel.secret!).update(`${t}.${message}`).digest('hex')).toBe(v1);
      expect(delivery).toMatchObject({ event: 'renewals.due', delivery: body.id });
      const stored = await getChannel(sam.userId, 'webhook');
      expect(stored?.deliveries).toMatchObject([
        { id: body.id, outcome: 'delivered', http_status: 200, attempt: 1 },
      ]);
    } else {
      expect(message).toContain('2 renewals need you today');
      expect(message).toContain('Car insurance renews in 7 days');
      expect(message).toContain('Home insurance renews in 14 days');
      expect(message!.indexOf('Car insurance')).toBeLessThan(message!.indexOf('Home insurance'));
    }
    // The e-mail went as before, once.
    expect(await mailsTo(sam.email)).toHaveLength(1);
    expect(await channelRecords(sam.userId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('a sender that dies after the service accepted sends at most once, after the lease too', async () => {
    const renewal = freshDate();
    const kim = await member('kim', kind);
    await seedReminder(kim.userId, 'Car insurance', renewal);
    let crashes = 0;
    await job({
      date: addDays(renewal, -7),
      trigger: 'cli',
      // The redelivery (1 s later) finds the dead sender's claim past this lease: marked, so not taken.
      leaseMs: 500,
      onChannelAccepted: (userId) => {
        if (userId === kim.userId && crashes++ === 0) throw new JobCrash('killed after the channel accepted');
      },
    });
    expect(crashes).toBe(1);
    expect(kim.channel.received()).toHaveLength(1);
    // A later run of the same day, past any lease: still once.
    await job({ date: addDays(renewal, -7), trigger: 'cli', leaseMs: 1 });
    expect(kim.channel.received()).toHaveLength(1);
    expect(await mailsTo(kim.email)).toHaveLength(1);
    expect(await channelRecords(kim.userId)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('a redelivered batch sends once (two copies at once, and one after the first finished)', async () => {
    const renewal = freshDate();
    const day = addDays(renewal, -7);
    const ray = await member('ray', kind);
    const reminder = await seedReminder(ray.userId, 'Car insurance', renewal);
    const run = await job({ date: day, trigger: 'cli' });
    expect(ray.channel.received()).toHaveLength(1);
    // The run's channels' message, as SQS would hand it out again (its delete lost): twice at once,
    // then once more.
    const message: RecipientMessage = {
      v: 2,
      run: { id: run.id, ranAt: run.ran_at },
      userId: ray.userId,
      day,
      channelsOnly: true,
      mails: [
        {
          mail: {
            type: 'reminder',
            userId: ray.userId,
            reminderId: reminder.id,
            renewalDate: renewal,
            daysBefore: 7,
            actBy: null,
          },
          daysLeft: 7,
          late: false,
        },
      ],
    };
    await enqueue([message, message]);
    await stack.sendPoller.idle();
    await enqueue([message]);
    await stack.sendPoller.idle();
    expect(ray.channel.received()).toHaveLength(1);
    expect(await mailsTo(ray.email)).toHaveLength(1);
  });

  it('two planners at once send once', async () => {
    const renewal = freshDate();
    const pat = await member('pat', kind);
    await seedReminder(pat.userId, 'Car insurance', renewal);
    await Promise.all([1, 2].map(() => planRun({ date: addDays(renewal, -7), trigger: 'cli' })));
    await stack.sendPoller.idle();
    expect(pat.channel.received()).toHaveLength(1);
    expect(await mailsTo(pat.email)).toHaveLength(1);
  });

  it('a service that says gone turns the channel off and mails the user; the next day sends nothing there', async () => {
    const renewal = freshDate();
    const gus = await member('gus', kind, 'gone');
    await seedReminder(gus.userId, 'Car insurance', renewal);

    await job({ date: addDays(renewal, -7), trigger: 'cli' });

    const channel = await getChannel(gus.userId, kind);
    expect(channel).toMatchObject({ status: 'off', off_reason: expect.any(String) });
    // When it went off: during this run.
    expect(Date.parse(channel!.off_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await getProfile(gus.userId))?.alert_channels).toEqual([]);
    const mails = await mailsTo(gus.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `${CHANNEL_NAMES[kind]} alerts are off`,
        expect.stringMatching(/renews in 7 days/),
      ]),
    );
    expect(mails).toHaveLength(2);
    const off = mails.find((m) => m.subject.endsWith('alerts are off'))!;
    expect(off.body.text).toContain(`We have stopped sending your renewal alerts to ${CHANNEL_NAMES[kind]}`);
    expect(await channelRecords(gus.userId)).toMatchObject([{ status: 'skipped' }]);

    const tried = gus.channel.received().length;
    await job({ date: addDays(renewal, -1), trigger: 'cli' });
    expect(gus.channel.received()).toHaveLength(tried);
    expect(await mailsTo(gus.email)).toHaveLength(3);
  });
});

describe('failures and switches', () => {
  it('a failure comes back with the message and fails for good on the third attempt, counted as channel_failed', async () => {
    const renewal = freshDate();
    const max = await member('max', 'webhook', 'fail');
    await seedReminder(max.userId, 'Car insurance', renewal);
    const disabled = process.env.POWERTOOLS_METRICS_DISABLED;
    onTestFinished(() => {
      process.env.POWERTOOLS_METRICS_DISABLED = disabled;
      resetEnvCache();
    });
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });

    await job({ date: addDays(renewal, -7), trigger: 'cli' });

    // Three deliveries of the message, one call each, the same delivery id each time.
    const received = max.channel.received().map((body) => (JSON.parse(body) as WebhookBody).id);
    expect(received).toHaveLength(3);
    expect(new Set(received).size).toBe(1);
    expect(await channelRecords(max.userId)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    expect(
      (await getChannel(max.userId, 'webhook'))?.deliveries.map((d) => [d.attempt, d.outcome, d.http_status]),
    ).toEqual([
      [3, 'failed', 500],
      [2, 'retrying', 500],
      [1, 'retrying', 500],
    ]);
    expect(await mailsTo(max.email)).toHaveLength(1);
    expect(lines.filter((line) => /"channel_failed":1\b/.test(line))).toHaveLength(1);
  });

  it('a sender that dies between its claim and the call never sends after it: the day’s message is not doubled (ntfy)', async () => {
    const renewal = freshDate();
    const lou = await member('lou', 'ntfy');
    await seedReminder(lou.userId, 'Car insurance', renewal);
    let crashes = 0;
    await job({
      date: addDays(renewal, -7),
      trigger: 'cli',
      leaseMs: 500,
      onChannelClaimed: (userId) => {
        if (userId === lou.userId && crashes++ === 0) throw new JobCrash('killed after the channel claim');
      },
    });
    // The claim is marked as it is taken: whether the call was made is unknown, so it is not made again.
    expect(crashes).toBe(1);
    expect(lou.channel.received()).toHaveLength(0);
    expect(await channelRecords(lou.userId)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect(await mailsTo(lou.email)).toHaveLength(1);
  });

  it('e-mails off still sends the day’s message on the channel (the mail settled as skipped)', async () => {
    const renewal = freshDate();
    const ida = await member('ida', 'ntfy');
    await seedReminder(ida.userId, 'Car insurance', renewal);
    await setReminderEmails(ida.userId, false);

    await job({ date: addDays(renewal, -7), trigger: 'cli' });

    expect(ida.channel.received()).toEqual(['1 renewal needs you today\nCar insurance renews in 7 days']);
    expect(await mailsTo(ida.email)).toHaveLength(0);
  });

  it('a member without channels costs no channel work', async () => {
    const renewal = freshDate();
    const noe = await seedUser('noe');
    await seedReminder(noe.userId, 'Car insurance', renewal);
    await job({ date: addDays(renewal, -7), trigger: 'cli' });
    expect(await channelRecords(noe.userId)).toEqual([]);
  });
});
