/**
 * The private calendar feed: each user has a secret token, derived from the stage's key, their id
 * and the feed's generation (profile.calendar_version), so the same address shows each time without
 * the token being stored. Only its SHA-256 is stored, as the key of a lookup item that takes the
 * public feed to its owner in one read. 'Reset link' moves the generation on and swaps the lookup
 * in one transaction: the old address answers 404 at once.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { CalendarLink, Profile } from '../../../shared/api.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { env } from '../../runtime/env.ts';
import { derivedToken } from '../../runtime/signingKey.ts';
import { generationOf } from '../../runtime/eventLink.ts';
import { getItem, ITEM_EXISTS, itemKey, tableName } from '../db.ts';
import { AccountGoneError } from '../liveAccount.ts';
import { getProfile } from './profiles.ts';

/** The token's form: 43 base64url characters (an HMAC-SHA256). */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const tokenFor = (userId: string, version: number) => derivedToken('calendar', `${userId}:${version}`);

function linkFor(token: string): CalendarLink {
  const https = new URL(`/api/calendar/${token}.ics`, env().SITE_URL);
  return { https_url: https.toString(), webcal_url: https.toString().replace(/^https?:/, 'webcal:') };
}

/**
 * Makes `version` the live feed: the profile records it and the hash, the new lookup is written and
 * the old one removed, all at once and only over the profile as read (two tabs cannot both win).
 */
async function issue(profile: Profile, version: number): Promise<string> {
  const token = await tokenFor(profile.user_id, version);
  const hash = tokenHash(token);
  const table = tableName();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: itemKey(keys.user(profile.user_id), keys.profile()),
              ConditionExpression: `${ITEM_EXISTS} AND (attribute_not_exists(calendar_version) OR calendar_version = :read)`,
              UpdateExpression: 'SET calendar_version = :version, calendar_feed_hash = :hash',
              ExpressionAttributeValues: {
                ':read': profile.calendar_version,
                ':version': version,
                ':hash': hash,
              },
            },
          },
          {
            Put: {
              TableName: table,
              Item: {
                ...itemKey(keys.calendarFeed(hash), keys.calendarFeedEntry()),
                entity: ENTITY.calendarFeed,
                user_id: profile.user_id,
              },
            },
          },
          ...(profile.calendar_feed_hash && profile.calendar_feed_hash !== hash
            ? [
                {
                  Delete: {
                    TableName: table,
                    Key: itemKey(keys.calendarFeed(profile.calendar_feed_hash), keys.calendarFeedEntry()),
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException || error instanceof ConditionalCheckFailedException) {
      // The profile changed meanwhile (another tab reset the link, or the account went).
      const now = await getProfile(profile.user_id);
      if (!now) throw new AccountGoneError();
      return calendarToken(now);
    }
    throw error;
  }
  return token;
}

/**
 * The user's live feed token: the current generation's, made on first use. After a rotation of the
 * stage's key the derived token changes, so the lookup is swapped to it (the old address stops).
 */
async function calendarToken(profile: Profile): Promise<string> {
  if (profile.calendar_version === 0) return issue(profile, 1);
  const token = await tokenFor(profile.user_id, profile.calendar_version);
  if (tokenHash(token) === profile.calendar_feed_hash) return token;
  return issue(profile, profile.calendar_version);
}

export async function calendarLink(userId: string): Promise<CalendarLink> {
  const profile = await getProfile(userId);
  if (!profile) throw new AccountGoneError();
  return linkFor(await calendarToken(profile));
}

/**
 * 'Reset link': a new generation; the old address answers 404 from now on, and so does every mailed
 * 'Add to calendar' link. A feed never shown is generation 0, which mailed links count as 1
 * (generationOf): the reset moves on from that, or it would revoke nothing.
 */
export async function resetCalendarLink(userId: string): Promise<CalendarLink> {
  const profile = await getProfile(userId);
  if (!profile) throw new AccountGoneError();
  return linkFor(await issue(profile, generationOf(profile.calendar_version) + 1));
}

/**
 * The owner of a feed token, or undefined for a token that is not live (reset, forged, malformed, or
 * of a deleted account: the profile must still name this token's hash).
 */
export async function calendarOwner(token: string): Promise<string | undefined> {
  if (!CALENDAR_TOKEN.test(token)) return undefined;
  const hash = tokenHash(token);
  const item = await getItem(keys.calendarFeed(hash), keys.calendarFeedEntry());
  if (typeof item?.user_id !== 'string') return undefined;
  const profile = await getProfile(item.user_id);
  return profile?.calendar_feed_hash === hash ? profile.user_id : undefined;
}

/** Account deletion: the feed's lookup lives outside the user's partition. */
export async function deleteCalendarLookup(profile: Profile): Promise<void> {
  if (!profile.calendar_feed_hash) return;
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: itemKey(keys.calendarFeed(profile.calendar_feed_hash), keys.calendarFeedEntry()),
    }),
  );
}
