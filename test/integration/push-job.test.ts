/**
 * The reminder job's push channel on the local stand-ins: the planner and the senders as the
 * schedule runs them, pushes to a fake push service on 127.0.0.1 whose payloads are decrypted
 * with each device's keys. One push a day per device, mirroring the digest, exactly once under two
 * planners at once and a sender dying after its claim; a 410 removes the device and the e-mail
 * still goes; a 500 comes back with the message and fails for good on its third attempt, with its
 * metric; e-mail unsubscribed still pushes; a missed day is caught up once.
 */
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { JobCrash, planRun } from '../../lambdas/features/engine/planner.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { queryAll } from '../../lambdas/store/db.ts';
import { setPushReminders, setReminderEmails } from '../../lambdas/store/account/index.ts';
import { addPushDevice, listPushDevices } from '../../lambdas/store/push/index.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { dedupeKeys, keys } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { runJob, type JobOptions } from '../support/job.ts';
import { browserSubscription, stackPushService, type FakePushService } from '../support/push.ts';
import { farFutureDates, seedLeadsOnly, seedUser } from '../support/seed.ts';
import { mailbox } from '../support/stack.ts';

// A message that comes back (a push to retry, a crashed batch) is redelivered after 1 s.
const stack = useTestStack({ maxSendRate: 200, sendQueueVisibilitySeconds: 1 });
const job = (options: JobOptions) => runJob(stack, options);
let pushService: FakePushService;

beforeAll(async () => {
  pushService = stackPushService(stack);
});
afterEach(() => {
  pushService.answerFor = undefined;
  vi.restoreAllMocks();
});

/** Each test on its own far-future renewal date. */
const freshDate = farFutureDates('2050-01-01');

const seedReminder = (userId: string, title: string, renewal: string) =>
  seedLeadsOnly(userId, title, renewal);

/** A member with `devices` devices on the fake service (0: notifications never turned on). */
async function member(label: string, devices = 1) {
  const user = await seedUser(label);
  const phones = Array.from({ length: devices }, () => browserSubscription(pushService.origin));
  for (const phone of phones) await addPushDevice(user.userId, phone.input);
  return { ...user, phones };
}

const pathOf = (phone: { input: { endpoint: string } }) => new URL(phone.input.endpoint).pathname;
const pushesTo = (phone: { input: { endpoint: string } }) =>
  pushService.requests.filter((r) => r.path === pathOf(phone));
const mailsTo = async (email: string) =>
  (await mailbox(stack)).filter((m) => m.destination.to.includes(email));
const pushRecords = (userId: string) =>
  queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.send('push#') } });

