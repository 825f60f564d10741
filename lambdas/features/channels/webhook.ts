/**
 * The user's webhook: a POST of the JSON body docs/api.md describes, signed with the webhook's own
 * secret (HMAC-SHA256 over `{unix seconds}.{body}`, in X-Renewals-Signature as `t=…,v1=…`; a
 * second `v1` by the secret before it, in the hours after a rotation), through
 * safeFetch: the address is the user's. Any 2xx is delivered; 410 is gone; anything else fails and
 * the day's delivery is tried again by the queue's redelivery, with the same id.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_VERSION,
  type WebhookBody,
  type WebhookEvent,
  type WebhookRenewal,
} from '../../../shared/channels/webhook.ts';
import { env } from '../../runtime/env.ts';
import { previousSecret, type StoredOf } from '../../store/channels/index.ts';
import { answerOutcome, type ChannelOutcome } from './outcome.ts';
import { safeFetch } from './safeFetch.ts';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * The X-Renewals-Signature value of `body` sent at `timestamp` (unix seconds): one `v1` per secret
 * that signs, the current one first (two only in the hours after 'Rotate secret').
 */
export function webhookSignature(secrets: readonly string[], timestamp: number, body: string): string {
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  return [`t=${timestamp}`, ...signatures].join(',');
}

/**
 * The day's delivery id: the same for every retry of one user's day (the receiver deduplicates on
 * it), a UUID-shaped hash that names no one.
 */
export function dayDeliveryId(userId: string, day: string): string {
  const hex = createHash('sha256').update(`webhook:${userId}:${day}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function webhookBody(
  event: WebhookEvent,
  id: string,
  day: string,
  renewals: WebhookRenewal[],
  now: Date,
): WebhookBody {
  return { version: WEBHOOK_VERSION, id, type: event, created_at: now.toISOString(), day, renewals };
}

export async function postToWebhook(
  hook: Pick<StoredOf<'webhook'>, 'url' | 'secret' | 'previous_secret' | 'previous_secret_until'>,
  body: WebhookBody,
  now: Date,
): Promise<ChannelOutcome> {
  const text = JSON.stringify(body);
  const previous = previousSecret(hook, now);
  const secrets = previous ? [hook.secret, previous] : [hook.secret];
  const result = await safeFetch(hook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': `RenewalReminders-Webhook/${WEBHOOK_VERSION}`,
      [WEBHOOK_HEADERS.signature]: webhookSignature(secrets, Math.floor(now.getTime() / 1000), text),
      [WEBHOOK_HEADERS.event]: body.type,
      [WEBHOOK_HEADERS.delivery]: body.id,
    },
    body: text,
    allowOrigins: env().LOCAL_CHANNEL_ORIGINS,
  });
  if (result.outcome === 'refused')
    return { outcome: 'failed', httpStatus: null, summary: `Not sent: ${result.reason}` };
  if (result.outcome === 'failed') return { outcome: 'failed', httpStatus: null, summary: result.reason };
  return answerOutcome(result.status, `Answered ${result.status}`);
}
