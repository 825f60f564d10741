import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { LINK_SIGN_IN_CHALLENGE, LINK_SIGN_IN_MAX_ANSWERS } from '../../../shared/linkSignIn.ts';
import { logger } from '../../runtime/logger.ts';
import { traced } from '../../runtime/tracer.ts';

/**
 * The parts of the event read here. The custom auth flow is open to anyone who knows an address (it
 * is Cognito's public InitiateAuth), so the event is hostile until it parses: anything unexpected
 * fails the sign-in.
 */
const eventSchema = z.object({
  triggerSource: z.literal('DefineAuthChallenge_Authentication'),
  request: z.object({
    session: z
      .array(
        z.object({
          challengeName: z.string(),
          challengeResult: z.boolean(),
          challengeMetadata: z.string().nullish(),
        }),
      )
      .max(LINK_SIGN_IN_MAX_ANSWERS),
    userNotFound: z.boolean().nullish(),
  }),
});

type Decision = Pick<DefineAuthChallengeTriggerEvent['response'], 'issueTokens' | 'failAuthentication'> & {
  challengeName?: string;
};

const FAIL: Decision = { issueTokens: false, failAuthentication: true };
const ASK: Decision = { issueTokens: false, failAuthentication: false, challengeName: 'CUSTOM_CHALLENGE' };
const ISSUE: Decision = { issueTokens: true, failAuthentication: false };

function decide(event: unknown): Decision {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('Refused a malformed DefineAuthChallenge event');
    return FAIL;
  }
  const { session, userNotFound } = parsed.data.request;
  // Only our one challenge, from the start: an SRP or password step has no place in this flow.
  const ours = session.every(
    (s) => s.challengeName === 'CUSTOM_CHALLENGE' && (s.challengeMetadata ?? '') === LINK_SIGN_IN_CHALLENGE,
  );
  if (!ours) return FAIL;
  const last = session.at(-1);
  // Tokens only for a real user whose last answer VerifyAuthChallengeResponse found right.
  if (last?.challengeResult === true) return userNotFound ? FAIL : ISSUE;
  // An unknown address is asked like a known one (the answer is always wrong), so the flow never
  // tells which addresses have accounts; after LINK_SIGN_IN_MAX_ANSWERS wrong answers, no more.
  if (session.length >= LINK_SIGN_IN_MAX_ANSWERS) return FAIL;
  return ASK;
}

/**
 * Cognito DefineAuthChallenge trigger: the confirmation link's one-time sign-in (decision 0023) is a
 * single custom challenge. Tokens after a right answer; another try after a wrong one, up to
 * LINK_SIGN_IN_MAX_ANSWERS answers in a session; a failed sign-in otherwise.
 */
export const handler = traced(
  async (event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> => {
    const decision = decide(event);
    event.response = { ...event.response, ...decision };
    if (!decision.challengeName) delete event.response.challengeName;
    return event;
  },
);
