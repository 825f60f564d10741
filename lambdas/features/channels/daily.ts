/**
 * The reminder job's alert channels: the day's message on each channel a member has on (Telegram,
 * ntfy, a webhook), at most once per channel and day, mirroring the mails the run has for them (the
 * digest's items, in its order and words). Each channel's message is its own send record
 * (lambdas/store/channels/channelSends.ts), claimed (a member's channels in one write) and marked before the
 * service is called, so a retry, a redelivered message or two runs at once never send twice, and a
 * sender that died after calling does not send again. Nothing here stops or repeats the e-mail or
 * the push.
 */
import { DateTime } from 'luxon';
import type { Profile } from '../../../shared/api.ts';
import { CHANNEL_OFF_REASONS, type ChannelKind } from '../../../shared/channels/kinds.ts';
import { todayIn } from '../../../shared/dates.ts';
import type { ReminderMailInput } from '../../mail/registry.ts';
import { errorMessage, JobCrash } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import { publishJobCounts } from '../../runtime/metrics.ts';
import { retrying } from '../../runtime/retry.ts';
import {
  claimChannelSends,
  recordChannelFailed,
  recordChannelGone,
  recordChannelsSent,
  listChannels,
  recordWebhookDelivery,
  turnChannelOff,
  type StoredChannel,
  type StoredOf,
  releaseChat,
} from '../../store/channels/index.ts';
import type { Claim } from '../../store/sends.ts';
import { dayMessage, chatText, type DayMessage } from './message.ts';
import { publishToNtfy } from './ntfy.ts';
import { mailChannelOff } from './offMail.ts';
import type { ChannelOutcome } from './outcome.ts';
import { sendTelegramMessage, telegramBotToken } from './telegram.ts';
import { dayDeliveryId, postToWebhook, webhookBody } from './webhook.ts';

export interface ChannelsDayOptions {
  now: () => Date;
  leaseMs?: number;
  /** Test seam: after a channel's message is claimed (and so marked), before it is sent. */
  onChannelClaimed?: (userId: string, kind: ChannelKind) => void | Promise<void>;
  /** Test seam: after the service accepted the message, before its record says so. */
  onChannelAccepted?: (userId: string, kind: ChannelKind) => void | Promise<void>;
}

/** What the day's channels did for one member. `again`: a channel is worth another try (a redelivery). */
export interface ChannelsDayResult {
  sent: number;
  turnedOff: number;
  failedForGood: number;
  again: boolean;
}

const NOTHING: ChannelsDayResult = { sent: 0, turnedOff: 0, failedForGood: 0, again: false };

type Outcome = 'sent' | 'gone' | 'failed for good' | 'again' | 'not ours';

/**
 * Sends the day's message on each of the member's channels that is on, once per channel and day. A
 * member with none costs nothing (not even a read). Never throws but for a JobCrash (the test's
 * dying sender): a failure it cannot settle is reported as `again`, and the message comes back.
 */
export async function channelsDay(
  profile: Profile,
  items: readonly ReminderMailInput[],
  /** The member's date of the run (the message's); else today in their zone. */
  runDay: string | undefined,
  options: ChannelsDayOptions,
): Promise<ChannelsDayResult> {
  if (profile.alert_channels.length === 0 || items.length === 0) return NOTHING;
  const day = runDay ?? todayIn(profile.timezone, DateTime.fromJSDate(options.now()));
  try {
    const channels = [...(await listChannels(profile.user_id)).values()].filter(
      (channel) => channel.status === 'on' && profile.alert_channels.includes(channel.kind),
    );
    if (channels.length === 0) return NOTHING;
    const message = dayMessage(items);
    // One write claims them all (each alone only when one is taken); one more records those sent.
    const claims = await claimChannelSends(
      { userId: profile.user_id, day, kinds: channels.map((channel) => channel.kind) },
      options.now(),
      options.leaseMs,
    );
    const accepted: { claim: Claim; note: string }[] = [];
    // The day's delivery, as a webhook's body and list name it: the same id on every retry.
    const delivery = { id: dayDeliveryId(profile.user_id, day), day, event: 'renewals.due' } as const;
    const outcomes = await Promise.all(
      channels.map(async (channel): Promise<Outcome> => {
        const taken = claims.get(channel.kind)!;
        // Another sender holds it and has not finished: come back after the lease. Anything else is done.
        if (!('claim' in taken)) return taken.status === 'already pending' ? 'again' : 'not ours';
        const outcome = await deliverDay(profile, channel, message, delivery, options);
        const settled =
          outcome.outcome === 'delivered'
            ? 'sent'
            : await settle(taken.claim, profile, channel, outcome, options.now());
        if (settled === 'sent') accepted.push({ claim: taken.claim, note: outcome.summary });
        if (channel.kind === 'webhook')
          await noteDelivery(channel, delivery.id, outcome, settled, options.now());
        return settled;
      }),
    );
    await recordAccepted(profile.user_id, accepted, options.now());
    const result = {
      sent: outcomes.filter((o) => o === 'sent').length,
      turnedOff: outcomes.filter((o) => o === 'gone').length,
      failedForGood: outcomes.filter((o) => o === 'failed for good').length,
      again: outcomes.includes('again'),
    };
    publishJobCounts({ channel_sent: result.sent, channel_failed: result.failedForGood });
    return result;
  } catch (error) {
    if (error instanceof JobCrash) throw error;
    logger.error("The day's channels could not be settled; the message comes back", {
      user: profile.user_id.slice(0, 8),
      error: errorMessage(error),
    });
    return { ...NOTHING, again: true };
  }
}