describe('the daily push', () => {
  it('pushes the digest once per device and day: title, items in the mail’s words, dashboard for several', async () => {
    const renewal = freshDate();
    const day = addDays(renewal, -7);
    const sam = await member('sam', 2);
    await seedReminder(sam.userId, 'Car insurance', renewal);
    await seedReminder(sam.userId, 'Home insurance', addDays(renewal, 7));
    const solo = await member('solo');
    const one = await seedReminder(solo.userId, 'Van insurance', renewal);
    const quiet = await member('quiet', 0);
    await seedReminder(quiet.userId, 'Boat insurance', renewal);

    await job({ date: day, trigger: 'cli' });

    for (const phone of sam.phones) {
      const [push, ...more] = pushesTo(phone);
      expect(more).toHaveLength(0);
      expect(phone.decrypt(push!.body)).toEqual({
        title: '2 renewals need you today',
        body: 'Car insurance renews in 7 days · Home insurance renews in 14 days',
        url: '/dashboard',
        tag: 'daily',
      });
    }
    expect(solo.phones[0]!.decrypt(pushesTo(solo.phones[0]!)[0]!.body)).toEqual({
      title: '1 renewal needs you today',
      body: 'Van insurance renews in 7 days',
      url: `/reminders/${one.id}`,
      tag: 'daily',
    });
    // The e-mails went as before; a member with no device costs no push work at all.
    expect(await mailsTo(sam.email)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toHaveLength(1);
    expect(await pushRecords(quiet.userId)).toEqual([]);

    // The same day again (a re-run, a retry): nothing pushes twice.
    await job({ date: day, trigger: 'cli' });
    for (const phone of [...sam.phones, ...solo.phones]) expect(pushesTo(phone)).toHaveLength(1);
    expect(await mailsTo(sam.email)).toHaveLength(1);
  });

  it('two planners at once push once', async () => {
    const renewal = freshDate();
    const pat = await member('pat');
    await seedReminder(pat.userId, 'Car insurance', renewal);
    await Promise.all([1, 2].map(() => planRun({ date: addDays(renewal, -7), trigger: 'cli' })));
    await stack.sendPoller.idle();
    expect(pushesTo(pat.phones[0]!)).toHaveLength(1);
    expect(await mailsTo(pat.email)).toHaveLength(1);
  });

  it('a sender that dies after claiming the push pushes once when the message comes back', async () => {
    const renewal = freshDate();
    const kim = await member('kim');
    await seedReminder(kim.userId, 'Car insurance', renewal);
    let crashes = 0;
    await job({
      date: addDays(renewal, -7),
      trigger: 'cli',
      // The redelivery (1 s later) finds the dead sender's claim past this lease and takes it over.
      leaseMs: 500,
      onPushClaimed: () => {
        if (crashes++ === 0) throw new JobCrash('killed after the push claim');
      },
    });
    expect(crashes).toBe(2);
    expect(pushesTo(kim.phones[0]!)).toHaveLength(1);
    expect(await mailsTo(kim.email)).toHaveLength(1);
    expect(await pushRecords(kim.userId)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('a 410 removes that device, the other still gets its push, and the e-mail goes', async () => {
    const renewal = freshDate();
    const lee = await member('lee', 2);
    const [gone, kept] = lee.phones as [(typeof lee.phones)[0], (typeof lee.phones)[0]];
    await seedReminder(lee.userId, 'Car insurance', renewal);
    pushService.answerFor = (path) => (path === pathOf(gone) ? 410 : undefined);

    await job({ date: addDays(renewal, -7), trigger: 'cli' });

    expect(pushesTo(gone)).toHaveLength(1);
    expect(pushesTo(kept)).toHaveLength(1);
    expect((await listPushDevices(lee.userId)).map((d) => d.endpoint)).toEqual([kept.input.endpoint]);
    expect(await mailsTo(lee.email)).toHaveLength(1);
  });

  it('a 500 comes back with the message, then fails for good on the third attempt, with its metric', async () => {
    const renewal = freshDate();
    const max = await member('max');
    await seedReminder(max.userId, 'Car insurance', renewal);
    pushService.answerFor = (path) => (path === pathOf(max.phones[0]!) ? 500 : undefined);
    // The metrics as EMF lines on stdout, for this test only.
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

    const run = await job({ date: addDays(renewal, -7), trigger: 'cli' });

    // Three deliveries of the message, each trying the push service three times.
    expect(pushesTo(max.phones[0]!)).toHaveLength(9);
    expect(await pushRecords(max.userId)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    expect(await mailsTo(max.email)).toHaveLength(1);
    expect(run.items_processed).toBe(1);
    const failedForGood = lines.filter((line) => /"push_failed":1\b/.test(line));
    expect(failedForGood).toHaveLength(1);
  });

  it('e-mails off still pushes (once, the mail settled as skipped); pushes off still mails', async () => {
    const renewal = freshDate();
    const day = addDays(renewal, -7);
    const noMail = await member('nomail');
    await seedReminder(noMail.userId, 'Car insurance', renewal);
    await setReminderEmails(noMail.userId, false);
    const noPush = await member('nopush');
    await seedReminder(noPush.userId, 'Car insurance', renewal);
    await setPushReminders(noPush.userId, false);

    await job({ date: day, trigger: 'cli' });
    await job({ date: addDays(day, 1), trigger: 'cli' });

    expect(pushesTo(noMail.phones[0]!)).toHaveLength(1);
    expect(await mailsTo(noMail.email)).toHaveLength(0);
    expect(pushesTo(noPush.phones[0]!)).toHaveLength(0);
    expect(await pushRecords(noPush.userId)).toEqual([]);
    expect(await mailsTo(noPush.email)).toHaveLength(1);
  });

  it('a day with no run is caught up once, and the next lead is the next day’s push', async () => {
    const renewal = freshDate();
    const ada = await member('ada');
    await seedReminder(ada.userId, 'Car insurance', renewal);
    const [phone] = ada.phones as [(typeof ada.phones)[0]];

    // No run on the 7-day lead's day: the next day's run sends it late, once, however often it runs.
    const nextDay = addDays(renewal, -6);
    await job({ date: nextDay, trigger: 'cli' });
    await job({ date: nextDay, trigger: 'cli' });
    expect(pushesTo(phone).map((r) => phone.decrypt(r.body).body)).toEqual([
      'Car insurance renews in 6 days',
    ]);

    await job({ date: addDays(renewal, -1), trigger: 'cli' });
    expect(pushesTo(phone).map((r) => phone.decrypt(r.body).body)).toEqual([
      'Car insurance renews in 6 days',
      'Car insurance renews in 1 day',
    ]);
    const device = (await listPushDevices(ada.userId))[0]!;
    expect((await pushRecords(ada.userId)).map((r) => r.sk)).toEqual(
      [nextDay, addDays(renewal, -1)].map((day) => keys.send(dedupeKeys.push(day, device.id))),
    );
  });
});
