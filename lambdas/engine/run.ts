import { randomUUID } from 'node:crypto';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CronRun, Profile, Reminder } from '../../shared/api.ts';
import { daysLeft, todayIn, UK_ZONE } from '../../shared/dates.ts';
import { NOTICES } from '../../shared/messages.ts';
import { keys } from '../../shared/table.ts';
import { DateTime } from 'luxon';
import { dynamo, sesClient } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { unsubscribeUrls } from '../runtime/unsubscribe.ts';
import { renderReminderMail } from '../mail/reminder.tsx';
import { renderSavingsFollowUp } from '../mail/savingsFollowUp.tsx';
import { getProfiles } from '../store/profiles.ts';
import { remindersDueOn } from '../store/reminders.ts';
import { isSuppressed, recordUnclaimedSend, writeEmailLog } from '../store/sends.ts';
import { deliverOnce } from './deliver.ts';
import { datesToQuery, planMails, type PlannedMail } from './plan.ts';
import { forEachConcurrent, Pacer } from './pacer.ts';

export interface RunOptions {
  /** The Europe/London calendar date to run for; today there by default. */
  date?: string;
  /** Compute and log what would be sent at 08:00 on `date`; send nothing, claim nothing. */
  simulate?: boolean;
  trigger: CronRun['trigger'];
  now?: () => Date;
  leaseMs?: number;
  /** Milliseconds left before the platform stops us (Lambda's getRemainingTimeInMillis). */
  remainingMs?: () => number;
  /** Test seam: called after each claim, before SES; throwing here is a crash mid-run. */
  onClaimed?: (index: number) => void | Promise<void>;
}

export interface RunResult extends CronRun {
  /** Milliseconds spent finding what is due (index queries, profiles), before any mail. */
  planMs: number;
  mails: {
    kind: PlannedMail['kind'];
    reminderId: string;
    userId: string;
    daysBefore: number | null;
    status: string;
  }[];
  sendRatePerSecond: number | null;
}

/** Stop taking new mails when less than this is left; the next run (or a re-run) picks them up. */
const SAFETY_MARGIN_MS = 30_000;

let cachedRate: number | undefined;
/** The SES account's maximum send rate (GetAccount), read once per container. */
export async function maxSendRate(): Promise<number> {
  if (cachedRate === undefined) {
    const account = await sesClient().send(new GetAccountCommand({}));
    cachedRate = account.SendQuota?.MaxSendRate ?? 1;
  }
  return cachedRate;
}
export function resetSendRateCache(): void {
  cachedRate = undefined;
}

const short = (id: string) => id.slice(0, 8);

