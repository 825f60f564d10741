import { Button, Heading, Text } from '@react-email/components';
import { formatUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import { compileTemplate } from './compile.ts';
import { Greeting, greetingName, Layout, RENEWAL_FOOTER, renderMail, styles } from './layout.tsx';

export interface SavingsFollowUpProps {
  firstName: string;
  reminder: Pick<Reminder, 'title' | 'provider' | 'renewal_date'>;
  savingsUrl: string;
  unsubscribeUrl: string;
}

export const savingsSubject = (title: string) => `How did you do with ${title}?`;

/** One renewal's follow-up as the strings it shows (the single mail and a digest section share it). */
export type SavingsText = {
  title: string;
  provider: string;
  renewalDate: string;
  /** The button's link. */
  url: string;
};

export function savingsText(reminder: SavingsFollowUpProps['reminder'], url: string): SavingsText {
  return {
    title: reminder.title,
    provider: reminder.provider,
    renewalDate: formatUkDate(reminder.renewal_date),
    url,
  };
}

/** What renewed when, the ask, and the button: what follows the heading (and greeting). */
export function SavingsBody({ text }: { text: SavingsText }) {
  return (
    <>
      <Text style={styles.text}>
        {`${text.title} with ${text.provider} renewed on ${text.renewalDate}. Did you switch or haggle a better price? Log what you saved and watch your total grow.`}
      </Text>
      <Button href={text.url} style={styles.button}>
        Log my savings
      </Button>
    </>
  );
}

type SavingsView = { fields: SavingsText & { firstName: string; unsubscribeUrl: string } };

function SavingsFollowUpEmail({ fields }: SavingsView) {
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

function savingsView(props: SavingsFollowUpProps): SavingsView {
  return {
    fields: {
      ...savingsText(props.reminder, props.savingsUrl),
      firstName: greetingName(props.firstName),
      unsubscribeUrl: props.unsubscribeUrl,
    },
  };
}

const compiled = compileTemplate(SavingsFollowUpEmail);

/** The follow-up mail, filled into the template compiled once per process. */
export async function renderSavingsFollowUp(props: SavingsFollowUpProps) {
  return { subject: savingsSubject(props.reminder.title), ...(await compiled.render(savingsView(props))) };
}

/** The same mail rendered by React Email each time: what renderSavingsFollowUp must equal byte for byte. */
export function renderSavingsFollowUpDirect(props: SavingsFollowUpProps) {
  return renderMail(savingsSubject(props.reminder.title), <SavingsFollowUpEmail {...savingsView(props)} />);
}
