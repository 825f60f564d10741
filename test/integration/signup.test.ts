import { describe, expect, it } from 'vitest';
import { encodeLinkAddress } from '../../shared/linkSignIn.ts';
import {
  AdminGetUserCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeLinkAddress } from '../../shared/linkSignIn.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { handler as postConfirmation } from '../../lambdas/handlers/triggers/postConfirmation.ts';
import { readCounters } from '../../lambdas/store/counters.ts';
import { api, confirmationLink, createUser, mailsTo, signIn, signUp, uniqueEmail } from '../support/stack.ts';
import { useTestStack } from '../support/fixtures.ts';

const stack = useTestStack();

describe('sign-up through the local Cognito, SES and DynamoDB stand-ins', () => {
  it('mails a confirmation link to /auth/callback, and confirming creates the profile', async () => {
    const email = uniqueEmail('signup');
    await signUp(stack, email, 'Secret-123', 'Ada');

    const mails = await mailsTo(stack, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your Renewal Reminders account');
    expect(mails[0]!.body.html).toContain('Hi Ada,');
    const link = await confirmationLink(stack, email);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.appUrl}/auth/callback`);
    // The address is not in the query (spam filters read that as phishing): encoded, in the fragment.
    expect(link.search).not.toContain(encodeURIComponent(email));
    expect(link.search).not.toContain(email);
    expect(decodeLinkAddress(new URLSearchParams(link.hash.slice(1)).get('u') ?? '')).toBe(email);
    expect(link.searchParams.get('code')).toMatch(/^\d{6}$/);

    // Not confirmed yet: Cognito refuses the sign-in.
    await expect(signIn(stack, email, 'Secret-123')).rejects.toThrow(/not confirmed/i);

    await stack.cognito.send(
      new ConfirmSignUpCommand({
        ClientId: stack.clientId,
        Username: email,
        ConfirmationCode: link.searchParams.get('code')!,
      }),
    );
    const token = await signIn(stack, email, 'Secret-123');
    const me = await api(stack, token)('GET', '/api/me');
    expect(me.status).toBe(200);
    const profile = (me.json as { profile: Record<string, unknown> }).profile;
    expect(profile).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: null,
      country: 'GB',
      timezone: 'Europe/London',
      marketing_consent: false,
      is_admin: false,
      lifetime_free: true,
    });
    expect(me.json).toMatchObject({ isAdmin: false });
  });

  it("points Amplify at Cognito on the page's own origin, behind Vite's proxy too", async () => {
    // A path, which the app resolves against whichever origin served it.
    const config = (await (await fetch(`${stack.appUrl}/config.json`)).json()) as {
      userPoolEndpoint: string;
    };
    expect(config.userPoolEndpoint).toBe('/_cognito');
  });

  it('rejects a wrong confirmation code', async () => {
    const email = uniqueEmail('wrongcode');
    await signUp(stack, email, 'Secret-123');
    const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(
      stack.cognito.send(
        new ConfirmSignUpCommand({ ClientId: stack.clientId, Username: email, ConfirmationCode: wrong }),
      ),
    ).rejects.toThrow();
  });

  it('answers a second use of the confirmation link as real Cognito does (through the app proxy)', async () => {
    const email = uniqueEmail('twice');
    await signUp(stack, email, 'Secret-123');
    const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
    const viaApp = new CognitoIdentityProviderClient({
      region: 'eu-west-2',
      endpoint: `${stack.appUrl}/_cognito`,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const confirm = () =>
      viaApp.send(
        new ConfirmSignUpCommand({ ClientId: stack.clientId, Username: email, ConfirmationCode: code }),
      );
    await confirm();
    await expect(confirm()).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    viaApp.destroy();
  });

  it('counts a user once when Cognito retries PostConfirmation', async () => {
    const before = (await readCounters()).users ?? 0;
    const event = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: { userAttributes: { sub: crypto.randomUUID(), email: uniqueEmail('retry'), given_name: 'R' } },
      response: {},
    } as unknown as Parameters<typeof postConfirmation>[0];
    await postConfirmation(event);
    await postConfirmation(event);
    expect((await readCounters()).users).toBe(before + 1);
  });

  it('keeps a country off the list out of the profile and the counters (a direct SignUp can set it)', async () => {
    const before = await readCounters();
    const sub = crypto.randomUUID();
    const event = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: {
        userAttributes: {
          sub,
          email: uniqueEmail('evil'),
          given_name: 'E',
          'custom:country': 'x'.repeat(2000),
        },
      },
      response: {},
    } as unknown as Parameters<typeof postConfirmation>[0];
    await postConfirmation(event);
    const after = await readCounters();
    expect(Object.keys(after).filter((name) => !(name in before))).toEqual([]);
    expect(after.country_GB).toBe((before.country_GB ?? 0) + 1);
  });

  describe('a direct SignUp call to Cognito, bypassing the SPA (PreSignUp trigger)', () => {
    const directSignUp = (email: string, attributes: Record<string, string>) =>
      stack.cognito.send(
        new SignUpCommand({
          ClientId: stack.clientId,
          Username: email,
          Password: 'Secret-123',
          UserAttributes: Object.entries({
            email,
            given_name: 'Ada',
            'custom:country': 'GB',
            'custom:marketing_consent': 'false',
            ...attributes,
          }).map(([Name, Value]) => ({ Name, Value })),
        }),
      );
    const userExists = (email: string) =>
      stack.cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })).then(
        () => true,
        (error: Error) => {
          if (error.name === 'UserNotFoundException') return false;
          throw error;
        },
      );

    it.each([
      ['an 81-character name', { given_name: 'a'.repeat(81) }, MESSAGES.firstNameMax],
      ['a name with a web address', { given_name: 'Claim your prize at www.evil.test' }, MESSAGES.nameNoUrls],
      ['a name with CR/LF', { given_name: 'Ada\r\nYour account is locked' }, MESSAGES.controlCharacters],
      ['an unknown country', { 'custom:country': 'ZZ' }, MESSAGES.countryInvalid],
    ])('refuses %s and creates no user, and mails nothing', async (_name, attributes, message) => {
      const email = uniqueEmail('direct');
      const refused = await directSignUp(email, attributes).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).name).toBe('UserLambdaValidationException');
      expect((refused as Error).message).toContain(message);
      expect(await userExists(email)).toBe(false);
      expect(await mailsTo(stack, email)).toEqual([]);
    });

    it('accepts a valid one', async () => {
      const email = uniqueEmail('direct-ok');
      const result = await directSignUp(email, { given_name: 'Zoë', family_name: "O'Brien-Smith" });
      expect(result.UserConfirmed).toBe(false);
      expect(await userExists(email)).toBe(true);
      expect(await mailsTo(stack, email)).toHaveLength(1);
    });
  });
});

/** The reset code in the newest password-reset mail to `email`. */
async function resetCode(email: string): Promise<string> {
  const mail = (await mailsTo(stack, email)).at(-1);
  expect(mail?.subject).toBe('Your Renewal Reminders password reset code');
  const code = />\s*(\d{6})\s*</.exec(mail?.body.html ?? '')?.[1];
  if (!code) throw new Error(`No reset code in mail to ${email}`);
  return code;
}

describe('account recovery through the local Cognito stand-in, as on AWS', () => {
  it('mails a reset code in our template; the code sets a new password and the old one stops working', async () => {
    const user = await createUser(stack, { label: 'forgot' });
    await stack.cognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username: user.email }));
    const code = await resetCode(user.email);
    const mail = (await mailsTo(stack, user.email)).at(-1)!;
    expect(mail.body.html).toContain('Hi Test,');
    // Its button opens the reset form's code step with the address (in the fragment, never the query).
    expect(mail.body.html).toContain(
      `href="${stack.appUrl}/auth?tab=signin&amp;reset=code#u=${encodeLinkAddress(user.email)}"`,
    );

    const confirm = (confirmationCode: string) =>
      stack.cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: stack.clientId,
          Username: user.email,
          ConfirmationCode: confirmationCode,
          Password: 'Renewed-456',
        }),
      );
    await expect(confirm(code === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await confirm(code);
    await expect(signIn(stack, user.email, 'Renewed-456')).resolves.toBeTruthy();
    await expect(signIn(stack, user.email, user.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The reset confirms nothing new: the profile is the one made at sign-up.
    const me = await api(stack, await signIn(stack, user.email, 'Renewed-456'))('GET', '/api/me');
    expect(me.status).toBe(200);
  });

  it('answers a wrong password and an unknown address with the same error type', async () => {
    const user = await createUser(stack, { label: 'wrongpw' });
    await expect(signIn(stack, user.email, 'not-my-password')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(signIn(stack, uniqueEmail('nobody'), 'whatever')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('refuses a reset for an address not confirmed yet, as AWS does (no code, no confirmation by the back door)', async () => {
    const email = uniqueEmail('unconfirmed-reset');
    await signUp(stack, email, 'Secret-123');
    await expect(
      stack.cognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username: email })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    expect(await mailsTo(stack, email)).toHaveLength(1);
  });

  it('resends the confirmation: a fresh link in the sign-up template, and its code confirms the account', async () => {
    const email = uniqueEmail('resend');
    await signUp(stack, email, 'Secret-123', 'Rey');
    const first = (await confirmationLink(stack, email)).searchParams.get('code');
    await stack.cognito.send(
      new ResendConfirmationCodeCommand({ ClientId: stack.clientId, Username: email }),
    );
    const mails = await mailsTo(stack, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Confirm your Renewal Reminders account');
    expect(mails[1]!.body.html).toContain('Hi Rey,');
    const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
    expect(code).toMatch(/^\d{6}$/);
    // The old link's code no longer confirms (unless the new one happens to be equal).
    if (code !== first) {
      await expect(
        stack.cognito.send(
          new ConfirmSignUpCommand({ ClientId: stack.clientId, Username: email, ConfirmationCode: first! }),
        ),
      ).rejects.toThrow();
    }
    await stack.cognito.send(
      new ConfirmSignUpCommand({ ClientId: stack.clientId, Username: email, ConfirmationCode: code }),
    );
    await expect(signIn(stack, email, 'Secret-123')).resolves.toBeTruthy();
    await expect(
      stack.cognito.send(new ResendConfirmationCodeCommand({ ClientId: stack.clientId, Username: email })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('changes the password only with the right current one', async () => {
    const user = await createUser(stack, { label: 'change' });
    const change = (previous: string) =>
      stack.cognito.send(
        new ChangePasswordCommand({
          AccessToken: user.accessToken,
          PreviousPassword: previous,
          ProposedPassword: 'Changed-789',
        }),
      );
    await expect(change('not-my-password')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await change(user.password);
    await expect(signIn(stack, user.email, 'Changed-789')).resolves.toBeTruthy();
  });
});
