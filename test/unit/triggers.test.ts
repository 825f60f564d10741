import { describe, expect, it } from 'vitest';
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { handler } from '../../lambdas/handlers/triggers/customMessage.ts';
import { handler as preSignUp, INVALID_SIGN_UP } from '../../lambdas/handlers/triggers/preSignUp.ts';
import { decodeLinkAddress } from '../../shared/linkSignIn.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';

/** Cognito's CustomMessage event of `source` for Ann at `email`, with its code placeholder. */
const customMessage = (source: string, email: string) =>
  ({
    triggerSource: source,
    request: { codeParameter: '{####}', userAttributes: { email, given_name: 'Ann' } },
    response: {},
  }) as unknown as CustomMessageTriggerEvent;

// The links are on the unit tests' site, https://app.example.com (vitest.config.ts), not the default
// one: they follow the stage's SITE_URL.
describe('CustomMessage trigger', () => {
  it('links to /auth/callback with Cognito’s code placeholder intact, and the address encoded in the fragment only', async () => {
    const event = customMessage('CustomMessage_SignUp', 'a+b@example.com');
    const result = await handler(event);
    expect(result.response.emailSubject).toBe('Confirm your Renewal Reminders account');
    expect(result.response.emailMessage).toContain(
      'https://app.example.com/auth/callback?code={####}#u=YStiQGV4YW1wbGUuY29t',
    );
    expect(decodeLinkAddress('YStiQGV4YW1wbGUuY29t')).toBe('a+b@example.com');
    // The address appears nowhere in the mail's links (a spam rule reads that as phishing).
    expect(result.response.emailMessage).not.toMatch(/href="[^"]*(a%2Bb|a\+b)/);
    // Cognito rejects custom messages over 20,000 characters.
    expect(result.response.emailMessage!.length).toBeLessThan(20_000);
  });

  it('mails a resent confirmation code as the same confirmation link', async () => {
    const event = customMessage('CustomMessage_ResendCode', 'ann@example.com');
    const result = await handler(event);
    expect(result.response.emailSubject).toBe('Confirm your Renewal Reminders account');
    expect(result.response.emailMessage).toContain(
      'https://app.example.com/auth/callback?code={####}#u=YW5uQGV4YW1wbGUuY29t',
    );
  });

  it('mails a password reset code in our own template, the placeholder where Cognito puts the code', async () => {
    const event = customMessage('CustomMessage_ForgotPassword', 'ann@example.com');
    const result = await handler(event);
    expect(result.response.emailSubject).toBe('Your Renewal Reminders password reset code');
    const html = result.response.emailMessage!;
    expect(html).toContain('Hi Ann,');
    expect(html).toContain('{####}');
    // The button opens the code step with the address filled in, the address out of the query.
    expect(html).toContain(
      'href="https://app.example.com/auth?tab=signin&amp;reset=code#u=YW5uQGV4YW1wbGUuY29t"',
    );
    expect(html).toContain('Enter your code');
    // The code is typed into the form, never carried in a link.
    expect(html).not.toMatch(/href="[^"]*\{####\}/);
    expect(html.length).toBeLessThan(20_000);
  });

  it('leaves other messages to Cognito', async () => {
    const event = {
      triggerSource: 'CustomMessage_UpdateUserAttribute',
      request: { codeParameter: '{####}', userAttributes: {} },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    expect((await handler(event)).response.emailMessage).toBeUndefined();
  });
});

describe('PreSignUp trigger', () => {
  const VALID = {
    email: 'new@example.com',
    given_name: 'Ada',
    'custom:country': 'GB',
    'custom:marketing_consent': 'false',
  };
  const event = (userAttributes: Record<string, unknown>, triggerSource = 'PreSignUp_SignUp') =>
    ({
      triggerSource,
      userName: 'new@example.com',
      request: { userAttributes },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    }) as unknown as PreSignUpTriggerEvent;

  it('lets a sign-up with the rules the form checks through, unchanged (no auto-confirm)', async () => {
    const input = event({ ...VALID, family_name: 'Lovelace', zoneinfo: 'Europe/London' });
    const result = await preSignUp(input);
    expect(result).toBe(input);
    expect(result.response).toEqual({
      autoConfirmUser: false,
      autoVerifyEmail: false,
      autoVerifyPhone: false,
    });
  });

  it.each([
    ['an 81-character first name', { given_name: 'a'.repeat(81) }, MESSAGES.firstNameMax],
    ['an 81-character last name', { family_name: 'b'.repeat(81) }, MESSAGES.lastNameMax],
    ['no first name', { given_name: undefined }, MESSAGES.firstNameRequired],
    ['a blank first name', { given_name: '   ' }, MESSAGES.firstNameRequired],
    ['a web address in the name', { given_name: 'Win at https://evil.test' }, MESSAGES.nameNoUrls],
    ['a domain in the last name', { family_name: 'visit evil.com' }, MESSAGES.nameNoUrls],
    ['a CR/LF in the name', { given_name: 'Ada\r\nClick here' }, MESSAGES.controlCharacters],
    ['a lone surrogate', { given_name: 'Ada\uD800' }, MESSAGES.unreadableCharacters],
    ['an unknown country', { 'custom:country': 'XX' }, MESSAGES.countryInvalid],
    ['no country', { 'custom:country': undefined }, MESSAGES.countryRequired],
    ['a time zone off the list', { zoneinfo: 'Mars/Olympus' }, MESSAGES.timezoneInvalid],
  ])('refuses %s with the shared message', async (_name, change, message) => {
    const attributes: Record<string, unknown> = { ...VALID, ...change };
    for (const [key, value] of Object.entries(attributes)) if (value === undefined) delete attributes[key];
    await expect(preSignUp(event(attributes))).rejects.toThrow(new Error(message));
  });

  it('checks an administrator-created user the same way', async () => {
    await expect(
      preSignUp(event({ ...VALID, given_name: 'x'.repeat(81) }, 'PreSignUp_AdminCreateUser')),
    ).rejects.toThrow(new Error(MESSAGES.firstNameMax));
  });

  it('refuses a marketing consent other than true or false', async () => {
    await expect(preSignUp(event({ ...VALID, 'custom:marketing_consent': 'maybe' }))).rejects.toThrow();
  });

  it.each([
    ['an unknown trigger source', event(VALID, 'PreSignUp_Something')],
    ['no request', { triggerSource: 'PreSignUp_SignUp' }],
    ['attributes that are not strings', event({ ...VALID, given_name: 42 })],
    ['attributes that are not an object', event(['Ada'] as unknown as Record<string, unknown>)],
    ['no event at all', null],
  ])('refuses a malformed event: %s', async (_name, input) => {
    await expect(preSignUp(input as PreSignUpTriggerEvent)).rejects.toThrow(new Error(INVALID_SIGN_UP));
  });
});
