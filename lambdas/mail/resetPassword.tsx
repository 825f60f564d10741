import { Button, Heading, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { Greeting, Layout, styles } from './layout.tsx';

export interface ResetPasswordProps {
  firstName: string;
  /** Cognito's {####} placeholder: Cognito puts the code in when it sends. */
  code: string;
  /** The sign-in page, where 'Forgot password?' asks for the code. */
  signInUrl: string;
}

export const resetPasswordSubject = `Your ${PRODUCT_NAME} password reset code`;

const codeStyle = {
  ...styles.heading,
  fontSize: '28px',
  letterSpacing: '6px',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
};

function ResetPasswordEmail({ firstName, code, signInUrl }: ResetPasswordProps) {
  return (
    <Layout
      preview="Your code to choose a new password"
      footer="You are receiving this because someone asked to reset the password of the account with this address. If that wasn't you, ignore this e-mail: your password stays as it is."
    >
      <Heading style={styles.heading}>Reset your password</Heading>
      <Greeting firstName={firstName} />
      <Text style={styles.text}>
        Enter this code in the Code field of the reset form, with the new password you want. It works for one
        hour.
      </Text>
      <Text style={codeStyle}>{code}</Text>
      <Button href={signInUrl} style={styles.button}>
        Go to sign in
      </Button>
    </Layout>
  );
}

export async function renderResetPassword(
  props: ResetPasswordProps,
): Promise<{ subject: string; html: string }> {
  return { subject: resetPasswordSubject, html: await render(<ResetPasswordEmail {...props} />) };
}
