/**
 * Tells the user by e-mail that an alert channel was turned off (its service said it is gone). Sent
 * by whoever turned the channel off, and only then: turning it off is one conditional write on the
 * channel as it was saved (store/channels/channels.ts `turnChannelOff`), so the mail goes once per channel
 * as saved. It goes whatever the reminder e-mail switch says (it is about the account, and the
 * channel was perhaps how they took their reminders instead), but never to a suppressed address.
 * Straight to SES, with no send record of its own: the senders' bundle has no room for the
 * account mails' claim and log (lambdas/features/engine/deliver.ts), and the write above already makes it
 * once. A failure is logged: the channel is off either way, and the card says why.
 */
import type { Profile } from '../../../shared/api.ts';
import type { ChannelKind } from '../../../shared/channels/kinds.ts';
import { renderChannelOff } from '../../mail/channelOff.ts';
import { sendMail } from '../../mail/send.ts';
import { env } from '../../runtime/env.ts';
import { errorMessage } from '../../runtime/errors.ts';
import { logger } from '../../runtime/logger.ts';
import { unsubscribeUrls } from '../../runtime/signingKey.ts';
import { isSuppressed } from '../../store/sending/index.ts';

export async function mailChannelOff(
  profile: Pick<Profile, 'user_id' | 'email' | 'first_name'>,
  channel: { kind: ChannelKind },
  reason: string,
): Promise<void> {
  if (env().EMAIL_PROVIDER === 'disabled') return;
  try {
    if (await isSuppressed(profile.email)) return;
    const urls = await unsubscribeUrls(profile.user_id);
    const mail = renderChannelOff({
      firstName: profile.first_name,
      kind: channel.kind,
      reason,
      // The path as a string: the page map would add a kilobyte to the senders' bundle.
      settingsUrl: new URL('/settings', env().SITE_URL).toString(),
      unsubscribeUrl: urls.page,
    });
    await sendMail({
      to: profile.email,
      ...mail,
      oneClickUnsubscribeUrl: urls.oneClick,
      tags: { type: 'channel_off' },
    });
  } catch (error) {
    logger.error('The channel-off mail failed', { error: errorMessage(error) });
  }
}
