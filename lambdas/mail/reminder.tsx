import { Button, Heading, Text } from '@react-email/components';
import { categoryLabel, type Category } from '../../shared/categories.ts';
import { formatPounds, formatUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import { Greeting, Layout, RENEWAL_FOOTER, renderMail, styles } from './layout.tsx';

/** What to do now, per category: the call to action of the reminder mail. */
const CALL_TO_ACTION: Record<Category, string> = {
  mortgage:
    'Start remortgaging now: compare rates with a broker or your lender before your deal ends and you move onto the standard variable rate.',
  insurance:
    'Compare quotes now: renewal prices are often higher than what the same insurer offers new customers.',
  credit_cards:
    'Compare deals now: when the promotional rate ends, a balance transfer card can keep your interest at 0%.',
  utilities_energy:
    'Compare deals now: fixed tariffs can cost less than rolling onto the standard variable tariff.',
  broadband_mobile: 'Compare deals now: out-of-contract customers often pay far more for the same service.',
  subscriptions: "Decide now: keep it, switch plans, or cancel before you're charged again.",
  car_tax_mot: 'Book now: driving without valid tax or MOT can mean fines and invalid insurance.',
};

export function daysLeftPhrase(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  return `in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

export interface ReminderMailProps {
  firstName: string;
  reminder: Pick<Reminder, 'title' | 'provider' | 'category' | 'renewal_date' | 'amount'>;
  daysLeft: number;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

export function reminderSubject({
  reminder,
  daysLeft,
}: Pick<ReminderMailProps, 'reminder' | 'daysLeft'>): string {
  return daysLeft === 0
    ? `${reminder.title} with ${reminder.provider} renews today`
    : `${reminder.title} with ${reminder.provider} renews ${daysLeftPhrase(daysLeft)} (${formatUkDate(reminder.renewal_date)})`;
}

function ReminderEmail(props: ReminderMailProps) {
  const { reminder, daysLeft } = props;
  const cta = CALL_TO_ACTION[reminder.category];
  return (
    <Layout preview={reminderSubject(props)} footer={RENEWAL_FOOTER} unsubscribeUrl={props.unsubscribeUrl}>
      <Heading style={styles.heading}>{`Your ${reminder.title} renews ${daysLeftPhrase(daysLeft)}`}</Heading>
      <Greeting firstName={props.firstName} />
      <Text style={styles.text}>
        {`${reminder.title} (${categoryLabel(reminder.category)}) with ${reminder.provider} renews on ${formatUkDate(reminder.renewal_date)}.`}
        {reminder.amount !== null ? ` You told us it costs ${formatPounds(reminder.amount)}.` : ''}
      </Text>
      <Text style={styles.text}>{cta}</Text>
      <Button href={props.dashboardUrl} style={styles.button}>
        Open my reminders
      </Button>
    </Layout>
  );
}

export function renderReminderMail(props: ReminderMailProps) {
  return renderMail(reminderSubject(props), <ReminderEmail {...props} />);
}
