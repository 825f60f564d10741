import { Button, Heading, Text } from '@react-email/components';
import { formatUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import { Greeting, Layout, RENEWAL_FOOTER, renderMail, styles } from './layout.tsx';

export interface SavingsFollowUpProps {
  firstName: string;
  reminder: Pick<Reminder, 'title' | 'provider' | 'renewal_date'>;
  savingsUrl: string;
  unsubscribeUrl: string;
}

export const savingsSubject = (title: string) => `How did you do with ${title}?`;

function SavingsFollowUpEmail(props: SavingsFollowUpProps) {
  return (
    <Layout
      preview="Tell us what you saved: it takes ten seconds"
      footer={RENEWAL_FOOTER}
      unsubscribeUrl={props.unsubscribeUrl}
    >
      <Heading style={styles.heading}>How did you do?</Heading>
      <Greeting firstName={props.firstName} />
      <Text style={styles.text}>
        {`${props.reminder.title} with ${props.reminder.provider} renewed on ${formatUkDate(props.reminder.renewal_date)}. Did you switch or haggle a better price? Log what you saved and watch your total grow.`}
      </Text>
      <Button href={props.savingsUrl} style={styles.button}>
        Log my savings
      </Button>
    </Layout>
  );
}

export function renderSavingsFollowUp(props: SavingsFollowUpProps) {
  return renderMail(savingsSubject(props.reminder.title), <SavingsFollowUpEmail {...props} />);
}
