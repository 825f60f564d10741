import type { Profile } from '../../shared/api.ts';
import { NOTICES } from '../../shared/messages.ts';
import { dedupeKeys } from '../../shared/table.ts';
import { composeMail, siteLink } from '../mail/compose.ts';
import { renderWelcome } from '../mail/welcome.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { recordUnclaimedSend } from '../store/sends.ts';
import { deliverOnce } from './deliver.ts';

/**
 * The welcome mail after confirmation, once per user (Cognito may retry the trigger). A failure is
 * logged and recorded, never thrown: it must not undo the user's confirmation.
 */
export async function sendWelcome(profile: Profile, now: () => Date = () => new Date()): Promise<string> {
  const { identity, mail } = await composeMail(
    { userId: profile.user_id, email: profile.email },
    { type: 'welcome', dedupeKey: dedupeKeys.welcome(profile.user_id), reminderId: null, daysBefore: null },
    ({ unsubscribeUrl }) =>
      renderWelcome({
        firstName: profile.first_name,
        lifetimeFree: profile.lifetime_free,
        dashboardUrl: siteLink('/dashboard'),
        unsubscribeUrl,
      }),
  );
  try {
    if (env().EMAIL_PROVIDER === 'disabled') {
      await recordUnclaimedSend(
        identity,
        { status: 'failed', simulated: false, error_message: NOTICES.emailDisabled },
        now(),
      );
      return 'disabled';
    }
    const outcome = await deliverOnce(identity, mail, { now });
    if (outcome.status === 'failed') logger.error('Welcome mail failed', { error: outcome.error });
    return outcome.status;
  } catch (error) {
    logger.error('Welcome mail failed', { error: error as Error });
    return 'failed';
  }
}
