import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { LINK_SIGN_IN_CHALLENGE } from '../../../shared/linkSignIn.ts';
import { logger } from '../../runtime/logger.ts';
import { traced } from '../../runtime/tracer.ts';

/** Refused before anything is created: the event is not one Cognito sends for our flow. */
export const INVALID_CHALLENGE_REQUEST = 'Invalid auth challenge request';

const eventSchema = z.object({
  triggerSource: z.literal('CreateAuthChallenge_Authentication'),
  request: z.object({ challengeName: z.literal('CUSTOM_CHALLENGE') }),
});

/**
 * Cognito CreateAuthChallenge trigger: the confirmation link's one challenge (decision 0023). It holds
 * no secret and looks nothing up: the answer is the secret the confirming browser kept, checked by
 * VerifyAuthChallengeResponse against the verifier PostConfirmation stored. The same challenge for
 * every address, known or not. Throwing fails the sign-in (Cognito: UserLambdaValidationException).
 */
export const handler = traced(
  async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
    if (!eventSchema.safeParse(event).success) {
      logger.warn('Refused a malformed CreateAuthChallenge event');
      throw new Error(INVALID_CHALLENGE_REQUEST);
    }
    event.response = {
      publicChallengeParameters: { challenge: LINK_SIGN_IN_CHALLENGE },
      privateChallengeParameters: { challenge: LINK_SIGN_IN_CHALLENGE },
      challengeMetadata: LINK_SIGN_IN_CHALLENGE,
    };
    return event;
  },
);
