/**
 * Password-reset requests are limited per address on the local Cognito, as AWS limits them
 * (decision 0018): FORGOT_PASSWORD_LIMIT requests an hour, then LimitExceededException, for a known,
 * an unknown and an unconfirmed address alike, so the limit tells nobody which addresses have accounts.
 */
import { describe, expect, it } from 'vitest';
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { FORGOT_PASSWORD_LIMIT } from '../../lib/local/cognito.ts';
import { useTestStack } from '../support/fixtures.ts';
import { createUser, signUp, uniqueEmail } from '../support/stack.ts';

const stack = useTestStack();

const requestReset = (email: string) =>
  stack.cognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username: email })).then(
    () => 'sent',
    (error: Error) => error.name,
  );

const limited = 'LimitExceededException';

describe('password-reset requests per address', () => {
  it(`answer LimitExceededException after ${FORGOT_PASSWORD_LIMIT}, for that address only`, async () => {
    const user = await createUser(stack, { label: 'limit' });
    for (let i = 0; i < FORGOT_PASSWORD_LIMIT; i++) expect(await requestReset(user.email)).toBe('sent');
    expect(await requestReset(user.email)).toBe(limited);
    // The address in other letter cases is the same address.
    expect(await requestReset(user.email.toUpperCase())).toBe(limited);
    const other = await createUser(stack, { label: 'unlimited' });
    expect(await requestReset(other.email)).toBe('sent');
  });

  it('limit an unknown and an unconfirmed address the same way', async () => {
    const stranger = uniqueEmail('stranger');
    const unconfirmed = uniqueEmail('unconfirmed');
    await signUp(stack, unconfirmed, 'Secret-123');
    for (let i = 0; i < FORGOT_PASSWORD_LIMIT; i++) {
      expect(await requestReset(stranger)).toBe('sent');
      expect(await requestReset(unconfirmed)).toBe('InvalidParameterException');
    }
    expect(await requestReset(stranger)).toBe(limited);
    expect(await requestReset(unconfirmed)).toBe(limited);
  });
});
