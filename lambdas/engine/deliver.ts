import { sendMail, type OutgoingMail } from '../mail/send.ts';
import { errorMessage } from '../runtime/errors.ts';
import { logger } from '../runtime/logger.ts';
import { retrying } from '../runtime/retry.ts';
import { writeEmailLog } from '../store/emailLogs.ts';
import {
  CLAIM_LEASE_MS,
  claimSend,
  markFailed,
  markSent,
  noteMessageId,
  type Claim,
  type SendIdentity,
} from '../store/sends.ts';
import type { Pacer } from './pacer.ts';

const SES_RETRIES = 4;

function isThrottle(error: unknown): boolean {
  const name = (error as { name?: string }).name ?? '';
  return /Throttl|TooManyRequests|LimitExceeded/i.test(name);
}

export type DeliveryOutcome =
  | { status: 'sent'; messageId: string }
  | { status: 'failed'; error: string }
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

/**
 * Sends one mail at most once: claim (conditional write), SES (paced, throttling retried with
 * back-off), then record the result and the email log. Only an SES refusal marks the mail failed and
 * releases the claim. Once SES has accepted, the mail counts as sent whatever the bookkeeping does:
 * its writes are retried, and if recording it as sent still fails, the message id alone is kept on
 * the claim so that no later run takes it again.
 */
export async function deliverOnce(
  identity: SendIdentity,
  mail: OutgoingMail,
  options: DeliverOptions,
): Promise<DeliveryOutcome> {
  const claim = await claimSend(identity, options.now(), options.leaseMs ?? CLAIM_LEASE_MS);
  if (!claim.claimed) return { status: 'skipped', reason: `already ${claim.status}` };
  await options.onClaimed?.();
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
    await markFailed(claim.claim, message, options.now());
    return { status: 'failed', error: message };
  }
  await recordAccepted(identity, claim.claim, messageId, options.now);
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
