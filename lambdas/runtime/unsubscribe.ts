import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from './env.ts';

let key: Promise<string> | undefined;

/** The signing key: from Secrets Manager when the stack gives an ARN (once per container), else env. */
function signingKey(): Promise<string> {
  const arn = env().UNSUBSCRIBE_SECRET_ARN;
  if (!arn) return Promise.resolve(env().UNSUBSCRIBE_SECRET);
  key ??= new SecretsManagerClient({ region: env().AWS_REGION })
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((result) => {
      if (!result.SecretString) throw new Error('The unsubscribe secret is empty');
      return result.SecretString;
    })
    .catch((error: unknown) => {
      key = undefined;
      throw error;
    });
  return key;
}

/**
 * Signed unsubscribe tokens: `{userId}.{signature}`, HMAC-SHA256 over the user id with the stage's
 * secret. No expiry: a link in an old mail must still work (RFC 8058 one-click).
 */
async function sign(userId: string): Promise<string> {
  return createHmac('sha256', await signingKey())
    .update(`unsubscribe:${userId}`)
    .digest('base64url');
}

export async function unsubscribeToken(userId: string): Promise<string> {
  return `${userId}.${await sign(userId)}`;
}

/** The user id a token was made for, or undefined when it is forged or malformed. */
export async function verifyUnsubscribeToken(token: string): Promise<string | undefined> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(await sign(userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

export async function unsubscribeUrls(userId: string): Promise<{ oneClick: string; page: string }> {
  const token = encodeURIComponent(await unsubscribeToken(userId));
  return {
    oneClick: new URL(`/api/unsubscribe?token=${token}`, env().SITE_URL).toString(),
    page: new URL(`/unsubscribe?token=${token}`, env().SITE_URL).toString(),
  };
}
