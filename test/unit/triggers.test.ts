import { describe, expect, it } from 'vitest';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { handler } from '../../lambdas/triggers/customMessage.ts';

describe('CustomMessage trigger', () => {
  it('links to /auth/callback with the e-mail and Cognito’s code placeholder intact', async () => {
    process.env.SITE_URL = 'https://app.example.com';
    process.env.TABLE_NAME ??= 'unit';
    const event = {
      triggerSource: 'CustomMessage_SignUp',
      request: { codeParameter: '{####}', userAttributes: { email: 'a+b@example.com', given_name: 'Ann' } },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    const result = await handler(event);
    expect(result.response.emailSubject).toBe('Confirm your Renewal Reminders account');
    expect(result.response.emailMessage).toContain(
      'https://app.example.com/auth/callback?email=a%2Bb%40example.com&amp;code={####}',
    );
    // Cognito rejects custom messages over 20,000 characters.
    expect(result.response.emailMessage!.length).toBeLessThan(20_000);
  });

  it('mails a resent confirmation code as the same confirmation link', async () => {
    process.env.SITE_URL = 'https://app.example.com';
    const event = {
      triggerSource: 'CustomMessage_ResendCode',
      request: { codeParameter: '{####}', userAttributes: { email: 'ann@example.com', given_name: 'Ann' } },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    const result = await handler(event);
    expect(result.response.emailSubject).toBe('Confirm your Renewal Reminders account');
    expect(result.response.emailMessage).toContain(
      'https://app.example.com/auth/callback?email=ann%40example.com&amp;code={####}',
    );
  });

  it('mails a password reset code in our own template, the placeholder where Cognito puts the code', async () => {
    process.env.SITE_URL = 'https://app.example.com';
    const event = {
      triggerSource: 'CustomMessage_ForgotPassword',
      request: { codeParameter: '{####}', userAttributes: { email: 'ann@example.com', given_name: 'Ann' } },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    const result = await handler(event);
    expect(result.response.emailSubject).toBe('Your Renewal Reminders password reset code');
    const html = result.response.emailMessage!;
    expect(html).toContain('Hi Ann,');
    expect(html).toContain('{####}');
    expect(html).toContain('href="https://app.example.com/auth"');
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
