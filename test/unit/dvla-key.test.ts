/**
 * The DVLA's key on AWS: the stage's Secrets Manager secret, read on the look-up's first request
 * (lambdas/features/vehicles/dvla.ts). No stand-in serves Secrets Manager locally, so its answers are mocked:
 * one read for many look-ups, a failed or empty read is the look-up being off (never a throw), and the
 * local stack's key in the environment needs no read at all.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { resetSecrets } from '../../lambdas/runtime/secrets.ts';
import { dvlaApiKey } from '../../lambdas/features/vehicles/dvla.ts';

const SECRET = 'renewal-reminders/prod/dvla-api-key';
const secrets = mockClient(SecretsManagerClient);
const reads = () => secrets.commandCalls(GetSecretValueCommand).length;

beforeEach(() => {
  secrets.reset();
  resetSecrets();
  process.env.TABLE_NAME = 'renewal-reminders-test';
  process.env.DVLA_API_KEY_SECRET_ID = SECRET;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.TABLE_NAME;
  delete process.env.DVLA_API_KEY_SECRET_ID;
  delete process.env.DVLA_API_KEY;
  resetEnvCache();
});

describe("the DVLA's key", () => {
  it('is read from the secret once per container, by its name', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: SECRET }).resolves({ SecretString: ' the-key\n' });
    expect(await dvlaApiKey()).toBe('the-key');
    expect(await dvlaApiKey()).toBe('the-key');
    expect(reads()).toBe(1);
  });

  it('is none while the secret cannot be read or is empty, and is read again next time', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('AccessDeniedException'))
      .resolves({ SecretString: '  ' });
    expect(await dvlaApiKey()).toBeUndefined();
    expect(await dvlaApiKey()).toBeUndefined();
    expect(reads()).toBe(2);
  });

  it('is the environment’s on the local stack, with no read', async () => {
    process.env.DVLA_API_KEY = 'local-key';
    resetEnvCache();
    expect(await dvlaApiKey()).toBe('local-key');
    expect(reads()).toBe(0);
  });
});
