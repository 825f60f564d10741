import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { USER_ATTRIBUTES } from '../../shared/identity.ts';
import { DEFAULT_COUNTRY } from '../../shared/locales.ts';
import { countrySchema } from '../../shared/schemas.ts';
import { logger } from '../runtime/logger.ts';
import { ensureProfile } from '../store/profiles.ts';
import { sendWelcome } from '../engine/welcome.ts';

const attributesSchema = z.object({
  sub: z.string().min(1),
  [USER_ATTRIBUTES.email]: z.string().email(),
  [USER_ATTRIBUTES.firstName]: z.string().optional(),
  [USER_ATTRIBUTES.lastName]: z.string().optional(),
  [USER_ATTRIBUTES.country]: z.string().optional(),
  [USER_ATTRIBUTES.marketingConsent]: z.string().optional(),
});

/** Cognito PostConfirmation trigger: creates the profile item (idempotent, Cognito may retry). */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = attributesSchema.parse(event.request.userAttributes);
  const profile = await ensureProfile({
    userId: attrs.sub,
    email: attrs[USER_ATTRIBUTES.email],
    firstName: attrs[USER_ATTRIBUTES.firstName] ?? '',
    lastName: attrs[USER_ATTRIBUTES.lastName] || null,
    // Only an offered country: the attribute can be set by a direct SignUp call, and it names a counter.
    country: countrySchema.catch(DEFAULT_COUNTRY).parse(attrs[USER_ATTRIBUTES.country] ?? DEFAULT_COUNTRY),
    marketingConsent: attrs[USER_ATTRIBUTES.marketingConsent] === 'true',
  });
  const welcome = await sendWelcome(profile);
  logger.info('Profile ready', { userId: profile.user_id, lifetimeFree: profile.lifetime_free, welcome });
  return event;
};
