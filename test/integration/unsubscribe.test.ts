/**
 * Unsubscribing on the local stand-ins: the GET shows the masked address and changes nothing, only
 * the POST unsubscribes; forged tokens and retired key versions are refused; outside the local stage
 * a missing key fails closed.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import {
  KEY_MISSING,
  resetKeyringCache,
  unsubscribeToken,
  unsubscribeUrls,
  verifyUnsubscribeToken,
} from '../../lambdas/runtime/signingKey.ts';
import { getProfile } from '../../lambdas/store/account/index.ts';
import { isSuppressed } from '../../lambdas/store/sending/index.ts';
import { maskEmail } from '../../shared/identity.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, createUser, type TestUser } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** The stack's own key, made in its data directory at its start: tests that change the key put it back. */
let stackKey: string | undefined;
beforeAll(() => {
  stackKey = process.env.UNSUBSCRIBE_SECRET;
});

afterEach(() => {
  if (stackKey) process.env.UNSUBSCRIBE_SECRET = stackKey;
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  process.env.STAGE = 'local';
  resetEnvCache();
  resetKeyringCache();
});

const tokenQuery = async (userId: string) => `?token=${encodeURIComponent(await unsubscribeToken(userId))}`;

describe('unsubscribe', () => {
  let user: TestUser;
  const details = async (query: string) => api(stack)('GET', `/api/unsubscribe${query}`);

  it('GET shows the masked address and changes nothing; only the POST unsubscribes', async () => {
    user = await createUser(stack, { label: 'unsub' });
    const query = await tokenQuery(user.sub);
    for (let i = 0; i < 3; i++) {
      const read = await details(query);
      expect(read.status).toBe(200);
      expect(read.json).toEqual({ kind: 'reminders', masked_email: maskEmail(user.email) });
    }
    expect(maskEmail(user.email)).toMatch(/^u•••@example\.com$/);
    expect((await getProfile(user.sub))?.reminder_emails).toBe(true);

    expect((await api(stack)('POST', `/api/unsubscribe${query}`)).status).toBe(200);
    expect((await getProfile(user.sub))?.reminder_emails).toBe(false);
  });

  it('refuses forged tokens and tokens of a key version no longer in the keyring', async () => {
    const owner = await createUser(stack, { label: 'forged' });
    const good = await unsubscribeToken(owner.sub);
    expect(good).toMatch(/^v1\./);
    const [version, userId, signature] = good.split('.') as [string, string, string];
    const forged = [
      `${version}.${randomUUID()}.${signature}`,
      `${version}.${userId}.${signature.slice(0, -2)}xx`,
      `v2.${userId}.${signature}`,
      `${userId}.${signature}x`,
      'not-a-token-at-all',
    ];
    for (const token of forged) {
      const query = `?token=${encodeURIComponent(token)}`;
      expect((await details(query)).status).toBe(400);
      expect((await api(stack)('POST', `/api/unsubscribe${query}`)).status).toBe(400);
    }
    // A link from before versions (`{userId}.{signature}`) was signed with the first key: still v1.
    expect(await verifyUnsubscribeToken(`${userId}.${signature}`)).toBe(owner.sub);
    expect((await getProfile(owner.sub))?.reminder_emails).toBe(true);

    // Rotation: v2 signs, v1 still verifies; with v1 removed, its links are refused.
    process.env.UNSUBSCRIBE_SECRET = JSON.stringify({
      v1: stackKey,
      v2: 'a-new-key-after-a-leak-0123456789',
    });
    resetEnvCache();
    resetKeyringCache();
    const rotated = await unsubscribeToken(owner.sub);
    expect(rotated).toMatch(/^v2\./);
    expect(await verifyUnsubscribeToken(good)).toBe(owner.sub);
    process.env.UNSUBSCRIBE_SECRET = JSON.stringify({ v2: 'a-new-key-after-a-leak-0123456789' });
    resetEnvCache();
    resetKeyringCache();
    expect(await verifyUnsubscribeToken(good)).toBeUndefined();
    expect(await verifyUnsubscribeToken(`${userId}.${signature}`)).toBeUndefined();
    expect(await verifyUnsubscribeToken(rotated)).toBe(owner.sub);
  });

  it('fails closed outside the local stage when the key is missing: no fixed fallback', async () => {
    const owner = await createUser(stack, { label: 'nokey' });
    const token = await unsubscribeToken(owner.sub);
    process.env.STAGE = 'prod';
    delete process.env.UNSUBSCRIBE_SECRET;
    delete process.env.UNSUBSCRIBE_SECRET_ARN;
    resetEnvCache();
    resetKeyringCache();
    await expect(unsubscribeToken(owner.sub)).rejects.toThrow(KEY_MISSING);
    await expect(unsubscribeUrls(owner.sub)).rejects.toThrow(KEY_MISSING);
    await expect(verifyUnsubscribeToken(token)).rejects.toThrow(KEY_MISSING);
    await expect(isSuppressed(owner.email)).rejects.toThrow(KEY_MISSING);
    const refused = await api(stack)('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(refused.status).toBe(500);
    expect((await getProfile(owner.sub))?.reminder_emails).toBe(true);
  });
});
