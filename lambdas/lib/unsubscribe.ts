import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from './env.ts';

/**
 * Signed unsubscribe tokens: `{userId}.{signature}`, HMAC-SHA256 over the user id with the stage's
 * secret. No expiry: a link in an old mail must still work (RFC 8058 one-click).
 */
function sign(userId: string): string {
  return createHmac('sha256', env().UNSUBSCRIBE_SECRET).update(`unsubscribe:${userId}`).digest('base64url');
}

export function unsubscribeToken(userId: string): string {
  return `${userId}.${sign(userId)}`;
}

/** The user id a token was made for, or undefined when it is forged or malformed. */
export function verifyUnsubscribeToken(token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

export function unsubscribeUrls(userId: string): { oneClick: string; page: string } {
  const token = encodeURIComponent(unsubscribeToken(userId));
  return {
    oneClick: new URL(`/api/unsubscribe?token=${token}`, env().SITE_URL).toString(),
    page: new URL(`/unsubscribe?token=${token}`, env().SITE_URL).toString(),
  };
}
