import { sendMail, type OutgoingMail } from '../mail/send.ts';
import { errorMessage } from '../runtime/errors.ts';
import { retrying } from '../runtime/retry.ts';
import { writeEmailLog } from '../store/emailLogs.ts';
import { CLAIM_LEASE_MS, claimSend, markFailed, markSent, type SendIdentity } from '../store/sends.ts';
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

/**
 * Sends one mail at most once: claim (conditional write), SES (paced, throttling retried with
 * back-off), then record the result and the email log. A failed send releases the claim.
 */
export async function deliverOnce(
  identity: SendIdentity,
  mail: OutgoingMail,
  options: DeliverOptions,
): Promise<DeliveryOutcome> {
  const claim = await claimSend(identity, options.now(), options.leaseMs ?? CLAIM_LEASE_MS);
  if (!claim.claimed) return { status: 'skipped', reason: `already ${claim.status}` };
  await options.onClaimed?.();
  try {
    const messageId = await retrying(
      async () => {
        await options.pacer?.wait();
        const messageId = await sendMail(mail);
        await markSent(claim.claim, messageId, options.now());
        await writeEmailLog({
          user_id: identity.userId,
          reminder_id: identity.reminderId,
          email_type: identity.emailType,
          days_before: identity.daysBefore,
          simulated: false,
          sent_at: options.now().toISOString(),
        });
        return messageId;
      },
      { retries: SES_RETRIES, retryOn: isThrottle, baseMs: 100 },
    );
    return { status: 'sent', messageId };
  } catch (error) {
    const message = errorMessage(error);
    await markFailed(claim.claim, message, options.now());
    return { status: 'failed', error: message };
  }
}
