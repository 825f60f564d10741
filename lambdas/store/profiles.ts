import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Profile } from '../../shared/api.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { keys } from '../../shared/table.ts';
import { cognitoClient, dynamo } from '../runtime/clients.ts';
import type { z } from 'zod';
import type { profileUpdateSchema } from '../../shared/schemas.ts';
import { env } from '../runtime/env.ts';
import { adjustCounters } from './stats.ts';

/** The founding-member promotion: the first 1,000 confirmed sign-ups are free for life. */
export const LIFETIME_FREE_PLACES = 1000;

export function profileFromItem(item: Record<string, unknown>): Profile {
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    email: item.email as string,
    first_name: (item.first_name as string | undefined) ?? '',
    last_name: (item.last_name as string | null | undefined) ?? null,
    country: (item.country as string | undefined) ?? DEFAULT_COUNTRY,
    timezone: (item.timezone as string | undefined) ?? DEFAULT_TIMEZONE,
    marketing_consent: item.marketing_consent === true,
    is_admin: item.is_admin === true,
    lifetime_free: item.lifetime_free === true,
    reminder_emails: item.reminder_emails !== false,
    created_at: item.created_at as string,
  };
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: { pk: keys.user(userId), sk: keys.profile() } }),
  );
  return Item ? profileFromItem(Item) : undefined;
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
 * Creates the profile once (PostConfirmation may be retried by Cognito, and GET /api/me repairs a
 * missing one): the conditional put makes the second call a no-op, so the sign-up counter, and with
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
    created_at: now.toISOString(),
  };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { pk: keys.user(input.userId), sk: keys.profile(), entity: 'profile', ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      return (await getProfile(input.userId))!;
    }
    throw error;
  }
  // `signups` only ever grows (deletions do not hand a founding place back); `users` is the live count.
  const [counters] = await Promise.all([
    adjustCounters({ users: 1, signups: 1, [`country_${profile.country}`]: 1 }),
    adjustCounters({ count: 1 }, { pk: keys.signupsByDay(), sk: profile.created_at.slice(0, 10) }),
  ]);
  if ((counters.signups ?? Infinity) <= LIFETIME_FREE_PLACES) {
    profile.lifetime_free = true;
    await dynamo().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: { pk: keys.user(input.userId), sk: keys.profile() },
        UpdateExpression: 'SET lifetime_free = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  }
  return profile;
}

/**
 * Saves the settings form, then mirrors the same fields onto the Cognito user (spec section 7:
 * profile first, then the auth user's metadata). Undefined when the profile does not exist.
 */
export async function updateProfile(
  userId: string,
  input: z.output<typeof profileUpdateSchema>,
  username = userId,
): Promise<Profile | undefined> {
  const lastName = input.last_name.trim() === '' ? null : input.last_name;
  let attributes: Record<string, unknown> | undefined;
  try {
    ({ Attributes: attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: { pk: keys.user(userId), sk: keys.profile() },
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression:
          'SET first_name = :first, last_name = :last, country = :country, #tz = :tz, marketing_consent = :mc',
        // `timezone` is a DynamoDB reserved word.
        ExpressionAttributeNames: { '#tz': 'timezone' },
        ExpressionAttributeValues: {
          ':first': input.first_name,
          ':last': lastName,
          ':country': input.country,
          ':tz': input.timezone,
          ':mc': input.marketing_consent,
        },
        ReturnValues: 'ALL_OLD',
      }),
    ));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: env().USER_POOL_ID,
      Username: username,
      UserAttributes: [
        { Name: 'given_name', Value: input.first_name },
        { Name: 'family_name', Value: lastName ?? '' },
        { Name: 'custom:country', Value: input.country },
        { Name: 'custom:marketing_consent', Value: String(input.marketing_consent) },
        { Name: 'zoneinfo', Value: input.timezone },
      ],
    }),
  );
  if (input.reminder_emails !== undefined) await setReminderEmails(userId, input.reminder_emails);
  const previousCountry = attributes?.country as string | undefined;
  if (previousCountry && previousCountry !== input.country) {
    await adjustCounters({ [`country_${previousCountry}`]: -1, [`country_${input.country}`]: 1 });
  }
  attributes = attributes && {
    ...attributes,
    first_name: input.first_name,
    last_name: lastName,
    country: input.country,
    timezone: input.timezone,
    marketing_consent: input.marketing_consent,
  };
  return attributes
    ? {
        ...profileFromItem(attributes),
        ...(input.reminder_emails !== undefined ? { reminder_emails: input.reminder_emails } : {}),
      }
    : undefined;
}

/** Turns reminder e-mails on or off (unsubscribe link, settings toggle). False when no profile. */
export async function setReminderEmails(userId: string, enabled: boolean): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: { pk: keys.user(userId), sk: keys.profile() },
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET reminder_emails = :enabled',
        ExpressionAttributeValues: { ':enabled': enabled },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Profiles of many users at once (BatchGet, 100 per call), keyed by user id. */
export async function getProfiles(userIds: string[]): Promise<Map<string, Profile>> {
  const profiles = new Map<string, Profile>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 100) {
    let requestKeys: Record<string, unknown>[] = unique
      .slice(i, i + 100)
      .map((id) => ({ pk: keys.user(id), sk: keys.profile() }));
    for (let attempt = 0; requestKeys.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [env().TABLE_NAME]: { Keys: requestKeys } } }),
      );
      for (const item of result.Responses?.[env().TABLE_NAME] ?? []) {
        const profile = profileFromItem(item);
        profiles.set(profile.user_id, profile);
      }
      requestKeys = (result.UnprocessedKeys?.[env().TABLE_NAME]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return profiles;
}
