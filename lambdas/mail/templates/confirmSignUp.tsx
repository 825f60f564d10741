import { Button, Heading, Text } from '@react-email/components';
import {
  confirmSignUpSubject,
  confirmSignUpView,
  type ConfirmSignUpProps,
  type ConfirmSignUpView,
} from '../confirmSignUp.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, site, source } from './shapes.ts';

export function ConfirmSignUpEmail({ fields: { firstName, confirmUrl } }: ConfirmSignUpView) {
  return (
    <Layout
      preview="Confirm your e-mail address to start getting renewal reminders"
      footer="You are receiving this because this address was used to create an account. If that wasn't you, ignore this e-mail and no account will be activated."
    >
      <Heading style={styles.heading}>Confirm your e-mail address</Heading>
      <Greeting firstName={firstName} />
      <Text style={styles.text}>
        Thanks for signing up. Confirm your e-mail address and we'll start reminding you before your mortgage
        deal, insurance, energy and other contracts renew, so you can switch instead of rolling onto a worse
        deal.
      </Text>
      <Button href={confirmUrl} style={styles.button}>
        Confirm my e-mail
      </Button>
      <Text style={styles.muted}>
        Or paste this link into your browser: <span style={styles.rawLink}>{confirmUrl}</span>
      </Text>
    </Layout>
  );
}

/** The confirmation rendered by React Email: what renderConfirmSignUp must equal byte for byte. */
export async function renderConfirmSignUpDirect(props: ConfirmSignUpProps) {
  const { subject, html } = await renderMail(
    confirmSignUpSubject,
    <ConfirmSignUpEmail {...confirmSignUpView(props)} />,
  );
  return { subject, html };
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  confirmSignUp: source(
    ConfirmSignUpEmail,
    frameShapes(confirmSignUpView({ firstName: 'Ann', confirmUrl: site })),
  ),
};
