/**
 * The webhook's request, as docs/api.md documents it for the people who receive it: a JSON body
 * (version, event type, the day's renewals), signed with HMAC-SHA256 over `{timestamp}.{body}`
 * with the webhook's own secret, in the X-Renewals-Signature header as `t={unix seconds},v1={hex}`.
 * The server signs (lambdas/features/channels/webhook.ts); this module only names the parts.
 */
import type { Category } from '../reminder/categories.ts';
import type { ReminderMailType } from '../api.ts';

/** The body's `version`: a change a receiver must know about gets a new one. */
export const WEBHOOK_VERSION = 1;

export const WEBHOOK_EVENTS = ['renewals.due', 'webhook.test'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_HEADERS = {
  signature: 'X-Renewals-Signature',
  event: 'X-Renewals-Event',
  delivery: 'X-Renewals-Delivery',
} as const;

/** A signing secret: `whsec_` then 32 random bytes, base64url. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How much of the secret the settings show, to tell one from another. */
export const WEBHOOK_SECRET_HINT_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;

/** After 'Rotate secret', how long the secret before it signs too (beside the new one). */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

/** How old a signed timestamp a receiver should still take (docs/api.md advises it). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** One renewal in the day's body. */
export interface WebhookRenewal {
  reminder_id: string;
  /** The reminder's name, as the user wrote it. */
  name: string;
  category: Category;
  provider: string;
  /** A lead ('reminder'), an action window ('window') or the follow-up after the renewal ('savings'). */
  kind: ReminderMailType;
  renewal_date: string;
  /** The last day to act, when the reminder has one. */
  act_by: string | null;
  /** Days left to the renewal (or act-by date) on the user's date; null for the follow-up. */
  days_left: number | null;
  /** The amount per payment in pence, when known. */
  amount_pence: number | null;
  /** The line the day's message says of it ('Car insurance renews in 7 days'). */
  message: string;
  /** Where the user deals with it on the site. */
  link: string;
}

/** The POSTed body. */
export interface WebhookBody {
  version: typeof WEBHOOK_VERSION;
  /** The delivery's id, the same on each retry (and in X-Renewals-Delivery): deduplicate on it. */
  id: string;
  type: WebhookEvent;
  created_at: string;
  /** The user's own date the renewals are due on. */
  day: string;
  /** Soonest first; empty for a test. */
  renewals: WebhookRenewal[];
}
