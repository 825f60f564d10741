import { Fragment } from 'react';
import { Heading, Hr, Section } from '@react-email/components';
import {
  digestSection,
  digestView,
  type DigestItem,
  type DigestMailProps,
  type DigestView,
} from '../digest.ts';
import { savingsSubject } from '../savingsFollowUp.ts';
import { DIGEST_FOOTER, Greeting, Layout, renderMail, styles } from './layout.tsx';
import { ReminderBody, ReminderHeading } from './reminder.tsx';
import { SavingsBody } from './savingsFollowUp.tsx';
import { WindowBody, WindowHeading } from './window.tsx';
import { actionWindows } from '../../../shared/reminder/windows.ts';

export function DigestEmail({ preview, fields, items }: DigestView) {
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
            ) : item.kind === 'window' ? (
              <>
                <WindowHeading text={item.fields} />
                <WindowBody text={item.fields} />
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

/**
 * One item of each shape (its strings are ignored): a reminder with and without an amount, each with
 * and without terms to state, a follow-up, and a window with and without each of its late note, range
 * and tip.
 */
const sample = { id: '', title: '', provider: '', category: 'mortgage', renewal_date: '2000-01-01' } as const;
const [quotes] = actionWindows({ category: 'insurance', renewal_date: '2000-01-01' });
const windowShapes = [false, true].flatMap((late) =>
  [null, quotes!.range].flatMap((range) =>
    [null, 'tip'].map((tip): DigestItem => ({
      kind: 'window',
      reminder: sample,
      window: { ...quotes!, range, tip },
      late,
      url: '',
    })),
  ),
);
export const DIGEST_ITEM_SHAPES = (
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
    ...windowShapes,
  ] satisfies DigestItem[]
).map(digestSection);

/** The digest rendered by React Email: what renderDigestMail must equal byte for byte. */
export function renderDigestMailDirect(props: DigestMailProps) {
  const view = digestView(props);
  return renderMail(view.preview, <DigestEmail {...view} />);
}
