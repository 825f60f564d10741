/**
 * The confirmation link signs in once (decision 0023), on the local stand-ins, through the app's own
 * /_cognito (as the browser calls it): ConfirmSignUp carries the verifier of a fresh secret, the
 * PostConfirmation trigger keeps it, and Cognito's custom auth flow (run by our Define, Create and
 * VerifyAuthChallengeResponse triggers in the local Cognito) gives tokens for the secret, once, within
 * minutes, for that user only.
 */
import { describe, expect, it } from 'vitest';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { getItem, tableName } from '../../lambdas/store/db.ts';
import {
  LINK_SIGN_IN_CHALLENGE,
  LINK_SIGN_IN_MAX_ANSWERS,
  LINK_SIGN_IN_METADATA_KEY,
  linkVerifier,
  newLinkSecret,
} from '../../shared/linkSignIn.ts';
import { keys, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, confirmationLink, signIn, signUp, uniqueEmail } from '../support/stack.ts';

const stack = useTestStack();
let viaApp: CognitoIdentityProviderClient;
beforeAll(() => {
  viaApp = new CognitoIdentityProviderClient({
    region: 'eu-west-2',
    endpoint: `${stack.appUrl}/_cognito`,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
});
afterAll(() => viaApp?.destroy());

const PASSWORD = 'Secret-123';

interface Confirmed {
  email: string;
  secret: string;
  sub: string;
  code: string;
}

const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** The browser's side of the link: a fresh secret, its verifier sent with ConfirmSignUp. */
async function confirmWithVerifier(email: string, code: string, secret = newLinkSecret()): Promise<string> {
  await viaApp.send(
    new ConfirmSignUpCommand({
      ClientId: stack.clientId,
      Username: email,
      ConfirmationCode: code,
      ClientMetadata: { [LINK_SIGN_IN_METADATA_KEY]: await linkVerifier(secret) },
    }),
  );
  return secret;
}

/** Signs up and opens the mailed link as the callback page does. */
async function signUpAndConfirm(label: string): Promise<Confirmed> {
  const email = uniqueEmail(label);
  await signUp(stack, email, PASSWORD);
  const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
  const secret = await confirmWithVerifier(email, code);
  const sub = subOf(await signIn(stack, email, PASSWORD));
  return { email, secret, sub, code };
}

const startCustomAuth = (email: string) =>
  viaApp.send(
    new InitiateAuthCommand({
      ClientId: stack.clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );

const answer = (challenge: InitiateAuthCommandOutput, secret: string) =>
  viaApp.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters!.USERNAME!, ANSWER: secret },
    }),
  );

/** The whole flow with one answer: the tokens, or the error Cognito answered. */
async function linkSignIn(email: string, secret: string) {
  return answer(await startCustomAuth(email), secret);
}

const refused = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };

