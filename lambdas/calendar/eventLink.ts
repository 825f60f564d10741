/**
 * 'Add to calendar' in a reminder mail: a link to one renewal's events as an .ics file, opened
 * without signing in. The token names the owner and the reminder and is signed (HMAC under a key
 * derived from the stage's key), so it opens that one reminder and nothing else.
 */
import { timingSafeEqual } from 'node:crypto';
import { env } from '../runtime/env.ts';
import { derivedToken } from '../runtime/signingKey.ts';

const PURPOSE = 'event';
const EVENT_TOKEN = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;

export async function reminderEventUrl(userId: string, reminderId: string): Promise<string> {
  const signature = await derivedToken(PURPOSE, `${userId}:${reminderId}`);
  return new URL(`/api/calendar/event/${userId}.${reminderId}.${signature}.ics`, env().SITE_URL).toString();
}

/** The owner and reminder a token was signed for, or undefined when it is forged or malformed. */
export async function verifyEventToken(
  token: string,
): Promise<{ userId: string; reminderId: string } | undefined> {
  const [, userId, reminderId, signature] = EVENT_TOKEN.exec(token) ?? [];
  if (!userId || !reminderId || !signature) return undefined;
  const expected = Buffer.from(await derivedToken(PURPOSE, `${userId}:${reminderId}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, reminderId }
    : undefined;
}
