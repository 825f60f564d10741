import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { callerFrom, groupsFromClaims } from '../../lambdas/runtime/http.ts';
import { route } from '../../lambdas/features/account/route.ts';
import { returns, type Access } from '../../shared/contract.ts';
import { buildApiEvent, claimsAsApiGateway } from '../../lambdas/runtime/apiEvent.ts';
import { handler as listReminders } from '../../lambdas/handlers/api/listReminders.ts';
import { resetClients } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';

const context = {} as Context;

const event = (claims?: Record<string, string>) =>
  buildApiEvent({ method: 'GET', routePath: '/api/x', claims });

describe('groups claim', () => {
  it('reads API Gateway string form and array form alike', () => {
    expect(groupsFromClaims('[admin]')).toEqual(['admin']);
    expect(groupsFromClaims('[admin editors]')).toEqual(['admin', 'editors']);
    expect(groupsFromClaims(['admin'])).toEqual(['admin']);
    expect(groupsFromClaims(undefined)).toEqual([]);
    expect(claimsAsApiGateway({ 'cognito:groups': ['admin', 'x'], exp: 5 })).toEqual({
      'cognito:groups': '[admin x]',
      exp: '5',
    });
  });
});

/** One stub of the table for the file (a second mockClient would replace the first's). */
const ddb = mockClient(DynamoDBDocumentClient);

describe('route wrapper', () => {
  // The caller's profile, read by route() for the session check: an account whose sessions never ended.
  beforeEach(() => {
    process.env.TABLE_NAME = 'unit';
    resetEnvCache();
    resetClients();
    ddb.on(GetCommand).resolves({ Item: { sessions_valid_after: 0 } });
  });
  afterEach(() => ddb.reset());
  const probe = (access: Access) =>
    route(
      { name: 'probe', method: 'GET', path: '/api/x', access, response: returns<{ ok: boolean }>() },
      async () => ({
        ok: true,
      }),
    );
  it('refuses a user route without claims (401) and an admin route to a non-admin (403)', async () => {
    expect((await probe('user')(event(), context)).statusCode).toBe(401);
    expect((await probe('admin')(event({ sub: 'u1', token_use: 'access' }), context)).statusCode).toBe(403);
    expect(
      (await probe('admin')(event({ sub: 'u1', token_use: 'access', 'cognito:groups': '[admin]' }), context))
        .statusCode,
    ).toBe(200);
    expect((await probe('public')(event(), context)).statusCode).toBe(200);
  });

  it('refuses the claims of an ID token (401), even an admin’s, and reads no e-mail claim', async () => {
    // What API Gateway would pass for a Cognito ID token of the web client, had the authorizer let it by.
    const idToken = {
      sub: 'u1',
      aud: 'client',
      token_use: 'id',
      email: 'u1@example.com',
      'cognito:username': 'u1',
      'cognito:groups': '[admin]',
    };
    expect(callerFrom(event(idToken))).toBeUndefined();
    expect(callerFrom(event({ sub: 'u1' }))).toBeUndefined();
    for (const access of ['user', 'admin'] as const) {
      const result = await probe(access)(event(idToken), context);
      expect(result.statusCode).toBe(401);
      expect(JSON.parse(result.body!)).toEqual({ message: 'Unauthorized' });
    }
    expect(callerFrom(event({ ...idToken, token_use: 'access' }))).toEqual({
      userId: 'u1',
      username: 'u1',
      isAdmin: true,
      issuedAt: undefined,
    });
  });

  it('refuses (401) a token issued before the account’s sessions ended, in API Gateway’s string claims too', async () => {
    const ended = 1_767_225_601;
    ddb.on(GetCommand).resolves({ Item: { sessions_valid_after: ended } });
    const at = (iat: number | undefined) =>
      event({ sub: 'u1', token_use: 'access', ...(iat === undefined ? {} : { iat: String(iat) }) });
    for (const iat of [ended - 1, ended - 3600, undefined]) {
      const result = await probe('user')(at(iat), context);
      expect(result.statusCode, String(iat)).toBe(401);
      expect(JSON.parse(result.body!)).toEqual({ message: 'Your session has ended. Please sign in again.' });
    }
    for (const iat of [ended, ended + 1])
      expect((await probe('user')(at(iat), context)).statusCode).toBe(200);
    // The profile is read consistently, once.
    expect(ddb.commandCalls(GetCommand).at(-1)?.args[0].input).toMatchObject({ ConsistentRead: true });
    // Public routes read nothing of anyone.
    ddb.resetHistory();
    expect((await probe('public')(at(ended - 1), context)).statusCode).toBe(200);
    expect(ddb.commandCalls(GetCommand)).toEqual([]);
  });

  it('hands the route’s read to the handler’s first read of the caller’s profile: no second read', async () => {
    ddb.on(GetCommand).resolves({ Item: { sessions_valid_after: 0 } });
    const { handler: getMe } = await import('../../lambdas/handlers/api/getMe.ts');
    ddb.resetHistory();
    await getMe(event({ sub: 'u1', token_use: 'access' }), context);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
  });
});