/** One call to the channel's service with the message: no claim, no record (the day's and 'Send a test'). */
export async function sendOn(
  channel: StoredChannel,
  message: DayMessage,
  webhook: { id: string; day: string; event: 'renewals.due' | 'webhook.test' },
  now: Date,
): Promise<ChannelOutcome> {
  switch (channel.kind) {
    case 'telegram': {
      const token = await telegramBotToken();
      if (!token)
        return { outcome: 'failed', httpStatus: null, summary: 'Telegram is not set up on this site' };
      return sendTelegramMessage(token, channel.chat_id, chatText(message));
    }
    case 'ntfy':
      return publishToNtfy(channel, {
        title: message.title,
        body: message.lines.join('\n'),
        click: message.url,
      });
    case 'webhook':
      return postToWebhook(
        channel,
        webhookBody(webhook.event, webhook.id, webhook.day, message.renewals, now),
        now,
      );
  }
}

/** The claimed channel's call, between the test seams. */
async function deliverDay(
  profile: Profile,
  channel: StoredChannel,
  message: DayMessage,
  delivery: { id: string; day: string; event: 'renewals.due' },
  options: ChannelsDayOptions,
): Promise<ChannelOutcome> {
  const userId = profile.user_id;
  await options.onChannelClaimed?.(userId, channel.kind);
  const outcome = await sendOn(channel, message, delivery, options.now());
  if (outcome.outcome === 'delivered') await options.onChannelAccepted?.(userId, channel.kind);
  return outcome;
}

/** The accepted messages' records. Delivered: never a retry, whatever this write does. */
async function recordAccepted(userId: string, accepted: { claim: Claim; note: string }[], now: Date) {
  try {
    await retrying(() => recordChannelsSent(accepted, now), { retries: 4, baseMs: 100, retryOn: () => true });
  } catch (error) {
    // Claimed and marked sending: no one sends them again, whatever their records say.
    logger.error('Channel messages delivered but not recorded', {
      user: userId.slice(0, 8),
      error: errorMessage(error),
    });
  }
}

/**
 * The webhook's list of deliveries gains this attempt of the day's delivery: 'retrying' when it
 * failed and comes back. A failure to note it never fails the send.
 */
async function noteDelivery(
  channel: StoredOf<'webhook'>,
  id: string,
  outcome: ChannelOutcome,
  settled: Outcome,
  now: Date,
) {
  // One more than the day's delivery has in the list already (a retry comes back with them).
  const attempt = channel.deliveries.filter((delivery) => delivery.id === id).length + 1;
  try {
    await recordWebhookDelivery(
      channel.user_id,
      {
        id,
        at: now.toISOString(),
        event: 'renewals.due',
        outcome: settled === 'again' ? 'retrying' : outcome.outcome,
        http_status: outcome.httpStatus,
        summary: outcome.summary,
        attempt,
      },
      channel,
    );
  } catch (error) {
    logger.warn('A webhook delivery was not noted in its list', { error: errorMessage(error) });
  }
}

async function settle(
  claim: Claim,
  profile: Profile,
  channel: StoredChannel,
  outcome: ChannelOutcome,
  now: Date,
): Promise<Outcome> {
  const userId = profile.user_id;
  if (outcome.outcome === 'gone') {
    await recordChannelGone(claim, now, outcome.summary);
    const reason = CHANNEL_OFF_REASONS[channel.kind];
    if (await turnChannelOff(userId, channel, reason, now)) {
      if (channel.kind === 'telegram') await releaseChat(userId, channel.chat_hash);
      await mailChannelOff(profile, channel, reason);
    }
    logger.warn('A channel said it is gone: turned off', { user: userId.slice(0, 8), channel: channel.kind });
    return 'gone';
  }
  const { forGood } = await recordChannelFailed(claim, outcome.summary, now);
  logger.warn('A channel message failed', {
    user: userId.slice(0, 8),
    channel: channel.kind,
    forGood,
    error: outcome.summary,
  });
  return forGood ? 'failed for good' : 'again';
}