/** The daily reminder job: everything due today in Europe/London, each mail exactly once. */
export async function runDailyJob(options: RunOptions): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();
  const date = options.date ?? todayIn(UK_ZONE, DateTime.fromJSDate(startedAt));
  const simulate = options.simulate ?? false;
  const errors: string[] = [];
  const mails: RunResult['mails'] = [];

  // A handful of index queries (one per lead-day value and shard), whatever the table holds.
  const dueByDate = new Map<string, Reminder[]>();
  await Promise.all(
    datesToQuery(date).map(async ({ date: due }) => dueByDate.set(due, await remindersDueOn(due))),
  );
  const planned = planMails(date, dueByDate);
  const profiles = await getProfiles(planned.map((p) => p.reminder.user_id));
  const planMs = Math.round(performance.now() - started);
  // The reference time for days-left and for the simulation: 08:00 in London on the run's date.
  const reference = DateTime.fromISO(`${date}T08:00:00`, { zone: UK_ZONE });

  const note = (mail: PlannedMail, profile: Profile, status: string) =>
    mails.push({
      kind: mail.kind,
      reminderId: mail.reminder.id,
      userId: profile.user_id,
      daysBefore: mail.daysBefore,
      status,
    });
  let skipped = 0;
  const deliverable: { mail: PlannedMail; profile: Profile }[] = [];
  for (const mail of planned) {
    const profile = profiles.get(mail.reminder.user_id);
    if (!profile) {
      skipped++;
      continue;
    }
    if (!profile.reminder_emails) {
      skipped++;
      note(mail, profile, 'unsubscribed');
      continue;
    }
    deliverable.push({ mail, profile });
  }

  const render = async (mail: PlannedMail, profile: Profile) => {
    const urls = await unsubscribeUrls(profile.user_id);
    const rendered =
      mail.kind === 'reminder'
        ? await renderReminderMail({
            firstName: profile.first_name,
            reminder: mail.reminder,
            daysLeft: daysLeft(mail.reminder.renewal_date, reference),
            dashboardUrl: new URL('/dashboard', env().SITE_URL).toString(),
            unsubscribeUrl: urls.page,
          })
        : await renderSavingsFollowUp({
            firstName: profile.first_name,
            reminder: mail.reminder,
            savingsUrl: new URL(`/savings/${mail.reminder.id}`, env().SITE_URL).toString(),
            unsubscribeUrl: urls.page,
          });
    return { ...rendered, oneClick: urls.oneClick };
  };

  const identityOf = (mail: PlannedMail, profile: Profile, subject: string) => ({
    dedupeKey: mail.dedupeKey,
    emailType: mail.kind,
    userId: profile.user_id,
    reminderId: mail.reminder.id,
    daysBefore: mail.daysBefore,
    toEmail: profile.email,
    subject,
  });

  let sent = 0;
  let sendRate: number | null = null;

  if (simulate) {
    for (const { mail, profile } of deliverable) {
      const { subject } = await render(mail, profile);
      const at = now();
      await recordUnclaimedSend(
        identityOf(mail, profile, subject),
        { status: 'pending', simulated: true },
        at,
      );
      await writeEmailLog({
        user_id: profile.user_id,
        reminder_id: mail.reminder.id,
        email_type: mail.kind,
        days_before: mail.daysBefore,
        simulated: true,
        sent_at: at.toISOString(),
      });
      note(mail, profile, 'simulated');
      sent++;
    }
  } else if (env().EMAIL_PROVIDER === 'disabled') {
    // Nothing is sent and nothing is claimed, so turning sending back on and re-running still mails.
    if (deliverable.length > 0) errors.push(`${NOTICES.emailDisabled}: ${deliverable.length} mails not sent`);
    for (const { mail, profile } of deliverable) {
      note(mail, profile, 'disabled');
    }
  } else {
    sendRate = await maxSendRate();
    // Aim at 95% of the account's maximum: a hard cap on starts, and headroom for network jitter.
    const pacer = new Pacer(sendRate, 0.95);
    let stoppedForTime = 0;
    // Enough lanes to keep the pipe full at the rate while each send waits on the network.
    const lanes = Math.max(1, Math.ceil(sendRate));
    await forEachConcurrent(deliverable, lanes, async ({ mail, profile }, index) => {
      const tag = `${mail.kind} ${short(mail.reminder.id)} for user ${short(profile.user_id)}`;
      if (options.remainingMs && options.remainingMs() < SAFETY_MARGIN_MS) {
        stoppedForTime++;
        return;
      }
      try {
        if (await isSuppressed(profile.email)) {
          skipped++;
          note(mail, profile, 'suppressed');
          return;
        }
        const rendered = await render(mail, profile);
        const outcome = await deliverOnce(
          identityOf(mail, profile, rendered.subject),
          {
            to: profile.email,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            oneClickUnsubscribeUrl: rendered.oneClick,
            tags: { type: mail.kind },
          },
          { now, leaseMs: options.leaseMs, pacer, onClaimed: () => options.onClaimed?.(index) },
        );
        const status = outcome.status === 'skipped' ? outcome.reason : outcome.status;
        note(mail, profile, status);
        if (outcome.status === 'sent') sent++;
        if (outcome.status === 'failed') errors.push(`${tag}: ${outcome.error}`);
      } catch (error) {
        if (error instanceof JobCrash) throw error;
        // One user's failure never stops the others.
        errors.push(`${tag}: ${(error as Error).message}`);
      }
    });
    if (stoppedForTime > 0) errors.push(`Time budget exhausted: ${stoppedForTime} mails left for a re-run`);
  }

  const run: RunResult = {
    id: randomUUID(),
    ran_at: startedAt.toISOString(),
    date,
    trigger: options.trigger,
    simulated: simulate,
    items_processed: sent,
    planned: planned.length,
    skipped,
    errors,
    duration_ms: Math.round(performance.now() - started),
    mails,
    sendRatePerSecond: sendRate,
    planMs,
  };
  const { mails: _mails, sendRatePerSecond: _rate, planMs: _planMs, ...record } = run;
  await dynamo().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { pk: keys.cronRuns(), sk: keys.cronRun(run.ran_at, run.id), entity: 'cron_run', ...record },
    }),
  );
  logger.info('Daily job finished', { ...record, errors: errors.slice(0, 20) });
  return run;
}

/** Thrown by tests (through onClaimed) to stand for the process dying mid-run. */
export class JobCrash extends Error {}
