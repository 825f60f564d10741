/**
 * The confirmation link's one sign-in (decision 0023), trigger by trigger: Cognito trigger events are
 * hostile until validated. DefineAuthChallenge fails anything it does not recognise; CreateAuthChallenge
 * refuses it; VerifyAuthChallengeResponse answers "wrong" without a look-up; a right answer is one
 * conditional delete of the user's verifier. DynamoDB is stubbed (aws-sdk-client-mock); the real
 * delete, expiry and single use run on the local stand-ins (test/integration/link-sign-in.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PostConfirmationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { handler as define } from '../../lambdas/handlers/triggers/defineAuthChallenge.ts';
import {
  handler as create,
  INVALID_CHALLENGE_REQUEST,
} from '../../lambdas/handlers/triggers/createAuthChallenge.ts';
import { handler as verify } from '../../lambdas/handlers/triggers/verifyAuthChallengeResponse.ts';
import { handler as postConfirmation } from '../../lambdas/handlers/triggers/postConfirmation.ts';
import { resetClients } from '../../lambdas/runtime/clients.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { logger } from '../../lambdas/runtime/logger.ts';
import {
  LINK_SIGN_IN_CHALLENGE,
  LINK_SIGN_IN_MAX_ANSWERS,
  LINK_SIGN_IN_METADATA_KEY,
  LINK_SIGN_IN_TTL_SECONDS,
  LINK_TOKEN_PATTERN,
  linkVerifier,
  newLinkSecret,
} from '../../shared/linkSignIn.ts';

const SUB = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

const common = {
  version: '1',
  region: 'eu-west-2',
  userPoolId: 'eu-west-2_pool',
  userName: SUB,
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
};

const answered = (...results: boolean[]) =>
  results.map((challengeResult) => ({
    challengeName: 'CUSTOM_CHALLENGE' as const,
    challengeResult,
    challengeMetadata: LINK_SIGN_IN_CHALLENGE,
  }));

function defineEvent(
  session: unknown[],
  extra: Record<string, unknown> = {},
): DefineAuthChallengeTriggerEvent {
  return {
    ...common,
    triggerSource: 'DefineAuthChallenge_Authentication',
    request: { userAttributes: { sub: SUB, email: 'a@example.com' }, session, ...extra },
    response: { challengeName: undefined, issueTokens: false, failAuthentication: false },
  } as unknown as DefineAuthChallengeTriggerEvent;
}

function verifyEvent(
  answer: unknown,
  extra: Record<string, unknown> = {},
): VerifyAuthChallengeResponseTriggerEvent {
  return {
    ...common,
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    request: {
      userAttributes: { sub: SUB, email: 'a@example.com' },
      privateChallengeParameters: { challenge: LINK_SIGN_IN_CHALLENGE },
      challengeAnswer: answer,
      ...extra,
    },
    response: { answerCorrect: false },
  } as unknown as VerifyAuthChallengeResponseTriggerEvent;
}

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  process.env.TABLE_NAME = 'unit';
  resetEnvCache();
  resetClients();
  // Hundreds of refused events: their warnings would bury the report.
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  vi.spyOn(logger, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  ddb.reset();
  vi.restoreAllMocks();
});

describe('the secret and its verifier', () => {
  it('are 32 random bytes in base64url, the verifier their SHA-256', async () => {
    const secret = newLinkSecret();
    expect(secret).toMatch(LINK_TOKEN_PATTERN);
    expect(newLinkSecret()).not.toBe(secret);
    const verifier = await linkVerifier(secret);
    expect(verifier).toMatch(LINK_TOKEN_PATTERN);
    expect(verifier).not.toBe(secret);
    const { createHash } = await import('node:crypto');
    expect(verifier).toBe(createHash('sha256').update(secret).digest('base64url'));
  });
});

describe('DefineAuthChallenge', () => {
  it('asks the one custom challenge first', async () => {
    const { response } = await define(defineEvent([]));
    expect(response).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('issues tokens after a right answer, and only then', async () => {
    expect((await define(defineEvent(answered(true)))).response).toEqual({
      issueTokens: true,
      failAuthentication: false,
    });
    expect((await define(defineEvent(answered(false, true)))).response.issueTokens).toBe(true);
    expect((await define(defineEvent(answered(false)))).response).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it(`fails the sign-in after ${LINK_SIGN_IN_MAX_ANSWERS} wrong answers`, async () => {
    const wrong = Array.from({ length: LINK_SIGN_IN_MAX_ANSWERS }, () => false);
    expect((await define(defineEvent(answered(...wrong)))).response).toEqual({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('asks an unknown address like a known one, and never issues it tokens', async () => {
    expect((await define(defineEvent([], { userNotFound: true }))).response.challengeName).toBe(
      'CUSTOM_CHALLENGE',
    );
    expect((await define(defineEvent(answered(true), { userNotFound: true }))).response).toEqual({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('fails a session with any other challenge in it (SRP, password) or any other metadata', async () => {
    for (const session of [
      [{ challengeName: 'SRP_A', challengeResult: true }],
      [{ challengeName: 'PASSWORD_VERIFIER', challengeResult: true }],
      [{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: true, challengeMetadata: 'SOMETHING_ELSE' }],
      [{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: true }],
    ]) {
      expect((await define(defineEvent(session))).response, JSON.stringify(session)).toEqual({
        issueTokens: false,
        failAuthentication: true,
      });
    }
  });

  it('fails malformed events rather than throwing or issuing tokens', async () => {
    const hostile: unknown[] = [
      { ...defineEvent([]), triggerSource: 'PreSignUp_SignUp' },
      { ...defineEvent([]), request: { session: 'not a list' } },
      {
        ...defineEvent([]),
        request: { session: [{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: 'true' }] },
      },
      { ...defineEvent([]), request: {} },
      defineEvent(answered(...Array.from({ length: LINK_SIGN_IN_MAX_ANSWERS + 1 }, () => true))),
      { triggerSource: 'DefineAuthChallenge_Authentication', response: {} },
    ];
    for (const event of hostile) {
      const { response } = await define(event as DefineAuthChallengeTriggerEvent);
      expect(response, JSON.stringify(event)).toEqual({ issueTokens: false, failAuthentication: true });
    }
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (request) => {
        const { response } = await define({ ...defineEvent([]), request } as DefineAuthChallengeTriggerEvent);
        // Whatever the request, tokens need a session whose last answer was right.
        expect(response.issueTokens).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('CreateAuthChallenge', () => {
  const createEvent = (extra: Record<string, unknown> = {}) =>
    ({
      ...common,
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: { userAttributes: {}, challengeName: 'CUSTOM_CHALLENGE', session: [], ...extra },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
    }) as unknown as CreateAuthChallengeTriggerEvent;

  it('creates the same secret-free challenge for every address, known or not', async () => {
    const known = (await create(createEvent())).response;
    const unknown = (await create(createEvent({ userNotFound: true }))).response;
    expect(known).toEqual({
      publicChallengeParameters: { challenge: LINK_SIGN_IN_CHALLENGE },
      privateChallengeParameters: { challenge: LINK_SIGN_IN_CHALLENGE },
      challengeMetadata: LINK_SIGN_IN_CHALLENGE,
    });
    expect(unknown).toEqual(known);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses any other challenge or event', async () => {
    for (const event of [
      createEvent({ challengeName: 'SMS_MFA' }),
      { ...createEvent(), triggerSource: 'DefineAuthChallenge_Authentication' },
      { ...createEvent(), request: null },
    ]) {
      await expect(create(event as CreateAuthChallengeTriggerEvent)).rejects.toThrow(
        INVALID_CHALLENGE_REQUEST,
      );
    }
  });
});

describe('VerifyAuthChallengeResponse', () => {
  it('redeems a well-formed answer with one conditional delete of the user’s verifier', async () => {
    ddb.on(DeleteCommand).resolves({});
    const secret = newLinkSecret();
    const before = Math.floor(Date.now() / 1000);
    expect((await verify(verifyEvent(secret))).response.answerCorrect).toBe(true);
    const [call] = ddb.commandCalls(DeleteCommand);
    const input = call!.args[0].input;
    expect(input.Key).toEqual({ pk: `USER#${SUB}`, sk: 'LINK_SIGN_IN' });
    expect(input.ConditionExpression).toBe('#entity = :entity AND #verifier = :verifier AND #expires > :now');
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':entity': 'link_sign_in',
      ':verifier': await linkVerifier(secret),
    });
    // Never the secret itself.
    expect(JSON.stringify(input)).not.toContain(secret);
    expect(input.ExpressionAttributeValues![':now']).toBeGreaterThanOrEqual(before);
  });

  it('answers "wrong" when the condition fails (no verifier, another one, expired, used)', async () => {
    ddb
      .on(DeleteCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );
    expect((await verify(verifyEvent(newLinkSecret()))).response.answerCorrect).toBe(false);
  });

  it('lets a DynamoDB failure fail the sign-in (Cognito answers with an error), never pass it', async () => {
    ddb.on(DeleteCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(verify(verifyEvent(newLinkSecret()))).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
  });

  it('answers "wrong" to hostile events without a single look-up', async () => {
    ddb.on(DeleteCommand).resolves({});
    const secret = newLinkSecret();
    const hostile: unknown[] = [
      verifyEvent(''),
      verifyEvent(`${secret}x`),
      verifyEvent(secret.slice(1)),
      verifyEvent(`${secret.slice(0, 42)}=`),
      verifyEvent(' '.repeat(43)),
      verifyEvent('x'.repeat(100_000)),
      verifyEvent(42),
      verifyEvent(null),
      verifyEvent(secret, { userNotFound: true, userAttributes: {} }),
      verifyEvent(secret, { userAttributes: { sub: 'USER#other' } }),
      verifyEvent(secret, { userAttributes: { sub: '' } }),
      verifyEvent(secret, { privateChallengeParameters: { challenge: 'SOMETHING_ELSE' } }),
      { ...verifyEvent(secret), triggerSource: 'DefineAuthChallenge_Authentication' },
      { ...verifyEvent(secret), request: undefined },
    ];
    for (const event of hostile) {
      expect((await verify(event as VerifyAuthChallengeResponseTriggerEvent)).response.answerCorrect).toBe(
        false,
      );
    }
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }).filter((s) => !LINK_TOKEN_PATTERN.test(s)),
        async (answer) => {
          expect((await verify(verifyEvent(answer))).response.answerCorrect).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });
});

describe('PostConfirmation keeps the confirming browser’s verifier', () => {
  const confirmation = (clientMetadata?: unknown, triggerSource = 'PostConfirmation_ConfirmSignUp') =>
    ({
      ...common,
      triggerSource,
      request: {
        userAttributes: { sub: SUB, email: 'a@example.com', given_name: 'Ann' },
        ...(clientMetadata === undefined ? {} : { clientMetadata }),
      },
      response: {},
    }) as unknown as PostConfirmationTriggerEvent;

  beforeEach(() => {
    process.env.EMAIL_PROVIDER = 'disabled';
    process.env.UNSUBSCRIBE_SECRET = 'unit-test-unsubscribe-key';
    resetEnvCache();
    // Every write succeeds (the profile, its counters); the welcome mail is off.
    ddb.onAnyCommand().resolves({});
  });
  afterEach(() => {
    delete process.env.EMAIL_PROVIDER;
    delete process.env.UNSUBSCRIBE_SECRET;
  });

  const verifierPuts = () =>
    ddb.commandCalls(PutCommand).filter((call) => call.args[0].input.Item?.sk === 'LINK_SIGN_IN');

  it(`stores the verifier (never a secret) for ${LINK_SIGN_IN_TTL_SECONDS / 60} minutes`, async () => {
    const verifier = await linkVerifier(newLinkSecret());
    const before = Math.floor(Date.now() / 1000);
    await postConfirmation(confirmation({ [LINK_SIGN_IN_METADATA_KEY]: verifier }));
    const [put] = verifierPuts();
    expect(put!.args[0].input.Item).toMatchObject({
      pk: `USER#${SUB}`,
      sk: 'LINK_SIGN_IN',
      entity: 'link_sign_in',
      verifier,
    });
    const expires = put!.args[0].input.Item!.expires_at as number;
    expect(expires - before).toBeGreaterThanOrEqual(LINK_SIGN_IN_TTL_SECONDS);
    expect(expires - before).toBeLessThanOrEqual(LINK_SIGN_IN_TTL_SECONDS + 5);
  });

  it('stores nothing without a well-formed verifier, or for a password reset (which signs out everywhere)', async () => {
    const cognito = mockClient(CognitoIdentityProviderClient);
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    for (const metadata of [
      undefined,
      {},
      { [LINK_SIGN_IN_METADATA_KEY]: 'short' },
      { [LINK_SIGN_IN_METADATA_KEY]: 'x'.repeat(10_000) },
      { [LINK_SIGN_IN_METADATA_KEY]: 42 },
      'not an object',
    ]) {
      await postConfirmation(confirmation(metadata));
    }
    const verifier = await linkVerifier(newLinkSecret());
    await postConfirmation(
      confirmation({ [LINK_SIGN_IN_METADATA_KEY]: verifier }, 'PostConfirmation_ConfirmForgotPassword'),
    );
    expect(verifierPuts()).toHaveLength(0);
    // The reset's one effect: every session of that user ends, in the event's own pool.
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: common.userPoolId, Username: common.userName },
    ]);
    cognito.restore();
  });
});
