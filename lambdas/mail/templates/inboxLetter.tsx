import { Button, Heading, Text } from '@react-email/components';
import {
  inboxLetterSubject,
  inboxLetterView,
  type InboxLetterProps,
  type InboxLetterView,
} from '../inboxLetter.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, site, source } from './shapes.ts';

export function InboxLetterEmail({ preview, fields }: InboxLetterView) {
  return (
    <Layout
      preview={preview}
      footer="You get this because a letter was forwarded to your renewal inbox."
      unsubscribeUrl={fields.unsubscribeUrl}
    >
      <Heading style={styles.heading}>{inboxLetterSubject}</Heading>
      <Greeting firstName={fields.firstName} />
      <Text style={styles.text}>{`We read the letter you forwarded and filled in ${fields.renewal}.`}</Text>
      <Text style={styles.text}>{fields.next}</Text>
      <Button href={fields.dashboardUrl} style={styles.button}>
        Check and confirm
      </Button>
    </Layout>
  );
}

/** The mail rendered by React Email: what renderInboxLetter must equal byte for byte. */
export function renderInboxLetterDirect(props: InboxLetterProps) {
  return renderMail(inboxLetterSubject, <InboxLetterEmail {...inboxLetterView(props)} />);
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  inboxLetter: source(
    InboxLetterEmail,
    frameShapes(
      inboxLetterView({
        firstName: 'Ann',
        provider: 'Aviva',
        renewalDate: '2030-01-15',
        reminderTitle: 'Home insurance',
        dashboardUrl: site,
        unsubscribeUrl: site,
      }),
    ),
  ),
};
