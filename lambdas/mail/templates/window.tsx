import { Fragment } from 'react';
import { Button, Heading, Link, Text } from '@react-email/components';
import {
  windowSubject,
  windowView,
  type WindowMailProps,
  type WindowText,
  type WindowView,
} from '../window.ts';
import { actionWindows, QUOTE_SITES } from '../../../shared/reminder/windows.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, renewal, site, source } from './shapes.ts';

export function WindowHeading({ text }: { text: WindowText }) {
  return <Heading style={styles.heading}>{text.headline}</Heading>;
}

/** One kind of insurance's comparison sites, as links: 'Car insurance: Compare the Market · …'. */
function CompareLine({ label, sites }: { label: string; sites: readonly { name: string; url: string }[] }) {
  return (
    <Text style={styles.text}>
      {`${label}: `}
      {sites.map((site, i) => (
        <Fragment key={site.url}>
          {i > 0 ? ' · ' : ''}
          <Link href={site.url}>{site.name}</Link>
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * The renewal (with a late note and a shared reminder's people), the range and tip, the cheapest
 * quote, on the quote day the comparison sites, the button and the source: what follows the heading.
 */
export function WindowBody({ text }: { text: WindowText }) {
  return (
    <>
      <Text style={styles.text}>{text.renewal}</Text>
      {text.advice !== null ? <Text style={styles.text}>{text.advice}</Text> : null}
      {text.quote !== null ? <Text style={styles.text}>{text.quote}</Text> : null}
      {text.compare !== null ? (
        <>
          <Text style={styles.text}>{text.compare}</Text>
          <CompareLine label="Car insurance" sites={QUOTE_SITES.car} />
          <CompareLine label="Home insurance" sites={QUOTE_SITES.home} />
        </>
      ) : null}
      <Button href={text.url} style={styles.button}>
        Open this reminder
      </Button>
      <Text style={styles.muted}>
        {'Source: '}
        <Link href={text.sourceUrl}>{text.sourceName}</Link>
      </Text>
    </>
  );
}

export function WindowEmail({ preview, fields }: WindowView) {
  return (
    <Layout preview={preview} footer={fields.footer} unsubscribeUrl={fields.unsubscribeUrl}>
      <WindowHeading text={fields} />
      <Greeting firstName={fields.firstName} />
      <WindowBody text={fields} />
    </Layout>
  );
}

/** The window mail rendered by React Email: what renderWindowMail must equal byte for byte. */
export function renderWindowMailDirect(props: WindowMailProps) {
  return renderMail(windowSubject(props), <WindowEmail {...windowView(props)} />);
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  window: source(
    WindowEmail,
    frameShapes(
      windowView({
        firstName: 'Ann',
        reminder: renewal,
        window: actionWindows(renewal)[0]!,
        late: true,
        url: site,
        unsubscribeUrl: site,
      }),
      { nullable: ['advice', 'quote', 'compare'] },
    ),
  ),
};
