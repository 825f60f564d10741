/**
 * 'Add to calendar' in a reminder mail: a link to one renewal's events as an .ics file, opened
 * without signing in. The token is opaque: the owner, the reminder, the calendar generation and an
 * expiry date, sealed with AES-256-GCM under a key derived from the stage's key, so it names nobody
 * to whoever sees it, cannot be altered, and needs no stored item. It opens that one reminder until 30
 * days after the date the mail counted down to, and 'Reset link' (a new calendar generation) revokes
 * it with the feed.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import * as z from 'zod';
import type { Profile, Reminder } from '../../shared/api.ts';
import { countsDownTo } from '../../shared/reminder/schedule.ts';
import { env } from './env.ts';
import { derivedToken } from './signingKey.ts';

/** How long after its renewal (or act-by) date a mailed link still opens. */
export const EVENT_LINK_DAYS_AFTER = 30;

const IV_BYTES = 12;
const TAG_BYTES = 16;

const sealedSchema = z.object({
  u: z.string().min(1).max(64),
  r: z.string().min(1).max(64),
  v: z.number().int().min(0),
  e: z.iso.date(),
});
export type EventGrant = { userId: string; reminderId: string; version: number; expires: string };

async function sealingKey(): Promise<Buffer> {
  // 32 bytes: the HMAC-SHA256 behind a derived token is the key (it changes when the stage key rotates).
  return Buffer.from(await derivedToken('event-link', 'aes-256-gcm'), 'base64url');
}

/**
 * The calendar generation a link belongs to. Generation 0 (no feed yet) and 1 (the first feed) are
 * one: asking for the feed address must not revoke links already mailed; 'Reset link' moves on from 1.
 */
export const generationOf = (version: number) => Math.max(version, 1);

export async function reminderEventUrl(
  profile: Pick<Profile, 'user_id' | 'calendar_version'>,
  reminder: Pick<Reminder, 'id' | 'renewal_date' | 'act_by'>,
): Promise<string> {
  const expires = DateTime.fromISO(countsDownTo(reminder), { zone: 'utc' })
    .plus({ days: EVENT_LINK_DAYS_AFTER })
    .toISODate()!;
  const payload = {
    u: profile.user_id,
    r: reminder.id,
    v: generationOf(profile.calendar_version),
    e: expires,
  };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const token = Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  return new URL(`/api/calendar/event/${token}.ics`, env().SITE_URL).toString();
}

/** What a token grants, or undefined when it is forged, altered, malformed or sealed under another key. */
export async function openEventToken(token: string): Promise<EventGrant | undefined> {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', await sealingKey(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    const payload = sealedSchema.parse(JSON.parse(text.toString('utf8')));
    return { userId: payload.u, reminderId: payload.r, version: payload.v, expires: payload.e };
  } catch {
    return undefined;
  }
}

/** Whether a grant is still good: not past its expiry (UTC day) and of the owner's live generation. */
export function grantIsLive(grant: EventGrant, calendarVersion: number, today: string): boolean {
  return grant.expires >= today && grant.version === generationOf(calendarVersion);
}
