import { Button, Heading, Text } from '@react-email/components';
import { welcomeSubject, welcomeView, type WelcomeProps, type WelcomeView } from '../welcome.ts';
import { Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, site, source } from './shapes.ts';

export function WelcomeEmail({ variant, fields }: WelcomeView) {
  return (
    <Layout
      preview="Add your first renewal and we'll do the remembering"
      footer="You get this because you created an account."
      unsubscribeUrl={fields.unsubscribeUrl}
    >
      <Heading style={styles.heading}>{`Welcome, ${fields.firstName}!`}</Heading>
      <Text style={styles.text}>
        Add the date your mortgage deal, insurance, energy, broadband, subscriptions or car tax renews. We'll
        e-mail you in good time before each one, so you can switch instead of rolling onto a worse deal.
      </Text>
      {variant === 'lifetime-free' ? (
        <Text style={styles.text}>You're one of our first 1,000 members: it's free for you, for life.</Text>
      ) : null}
      <Button href={fields.dashboardUrl} style={styles.button}>
        Add my first renewal
      </Button>
    </Layout>
  );
}

/** The welcome mail rendered by React Email: what renderWelcome must equal byte for byte. */
export function renderWelcomeDirect(props: WelcomeProps) {
  return renderMail(welcomeSubject, <WelcomeEmail {...welcomeView(props)} />);
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  welcome: source(
    WelcomeEmail,
    frameShapes(
      welcomeView({ firstName: 'Ann', lifetimeFree: true, dashboardUrl: site, unsubscribeUrl: site }),
      {
        variants: ['lifetime-free', 'standard'],
      },
    ),
  ),
};
