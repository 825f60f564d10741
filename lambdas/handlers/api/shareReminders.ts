import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { shareReminders } from '../../features/reminders/sharing.ts';

/** 'Share these with your household?': the caller's chosen reminders, moved into their household. */
export const handler = route(API.shareReminders, ({ caller, body }) =>
  shareReminders(caller.userId, body.ids),
);
