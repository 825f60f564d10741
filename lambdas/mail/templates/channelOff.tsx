import { Button, Text } from '@react-email/components';
import {
  channelOffSubject,
  channelOffView,
  type ChannelOffProps,
  type ChannelOffView,
} from '../channelOff.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';

export function ChannelOffEmail({ preview, fields }: ChannelOffView) {
  return (
    <Layout
      preview={preview}
      footer="You get this because you turned on renewal alerts there in Renewal Reminders."
      unsubscribeUrl={fields.unsubscribeUrl}
    >
      <Greeting firstName={fields.firstName} />
      <Text style={styles.text}>
        {`We have stopped sending your renewal alerts to ${fields.channel}: ${fields.reason}.`}
      </Text>
      <Text style={styles.text}>
        Your reminder e-mails are not affected. To get alerts there again, set it up once more in Settings.
      </Text>
      <Button href={fields.settingsUrl} style={styles.button}>
        Open Settings
      </Button>
    </Layout>
  );
}

/** The mail rendered by React Email: what renderChannelOff must equal byte for byte. */
export function renderChannelOffDirect(props: ChannelOffProps) {
  return renderMail(channelOffSubject(props.kind), <ChannelOffEmail {...channelOffView(props)} />);
}
