/**
 * Tells the user by e-mail that an alert channel was turned off (its service said it is gone), once
 * per channel as saved (its claim's key names the channel's version). It goes whatever the reminder
 * e-mail switch says (it is about their account, and the channel was perhaps how they took their
 * reminders instead), but never to a suppressed address. A failure is logged: the channel is off
 * either way, and the card says why.
 */
import type { Profile } from '../../shared/api.ts';
import type { ChannelKind } from '../../shared/channels/kinds.ts';
import { dedupeKeys } from '../../shared/table.ts';
import { deliverOnce } from '../engine/deliver.ts';
import { renderChannelOff } from '../mail/channelOff.ts';
import { composeMail, siteLink } from '../mail/compose.ts';
import { env } from '../runtime/env.ts';
import { errorMessage } from '../runtime/errors.ts';
import { logger } from '../runtime/logger.ts';
import { isSuppressed } from '../store/suppressions.ts';

export async function mailChannelOff(
  profile: Pick<Profile, 'user_id' | 'email' | 'first_name'>,
  channel: { kind: ChannelKind; version: string },
  reason: string,
  now: Date,
): Promise<void> {
  if (env().EMAIL_PROVIDER === 'disabled') return;
  try {
    if (await isSuppressed(profile.email)) return;
    const { identity, mail } = await composeMail(
      { userId: profile.user_id, email: profile.email },
      {
        type: 'channel_off',
        dedupeKey: dedupeKeys.channelOff(channel.kind, channel.version),
        reminderId: null,
        daysBefore: null,
      },
      async ({ unsubscribeUrl }) =>
        renderChannelOff({
          firstName: profile.first_name,
          kind: channel.kind,
          reason,
          // The path as a string: the page map would add a kilobyte to the senders' bundle.
          settingsUrl: siteLink('/settings'),
          unsubscribeUrl,
        }),
    );
    const outcome = await deliverOnce(identity, mail, { now: () => now });
    if (outcome.status === 'failed') logger.error('The channel-off mail failed', { error: outcome.error });
  } catch (error) {
    logger.error('The channel-off mail failed', { error: errorMessage(error) });
  }
}
