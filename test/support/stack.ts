/** Starts the real local stack (dynalite, SES emulator, cognito-local, adapter) for a test file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DateTime } from 'luxon';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../lib/local/stack.ts';
import { TIMEZONES } from '../../shared/locales.ts';
import { aDraft, aProfileUpdate } from './builders.ts';

type Timezone = (typeof TIMEZONES)[number];

export interface TestStack extends LocalStack {
  dataDir: string;
  cognito: CognitoIdentityProviderClient;
}

export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-test-'));
  const stack = await startLocalStack({
    dataDir,
    appPort: 0,
    mailboxPort: 0,
    fakePushService: true,
    ...options,
  });
  const cognito = new CognitoIdentityProviderClient({
    region: 'eu-west-2',
    endpoint: stack.cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    ...stack,
    dataDir,
    cognito,
    async stop() {
      cognito.destroy();
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export async function mailbox(stack: LocalStack): Promise<StoredMail[]> {
  const response = await fetch(`${stack.sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails;
}

export async function mailsTo(stack: LocalStack, email: string): Promise<StoredMail[]> {
  return (await mailbox(stack)).filter((m) => m.destination.to.includes(email));
}

/** The /auth/callback link from the newest confirmation mail to `email`. */
export async function confirmationLink(stack: LocalStack, email: string): Promise<URL> {
  const mails = await mailsTo(stack, email);
  const html = mails.at(-1)?.body.html ?? '';
  const href = /href="([^"]*\/auth\/callback[^"]*)"/.exec(html)?.[1];
  if (!href) throw new Error(`No confirmation link in mail to ${email}`);
  return new URL(href.replaceAll('&amp;', '&'));
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now()}.${counter}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  sub: string;
}

export async function signUp(stack: TestStack, email: string, password: string, firstName = 'Test') {
  await stack.cognito.send(
    new SignUpCommand({
      ClientId: stack.clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: firstName },
        { Name: 'custom:country', Value: 'GB' },
        { Name: 'custom:marketing_consent', Value: 'false' },
      ],
    }),
  );
}

export async function signIn(stack: TestStack, email: string, password: string): Promise<string> {
  const result = await stack.cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return result.AuthenticationResult!.AccessToken!;
}

/** Signs up, confirms with the code from the mailed link, optionally joins `admin`, signs in. */
export async function createUser(
  stack: TestStack,
  opts: { admin?: boolean; label?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(opts.label);
  const password = 'Secret-123';
  await signUp(stack, email, password);
  const link = await confirmationLink(stack, email);
  await stack.cognito.send(
    new ConfirmSignUpCommand({
      ClientId: stack.clientId,
      Username: email,
      ConfirmationCode: link.searchParams.get('code')!,
    }),
  );
  if (opts.admin) {
    await stack.cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: 'admin' }),
    );
  }
  const accessToken = await signIn(stack, email, password);
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return { email, password, accessToken, sub: payload.sub };
}

export function api(stack: LocalStack, token?: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.appUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json: json as Record<string, unknown> | undefined, text };
  };
}

/** Creates a reminder through the API as `user`; anything but a 201 throws. Returns its id. */
export async function addReminder(
  stack: LocalStack,
  user: Pick<TestUser, 'accessToken'>,
  reminder: Record<string, unknown>,
): Promise<string> {
  const response = await api(stack, user.accessToken)('POST', '/api/reminders', reminder);
  if (response.status !== 201) throw new Error(`POST /api/reminders: ${response.status} ${response.text}`);
  return (response.json as { reminder: { id: string } }).reminder.id;
}

/**
 * A new user (`label` starts the address) with one reminder, and that reminder's id: by default
 * aDraft's car insurance with Admiral, renewing on 01/04/2099 at £480 (`draft` adds or overrides fields).
 */
export async function userWithReminder(
  stack: TestStack,
  label: string,
  draft: Record<string, unknown> = {},
): Promise<{ user: TestUser; reminderId: string }> {
  const user = await createUser(stack, { label });
  const reminderId = await addReminder(stack, user, { ...aDraft(), ...draft });
  return { user, reminderId };
}

/** userWithReminder's car insurance, renewing on 01/04/2099 at £480 (`extra` adds or overrides fields). */
export const userWithCarInsurance = userWithReminder;

/** The Cognito user's attributes, by name. */
export async function cognitoAttributes(stack: TestStack, email: string): Promise<Record<string, string>> {
  const user = await stack.cognito.send(
    new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }),
  );
  return Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name!, a.Value ?? '']));
}

/**
 * A zone of the product's list where it is daytime now (09:00–22:59): a real run sends what is due
 * at or after 08:00 in the owner's zone, so a test of a real run puts its owner there and passes at
 * any hour it runs. Some zone always qualifies (London, Berlin and Sydney cover the clock).
 */
export function daytimeZone(now = DateTime.now()): Timezone {
  const zone = TIMEZONES.find((z) => {
    const hour = now.setZone(z).hour;
    return hour >= 9 && hour <= 22;
  });
  if (!zone) throw new Error('No zone of the list is in daytime now');
  return zone;
}

/** Moves `user` to a daytime zone (see daytimeZone); returns the zone and today's date there. */
export async function liveInDaytime(
  stack: LocalStack,
  user: Pick<TestUser, 'accessToken'>,
): Promise<{ zone: Timezone; today: DateTime }> {
  const zone = daytimeZone();
  // The names signUp gives every test user.
  const response = await api(stack, user.accessToken)(
    'PUT',
    '/api/me',
    aProfileUpdate({ first_name: 'Test', timezone: zone }),
  );
  if (response.status !== 200) throw new Error(`PUT /api/me: ${response.status} ${response.text}`);
  return { zone, today: DateTime.now().setZone(zone).startOf('day') };
}
