import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { householdOf } from '../../store/households/index.ts';
import { refreshHouseholdNextMails, refreshUserNextMails } from '../../store/reminders/index.ts';
import { AccountGoneError } from '../../store/liveAccount.ts';
import { updateProfile } from '../../store/account/index.ts';

/** Saves the profile and mirrors it onto the Cognito user's attributes. */
export const handler = route(API.updateMe, async ({ caller, body }) => {
  const saved = await updateProfile(caller.userId, body, caller.username);
  // The update is conditional on the profile item itself: no profile means a deleted account.
  if (!saved) throw new AccountGoneError();
  const { profile, previous } = saved;
  // Mails go at 08:00 in the owner's zone: a new zone moves every reminder's next mail.
  if (profile.timezone !== previous.timezone) await refreshUserNextMails(caller.userId, profile.timezone);
  // A shared reminder is placed at the earliest of its members' mails: a new zone or a new choice
  // of 'Remind me about shared renewals' moves the household's.
  if (
    profile.timezone !== previous.timezone ||
    profile.shared_reminder_mails !== previous.shared_reminder_mails
  ) {
    const householdId = await householdOf(caller.userId);
    if (householdId) await refreshHouseholdNextMails(householdId);
  }
  return { profile: { ...profile, is_admin: caller.isAdmin }, isAdmin: caller.isAdmin };
});
