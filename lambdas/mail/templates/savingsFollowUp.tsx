import { Button, Heading, Link, Text } from '@react-email/components';
import {
  savingsSubject,
  savingsView,
  type SavingsFollowUpProps,
  type SavingsText,
  type SavingsView,
} from '../savingsFollowUp.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, renewal, site, source } from './shapes.ts';

/**
 * What renewed when, the ask, and the four answers, each a link to the outcome page with it
 * pre-selected: what follows the heading (and greeting).
 */
export function SavingsBody({ text }: { text: SavingsText }) {
  return (
    <>
      <Text style={styles.text}>
        {`${text.named} renewed on ${text.renewalDate}.`}
        {text.people !== null ? ` ${text.people}` : ''}
        {' How did it go? Pick one and log what you saved: it takes ten seconds.'}
      </Text>
      <Button href={text.switchedUrl} style={styles.button}>
        I switched
      </Button>
      <Text style={styles.text}>
        <Link href={text.haggledUrl}>I haggled a better price</Link>
        {' · '}
        <Link href={text.renewedUrl}>I renewed as is</Link>
        {' · '}
        <Link href={text.cancelledUrl}>I cancelled it</Link>
      </Text>
    </>
  );
}

export function SavingsFollowUpEmail({ fields }: SavingsView) {
  return (
    <Layout
      preview="Tell us what you saved: it takes ten seconds"
      footer={fields.footer}
      unsubscribeUrl={fields.unsubscribeUrl}
    >
      <Heading style={styles.heading}>How did you do?</Heading>
      <Greeting firstName={fields.firstName} />
      <SavingsBody text={fields} />
    </Layout>
  );
}

/** The follow-up rendered by React Email: what renderSavingsFollowUp must equal byte for byte. */
export function renderSavingsFollowUpDirect(props: SavingsFollowUpProps) {
  return renderMail(savingsSubject(props.reminder.title), <SavingsFollowUpEmail {...savingsView(props)} />);
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  savingsFollowUp: source(
    SavingsFollowUpEmail,
    frameShapes(
      savingsView({ firstName: 'Ann', reminder: renewal, savingsUrl: site, unsubscribeUrl: site }),
      {
        nullable: ['people'],
      },
    ),
  ),
};
