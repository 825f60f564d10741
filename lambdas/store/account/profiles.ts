import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { z } from 'zod';
import type { Profile } from '../../../shared/api.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../../../shared/locales.ts';
import type { profileUpdateSchema } from '../../../shared/schemas/account.ts';
import { COUNTERS, ENTITY, keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { takeCallerProfile } from '../../runtime/callerProfile.ts';
import { mirrorProfileAttributes } from '../../runtime/identity.ts';
import { getItem, getItems, ITEM_ABSENT, ITEM_EXISTS, itemKey, putItem, tableName } from '../db.ts';
import { parseProfile } from '../items.ts';
import {
  applyCounters,
  countryCounters,
  globalShard,
  readCounters,
  signupDayCounter,
  takeSignupOrdinal,
} from '../counters.ts';

/** The founding-member promotion: the first 1,000 confirmed sign-ups are free for life. */
export const LIFETIME_FREE_PLACES = 1000;

/**
 * The founding-member places left: one counter read, no scan. Places taken are the confirmed
 * sign-ups ever; account deletions do not hand a place back.
 */
export async function foundingPlacesLeft(): Promise<number> {
  const taken = (await readCounters())[COUNTERS.signups] ?? 0;
  return Math.max(0, LIFETIME_FREE_PLACES - taken);
}

const profileKey = (userId: string) => itemKey(keys.user(userId), keys.profile());

/**
 * A user's profile. The first read of the caller's own in an API request takes the copy route() read
 * to check their token (runtime/callerProfile.ts), so it costs nothing more; any other read reads.
 */
export async function getProfile(userId: string): Promise<Profile | undefined> {
  const taken = takeCallerProfile(userId);
  const item = taken ? taken.item : await getItem(keys.user(userId), keys.profile());
  return item ? parseProfile(item) : undefined;
}

/**
 * The caller's profile item as route() reads it to check their token against the account's ended
 * sessions: consistent (a reset that just ended the sessions is seen). The item, not a Profile: the
 * request keeps it (runtime/callerProfile.ts) for getProfile's first read, which parses it.
 */
export function readSessionProfile(userId: string): Promise<Record<string, unknown> | undefined> {
  return getItem(keys.user(userId), keys.profile(), { consistent: true });
}

/** A user's profile as it is now: a consistent read, never the request's copy. */
export async function getProfileNow(userId: string): Promise<Profile | undefined> {
  const item = await getItem(keys.user(userId), keys.profile(), { consistent: true });
  return item ? parseProfile(item) : undefined;
}

export interface NewProfile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string | null;
  country: string;
  marketingConsent: boolean;
}

/**
 * Creates the profile once (PostConfirmation may be retried by Cognito): the conditional put makes the second call a no-op, so the sign-up counter, and with
 * it the founding-member place, is taken exactly once per user.
 */
export async function ensureProfile(input: NewProfile, now = new Date()): Promise<Profile> {
  const profile: Profile = {
    id: input.userId,
    user_id: input.userId,
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    country: input.country || DEFAULT_COUNTRY,
    timezone: DEFAULT_TIMEZONE,
    marketing_consent: input.marketingConsent,
    is_admin: false,
    lifetime_free: false,
    reminder_emails: true,
    email_per_renewal: false,
    push_reminders: true,
    push_devices: 0,
    alert_channels: [],
    shared_reminder_mails: 'all',
    calendar_version: 0,
    calendar_feed_hash: null,
    sessions_valid_after: 0,
    password_reset_at: null,
    created_at: now.toISOString(),
  };
  // No alert channel yet: the attribute is a string set once one is on (a set cannot be empty).
  const { alert_channels: _none, ...stored } = profile;
  try {
    await putItem({ ...profileKey(input.userId), entity: ENTITY.profile, ...stored }, ITEM_ABSENT);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      return (await getProfile(input.userId))!;
    }
    throw error;
  }
  // `signups` only ever grows (deletions do not hand a founding place back); `users` is the live count.
  const shard = globalShard();
  const [ordinal] = await Promise.all([
    takeSignupOrdinal(),
    applyCounters('profile created', [
      { key: shard, deltas: { [COUNTERS.users]: 1 } },
      ...countryCounters(undefined, profile.country, shard),
      signupDayCounter(profile.created_at),
    ]),
  ]);
  if ((ordinal ?? Infinity) <= LIFETIME_FREE_PLACES) {
    profile.lifetime_free = true;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: profileKey(input.userId),
        UpdateExpression: 'SET lifetime_free = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  }
  return profile;
}

