import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../runtime/logger.ts';
import { ensureProfile } from '../store/profiles.ts';
import { sendWelcome } from '../engine/welcome.ts';

const attributesSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  'custom:country': z.string().optional(),
  'custom:marketing_consent': z.string().optional(),
});

/** Cognito PostConfirmation trigger: creates the profile item (idempotent, Cognito may retry). */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = attributesSchema.parse(event.request.userAttributes);
  const profile = await ensureProfile({
    userId: attrs.sub,
    email: attrs.email,
    firstName: attrs.given_name ?? '',
    lastName: attrs.family_name || null,
    country: attrs['custom:country'] ?? 'GB',
    marketingConsent: attrs['custom:marketing_consent'] === 'true',
  });
  const welcome = await sendWelcome(profile);
  logger.info('Profile ready', { userId: profile.user_id, lifetimeFree: profile.lifetime_free, welcome });
  return event;
};
