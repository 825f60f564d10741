import type { Profile } from '../../shared/api.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { unsubscribeUrls } from '../runtime/unsubscribe.ts';
import { renderWelcome } from '../mail/welcome.tsx';
import { recordUnclaimedSend } from '../store/sends.ts';
import { deliverOnce } from './deliver.ts';
import { NOTICES } from '../../shared/messages.ts';

/**
 * The welcome mail after confirmation, once per user (Cognito may retry the trigger). A failure is
 * logged and recorded, never thrown: it must not undo the user's confirmation.
 */
export async function sendWelcome(profile: Profile, now: () => Date = () => new Date()): Promise<string> {
  const urls = await unsubscribeUrls(profile.user_id);
  const rendered = await renderWelcome({
    firstName: profile.first_name,
    lifetimeFree: profile.lifetime_free,
    dashboardUrl: new URL('/dashboard', env().SITE_URL).toString(),
    unsubscribeUrl: urls.page,
  });
  const identity = {
    dedupeKey: `welcome#${profile.user_id}`,
    emailType: 'welcome' as const,
    userId: profile.user_id,
    reminderId: null,
    daysBefore: null,
    toEmail: profile.email,
    subject: rendered.subject,
  };
  try {
    if (env().EMAIL_PROVIDER === 'disabled') {
      await recordUnclaimedSend(
        identity,
        { status: 'failed', simulated: false, error_message: NOTICES.emailDisabled },
        now(),
      );
      return 'disabled';
    }
    const outcome = await deliverOnce(
      identity,
      {
        to: profile.email,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        oneClickUnsubscribeUrl: urls.oneClick,
        tags: { type: 'welcome' },
      },
      { now },
    );
    if (outcome.status === 'failed') logger.error('Welcome mail failed', { error: outcome.error });
    return outcome.status;
  } catch (error) {
    logger.error('Welcome mail failed', { error: error as Error });
    return 'failed';
  }
}
