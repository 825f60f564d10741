/**
 * What the Notifications card says of the alert channels, worked out from what the API gives: the
 * state badge, the 'Turned off on…' line, a delivery's status and a test's outcome. Times are shown
 * in UK time, as every date on screen is.
 */
import { DateTime } from 'luxon';
import { UK_ZONE } from '#shared/dates.ts';
import type { Channel, DeliveryOutcome, WebhookDelivery } from '#shared/channels/kinds.ts';
import type { BadgeVariant } from '../../components/Badge.tsx';

const inUk = (iso: string) => DateTime.fromISO(iso, { zone: UK_ZONE });

/** '29/11/2026, 08:00'. */
export const formatWhen = (iso: string) => inUk(iso).toFormat('dd/MM/yyyy, HH:mm');

/** '08:15': when a Telegram link stops working, that same day. */
export const formatClock = (iso: string) => inUk(iso).toFormat('HH:mm');

/** A channel's badge beside its name. */
export function channelState(
  channel: Pick<Channel, 'status'> | null,
  available = true,
): { text: string; variant: BadgeVariant } {
  if (channel?.status === 'on') return { text: 'On', variant: 'success' };
  if (channel?.status === 'off') return { text: 'Off', variant: 'destructive' };
  return available
    ? { text: 'Not set up', variant: 'outline' }
    : { text: 'Not available', variant: 'outline' };
}

/**
 * When a channel was turned off, where the API says: a webhook's delivery that was told 'gone' is
 * the one that turned it off. The others carry no date of it.
 */
export function offDate(channel: Channel): string | null {
  if (channel.kind !== 'webhook') return null;
  const gone = channel.deliveries.find((delivery) => delivery.outcome === 'gone');
  return gone ? gone.at : null;
}

/** 'Turned off on 29/11/2026: the server said the address is gone'. */
export function offNotice(channel: Channel): string {
  const reason = channel.off_reason ?? 'the server said the address is gone';
  const when = offDate(channel);
  return when ? `Turned off on ${inUk(when).toFormat('dd/MM/yyyy')}: ${reason}` : `Turned off: ${reason}`;
}

const OUTCOME_WORDS: Record<DeliveryOutcome, string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  gone: 'Gone',
};

/** 'Delivered', 'Failed (HTTP 500)', 'Failed' (no answer), 'Gone (HTTP 410)'. */
export function outcomeText(outcome: DeliveryOutcome, httpStatus: number | null): string {
  const words = OUTCOME_WORDS[outcome];
  return outcome === 'delivered' || httpStatus === null ? words : `${words} (HTTP ${httpStatus})`;
}

/** A delivery's status, with its attempt when it was a retry. */
export function deliveryStatus(delivery: WebhookDelivery): string {
  const status = outcomeText(delivery.outcome, delivery.http_status);
  return delivery.attempt > 1 ? `${status}, attempt ${delivery.attempt}` : status;
}

/** What a delivery carried: the day's renewals or 'Send a test'. */
export const deliveryEvent = (delivery: WebhookDelivery) =>
  delivery.event === 'webhook.test' ? 'Test' : 'Renewals due';
