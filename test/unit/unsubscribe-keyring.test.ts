/** The unsubscribe keyring: one plain key is v1, JSON lists versions, the highest signs; no key, no fallback. */
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import {
  KEY_MISSING,
  parseKeyring,
  resetKeyringCache,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from '../../lambdas/runtime/signingKey.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  resetKeyringCache();
});

function stage(name: string, secret?: string) {
  process.env.TABLE_NAME = 'unit';
  process.env.STAGE = name;
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  if (secret === undefined) delete process.env.UNSUBSCRIBE_SECRET;
  else process.env.UNSUBSCRIBE_SECRET = secret;
  resetEnvCache();
  resetKeyringCache();
}

describe('parseKeyring', () => {
  it('reads one plain key as v1 and a JSON ring with the highest version current', () => {
    expect(parseKeyring('k'.repeat(64))).toEqual({ current: 'v1', keys: new Map([['v1', 'k'.repeat(64)]]) });
    const ring = parseKeyring(JSON.stringify({ v9: 'a'.repeat(20), v10: 'b'.repeat(20) }));
    expect(ring.current).toBe('v10');
    expect([...ring.keys.keys()].sort()).toEqual(['v10', 'v9']);
  });

  it('refuses a malformed ring rather than signing with part of it', () => {
    for (const bad of [
      '',
      'short',
      '{}',
      JSON.stringify({ v1: 'short' }),
      JSON.stringify({ x1: 'a'.repeat(20) }),
    ]) {
      expect(() => parseKeyring(bad), bad).toThrow();
    }
  });
});

describe('the signing key', () => {
  it('fails closed on every stage, the local one included, when no key is configured', async () => {
    // The local stack makes its own key at its first start (lib/local/secretFile.ts): none is in the code.
    for (const name of ['local', 'dev', 'prod', 'staging']) {
      stage(name);
      await expect(unsubscribeToken('user-1')).rejects.toThrow(KEY_MISSING);
      await expect(verifyUnsubscribeToken('v1.user-1.signature')).rejects.toThrow(KEY_MISSING);
    }
  });

  it('signs with the configured key, and a token signed with another key opens nothing', async () => {
    stage('local', 'the-local-stacks-own-key-0123456789');
    const local = await unsubscribeToken('user-1');
    expect(await verifyUnsubscribeToken(local)).toBe('user-1');
    stage('dev', 'another-key-of-the-dev-stage');
    expect(await verifyUnsubscribeToken(local)).toBeUndefined();
  });
});
