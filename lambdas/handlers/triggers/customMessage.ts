import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { USER_ATTRIBUTES } from '../../../shared/identity.ts';
import { encodeLinkAddress, LINK_ADDRESS_PARAM } from '../../../shared/linkSignIn.ts';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { renderConfirmSignUp } from '../../mail/confirmSignUp.ts';
import { renderResetPassword } from '../../mail/resetPassword.ts';
import { traced } from '../../runtime/tracer.ts';

/** The trigger sources we render; every other message is left to Cognito's defaults. */
const CONFIRMATION_SOURCES = new Set(['CustomMessage_SignUp', 'CustomMessage_ResendCode']);

async function render(event: CustomMessageTriggerEvent): Promise<{ subject: string; html: string } | null> {
  const attributes = event.request.userAttributes;
  const firstName = attributes[USER_ATTRIBUTES.firstName] ?? '';
  if (CONFIRMATION_SOURCES.has(event.triggerSource)) {
    const url = new URL('/auth/callback', env().SITE_URL);
    // By hand: URLSearchParams would percent-encode the placeholder and Cognito would not find it.
    // The address goes encoded in the fragment, never in the query (shared/linkSignIn.ts).
    const address = encodeLinkAddress(attributes[USER_ATTRIBUTES.email] ?? '');
    const confirmUrl = `${url.toString()}?code=${event.request.codeParameter}#${LINK_ADDRESS_PARAM}=${address}`;
    return renderConfirmSignUp({ firstName, confirmUrl });
  }
  if (event.triggerSource === 'CustomMessage_ForgotPassword') {
    // The button opens the reset form's code step with the address filled in (from the fragment).
    const address = encodeLinkAddress(attributes[USER_ATTRIBUTES.email] ?? '');
    const signInUrl = `${new URL('/auth', env().SITE_URL).toString()}?tab=signin&reset=code#${LINK_ADDRESS_PARAM}=${address}`;
    return renderResetPassword({ firstName, code: event.request.codeParameter, signInUrl });
  }
  return null;
}

/**
 * Cognito CustomMessage trigger: the mails that carry a Cognito code, rendered by our template code.
 * Sign-up and a resent confirmation get a link to /auth/callback with the code; a password reset gets
 * the code itself, typed into the reset form that its button opens. Cognito replaces {####} with the code when it sends.
 */
export const handler = traced(
  async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    const mail = await render(event);
    if (mail) {
      event.response.emailSubject = mail.subject;
      event.response.emailMessage = mail.html;
      logger.info('Rendered Cognito mail', { triggerSource: event.triggerSource });
    }
    return event;
  },
);
