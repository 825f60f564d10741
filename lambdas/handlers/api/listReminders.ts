import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { listReminders } from '../../store/reminders/index.ts';

export const handler = route(API.listReminders, async ({ caller }) => ({
  reminders: await listReminders(caller.userId),
}));
