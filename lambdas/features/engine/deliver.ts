import { sendMail, type OutgoingMail } from '../../mail/send.ts';
import { errorMessage } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import { retrying } from '../../runtime/retry.ts';
import { writeEmailLog } from '../../store/sending/index.ts';
import {
  CLAIM_LEASE_MS,
  claimSend,
  markFailed,
  markSent,
  noteMessageId,
  type Claim,
  type SendIdentity,
} from '../../store/sends.ts';
import type { Pacer } from './pacer.ts';

const SES_RETRIES = 4;

function isThrottle(error: unknown): boolean {
  const name = (error as { name?: string }).name ?? '';
  return /Throttl|TooManyRequests|LimitExceeded/i.test(name);
}

export type DeliveryOutcome =
  | { status: 'sent'; messageId: string }
  /** `forGood`: SES refused it MAX_SEND_ATTEMPTS times; no later run tries it again. */
  | { status: 'failed'; error: string; forGood: boolean }
  | { status: 'skipped'; reason: string };

export interface DeliverOptions {
  now: () => Date;
  leaseMs?: number;
  pacer?: Pacer;
  /** Test seam: after the claim, before SES. Throwing here stands for the process dying. */
  onClaimed?: () => void | Promise<void>;
}

/** Bookkeeping after SES accepted: retried on any error, about 1.5 s in all, well inside the lease. */
const BOOKKEEPING = { retries: 4, baseMs: 100, retryOn: () => true } as const;

/** A mail's send record, claimed by this sender: only its holder may record the result. */
export interface ClaimedSend {
  identity: SendIdentity;
  claim: Claim;
}

/**
 * Claims a mail's send record (a conditional write before SES is ever called): the claim is what
 * keeps every mail exactly once across re-runs, redeliveries and senders running at the same time.
 */
export async function claimMail(
  identity: SendIdentity,
  options: Pick<DeliverOptions, 'now' | 'leaseMs'>,
): Promise<{ claimed: ClaimedSend } | { skipped: string }> {
  const result = await claimSend(identity, options.now(), options.leaseMs ?? CLAIM_LEASE_MS);
  return result.claimed
    ? { claimed: { identity, claim: result.claim } }
    : { skipped: `already ${result.status}` };
}

/**
 * Sends one mail at most once: claim (conditional write), SES (paced, throttling retried with
 * back-off), then record the result and the email log. See deliverClaimed.
 */
export async function deliverOnce(
  identity: SendIdentity,
  mail: OutgoingMail,
  options: DeliverOptions,
): Promise<DeliveryOutcome> {
  const result = await claimMail(identity, options);
  if ('skipped' in result) return { status: 'skipped', reason: result.skipped };
  await options.onClaimed?.();
  return deliverClaimed([result.claimed], mail, options);
}

/**
 * Sends one SES mail for one or more claimed send records (a digest covers several): SES paced,
 * throttling retried with back-off. Only an SES refusal marks them failed and releases the claims.
 * Once SES has accepted, every one of them counts as sent whatever the bookkeeping does: its writes
 * are retried, and if recording one as sent still fails, the message id alone is kept on its claim
 * so that no later run takes it again.
 */
export async function deliverClaimed(
  sends: readonly ClaimedSend[],
  mail: OutgoingMail,
  options: Pick<DeliverOptions, 'now' | 'pacer'>,
): Promise<DeliveryOutcome> {
  let messageId: string;
  try {
    messageId = await retrying(
      async () => {
        await options.pacer?.wait();
        return sendMail(mail);
      },
      { retries: SES_RETRIES, retryOn: isThrottle, baseMs: 100 },
    );
  } catch (error) {
    const message = errorMessage(error);
    let forGood = false;
    for (const { claim } of sends)
      forGood = (await markFailed(claim, message, options.now())).forGood || forGood;
    return { status: 'failed', error: message, forGood };
  }
  for (const { identity, claim } of sends) await recordAccepted(identity, claim, messageId, options.now);
  return { status: 'sent', messageId };
}

/** The writes after SES accepted. They never throw: a failure here must not turn a sent mail into a retry. */
async function recordAccepted(identity: SendIdentity, claim: Claim, messageId: string, now: () => Date) {
  const context = { dedupeKey: identity.dedupeKey, messageId };
  try {
    await retrying(() => markSent(claim, messageId, now()), BOOKKEEPING);
  } catch (error) {
    logger.error('Mail accepted by SES but not recorded as sent; keeping its message id on the claim', {
      ...context,
      error: errorMessage(error),
    });
    try {
      await retrying(() => noteMessageId(claim, messageId), BOOKKEEPING);
    } catch (noteError) {
      // The one window left: if this write fails too, a run after the lease may send the mail again.
      logger.error('Message id not kept either: a run after the lease may send this mail again', {
        ...context,
        error: errorMessage(noteError),
      });
    }
  }
  try {
    await retrying(
      () =>
        writeEmailLog({
          user_id: identity.userId,
          reminder_id: identity.reminderId,
          email_type: identity.emailType,
          days_before: identity.daysBefore,
          simulated: false,
          sent_at: now().toISOString(),
        }),
      BOOKKEEPING,
    );
  } catch (error) {
    logger.error('Mail sent but its e-mail log entry was not written', {
      ...context,
      error: errorMessage(error),
    });
  }
}
