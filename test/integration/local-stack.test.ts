/**
 * The local server's own edges, over real HTTP: what /_cognito lets through to cognito-local, bad
 * paths and oversized bodies, config.json, the security headers, and which tokens the API takes.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { securityHeaderValues } from '../../lib/securityHeaders.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, cognitoAttributes, createUser, uniqueEmail, type TestUser } from '../support/stack.ts';
import { cognitoProxy } from '../support/cognito-proxy.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-local-stack-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>home</title>');
fs.writeFileSync(path.join(webDir, 'app.html'), '<!doctype html><title>app</title>');
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1);');

const stack = useTestStack({ webDir });

/** Raw calls to /_cognito, as anyone on the page's origin could make them. */
const { viaProxy } = cognitoProxy(stack);

/** A GET with headers fetch will not let us set (Host). */
function rawGet(pathname: string, headers: Record<string, string>) {
  const { port } = new URL(stack.appUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/_cognito passes only the web app’s operations', () => {
  it('refuses AdminAddUserToGroup, ListUsers and AdminCreateUser in Cognito’s error shape, and cognito-local never sees them', async () => {
    const user = await createUser(stack, { label: 'proxy' });
    const outsider = uniqueEmail('outsider');

    const promote = await viaProxy('AdminAddUserToGroup', {
      UserPoolId: stack.userPoolId,
      Username: user.email,
      GroupName: 'admin',
    });
    const list = await viaProxy('ListUsers', { UserPoolId: stack.userPoolId });
    const create = await viaProxy('AdminCreateUser', { UserPoolId: stack.userPoolId, Username: outsider });
    for (const refused of [promote, list, create]) {
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
      expect(refused.json.message).toEqual(expect.any(String));
    }
    expect(JSON.stringify(list.json)).not.toContain(user.email);

    // Signed requests are refused the same way: the proxy never trusts credentials either.
    const signed = new CognitoIdentityProviderClient({
      region: 'eu-west-2',
      endpoint: `${stack.appUrl}/_cognito`,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    await expect(
      signed.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: stack.userPoolId,
          Username: user.email,
          GroupName: 'admin',
        }),
      ),
    ).rejects.toMatchObject({ name: 'MissingAuthenticationTokenException' });
    await expect(signed.send(new ListUsersCommand({ UserPoolId: stack.userPoolId }))).rejects.toMatchObject({
      name: 'MissingAuthenticationTokenException',
    });
    signed.destroy();

    // Straight at cognito-local: the user is in no group, the outsider was never created.
    const me = await api(stack, user.accessToken)('GET', '/api/me');
    expect(me.json).toMatchObject({ isAdmin: false });
    await expect(cognitoAttributes(stack, outsider)).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('refuses a target of another service and a body that is not JSON', async () => {
    const other = await fetch(`${stack.appUrl}/_cognito`, {
      method: 'POST',
      headers: { 'x-amz-target': 'DynamoDB_20120810.ListTables' },
      body: '{}',
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });

    const garbled = await fetch(`${stack.appUrl}/_cognito`, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
      body: '{not json',
    });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ __type: 'SerializationException' });
  });
});

