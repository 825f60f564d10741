/**
 * A dry run of the reminder job (`npm run job:run -- --dry-run`): what a run for a date would do,
 * found by the job's own planner (findDueMails, settling nothing and rolling in memory only) and
 * rendered by the templates the senders use, grouped into e-mails as the senders group them. It
 * writes nothing anywhere: no settled or simulated send records, no claims, no roll, no counters, no
 * cron-log record, nothing queued, nothing sent. A simulation, by contrast, logs its mails to the
 * Email Sandbox.
 */
import { DateTime } from 'luxon';
import type { ReminderMailType } from '../../../shared/api.ts';
import { formatUkDate, todayIn, UK_ZONE } from '../../../shared/dates.ts';
import { pushesReminders } from '../../../shared/push.ts';
import { reminderMailKindOf } from '../../../shared/reminder/mails/index.ts';
import { composeReminderMail } from '../../mail/registry.ts';
import { env } from '../../runtime/env.ts';
import { errorMessage } from '../../runtime/errors.ts';
import { asOfDate, asOfNow, findDueMails, type Addressed, type MailNote, type RollNote } from './due.ts';
import { MAILS_PER_MESSAGE } from './queue.ts';
import { mailGroups } from './messageMails.ts';

/** One e-mail the run would send. */
export interface DryRunMail {
  to: string;
  userId: string;
  subject: string;
  /** The renewals it is about, in the run's order. */
  items: {
    reminderId: string;
    title: string;
    type: ReminderMailType;
    daysBefore: number | null;
    late: boolean;
  }[];
  /** The recipient also gets the day's push on their devices. */
  push: boolean;
}

export interface DryRunPlan {
  /** The run's date: the one asked for, or today in London. */
  date: string;
  /** False when the stack's sending is disabled: a real run would hold every mail. */
  sending: boolean;
  mails: DryRunMail[];
  rolls: RollNote[];
  /** Planned mails left out: the owner takes no reminder e-mails, or the address is suppressed. */
  skipped: MailNote[];
  /** Recipients who would get the day's push or channel messages alone (they take no e-mail). */
  pushOnly: number;
  late: number;
  /** Mails a real run would record as not sent: covered by a later one, or past their use. */
  superseded: number;
  missed: number;
  errors: string[];
}

/** What the reminder job would do as at 08:00 on `date` in each owner's zone (as at now without one). */
export async function planDryRun(options: { date?: string; now?: () => Date }): Promise<DryRunPlan> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const at = options.date ? asOfDate(options.date) : asOfNow(startedAt);
  const due = await findDueMails(at, { settle: false, roll: 'preview', now });
  const errors = [...due.errors];
  const mails: DryRunMail[] = [];
  for (const group of recipientGroups(due.deliverable)) {
    const [first] = group;
    if (!first) continue;
    const { profile } = first;
    try {
      const rendered = await composeReminderMail(
        profile,
        group.map(({ mail }) => mail),
      );
      mails.push({
        to: profile.email,
        userId: profile.user_id,
        subject: rendered.subject,
        items: group.map(({ mail }) => ({
          reminderId: mail.reminderId,
          title: mail.reminder.title,
          type: mail.type,
          daysBefore: mail.daysBefore,
          late: mail.late,
        })),
        push: pushesReminders(profile),
      });
    } catch (error) {
      errors.push(`render for user ${profile.user_id.slice(0, 8)}: ${errorMessage(error)}`);
    }
  }
  return {
    date: options.date ?? todayIn(UK_ZONE, DateTime.fromJSDate(startedAt)),
    sending: env().EMAIL_PROVIDER !== 'disabled',
    mails,
    rolls: due.rolls,
    skipped: due.notes,
    pushOnly: new Set(due.pushOnly.map(({ profile }) => profile.user_id)).size,
    late: due.late,
    superseded: due.superseded,
    missed: due.missed,
    errors,
  };
}

/**
 * The e-mails the deliverable mails go as: per recipient, in messages of up to MAILS_PER_MESSAGE
 * (as the planner queues them), each message as the senders split it (mailGroups).
 */
function recipientGroups(deliverable: readonly Addressed[]): Addressed[][] {
  const byUser = new Map<string, Addressed[]>();
  for (const one of deliverable)
    byUser.set(one.profile.user_id, [...(byUser.get(one.profile.user_id) ?? []), one]);
  const groups: Addressed[][] = [];
  for (const mails of byUser.values()) {
    for (let i = 0; i < mails.length; i += MAILS_PER_MESSAGE) {
      const message = mails.slice(i, i + MAILS_PER_MESSAGE);
      groups.push(...mailGroups(message[0]!.profile, message));
    }
  }
  return groups;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A renewal's line: its mail in the words the reminder page uses for its next mail. */
function itemLine({ title, type, daysBefore, late }: DryRunMail['items'][number]): string {
  const when = reminderMailKindOf(type).nextMailText({ days_before: daysBefore }, 'the renewal');
  return `      - ${title}: ${type}, ${when}${late ? ' (late)' : ''}`;
}

/** The plan as `npm run job:run -- --dry-run` prints it. */
export function describeDryRun(plan: DryRunPlan): string[] {
  const lines = [`Dry run of the reminder job for ${plan.date}: nothing was sent, queued or changed.`];
  if (!plan.sending)
    lines.push('Sending is disabled on this stack: a real run would hold every one of these mails.');
  lines.push(`${plural(plan.mails.length, 'e-mail')} would go${plan.mails.length > 0 ? ':' : '.'}`);
  for (const mail of plan.mails) {
    lines.push(`  to ${mail.to}: "${mail.subject}"${mail.push ? ' (and a push to their devices)' : ''}`);
    lines.push(...mail.items.map(itemLine));
  }
  if (plan.pushOnly > 0)
    lines.push(`${plural(plan.pushOnly, 'recipient')} would get the day's push or alert channels alone.`);
  lines.push(
    `${plural(plan.rolls.length, 'reminder')} would roll forward${plan.rolls.length > 0 ? ':' : '.'}`,
  );
  for (const roll of plan.rolls) {
    const to = roll.to === null ? '?' : formatUkDate(roll.to);
    lines.push(`  ${roll.title}: ${formatUkDate(roll.from)} → ${to} (${roll.email})`);
  }
  for (const note of plan.skipped)
    lines.push(`  not sent (${note.status}): ${note.type} of reminder ${note.reminderId.slice(0, 8)}`);
  lines.push(
    `${plan.late} late, ${plan.superseded} superseded, ${plan.missed} missed, ${plan.skipped.length} skipped, ${plural(plan.errors.length, 'error')}`,
  );
  for (const error of plan.errors) lines.push(`  error: ${error}`);
  return lines;
}
