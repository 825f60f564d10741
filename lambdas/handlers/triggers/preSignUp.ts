import type { PreSignUpTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { USER_ATTRIBUTES } from '../../../shared/identity.ts';
import {
  countrySchema,
  firstNameSchema,
  lastNameSchema,
  timezoneSchema,
} from '../../../shared/schemas/account.ts';
import { logger } from '../../runtime/logger.ts';
import { traced } from '../../runtime/tracer.ts';

/** Refused before any attribute is looked at: the event is not a sign-up Cognito would send. */
export const INVALID_SIGN_UP = 'Invalid sign-up request';

/**
 * The event as Cognito sends it. Only the parts read here are checked; the attribute values are
 * whatever the caller of SignUp chose, so every one is a string of any content until proven otherwise.
 */
const eventSchema = z.object({
  triggerSource: z.enum(['PreSignUp_SignUp', 'PreSignUp_AdminCreateUser', 'PreSignUp_ExternalProvider']),
  request: z.object({ userAttributes: z.record(z.string(), z.string()) }),
});

/**
 * The sign-up's profile attributes with the rules the SPA and the API use (shared/schemas/account.ts). A
 * missing name or country is an empty string, so that it fails with the shared "required" message.
 */
const attributesSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  country: countrySchema,
  timezone: timezoneSchema.optional(),
  marketingConsent: z.enum(['true', 'false']).optional(),
});

/**
 * Cognito PreSignUp trigger: a direct SignUp call (the public Cognito API, not only our SPA) can set
 * any attribute value, so the name, country and time zone are checked here with the shared rules.
 * Throwing refuses the sign-up: Cognito answers UserLambdaValidationException with this message and
 * creates no user.
 */
export const handler = traced(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const shape = eventSchema.safeParse(event);
  if (!shape.success) {
    logger.warn('Refused a malformed sign-up event');
    throw new Error(INVALID_SIGN_UP);
  }
  const attributes = shape.data.request.userAttributes;
  const result = attributesSchema.safeParse({
    firstName: attributes[USER_ATTRIBUTES.firstName] ?? '',
    lastName: attributes[USER_ATTRIBUTES.lastName] ?? '',
    country: attributes[USER_ATTRIBUTES.country] ?? '',
    timezone: attributes[USER_ATTRIBUTES.timezone],
    marketingConsent: attributes[USER_ATTRIBUTES.marketingConsent],
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    // The field only, never the value: it is the caller's text.
    logger.warn('Refused a sign-up', { triggerSource: shape.data.triggerSource, field: issue?.path[0] });
    throw new Error(issue?.message ?? INVALID_SIGN_UP);
  }
  return event;
});