describe('requests that did not come through CloudFront', () => {
  const probe = route(
    { name: 'probe', method: 'GET', path: '/api/x', access: 'public', response: returns<{ ok: boolean }>() },
    async () => ({ ok: true }),
  );
  const secret = 'a-long-origin-secret-of-the-stage';
  const withHeader = (value?: string) => {
    const e = event();
    e.headers = value === undefined ? {} : { 'x-origin-verify': value };
    return e;
  };
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY;
  });

  it('are refused (403) on AWS, where CloudFront adds the stage’s secret to every request', async () => {
    process.env.ORIGIN_VERIFY = secret;
    expect((await probe(withHeader(), context)).statusCode).toBe(403);
    expect((await probe(withHeader('wrong'), context)).statusCode).toBe(403);
    expect((await probe(withHeader(`${secret}x`), context)).statusCode).toBe(403);
    expect((await probe(withHeader(secret), context)).statusCode).toBe(200);
  });

  it('are the only requests locally, where no secret is set', async () => {
    expect((await probe(withHeader(), context)).statusCode).toBe(200);
  });
});

describe('store failure path', () => {
  beforeEach(() => {
    process.env.TABLE_NAME = 'unit';
    resetEnvCache();
    resetClients();
  });
  afterEach(() => ddb.reset());

  it('answers a DynamoDB outage with a 500 that leaks nothing', async () => {
    ddb.on(QueryCommand).rejects(new Error('ProvisionedThroughputExceededException: secret detail'));
    const result = await listReminders(event({ sub: 'u1', token_use: 'access' }), context);
    expect(result).toMatchObject({ statusCode: 500 });
    expect(JSON.parse((result as { body: string }).body)).toEqual({ message: 'Internal server error' });
  });
});

describe('a function deployed with a bad environment', () => {
  afterEach(() => {
    process.env.TABLE_NAME = 'unit';
    resetEnvCache();
  });

  it('answers 500, the deployment’s fault, never a 400 that blames the caller', async () => {
    delete process.env.TABLE_NAME;
    resetEnvCache();
    const result = await listReminders(event({ sub: 'u1', token_use: 'access' }), context);
    expect(result).toMatchObject({ statusCode: 500 });
    expect(JSON.parse((result as { body: string }).body)).toEqual({ message: 'Internal server error' });
  });
});

describe('bodies that are not valid UTF-8', () => {
  it('are a 400 "The request is not valid UTF-8", never text with U+FFFD in it', async () => {
    const { parseBody, NOT_UTF8, HttpError } = await import('../../lambdas/runtime/http.ts');
    const { z } = await import('zod');
    const event = (bytes: Buffer) => ({
      ...buildApiEvent({ method: 'POST', routePath: '/api/reminders', body: bytes.toString('base64') }),
      isBase64Encoded: true,
    });
    const schema = z.object({ title: z.string() });
    const invalid = Buffer.concat([Buffer.from('{"title":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    expect(() => parseBody(event(invalid), schema)).toThrow(new HttpError(400, NOT_UTF8));
    expect(parseBody(event(Buffer.from('{"title":"£ 👩‍💻"}')), schema)).toEqual({ title: '£ 👩‍💻' });
  });
});
