/**
 * The password reset code (Cognito's CustomMessage trigger sends its HTML), filled into the template
 * compiled at build time (templates/resetPassword.tsx is the React Email source).
 */
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/resetPassword.ts';

export interface ResetPasswordProps {
  firstName: string;
  /** Cognito's {####} placeholder: Cognito puts the code in when it sends. */
  code: string;
  /** The sign-in page, where 'Forgot password?' asks for the code. */
  signInUrl: string;
}

export const resetPasswordSubject = `Your ${PRODUCT_NAME} password reset code`;

export type ResetPasswordView = { fields: { firstName: string; code: string; signInUrl: string } };

export const resetPasswordView = ({ firstName, code, signInUrl }: ResetPasswordProps): ResetPasswordView => ({
  fields: { firstName: greetingName(firstName), code, signInUrl },
});

const template = prebuiltTemplate<ResetPasswordView>(plans);

export async function renderResetPassword(
  props: ResetPasswordProps,
): Promise<{ subject: string; html: string }> {
  return { subject: resetPasswordSubject, html: await template.html(resetPasswordView(props)) };
}