describe('the confirmation link signs in once', () => {
  it('gives tokens for the secret whose verifier went with the confirmation: the API and refresh work', async () => {
    const user = await signUpAndConfirm('link');
    const challenge = await startCustomAuth(user.email);
    expect(challenge.ChallengeName).toBe('CUSTOM_CHALLENGE');
    // Cognito names the user by its user name (the sub in this pool); no secret in the challenge.
    expect(challenge.ChallengeParameters).toEqual({ USERNAME: user.sub, challenge: LINK_SIGN_IN_CHALLENGE });
    const result = await answer(challenge, user.secret);
    const tokens = result.AuthenticationResult!;
    expect(subOf(tokens.AccessToken!)).toBe(user.sub);
    const me = await api(stack, tokens.AccessToken!)('GET', '/api/me');
    expect(me.status).toBe(200);
    expect((me.json as { profile: { email: string } }).profile.email).toBe(user.email);
    // A session like any other: the refresh token gives new tokens.
    const refreshed = await viaApp.send(
      new InitiateAuthCommand({
        ClientId: stack.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect(subOf(refreshed.AuthenticationResult!.AccessToken!)).toBe(user.sub);
  });

  it('stores only the verifier, never the secret, and removes it when used', async () => {
    const email = uniqueEmail('stored');
    await signUp(stack, email, PASSWORD);
    const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
    const secret = await confirmWithVerifier(email, code);
    const sub = subOf(await signIn(stack, email, PASSWORD));
    const item = await getItem(keys.user(sub), keys.linkSignIn());
    expect(item).toMatchObject({ entity: 'link_sign_in', verifier: await linkVerifier(secret) });
    expect(JSON.stringify(item)).not.toContain(secret);
    await linkSignIn(email, secret);
    expect(await getItem(keys.user(sub), keys.linkSignIn())).toBeUndefined();
  });

  it('refuses the same secret a second time', async () => {
    const user = await signUpAndConfirm('twice');
    expect((await linkSignIn(user.email, user.secret)).AuthenticationResult?.AccessToken).toBeTruthy();
    const again = await linkSignIn(user.email, user.secret);
    // A wrong answer: another try is offered, no tokens.
    expect(again.AuthenticationResult).toBeUndefined();
    expect(again.ChallengeName).toBe('CUSTOM_CHALLENGE');
  });

  it('refuses the link opened again: Cognito confirms once, so no new verifier is kept', async () => {
    const user = await signUpAndConfirm('reopened');
    await expect(confirmWithVerifier(user.email, user.code)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await linkSignIn(user.email, user.secret);
    const second = newLinkSecret();
    await expect(confirmWithVerifier(user.email, user.code, second)).rejects.toThrow();
    expect((await linkSignIn(user.email, second)).AuthenticationResult).toBeUndefined();
  });

  it('refuses an expired verifier', async () => {
    const user = await signUpAndConfirm('expired');
    // The verifier's expiry, moved to a second ago (dynalite has no TTL; the check is ours).
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: keys.user(user.sub), sk: keys.linkSignIn() },
        UpdateExpression: 'SET #expires = :past',
        ExpressionAttributeNames: { '#expires': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await linkSignIn(user.email, user.secret)).AuthenticationResult).toBeUndefined();
  });

  it(`refuses wrong answers, ${LINK_SIGN_IN_MAX_ANSWERS} in a session at most, and the right one still works after`, async () => {
    const user = await signUpAndConfirm('wrong');
    let challenge = await startCustomAuth(user.email);
    for (let i = 1; i < LINK_SIGN_IN_MAX_ANSWERS; i++) {
      const next = await answer(challenge, newLinkSecret());
      expect(next.AuthenticationResult).toBeUndefined();
      expect(next.ChallengeName).toBe('CUSTOM_CHALLENGE');
      // Each step has its own session: the old one is spent.
      await expect(answer(challenge, user.secret)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      challenge = next as InitiateAuthCommandOutput;
    }
    await expect(answer(challenge, 'not even well-formed')).rejects.toMatchObject(refused);
    // Wrong answers do not use the verifier up: its owner still signs in.
    expect((await linkSignIn(user.email, user.secret)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses another user’s secret, which still signs its owner in', async () => {
    const ann = await signUpAndConfirm('ann');
    const bob = await signUpAndConfirm('bob');
    expect((await linkSignIn(ann.email, bob.secret)).AuthenticationResult).toBeUndefined();
    expect((await linkSignIn(bob.email, ann.secret)).AuthenticationResult).toBeUndefined();
    const bobs = await linkSignIn(bob.email, bob.secret);
    expect(subOf(bobs.AuthenticationResult!.AccessToken!)).toBe(bob.sub);
    expect(subOf((await linkSignIn(ann.email, ann.secret)).AuthenticationResult!.AccessToken!)).toBe(ann.sub);
  });

  it('refuses a confirmation without a verifier (another client, an old page): no sign-in to redeem', async () => {
    const email = uniqueEmail('plain');
    await signUp(stack, email, PASSWORD);
    const code = (await confirmationLink(stack, email)).searchParams.get('code')!;
    await viaApp.send(
      new ConfirmSignUpCommand({ ClientId: stack.clientId, Username: email, ConfirmationCode: code }),
    );
    expect((await linkSignIn(email, newLinkSecret())).AuthenticationResult).toBeUndefined();
    // The password still signs in.
    expect(await signIn(stack, email, PASSWORD)).toBeTruthy();
  });

  it('asks an unknown address the same challenge (no tell) and never signs it in', async () => {
    const stranger = await startCustomAuth(uniqueEmail('stranger'));
    expect(stranger.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(Object.keys(stranger.ChallengeParameters!).sort()).toEqual(['USERNAME', 'challenge']);
    expect(stranger.ChallengeParameters!.challenge).toBe(LINK_SIGN_IN_CHALLENGE);
    expect((await answer(stranger, newLinkSecret())).AuthenticationResult).toBeUndefined();
  });

  it('refuses an address not confirmed yet before any challenge, as Cognito does', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(stack, email, PASSWORD);
    await expect(startCustomAuth(email)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
  });

  it('refuses a made-up session', async () => {
    const user = await signUpAndConfirm('session');
    const challenge = await startCustomAuth(user.email);
    await expect(answer({ ...challenge, Session: 'forged' }, user.secret)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});
