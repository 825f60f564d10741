import { Button, Heading, Text } from '@react-email/components';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { Layout, renderMail, styles } from './layout.tsx';

export interface WelcomeProps {
  firstName: string;
  lifetimeFree: boolean;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

export const welcomeSubject = `Welcome to ${PRODUCT_NAME}`;

function WelcomeEmail(props: WelcomeProps) {
  return (
    <Layout
      preview="Add your first renewal and we'll do the remembering"
      footer="You get this because you created an account."
      unsubscribeUrl={props.unsubscribeUrl}
    >
      <Heading style={styles.heading}>{`Welcome, ${props.firstName || 'there'}!`}</Heading>
      <Text style={styles.text}>
        Add the date your mortgage deal, insurance, energy, broadband, subscriptions or car tax renews. We'll
        e-mail you in good time before each one, so you can switch instead of rolling onto a worse deal.
      </Text>
      {props.lifetimeFree ? (
        <Text style={styles.text}>You're one of our first 1,000 members: it's free for you, for life.</Text>
      ) : null}
      <Button href={props.dashboardUrl} style={styles.button}>
        Add my first renewal
      </Button>
    </Layout>
  );
}

export function renderWelcome(props: WelcomeProps) {
  return renderMail(welcomeSubject, <WelcomeEmail {...props} />);
}
