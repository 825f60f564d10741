/**
 * The origin secret on AWS: read from Secrets Manager on a container's first request, never from
 * the environment (lambdas/runtime/origin.ts). No stand-in serves Secrets Manager locally, so its
 * answers are mocked here: one read for many requests, a failed read, a new value after a rotation.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApiEvent } from '../../lambdas/runtime/apiEvent.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { route } from '../../lambdas/features/account/route.ts';
import { ORIGIN_SECRET_RECHECK_MS } from '../../lambdas/runtime/origin.ts';
import { resetSecrets } from '../../lambdas/runtime/secrets.ts';
import { returns } from '../../shared/contract.ts';

const ARN = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:ApiOriginVerify-AbCdEf';
const FIRST = 'the-first-origin-secret-of-the-stage';
const SECOND = 'the-second-origin-secret-of-the-stage';

const secrets = mockClient(SecretsManagerClient);
const probe = route(
  { name: 'probe', method: 'GET', path: '/api/x', access: 'public', response: returns<{ ok: boolean }>() },
  async () => ({ ok: true }),
);
const status = async (header?: string) => {
  const event = buildApiEvent({ method: 'GET', routePath: '/api/x' });
  event.headers = header === undefined ? {} : { 'x-origin-verify': header };
  return (await probe(event, {} as Context)).statusCode;
};
const reads = () => secrets.commandCalls(GetSecretValueCommand).length;

beforeEach(() => {
  secrets.reset();
  resetSecrets();
  // What every function's environment has (the client's region is read with it).
  process.env.TABLE_NAME = 'renewal-reminders-test';
  resetEnvCache();
  process.env.ORIGIN_VERIFY_SECRET_ARN = ARN;
});
afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  delete process.env.TABLE_NAME;
  resetEnvCache();
  vi.useRealTimers();
});

describe('the origin secret on AWS', () => {
  it('is read once per container, by its ARN, and checked on every request', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: FIRST });
    expect(await status(FIRST)).toBe(200);
    expect(await status()).toBe(403);
    expect(await status('wrong')).toBe(403);
    expect(await status(FIRST)).toBe(200);
    expect(reads()).toBe(1);
  });

  it('answers 500 while Secrets Manager fails, and reads again on the next request', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('ThrottlingException'))
      .resolves({ SecretString: FIRST });
    expect(await status(FIRST)).toBe(500);
    expect(await status(FIRST)).toBe(200);
    expect(reads()).toBe(2);
  });

  it('takes a new value once the one held is five minutes old, and wrong headers read no more often', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z'), toFake: ['Date'] });
    secrets
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: FIRST })
      .resolves({ SecretString: SECOND });
    expect(await status(FIRST)).toBe(200);
    for (let i = 0; i < 5; i++) expect(await status(SECOND)).toBe(403);
    expect(reads()).toBe(1);
    vi.setSystemTime(Date.now() + ORIGIN_SECRET_RECHECK_MS);
    expect(await status(SECOND)).toBe(200);
    expect(await status(FIRST)).toBe(403);
    expect(reads()).toBe(2);
  });

  it('fails closed on Lambda when the function has no secret at all', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'probe';
    expect(await status('anything')).toBe(500);
    expect(reads()).toBe(0);
  });
});
