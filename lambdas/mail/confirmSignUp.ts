/**
 * The sign-up confirmation (Cognito's CustomMessage trigger sends its HTML), filled into the template
 * compiled at build time (templates/confirmSignUp.tsx is the React Email source).
 */
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/confirmSignUp.ts';

export interface ConfirmSignUpProps {
  firstName: string;
  /** The /auth/callback link; Cognito's {####} code placeholder stays in it until Cognito sends. */
  confirmUrl: string;
}

export const confirmSignUpSubject = `Confirm your ${PRODUCT_NAME} account`;

export type ConfirmSignUpView = { fields: { firstName: string; confirmUrl: string } };

export const confirmSignUpView = ({ firstName, confirmUrl }: ConfirmSignUpProps): ConfirmSignUpView => ({
  fields: { firstName: greetingName(firstName), confirmUrl },
});

const template = prebuiltTemplate<ConfirmSignUpView>(plans);

export async function renderConfirmSignUp(
  props: ConfirmSignUpProps,
): Promise<{ subject: string; html: string }> {
  return { subject: confirmSignUpSubject, html: await template.html(confirmSignUpView(props)) };
}
