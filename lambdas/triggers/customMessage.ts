import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { USER_ATTRIBUTES } from '../../shared/identity.ts';
import { env } from '../runtime/env.ts';
import { logger } from '../runtime/logger.ts';
import { renderConfirmSignUp } from '../mail/confirmSignUp.tsx';

/**
 * Cognito CustomMessage trigger: the sign-up confirmation mail, rendered by our template code, with a
 * link to /auth/callback carrying the code. Cognito replaces {####} with the code when it sends.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource === 'CustomMessage_SignUp' || event.triggerSource === 'CustomMessage_ResendCode') {
    const email = event.request.userAttributes[USER_ATTRIBUTES.email] ?? '';
    const url = new URL('/auth/callback', env().SITE_URL);
    url.searchParams.set('email', email);
    // Appended by hand: URLSearchParams would percent-encode the placeholder and Cognito would not find it.
    const confirmUrl = `${url.toString()}&code=${event.request.codeParameter}`;
    const { subject, html } = await renderConfirmSignUp({
      firstName: event.request.userAttributes[USER_ATTRIBUTES.firstName] ?? '',
      confirmUrl,
    });
    event.response.emailSubject = subject;
    event.response.emailMessage = html;
    logger.info('Rendered confirmation mail', { triggerSource: event.triggerSource });
  }
  return event;
};
