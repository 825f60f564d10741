import { Button, Heading, Text } from '@react-email/components';
import {
  resetPasswordSubject,
  resetPasswordView,
  type ResetPasswordProps,
  type ResetPasswordView,
} from '../resetPassword.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, site, source } from './shapes.ts';

const codeStyle = {
  ...styles.heading,
  fontSize: '28px',
  letterSpacing: '6px',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
};

export function ResetPasswordEmail({ fields: { firstName, code, signInUrl } }: ResetPasswordView) {
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
        Enter your code
      </Button>
    </Layout>
  );
}

/** The reset mail rendered by React Email: what renderResetPassword must equal byte for byte. */
export async function renderResetPasswordDirect(props: ResetPasswordProps) {
  const { subject, html } = await renderMail(
    resetPasswordSubject,
    <ResetPasswordEmail {...resetPasswordView(props)} />,
  );
  return { subject, html };
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  resetPassword: source(
    ResetPasswordEmail,
    frameShapes(resetPasswordView({ firstName: 'Ann', code: '{####}', signInUrl: site })),
  ),
};
