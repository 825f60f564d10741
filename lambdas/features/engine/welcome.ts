import type { Profile } from '../../../shared/api.ts';
import { welcome } from '../../../shared/reminder/mails/welcome.ts';
import { composeMail, siteLink } from '../../mail/compose.ts';
import { renderWelcome } from '../../mail/welcome.ts';
import { sendOnEvent } from './eventMail.ts';

/**
 * The welcome mail after confirmation, once per user (Cognito may retry the trigger). A failure is
 * logged and recorded, never thrown: it must not undo the user's confirmation.
 */
export function sendWelcome(profile: Profile, now: () => Date = () => new Date()): Promise<string> {
  return sendOnEvent(
    'Welcome mail',
    () =>
      composeMail(
        { userId: profile.user_id, email: profile.email },
        {
          type: welcome.type,
          dedupeKey: welcome.dedupeKey(profile.user_id),
          reminderId: null,
          daysBefore: null,
        },
        ({ unsubscribeUrl }) =>
          renderWelcome({
            firstName: profile.first_name,
            lifetimeFree: profile.lifetime_free,
            dashboardUrl: siteLink('/dashboard'),
            unsubscribeUrl,
          }),
      ),
    now,
  );
}
