import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { USER_ATTRIBUTES } from '../../../shared/identity.ts';
import { DEFAULT_COUNTRY } from '../../../shared/locales.ts';
import { countrySchema } from '../../../shared/schemas/account.ts';
import { LINK_SIGN_IN_METADATA_KEY, LINK_TOKEN_PATTERN } from '../../../shared/linkSignIn.ts';
import { afterPasswordReset } from '../../features/account/endSessions.ts';
import { logger } from '../../runtime/logger.ts';
import { publishProductCount } from '../../runtime/metrics.ts';
import { ensureProfile, offerLinkSignIn } from '../../store/account/index.ts';
import { sendWelcome } from '../../features/engine/welcome.ts';
import { traced } from '../../runtime/tracer.ts';

const attributesSchema = z.object({
  sub: z.string().min(1),
  [USER_ATTRIBUTES.email]: z.string().email(),
  [USER_ATTRIBUTES.firstName]: z.string().optional(),
  [USER_ATTRIBUTES.lastName]: z.string().optional(),
  [USER_ATTRIBUTES.country]: z.string().optional(),
  [USER_ATTRIBUTES.marketingConsent]: z.string().optional(),
});

/** The verifier of the confirming browser's secret (decision 0023); any other metadata is ignored. */
const linkSignInSchema = z.object({ [LINK_SIGN_IN_METADATA_KEY]: z.string().regex(LINK_TOKEN_PATTERN) });

/** Who reset their password: the pool's username for the sign-out, the sub for the profile. */
const resetSchema = z.object({
  userName: z.string().min(1),
  request: z.object({ userAttributes: z.object({ sub: z.string().min(1) }) }),
});

/**
 * Cognito PostConfirmation trigger: after a sign-up, creates the profile item (idempotent, Cognito
 * may retry). After a password reset (ConfirmForgotPassword: AWS has no trigger of its own for a
 * reset, it runs this one with this source, as the local stand-in does) it ends everything set up
 * before: every session, including the access tokens already issued, every link, and on the
 * account's first reset the household it was in (lambdas/features/account/endSessions.ts, decision 0050).
 */
export const handler = traced(
  async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
      const reset = resetSchema.parse(event);
      await afterPasswordReset({
        userId: reset.request.userAttributes.sub,
        username: reset.userName,
        userPoolId: event.userPoolId,
      });
      return event;
    }
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const attrs = attributesSchema.parse(event.request.userAttributes);
    const startedAt = Date.now();
    const profile = await ensureProfile({
      userId: attrs.sub,
      email: attrs[USER_ATTRIBUTES.email],
      firstName: attrs[USER_ATTRIBUTES.firstName] ?? '',
      lastName: attrs[USER_ATTRIBUTES.lastName] || null,
      // Only an offered country: the attribute can be set by a direct SignUp call, and it names a counter.
      country: countrySchema.catch(DEFAULT_COUNTRY).parse(attrs[USER_ATTRIBUTES.country] ?? DEFAULT_COUNTRY),
      marketingConsent: attrs[USER_ATTRIBUTES.marketingConsent] === 'true',
    });
    // A retry of the trigger finds the profile made the first time: only a new one is a sign-up.
    if (Date.parse(profile.created_at) >= startedAt) publishProductCount('signups');
    // The confirmation link signs in once (decision 0023): keep the verifier the confirming browser
    // sent. Best effort: without it, that browser signs in with the password instead.
    const linkSignIn = linkSignInSchema.safeParse(event.request.clientMetadata);
    if (linkSignIn.success) {
      await offerLinkSignIn(attrs.sub, linkSignIn.data[LINK_SIGN_IN_METADATA_KEY]).catch((error: unknown) =>
        logger.warn('Link sign-in not offered', {
          error: error instanceof Error ? error.name : String(error),
        }),
      );
    }
    const welcome = await sendWelcome(profile);
    logger.info('Profile ready', { userId: profile.user_id, lifetimeFree: profile.lifetime_free, welcome });
    return event;
  },
);
