/**
 * The local stack holds a developer's real data and any web page in their browser can reach it, so
 * no single request may take an account: the /_cognito proxy lets through only what the SPA sends in
 * the shapes it sends it, nothing tells an unknown address from a known one, and the stand-in keeps
 * Cognito's attempt limits and revocations. (Foreign Hosts, listening addresses and the stack's own
 * keys: local-keys.test.ts.)
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AdminGetUserCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CODE_ATTEMPTS,
  FORGOT_PASSWORD_LIMIT,
  PASSWORD_ATTEMPTS,
  RESEND_CONFIRMATION_LIMIT,
} from '../../lib/local/cognitoGuards.ts';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { handler as postConfirmation } from '../../lambdas/handlers/triggers/postConfirmation.ts';
import { useTestStack } from '../support/fixtures.ts';
import { confirmationLink, createUser, mailsTo, signUp, uniqueEmail } from '../support/stack.ts';
import { cognitoProxy } from '../support/cognito-proxy.ts';

const stack = useTestStack();
const { viaProxy, passwordSignIn, tokensOf, refresh } = cognitoProxy(stack);

describe('no account from one unauthenticated /_cognito request', () => {
  it('gives no tokens for SMS_MFA with an invented session and no code', async () => {
    const victim = await createUser(stack, { label: 'mfa' });
    const answer = await viaProxy('RespondToAuthChallenge', {
      ClientId: stack.clientId,
      ChallengeName: 'SMS_MFA',
      Session: crypto.randomUUID(),
      ChallengeResponses: { USERNAME: victim.email },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.AuthenticationResult).toBeUndefined();
    expect(answer.json.__type).toBe('NotAuthorizedException');
  });

  it('sets no password through NEW_PASSWORD_REQUIRED with an invented session', async () => {
    const victim = await createUser(stack, { label: 'newpass' });
    const answer = await viaProxy('RespondToAuthChallenge', {
      ClientId: stack.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: crypto.randomUUID(),
      ChallengeResponses: { USERNAME: victim.email, NEW_PASSWORD: 'Attacker-1' },
    });
    expect(answer.status).toBe(400);
    expect((await passwordSignIn(victim.email, 'Attacker-1')).status).toBe(400);
    expect((await passwordSignIn(victim.email, victim.password)).status).toBe(200);
  });

  it('resets no password with ConfirmForgotPassword and no code (nor an unconfirmed account’s sign-up code)', async () => {
    const victim = await createUser(stack, { label: 'nocode' });
    const reset = await viaProxy('ConfirmForgotPassword', {
      ClientId: stack.clientId,
      Username: victim.email,
      Password: 'Attacker-1',
    });
    expect(reset.status).toBe(400);
    expect(reset.json.__type).toBe('CodeMismatchException');
    expect((await passwordSignIn(victim.email, 'Attacker-1')).status).toBe(400);

    const unconfirmed = uniqueEmail('unconfirmed');
    await signUp(stack, unconfirmed, 'Secret-123');
    const code = (await confirmationLink(stack, unconfirmed)).searchParams.get('code');
    const byTheBackDoor = await viaProxy('ConfirmForgotPassword', {
      ClientId: stack.clientId,
      Username: unconfirmed,
      ConfirmationCode: code,
      Password: 'Attacker-1',
    });
    expect(byTheBackDoor.status).toBe(400);
    const user = await stack.cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: unconfirmed }),
    );
    expect(user.UserStatus).toBe('UNCONFIRMED');
  });
});

describe('nothing tells an unknown address from a known one (PreventUserExistenceErrors, as on AWS)', () => {
  it('answers ForgotPassword, ResendConfirmationCode, a wrong password and a wrong code alike', async () => {
    const known = await createUser(stack, { label: 'known' });
    const unconfirmed = uniqueEmail('waiting');
    await signUp(stack, unconfirmed, 'Secret-123');
    // Addresses with the same first letters: a masked destination cannot tell them apart either.
    const unknown = `${known.email.slice(0, 1)}nobody.${Date.now()}@example.com`;
    const reset = (username: string) =>
      viaProxy('ForgotPassword', { ClientId: stack.clientId, Username: username });
    const [resetKnown, resetUnknown] = [await reset(known.email), await reset(unknown)];
    expect(resetUnknown).toEqual(resetKnown);
    expect(resetKnown).toEqual({
      status: 200,
      json: {
        CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'k***@e***' },
      },
    });
    const resend = (username: string) =>
      viaProxy('ResendConfirmationCode', { ClientId: stack.clientId, Username: username });
    const [resendUnconfirmed, resendUnknown] = [
      await resend(unconfirmed),
      await resend(`w${unknown.slice(1)}`),
    ];
    expect(resendUnknown).toEqual(resendUnconfirmed);
    expect(resendUnknown.status).toBe(200);
    const wrong = (username: string) => passwordSignIn(username, 'Not-the-password-1');
    const [wrongKnown, wrongUnknown] = [await wrong(known.email), await wrong(unknown)];
    expect(wrongUnknown).toEqual(wrongKnown);
    expect(wrongKnown.json).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const confirm = (username: string) =>
      viaProxy('ConfirmSignUp', { ClientId: stack.clientId, Username: username, ConfirmationCode: '000001' });
    expect((await confirm(unknown)).json.__type).toBe('CodeMismatchException');
    expect((await confirm(unconfirmed)).json.__type).toBe('CodeMismatchException');
    // No mail went to the unknown address, of course.
    expect(await mailsTo(stack, unknown)).toEqual([]);
  });
});

describe('a direct SignUp takes only the SPA’s shape', () => {
  const attributes = (email: string) => [
    { Name: 'email', Value: email },
    { Name: 'given_name', Value: 'Mallory' },
    { Name: 'custom:country', Value: 'GB' },
    { Name: 'custom:marketing_consent', Value: 'false' },
  ];
  const signUpVia = (username: string, userAttributes: { Name: string; Value: string }[]) =>
    viaProxy('SignUp', {
      ClientId: stack.clientId,
      Username: username,
      Password: 'Secret-123',
      UserAttributes: userAttributes,
    });

  it('refuses a chosen sub, an attribute the SPA never sends, and a username that is not the email', async () => {
    const victim = await createUser(stack, { label: 'partition' });
    const choosesSub = await signUpVia(uniqueEmail('sub'), [
      ...attributes(uniqueEmail('sub')),
      { Name: 'sub', Value: victim.sub },
    ]);
    const email = uniqueEmail('verified');
    const verifiesItself = await signUpVia(email, [
      ...attributes(email),
      { Name: 'email_verified', Value: 'true' },
    ]);
    const secondHolder = await signUpVia(uniqueEmail('other'), attributes(victim.email));
    for (const refused of [choosesSub, verifiesItself, secondHolder]) {
      expect(refused.status).toBe(400);
      expect(refused.json.__type).toBe('InvalidParameterException');
    }
    // The SPA's own shape still signs up.
    const fine = uniqueEmail('fine');
    expect((await signUpVia(fine, attributes(fine))).status).toBe(200);
  });
});

describe('Cognito’s attempt limits and revocations', () => {
  it(`spends a confirmation code after ${CODE_ATTEMPTS} wrong answers: the right one then fails`, async () => {
    const email = uniqueEmail('codes');
    await signUp(stack, email, 'Secret-123');
    const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (answer: string) =>
      viaProxy('ConfirmSignUp', { ClientId: stack.clientId, Username: email, ConfirmationCode: answer });
    for (let i = 0; i < CODE_ATTEMPTS; i++)
      expect((await confirm(wrong)).json.__type).toBe('CodeMismatchException');
    expect((await confirm(code)).json.__type).toBe('LimitExceededException');
  });

  it(`spends a reset code after ${CODE_ATTEMPTS} wrong answers`, async () => {
    const user = await createUser(stack, { label: 'resetcodes' });
    expect(
      (await viaProxy('ForgotPassword', { ClientId: stack.clientId, Username: user.email })).status,
    ).toBe(200);
    const html = (await mailsTo(stack, user.email)).at(-1)?.body.html ?? '';
    const code = /\b(\d{6})\b/.exec(html)?.[1];
    expect(code).toBeDefined();
    const reset = (answer: string) =>
      viaProxy('ConfirmForgotPassword', {
        ClientId: stack.clientId,
        Username: user.email,
        ConfirmationCode: answer,
        Password: 'Attacker-1',
      });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_ATTEMPTS; i++)
      expect((await reset(wrong)).json.__type).toBe('CodeMismatchException');
    expect((await reset(code!)).json.__type).toBe('LimitExceededException');
    expect((await passwordSignIn(user.email, user.password)).status).toBe(200);
  });

  it(`locks password sign-in after ${PASSWORD_ATTEMPTS} wrong passwords, the right one included`, async () => {
    const user = await createUser(stack, { label: 'lockout' });
    for (let i = 0; i < PASSWORD_ATTEMPTS * 2; i++) {
      expect((await passwordSignIn(user.email, `Wrong-${i}`)).json.__type).toBe('NotAuthorizedException');
    }
    const locked = await passwordSignIn(user.email, user.password);
    expect(locked.status).toBe(400);
    expect(locked.json.message).toBe('Password attempts exceeded');
  });

  it('GlobalSignOut revokes every refresh token of the user', async () => {
    const user = await createUser(stack, { label: 'global' });
    const first = await tokensOf(user);
    const second = await tokensOf(user);
    expect((await refresh(first.RefreshToken)).status).toBe(200);
    expect((await viaProxy('GlobalSignOut', { AccessToken: second.AccessToken })).status).toBe(200);
    for (const token of [first.RefreshToken, second.RefreshToken]) {
      expect((await refresh(token)).json.__type).toBe('NotAuthorizedException');
    }
  });

  it('a password reset revokes every refresh token; a password change all but the changer’s', async () => {
    const user = await createUser(stack, { label: 'revoke' });
    const thief = await tokensOf(user);
    const owner = await tokensOf(user);
    const changed = await viaProxy('ChangePassword', {
      AccessToken: owner.AccessToken,
      PreviousPassword: user.password,
      ProposedPassword: 'Changed-123',
    });
    expect(changed.status).toBe(200);
    expect((await refresh(thief.RefreshToken)).json.__type).toBe('NotAuthorizedException');
    expect((await refresh(owner.RefreshToken)).status).toBe(200);

    const later = await tokensOf({ ...user, password: 'Changed-123' });
    await stack.cognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username: user.email }));
    const code = /\b(\d{6})\b/.exec((await mailsTo(stack, user.email)).at(-1)?.body.html ?? '')?.[1];
    const reset = await viaProxy('ConfirmForgotPassword', {
      ClientId: stack.clientId,
      Username: user.email,
      ConfirmationCode: code,
      Password: 'Reset-1234',
    });
    expect(reset.status).toBe(200);
    for (const token of [owner.RefreshToken, later.RefreshToken]) {
      expect((await refresh(token)).json.__type).toBe('NotAuthorizedException');
    }
  });
});

describe('a password reset on AWS', () => {
  it('PostConfirmation after a reset signs the user out everywhere, whatever Cognito itself revokes', async () => {
    const user = await createUser(stack, { label: 'reset-trigger' });
    const thief = await tokensOf(user);
    const other = await createUser(stack, { label: 'reset-bystander' });
    const bystander = await tokensOf(other);
    const mailed = (await mailsTo(stack, user.email)).length;
    // The event Cognito sends after ConfirmForgotPassword (its Username: the address here).
    await postConfirmation({
      version: '1',
      region: 'local',
      userPoolId: stack.userPoolId,
      userName: user.email,
      callerContext: { awsSdkVersion: 'test', clientId: stack.clientId },
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      request: { userAttributes: { sub: user.sub, email: user.email } },
      response: {},
    } as PostConfirmationTriggerEvent);
    expect((await refresh(thief.RefreshToken)).json.__type).toBe('NotAuthorizedException');
    expect((await refresh(bystander.RefreshToken)).status).toBe(200);
    // No profile is made again, nor a welcome sent: a reset is not a sign-up.
    expect(await mailsTo(stack, user.email)).toHaveLength(mailed);
  });
});

describe('mail budgets per person', () => {
  it(`mails at most ${RESEND_CONFIRMATION_LIMIT} confirmation links again an hour`, async () => {
    const email = uniqueEmail('resend');
    await signUp(stack, email, 'Secret-123');
    const resend = () =>
      stack.cognito
        .send(new ResendConfirmationCodeCommand({ ClientId: stack.clientId, Username: email }))
        .then(
          () => 'sent',
          (error: Error) => error.name,
        );
    for (let i = 0; i < RESEND_CONFIRMATION_LIMIT; i++) expect(await resend()).toBe('sent');
    expect(await resend()).toBe('LimitExceededException');
    expect(await mailsTo(stack, email)).toHaveLength(1 + RESEND_CONFIRMATION_LIMIT);
  });

  it('counts password resets per person: the sub as the username shares the address’s budget', async () => {
    const user = await createUser(stack, { label: 'spelling' });
    const reset = (username: string) =>
      stack.cognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username: username })).then(
        () => 'sent',
        (error: Error) => error.name,
      );
    for (let i = 0; i < FORGOT_PASSWORD_LIMIT; i++) expect(await reset(user.email)).toBe('sent');
    expect(await reset(user.sub)).toBe('LimitExceededException');
    expect(await reset(user.email.toUpperCase())).toBe('LimitExceededException');
  });
});
