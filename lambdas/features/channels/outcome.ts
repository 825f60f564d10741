/** What one call to a channel's service did: the same words for the day's message and 'Send a test'. */
import type { DeliveryOutcome } from '../../../shared/channels/kinds.ts';

export interface ChannelOutcome {
  outcome: DeliveryOutcome;
  /** The HTTP status the service answered; null when it did not (time-out, refused address). */
  httpStatus: number | null;
  /** In words, for the card, the webhook's list and the logs (never a secret). */
  summary: string;
}

/** An HTTP answer of a user's server (ntfy, a webhook) as an outcome: 410 is gone, a 3xx is not followed. */
export function answerOutcome(status: number, accepted: string): ChannelOutcome {
  if (status >= 200 && status < 300) return { outcome: 'delivered', httpStatus: status, summary: accepted };
  if (status === 410) return { outcome: 'gone', httpStatus: status, summary: 'The server answered 410 Gone' };
  if (status >= 300 && status < 400)
    return {
      outcome: 'failed',
      httpStatus: status,
      summary: `The server answered ${status}, a redirect, which is not followed: give the final address`,
    };
  if (status === 401 || status === 403)
    return {
      outcome: 'failed',
      httpStatus: status,
      summary: `The server refused it (${status}): check the access`,
    };
  return { outcome: 'failed', httpStatus: status, summary: `The server answered ${status}` };
}
