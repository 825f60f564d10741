import { Button, Heading, Link, Text } from '@react-email/components';
import {
  reminderSubject,
  reminderView,
  type ReminderMailProps,
  type ReminderText,
  type ReminderView,
} from '../reminder.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, renewal, site, source } from './shapes.ts';

export function ReminderHeading({ text }: { text: ReminderText }) {
  return <Heading style={styles.heading}>{text.headline}</Heading>;
}

/**
 * What renews when, who and what it costs, the cheapest quote, what to do, and the button: what
 * follows the heading (and greeting).
 */
export function ReminderBody({ text }: { text: ReminderText }) {
  return (
    <>
      <Text style={styles.text}>
        {`${text.named} ${text.dateWords}.`}
        {text.facts !== null ? ` ${text.facts}` : ''}
      </Text>
      {text.quote !== null ? <Text style={styles.text}>{text.quote}</Text> : null}
      <Text style={styles.text}>{text.callToAction}</Text>
      <Button href={text.url} style={styles.button}>
        Open this reminder
      </Button>
      <Text style={styles.text}>
        <Link href={text.calendarUrl}>Add to calendar</Link>
      </Text>
    </>
  );
}

export function ReminderEmail({ preview, fields }: ReminderView) {
  return (
    <Layout preview={preview} footer={fields.footer} unsubscribeUrl={fields.unsubscribeUrl}>
      <ReminderHeading text={fields} />
      <Greeting firstName={fields.firstName} />
      <ReminderBody text={fields} />
    </Layout>
  );
}

/** The reminder mail rendered by React Email: what renderReminderMail must equal byte for byte. */
export function renderReminderMailDirect(props: ReminderMailProps) {
  return renderMail(reminderSubject(props), <ReminderEmail {...reminderView(props)} />);
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  reminder: source(
    ReminderEmail,
    frameShapes(
      reminderView({
        firstName: 'Ann',
        reminder: renewal,
        daysLeft: 7,
        dashboardUrl: site,
        calendarUrl: site,
        unsubscribeUrl: site,
      }),
      { nullable: ['facts', 'quote'] },
    ),
  ),
};
