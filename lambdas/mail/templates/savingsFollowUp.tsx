import { Button, Heading, Text } from '@react-email/components';
import {
  savingsSubject,
  savingsView,
  type SavingsFollowUpProps,
  type SavingsText,
  type SavingsView,
} from '../savingsFollowUp.ts';
import { Greeting, Layout, RENEWAL_FOOTER, renderMail, styles } from './layout.tsx';

/** What renewed when, the ask, and the button: what follows the heading (and greeting). */
export function SavingsBody({ text }: { text: SavingsText }) {
  return (
    <>
      <Text style={styles.text}>
        {`${text.named} renewed on ${text.renewalDate}. Did you switch or haggle a better price? Log what you saved and watch your total grow.`}
      </Text>
      <Button href={text.url} style={styles.button}>
        Log my savings
      </Button>
    </>
  );
}

export function SavingsFollowUpEmail({ fields }: SavingsView) {
  return (
    <Layout
      preview="Tell us what you saved: it takes ten seconds"
      footer={RENEWAL_FOOTER}
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
