import { reminderEventUrl } from '../../lambdas/runtime/eventLink.ts';
import { calendarLink, getProfile } from '../../lambdas/store/account/index.ts';
import { createReminder } from '../../lambdas/features/reminders/create.ts';
import { listReminders } from '../../lambdas/store/reminders/index.ts';

/** A user's live calendar feed token: the last segment of the feed's address, without '.ics'. */
export const feedToken = async (userId: string) =>
  (await calendarLink(userId)).https_url
    .split('/')
    .at(-1)!
    .replace(/\.ics$/, '');

/**
 * A mailed 'Add to calendar' token for a reminder of the user's: the link's last segment. The user's
 * first reminder, made here when they have none.
 */
export async function eventToken(userId: string): Promise<string> {
  const [listed] = await listReminders(userId);
  const reminder =
    listed ??
    (await createReminder(userId, {
      title: 'Car tax',
      category: 'car_tax_mot',
      provider: 'DVLA',
      renewal_date: '2031-01-01',
    }));
  const profile = await getProfile(userId);
  if (!profile) throw new Error(`No profile for ${userId}`);
  return (await reminderEventUrl(profile, reminder))
    .split('/')
    .at(-1)!
    .replace(/\.ics$/, '');
}
