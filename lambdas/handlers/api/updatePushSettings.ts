import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { AccountGoneError } from '../../store/liveAccount.ts';
import { setPushReminders } from '../../store/account/index.ts';

/** 'Send my reminders as notifications': the daily push's switch, on the caller's profile. */
export const handler = route(API.updatePushSettings, async ({ caller, body }) => {
  if (!(await setPushReminders(caller.userId, body.push_reminders))) throw new AccountGoneError();
  return { push_reminders: body.push_reminders };
});
