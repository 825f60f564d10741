import { Fragment } from 'react';
import { Heading, Hr, Section } from '@react-email/components';
import type { Reminder } from '../../shared/api.ts';
import { compileTemplate } from './compile.ts';
import { DIGEST_FOOTER, Greeting, greetingName, Layout, renderMail, styles } from './layout.tsx';
import {
  ReminderBody,
  ReminderHeading,
  reminderText,
  type MailedReminder,
  type ReminderText,
} from './reminder.tsx';
import { SavingsBody, savingsSubject, savingsText, type SavingsText } from './savingsFollowUp.tsx';

/** One renewal in a digest: what its single reminder or follow-up mail would have said. */
export type DigestItem =
  | {
      kind: 'reminder';
      reminder: MailedReminder & Pick<Reminder, 'id'>;
      daysLeft: number;
      url: string;
      calendarUrl: string;
    }
  | { kind: 'savings'; reminder: Pick<Reminder, 'id' | 'title' | 'provider' | 'renewal_date'>; url: string };

export interface DigestMailProps {
  firstName: string;
  items: readonly DigestItem[];
  unsubscribeUrl: string;
}

/** A digest covers two or more renewals; one renewal goes as its own mail. */
export function digestSubject(items: readonly DigestItem[]): string {
  const [first] = items;
  if (!first || items.length < 2) throw new RangeError('A digest covers two or more renewals');
  return `${items.length} renewals to review: ${first.reminder.title} and ${items.length - 1} more`;
}

type DigestSection = { kind: 'reminder'; fields: ReminderText } | { kind: 'savings'; fields: SavingsText };

type DigestView = {
  preview: string;
  fields: { firstName: string; unsubscribeUrl: string };
  items: readonly DigestSection[];
};

function DigestEmail({ preview, fields, items }: DigestView) {
  return (
    <Layout preview={preview} footer={DIGEST_FOOTER} unsubscribeUrl={fields.unsubscribeUrl}>
      <Greeting firstName={fields.firstName} />
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 ? <Hr /> : null}
          <Section>
            {item.kind === 'reminder' ? (
              <>
                <ReminderHeading text={item.fields} />
                <ReminderBody text={item.fields} />
              </>
            ) : (
              <>
                <Heading style={styles.heading}>{savingsSubject(item.fields.title)}</Heading>
                <SavingsBody text={item.fields} />
              </>
            )}
          </Section>
        </Fragment>
      ))}
    </Layout>
  );
}

function section(item: DigestItem): DigestSection {
  return item.kind === 'reminder'
    ? { kind: 'reminder', fields: reminderText(item.reminder, item.daysLeft, item.url, item.calendarUrl) }
    : { kind: 'savings', fields: savingsText(item.reminder, item.url) };
}

function digestView({ firstName, items, unsubscribeUrl }: DigestMailProps): DigestView {
  return {
    preview: digestSubject(items),
    fields: { firstName: greetingName(firstName), unsubscribeUrl },
    items: items.map(section),
  };
}

/**
 * One item of each shape (its strings are ignored): a reminder with and without an amount, each with
 * and without terms to state, and a follow-up.
 */
const sample = { id: '', title: '', provider: '', category: 'mortgage', renewal_date: '2000-01-01' } as const;
const ITEM_SHAPES = (
  [
    ...[0, null].flatMap((amount) =>
      [false, true].map((autoRenew): DigestItem => ({
        kind: 'reminder',
        reminder: { ...sample, amount, auto_renew: autoRenew },
        daysLeft: 0,
        url: '',
        calendarUrl: '',
      })),
    ),
    { kind: 'savings', reminder: sample, url: '' },
  ] satisfies DigestItem[]
).map(section);

const compiled = compileTemplate(DigestEmail, ITEM_SHAPES);

/** One mail for a user's several due mails: the frame and each item's section filled from compiled parts. */
export async function renderDigestMail(props: DigestMailProps) {
  const view = digestView(props);
  return { subject: view.preview, ...(await compiled.render(view)) };
}

/** The same mail rendered by React Email each time: what renderDigestMail must equal byte for byte. */
export function renderDigestMailDirect(props: DigestMailProps) {
  const view = digestView(props);
  return renderMail(view.preview, <DigestEmail {...view} />);
}
