/**
 * Raw calls to the local stack's /_cognito proxy, as anyone on the page's origin could make them
 * (the local-stack and local-takeover files): an operation with its JSON body, a password sign-in, a
 * user's tokens, a refresh.
 */
import { expect } from 'vitest';
import type { LocalStack } from '../../lib/local/stack.ts';
import type { TestUser } from './stack.ts';

export function cognitoProxy(stack: LocalStack) {
  async function viaProxy(operation: string, body: Record<string, unknown>) {
    const response = await fetch(`${stack.appUrl}/_cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  const passwordSignIn = (email: string, password: string) =>
    viaProxy('InitiateAuth', {
      ClientId: stack.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  async function tokensOf(user: Pick<TestUser, 'email' | 'password'>) {
    const signedIn = await passwordSignIn(user.email, user.password);
    expect(signedIn.status).toBe(200);
    return signedIn.json.AuthenticationResult as { AccessToken: string; RefreshToken: string };
  }

  const refresh = (refreshToken: string) =>
    viaProxy('GetTokensFromRefreshToken', { ClientId: stack.clientId, RefreshToken: refreshToken });

  return { viaProxy, passwordSignIn, tokensOf, refresh };
}
