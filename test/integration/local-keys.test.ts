/**
 * The local stack holds a developer's real data and any web page in their browser can reach it: a
 * foreign Host (DNS rebinding) is refused, the stand-ins listen on this machine only, and tokens and
 * links are signed with keys of this stack's own.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../lib/local/environment.ts';
import { startLocalSqs } from '../../lib/local/sqs.ts';
import { TOKEN_KEY_FILE } from '../../lib/local/tokenKey.ts';
import { SIGNING_SECRET_FILE } from '../../lib/local/secretFile.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, createUser } from '../support/stack.ts';
import { cognitoProxy } from '../support/cognito-proxy.ts';

const stack = useTestStack();
const { viaProxy } = cognitoProxy(stack);

/** A request with a Host header of our choosing (fetch will not set one). */
function withHost(url: string, host: string, method = 'GET', body?: string) {
  const { port, pathname } = new URL(url);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        headers: {
          host,
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('DNS rebinding: only this machine’s names are answered', () => {
  it('refuses a foreign Host with 421 on the app, the API, /_cognito, the mailbox, cognito-local, DynamoDB, SQS, the DVLA stand-in and the fake push service', async () => {
    const app = new URL(stack.appUrl);
    const foreign = `rebind.attacker.example:${app.port}`;
    for (const [url, method] of [
      [`${stack.appUrl}/`, 'GET'],
      [`${stack.appUrl}/config.json`, 'GET'],
      [`${stack.appUrl}/api/me`, 'GET'],
      [`${stack.appUrl}/_cognito`, 'POST'],
      [`${stack.mailboxUrl}/store`, 'GET'],
      [stack.cognitoEndpoint, 'POST'],
      [stack.dynamoEndpoint, 'POST'],
      [stack.sqsEndpoint, 'POST'],
      [`${stack.dvlaUrl}/vehicle-enquiry/v1/vehicles`, 'POST'],
      [`${stack.pushService!.origin}/push/1`, 'POST'],
    ] as const) {
      expect(await withHost(url, foreign, method, '{}'), url).toBe(421);
      expect(await withHost(url, `rebind.attacker.example:${new URL(url).port}`, method, '{}'), url).toBe(
        421,
      );
    }
    // The page's own names still work.
    expect(await withHost(`${stack.appUrl}/config.json`, `localhost:${app.port}`)).toBe(200);
    expect(await withHost(`${stack.appUrl}/config.json`, `127.0.0.1:${app.port}`)).toBe(200);
    expect(await withHost(`${stack.mailboxUrl}/store`, `localhost:${new URL(stack.mailboxUrl).port}`)).toBe(
      200,
    );
  });
});

describe('the local stand-ins listen on this machine only', () => {
  it('the SQS stand-in on the loopback, not every interface as fauxqs starts itself', async () => {
    const sqs = await startLocalSqs({ visibilityTimeoutSeconds: 30, maxReceiveCount: 3 });
    try {
      expect(sqs.address).toBe('127.0.0.1');
      expect(new URL(sqs.queueUrl).port).toBe(new URL(sqs.endpoint).port);
    } finally {
      await sqs.stop();
    }
  });
});

describe('tokens are signed with this stack’s own key', () => {
  /** A token as anyone could sign it with the private key in cognito-local's npm package. */
  function forged(claims: Record<string, unknown>): string {
    const keyFile = path.join(ROOT, 'node_modules/cognito-local/lib/keys/cognitoLocal.private.json');
    const { pem } = JSON.parse(fs.readFileSync(keyFile, 'utf8')) as { pem: string };
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${part({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${part(claims)}`;
    return `${input}.${crypto.sign('sha256', Buffer.from(input), pem).toString('base64url')}`;
  }

  it('refuses an admin access token forged with cognito-local’s shipped key, on the API and GetUser', async () => {
    const victim = await createUser(stack, { label: 'forged' });
    const now = Math.floor(Date.now() / 1000);
    const token = forged({
      sub: victim.sub,
      username: victim.sub,
      client_id: stack.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      'cognito:groups': ['admin'],
      iss: `${new URL(stack.cognitoEndpoint).origin}/${stack.userPoolId}`,
      iat: now,
      exp: now + 3600,
    });
    for (const target of ['/api/me', '/api/admin/stats']) {
      expect((await api(stack, token)('GET', target)).status, target).toBe(401);
    }
    const getUser = await viaProxy('GetUser', { AccessToken: token });
    expect(getUser.status).toBe(400);
    expect(JSON.stringify(getUser.json)).not.toContain(victim.email);
    // A real token works, and the key it is signed with is in the stack's data directory.
    expect((await api(stack, victim.accessToken)('GET', '/api/me')).status).toBe(200);
    expect(fs.existsSync(path.join(stack.dataDir, 'cognito', TOKEN_KEY_FILE))).toBe(true);
  });
});

describe('the links’ signing key is the stack’s own', () => {
  it('is made at the first start in the data directory; the key once written in the code opens nothing', async () => {
    const owner = await createUser(stack, { label: 'linkkey' });
    const file = path.join(stack.dataDir, SIGNING_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(key.length).toBeGreaterThanOrEqual(64);
    const signedWith = (key: string) =>
      `v1.${owner.sub}.${crypto.createHmac('sha256', key).update(`unsubscribe:${owner.sub}`).digest('base64url')}`;
    const unsubscribe = (token: string) =>
      api(stack)('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await unsubscribe(signedWith('local-unsubscribe-secret-not-for-production'))).status).toBe(400);
    expect((await unsubscribe(signedWith(key))).status).toBe(200);
  });
});
