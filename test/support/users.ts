/**
 * Signed-in users of the test's local stack, built on createUser (sign-up, the mailed confirmation,
 * a token): one with a profile of its own (a first name the mails use, a zone), one with a reminder.
 */
import type { Reminder } from '../../shared/api.ts';
import type { ReminderDraft } from '../../shared/schemas/reminder.ts';
import { aDraft, aProfileUpdate } from './builders.ts';
import { api, createUser, type TestStack, type TestUser } from './stack.ts';

/** Sets `user`'s profile (PUT /api/me with aProfileUpdate's fields and `profile`); anything but a 200 throws. */
export async function updateProfile(
  stack: TestStack,
  user: Pick<TestUser, 'accessToken'>,
  profile: Record<string, unknown>,
): Promise<void> {
  const response = await api(stack, user.accessToken)('PUT', '/api/me', aProfileUpdate(profile));
  if (response.status !== 200) throw new Error(`PUT /api/me: ${response.status} ${response.text}`);
}

/**
 * A signed-in user called `firstName` (which also starts the address) in London unless `profile`
 * says otherwise (a timezone, shared_reminder_mails...).
 */
export async function person(
  stack: TestStack,
  firstName: string,
  profile: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await createUser(stack, { label: firstName });
  await updateProfile(stack, user, { first_name: firstName, ...profile });
  return user;
}

/** Creates a reminder through the API as `user` (aDraft's fields and `draft`); anything but a 201 throws. */
export async function postReminder(
  stack: TestStack,
  user: Pick<TestUser, 'accessToken'>,
  draft: Partial<ReminderDraft> & Record<string, unknown> = {},
): Promise<Reminder> {
  const response = await api(stack, user.accessToken)('POST', '/api/reminders', aDraft(draft));
  if (response.status !== 201) throw new Error(`POST /api/reminders: ${response.status} ${response.text}`);
  return (response.json as { reminder: Reminder }).reminder;
}
