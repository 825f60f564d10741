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
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, renewal, site, source } from './shapes.ts';
import { ReminderBody, ReminderHeading } from './reminder.tsx';
import { SavingsBody } from './savingsFollowUp.tsx';
import { WindowBody, WindowHeading } from './window.tsx';
import { actionWindows } from '../../../shared/reminder/windows.ts';

export function DigestEmail({ preview, fields, items }: DigestView) {
  return (
    <Layout preview={preview} footer={fields.footer} unsubscribeUrl={fields.unsubscribeUrl}>
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
 * One item of each shape (its strings are ignored): a reminder with and without facts after its date,
 * each with and without a quote; a follow-up with and without a shared reminder's people; a window
 * with and without advice and a quote, each on the quote day (with the comparison sites) and not.
 */
const sample = { id: '', title: '', provider: '', category: 'mortgage', renewal_date: '2000-01-01' } as const;
const member = { membershipId: '', names: {} };
const noted = [null, { provider: '', price: 0 }];
const [quotes] = actionWindows({ category: 'insurance', renewal_date: '2000-01-01' });
const windowShapes = [null, quotes!.range].flatMap((range) =>
  noted.flatMap((quote) =>
    [false, true].map((compareQuotes): DigestItem => ({
      kind: 'window',
      reminder: sample,
      window: { ...quotes!, range, tip: null, compareQuotes },
      late: false,
      quote,
      url: '',
    })),
  ),
);
export const DIGEST_ITEM_SHAPES = (
  [
    ...[0, null].flatMap((amount) =>
      noted.map((quote): DigestItem => ({
        kind: 'reminder',
        reminder: { ...sample, amount },
        daysLeft: 0,
        quote,
        url: '',
        calendarUrl: '',
      })),
    ),
    ...[false, true].map((shared): DigestItem => ({
      kind: 'savings',
      reminder: { ...sample, shared },
      member,
      url: '',
    })),
    ...windowShapes,
  ] satisfies DigestItem[]
).map(digestSection);

/** The digest rendered by React Email: what renderDigestMail must equal byte for byte. */
export function renderDigestMailDirect(props: DigestMailProps) {
  const view = digestView(props);
  return renderMail(view.preview, <DigestEmail {...view} />);
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  digest: source(
    DigestEmail,
    frameShapes(
      digestView({
        firstName: 'Ann',
        items: [
          { kind: 'savings', reminder: renewal, url: site },
          { kind: 'savings', reminder: renewal, url: site },
        ],
        unsubscribeUrl: site,
      }),
    ),
    DIGEST_ITEM_SHAPES,
  ),
};
