import { Button, Heading, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { Greeting, Layout, styles } from './layout.tsx';

export interface ConfirmSignUpProps {
  firstName: string;
  /** The /auth/callback link; Cognito's {####} code placeholder stays in it until Cognito sends. */
  confirmUrl: string;
}

export const confirmSignUpSubject = `Confirm your ${PRODUCT_NAME} account`;

function ConfirmSignUpEmail({ firstName, confirmUrl }: ConfirmSignUpProps) {
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
      <Text style={styles.muted}>Or paste this link into your browser: {confirmUrl}</Text>
    </Layout>
  );
}

export async function renderConfirmSignUp(
  props: ConfirmSignUpProps,
): Promise<{ subject: string; html: string }> {
  return { subject: confirmSignUpSubject, html: await render(<ConfirmSignUpEmail {...props} />) };
}
