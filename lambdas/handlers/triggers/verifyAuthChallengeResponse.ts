import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { LINK_SIGN_IN_CHALLENGE } from '../../../shared/linkSignIn.ts';
import { logger } from '../../runtime/logger.ts';
import { redeemLinkSignIn } from '../../store/account/index.ts';
import { traced } from '../../runtime/tracer.ts';

/**
 * The parts of the event read here. The answer is whatever the caller of RespondToAuthChallenge sent
 * (any string, any length); the user's `sub` comes from Cognito. Nothing that fails to parse is
 * looked up.
 */
const eventSchema = z.object({
  triggerSource: z.literal('VerifyAuthChallengeResponse_Authentication'),
  request: z.object({
    userAttributes: z.object({ sub: z.uuid() }),
    privateChallengeParameters: z.object({ challenge: z.literal(LINK_SIGN_IN_CHALLENGE) }),
    challengeAnswer: z.string(),
    userNotFound: z.literal(false).nullish(),
  }),
});

async function answerCorrect(event: unknown): Promise<boolean> {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) return false;
  const { userAttributes, challengeAnswer } = parsed.data.request;
  return redeemLinkSignIn(userAttributes.sub, challengeAnswer);
}

/**
 * Cognito VerifyAuthChallengeResponse trigger: the answer is right only when it is the secret whose
 * verifier PostConfirmation stored for this user at the confirmation, within LINK_SIGN_IN_TTL_SECONDS,
 * and not used yet; a right answer uses it up (decision 0023). An unknown address, a malformed event
 * or answer, another user's secret, a second use or an expired one: wrong.
 */
export const handler = traced(
  async (
    event: VerifyAuthChallengeResponseTriggerEvent,
  ): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
    const correct = await answerCorrect(event);
    // Never the answer itself: it is a secret, or an attacker's text.
    if (!correct) logger.info('Link sign-in answer refused');
    event.response = { ...event.response, answerCorrect: correct };
    return event;
  },
);
