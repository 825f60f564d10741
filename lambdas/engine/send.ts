import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { NOTICES } from '../../shared/messages.ts';
import { sesClient } from '../runtime/clients.ts';
import { alreadySent } from '../store/sends.ts';
import { isSuppressed } from '../store/suppressions.ts';
import { deliverOnce } from './deliver.ts';
import { composeDueMail, noteOf, type Addressed, type MailNote } from './due.ts';
import { forEachConcurrent, Pacer } from './pacer.ts';

/** What one phase of a run (simulate, hold, send) did with the deliverable mails. */
export interface PhaseResult {
  notes: MailNote[];
  sent: number;
  skipped: number;
  errors: string[];
  sendRate: number | null;
}

/** Thrown by tests (through onClaimed) to stand for the process dying mid-run. */
export class JobCrash extends Error {}

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

/**
 * Sending is disabled: nothing is sent and nothing is claimed, so turning sending back on and
 * re-running still mails. Only mails not already sent are reported as held.
 */
export async function holdMails(deliverable: Addressed[]): Promise<PhaseResult> {
  const sent = await alreadySent(
    deliverable.map(({ mail, profile }) => ({ userId: profile.user_id, dedupeKey: mail.dedupeKey })),
  );
  const held = deliverable.filter(({ mail }) => !sent.has(mail.dedupeKey));
  return {
    notes: deliverable.map((addressed) =>
      noteOf(addressed, sent.has(addressed.mail.dedupeKey) ? 'already sent' : 'disabled'),
    ),
    sent: 0,
    skipped: 0,
    errors: held.length > 0 ? [`${NOTICES.emailDisabled}: ${held.length} mails not sent`] : [],
    sendRate: null,
  };
}

export interface SendOptions {
  now: () => Date;
  leaseMs?: number;
  /** Milliseconds left before the platform stops us (Lambda's getRemainingTimeInMillis). */
  remainingMs?: () => number;
  /** Test seam: called after each claim, before SES; throwing here is a crash mid-run. */
  onClaimed?: (index: number) => void | Promise<void>;
}

const short = (id: string) => id.slice(0, 8);

/**
 * Sends every deliverable mail at most once, paced to the SES account's rate, skipping suppressed
 * addresses, and stopping in time before the platform's limit. One user's failure never stops the
 * others.
 */
export async function sendMails(deliverable: Addressed[], options: SendOptions): Promise<PhaseResult> {
  const sendRate = await maxSendRate();
  const result: PhaseResult = { notes: [], sent: 0, skipped: 0, errors: [], sendRate };
  // Aim at 95% of the account's maximum: a hard cap on starts, and headroom for network jitter.
  const pacer = new Pacer(sendRate, 0.95);
  let stoppedForTime = 0;
  // Enough lanes to keep the pipe full at the rate while each send waits on the network.
  const lanes = Math.max(1, Math.ceil(sendRate));
  await forEachConcurrent(deliverable, lanes, async (addressed, index) => {
    const { mail, profile } = addressed;
    const tag = `${mail.kind} ${short(mail.reminder.id)} for user ${short(profile.user_id)}`;
    if (options.remainingMs && options.remainingMs() < SAFETY_MARGIN_MS) {
      stoppedForTime++;
      return;
    }
    try {
      if (await isSuppressed(profile.email)) {
        result.skipped++;
        result.notes.push(noteOf(addressed, 'suppressed'));
        return;
      }
      const composed = await composeDueMail(addressed);
      const outcome = await deliverOnce(composed.identity, composed.mail, {
        now: options.now,
        leaseMs: options.leaseMs,
        pacer,
        onClaimed: () => options.onClaimed?.(index),
      });
      result.notes.push(noteOf(addressed, outcome.status === 'skipped' ? outcome.reason : outcome.status));
      if (outcome.status === 'sent') result.sent++;
      if (outcome.status === 'failed') result.errors.push(`${tag}: ${outcome.error}`);
    } catch (error) {
      if (error instanceof JobCrash) throw error;
      result.errors.push(`${tag}: ${(error as Error).message}`);
    }
  });
  if (stoppedForTime > 0)
    result.errors.push(`Time budget exhausted: ${stoppedForTime} mails left for a re-run`);
  return result;
}
