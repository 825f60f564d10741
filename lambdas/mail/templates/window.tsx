import { Button, Heading, Link, Text } from '@react-email/components';
import {
  windowSubject,
  windowView,
  type WindowMailProps,
  type WindowText,
  type WindowView,
} from '../window.ts';
import { Greeting, Layout, RENEWAL_FOOTER, renderMail, styles } from './layout.tsx';

export function WindowHeading({ text }: { text: WindowText }) {
  return <Heading style={styles.heading}>{text.headline}</Heading>;
}

/** The renewal, the late note, the range and tip, the source and the button: what follows the heading. */
export function WindowBody({ text }: { text: WindowText }) {
  return (
    <>
      <Text style={styles.text}>
        {text.renewal}
        {text.lateNote !== null ? ` ${text.lateNote}` : ''}
      </Text>
      {text.range !== null || text.tip !== null ? (
        <Text style={styles.text}>
          {text.range ?? ''}
          {text.range !== null && text.tip !== null ? ' ' : ''}
          {text.tip ?? ''}
        </Text>
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
    <Layout preview={preview} footer={RENEWAL_FOOTER} unsubscribeUrl={fields.unsubscribeUrl}>
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