describe('bad requests are 4xx, never a 500 or a reset', () => {
  it('the DynamoDB stand-in answers a transaction it cannot read with 400 SerializationException, as DynamoDB does', async () => {
    const garbled = await fetch(stack.dynamoEndpoint, {
      method: 'POST',
      headers: {
        'x-amz-target': 'DynamoDB_20120810.TransactWriteItems',
        'content-type': 'application/x-amz-json-1.0',
      },
      body: '{not json',
    });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ __type: expect.stringContaining('SerializationException') });
  });

  it('refuses a body that is not valid UTF-8 with 400, and stores nothing', async () => {
    const user = await createUser(stack, { label: 'utf8' });
    const valid = Buffer.from(
      JSON.stringify({
        title: 'Home £',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: '2027-01-15',
      }),
    );
    // A lone continuation byte and an overlong encoding inside the title.
    const invalid = Buffer.concat([
      valid.subarray(0, 14),
      Buffer.from([0x80, 0xc0, 0xaf]),
      valid.subarray(14),
    ]);
    const response = await fetch(`${stack.appUrl}/api/reminders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: invalid,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'The request is not valid UTF-8' });
    const list = await api(stack, user.accessToken)('GET', '/api/reminders');
    expect(JSON.stringify(list.json)).not.toContain('Home');
  });

  it('answers a malformed %-escape with 400, on the API, the SPA and the assets alike', async () => {
    const user = await createUser(stack, { label: 'escape' });
    for (const bad of ['/api/reminders/%E0%A4%A', '/dashboard/%zz', '/assets/%E0.js', '/%']) {
      const response = await api(stack, user.accessToken)('GET', bad);
      expect(response.status, bad).toBe(400);
      expect(response.json, bad).toEqual({ message: 'Malformed percent-encoding in the path' });
    }
  });

  it('answers a body over Lambda’s 6 MB with a 413 the client receives, on the API and on /_cognito', async () => {
    const user = await createUser(stack, { label: 'big' });
    const big = JSON.stringify({ title: 'x'.repeat(6.5 * 1024 * 1024) });
    for (const [target, headers] of [
      ['/api/reminders', { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' }],
      ['/api/reminders', { 'content-type': 'application/json' }],
      ['/_cognito', { 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' }],
    ] as const) {
      const response = await fetch(`${stack.appUrl}${target}`, { method: 'POST', headers, body: big });
      expect(response.status, target).toBe(413);
      expect(await response.json()).toEqual({ message: 'Request body too large: the limit is 6 MB' });
    }
    // The server is still there for the next request.
    expect((await api(stack, user.accessToken)('GET', '/api/reminders')).status).toBe(200);
  });
});

describe('config.json', () => {
  it('is the stack’s own, whatever X-Forwarded-Host says; a foreign Host gets no answer at all', async () => {
    const plain = await rawGet('/config.json', {});
    const spoofed = await rawGet('/config.json', {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(plain.status).toBe(200);
    expect(spoofed).toEqual(plain);
    // DNS rebinding (ownHost.ts): the page's name is not ours, so nothing is served to it.
    expect((await rawGet('/config.json', { host: 'evil.example' })).status).toBe(421);
    expect(JSON.parse(plain.body)).toMatchObject({
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.clientId,
      userPoolEndpoint: '/_cognito',
      siteUrl: stack.appUrl,
    });
    expect(plain.body).not.toContain('evil');
  });
});

describe('security headers', () => {
  it('sends the same headers CloudFront sends on the page, the assets, config.json and the API', async () => {
    const expected = securityHeaderValues('same-origin');
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    for (const target of ['/', '/dashboard', '/assets/app.js', '/config.json', '/api/config', '/api/me']) {
      const response = await fetch(`${stack.appUrl}${target}`);
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${target} ${name}`).toBe(value);
      }
    }
  });
});

describe('only access tokens', () => {
  async function tokensFromLocalCognito(user: TestUser) {
    const signIn = await viaProxy('InitiateAuth', {
      ClientId: stack.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(signIn.status).toBe(200);
    return signIn.json.AuthenticationResult as { AccessToken: string; IdToken: string };
  }

  it('refuses a real ID token from cognito-local with 401 where its access token works', async () => {
    const user = await createUser(stack, { label: 'idtoken' });
    const { AccessToken, IdToken } = await tokensFromLocalCognito(user);
    const payload = JSON.parse(Buffer.from(IdToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ token_use: 'id', sub: user.sub, aud: stack.clientId });

    expect((await api(stack, AccessToken)('GET', '/api/me')).status).toBe(200);
    expect((await api(stack, AccessToken)('GET', '/api/reminders')).status).toBe(200);
    for (const target of ['/api/me', '/api/reminders']) {
      const refused = await api(stack, IdToken)('GET', target);
      expect(refused.status, target).toBe(401);
      expect(refused.json).toEqual({ message: 'Unauthorized' });
    }
  });
});
