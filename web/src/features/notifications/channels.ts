/**
 * What the Notifications card says of the alert channels, worked out from what the API gives: the
 * state badge, the 'Turned off on…' line, a delivery's status and a test's outcome. Times are shown
 * in UK time, as every date on screen is.
 */
import { DateTime } from 'luxon';
import { UK_ZONE } from '#shared/dates.ts';
import type { Channel, DeliveryState, WebhookDelivery } from '#shared/channels/kinds.ts';
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
 * When a channel was turned off: the API says so (`off_at`). A webhook turned off before that was
 * kept still shows the day of the delivery that was told 'gone'.
 */
export function offDate(channel: Channel): string | null {
  if (channel.off_at) return channel.off_at;
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

/** After 'Rotate secret': 'Your previous secret also signs requests until 30/11/2026, 09:00: …'. */
export const previousSecretNotice = (until: string) =>
  `Your previous secret also signs requests until ${formatWhen(until)}, so your receiver keeps taking them while you put the new one in.`;

const STATE_WORDS: Record<DeliveryState, string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  gone: 'Gone',
  retrying: 'Failed',
};

/** 'Delivered', 'Failed (HTTP 500)', 'Failed' (no answer), 'Gone (HTTP 410)'. */
export function outcomeText(outcome: DeliveryState, httpStatus: number | null): string {
  const words = STATE_WORDS[outcome];
  return outcome === 'delivered' || httpStatus === null ? words : `${words} (HTTP ${httpStatus})`;
}

/**
 * A delivery's status, with its attempt when it was a retry; a failure that is tried again says
 * 'will retry' until the list holds the next attempt, then 'retried'.
 */
export function deliveryStatus(delivery: WebhookDelivery, all: readonly WebhookDelivery[] = []): string {
  let status = outcomeText(delivery.outcome, delivery.http_status);
  if (delivery.attempt > 1) status = `${status}, attempt ${delivery.attempt}`;
  if (delivery.outcome !== 'retrying') return status;
  const retried = all.some((other) => other.id === delivery.id && other.attempt > delivery.attempt);
  return `${status}, ${retried ? 'retried' : 'will retry'}`;
}

/** What a delivery carried: the day's renewals or 'Send a test'. */
export const deliveryEvent = (delivery: WebhookDelivery) =>
  delivery.event === 'webhook.test' ? 'Test' : 'Renewals due';
