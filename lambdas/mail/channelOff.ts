/**
 * The mail that says an alert channel was turned off: its service said it is gone (a webhook's or
 * ntfy server's 410, Telegram's 'bot was blocked' or 'chat not found'), so the day's messages
 * stopped there. Filled into the template compiled at build time (templates/channelOff.tsx is the
 * React Email source, plans/channelOff.ts its plans).
 */
import { CHANNEL_MESSAGES, CHANNEL_NAMES, type ChannelKind } from '../../shared/channels/kinds.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/channelOff.ts';

export interface ChannelOffProps {
  firstName: string;
  kind: ChannelKind;
  /** What the service said, in words. */
  reason: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export const channelOffSubject = (kind: ChannelKind) => CHANNEL_MESSAGES.goneSubject(CHANNEL_NAMES[kind]);

export type ChannelOffView = {
  preview: string;
  fields: { firstName: string; channel: string; reason: string; settingsUrl: string; unsubscribeUrl: string };
};

export const channelOffView = (props: ChannelOffProps): ChannelOffView => ({
  preview: channelOffSubject(props.kind),
  fields: {
    firstName: greetingName(props.firstName),
    channel: CHANNEL_NAMES[props.kind],
    reason: props.reason,
    settingsUrl: props.settingsUrl,
    unsubscribeUrl: props.unsubscribeUrl,
  },
});

const template = prebuiltTemplate<ChannelOffView>(plans);

export async function renderChannelOff(props: ChannelOffProps) {
  return { subject: channelOffSubject(props.kind), ...(await template.render(channelOffView(props))) };
}