/**
 * Saves the settings form, then mirrors the same fields onto the Cognito user: the profile is
 * written first, the login's attributes after it. Undefined when the profile does not exist.
 */
export async function updateProfile(
  userId: string,
  input: z.output<typeof profileUpdateSchema>,
  username = userId,
): Promise<{ profile: Profile; previous: Profile } | undefined> {
  const fields = {
    first_name: input.first_name,
    last_name: input.last_name.trim() === '' ? null : input.last_name,
    country: input.country,
    timezone: input.timezone,
    marketing_consent: input.marketing_consent,
  };
  let previous: Profile;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: profileKey(userId),
        ConditionExpression: ITEM_EXISTS,
        UpdateExpression:
          'SET first_name = :first, last_name = :last, country = :country, #tz = :tz, marketing_consent = :mc' +
          (input.email_per_renewal !== undefined ? ', email_per_renewal = :separate' : '') +
          (input.shared_reminder_mails !== undefined ? ', shared_reminder_mails = :shared' : ''),
        // `timezone` is a DynamoDB reserved word.
        ExpressionAttributeNames: { '#tz': 'timezone' },
        ExpressionAttributeValues: {
          ':first': fields.first_name,
          ':last': fields.last_name,
          ':country': fields.country,
          ':tz': fields.timezone,
          ':mc': fields.marketing_consent,
          ...(input.email_per_renewal !== undefined ? { ':separate': input.email_per_renewal } : {}),
          ...(input.shared_reminder_mails !== undefined ? { ':shared': input.shared_reminder_mails } : {}),
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    previous = parseProfile(Attributes);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  await mirrorProfileAttributes(username, fields);
  if (input.reminder_emails !== undefined) await setReminderEmails(userId, input.reminder_emails);
  if (previous.country !== input.country) {
    await applyCounters('country changed', countryCounters(previous.country, input.country));
  }
  const profile = {
    ...previous,
    ...fields,
    ...(input.reminder_emails !== undefined ? { reminder_emails: input.reminder_emails } : {}),
    ...(input.email_per_renewal !== undefined ? { email_per_renewal: input.email_per_renewal } : {}),
    ...(input.shared_reminder_mails !== undefined
      ? { shared_reminder_mails: input.shared_reminder_mails }
      : {}),
  };
  return { profile, previous };
}

/** Sets one of the profile's switches; false when there is no profile. */
async function setSwitch(userId: string, name: 'reminder_emails' | 'push_reminders', enabled: boolean) {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: profileKey(userId),
        ConditionExpression: ITEM_EXISTS,
        UpdateExpression: 'SET #switch = :enabled',
        ExpressionAttributeNames: { '#switch': name },
        ExpressionAttributeValues: { ':enabled': enabled },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Turns reminder e-mails on or off (unsubscribe link, settings toggle). False when no profile. */
export const setReminderEmails = (userId: string, enabled: boolean): Promise<boolean> =>
  setSwitch(userId, 'reminder_emails', enabled);

/** The daily push on or off ('Send my reminders as notifications'). False when no profile. */
export const setPushReminders = (userId: string, enabled: boolean): Promise<boolean> =>
  setSwitch(userId, 'push_reminders', enabled);

/** Profiles of many users at once (BatchGet, 100 per call), keyed by user id. */
export async function getProfiles(userIds: string[]): Promise<Map<string, Profile>> {
  const items = await getItems(
    [...new Set(userIds)].map((userId) => ({ pk: keys.user(userId), sk: keys.profile() })),
  );
  return new Map(items.map(parseProfile).map((profile) => [profile.user_id, profile]));
}
