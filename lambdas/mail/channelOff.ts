/**
 * The mail that says an alert channel was turned off: its service said it is gone (a webhook's or
 * ntfy server's 410, Telegram's 'bot was blocked' or 'chat not found'), so the day's messages
 * stopped there. A short plain mail (three sentences and a link), written here rather than compiled
 * from a template: the senders send it, and their bundle has no room for another template's plans.
 */
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { CHANNEL_NAMES, type ChannelKind } from '../../shared/channels/kinds.ts';
import { escapeHtml } from './fill/escape.ts';
import { greetingName } from './greeting.ts';

export interface ChannelOffProps {
  firstName: string;
  kind: ChannelKind;
  /** What the service said, in words ('Telegram says the bot was blocked or the chat is gone'). */
  reason: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export const channelOffSubject = (kind: ChannelKind) => `${CHANNEL_NAMES[kind]} alerts are off`;

/** The mail's paragraphs, shared by its text and its HTML. */
export function channelOffParagraphs(props: ChannelOffProps): string[] {
  return [
    `Hi ${greetingName(props.firstName)},`,
    `We have stopped sending your renewal alerts to ${CHANNEL_NAMES[props.kind]}: ${props.reason}.`,
    'Your reminder e-mails are not affected. To get alerts there again, set it up once more in Settings.',
  ];
}

export function renderChannelOff(props: ChannelOffProps): { subject: string; html: string; text: string } {
  const paragraphs = channelOffParagraphs(props);
  const footer = `You get this because you turned on renewal alerts there in ${PRODUCT_NAME}.`;
  const text = [
    ...paragraphs,
    `Open Settings: ${props.settingsUrl}`,
    footer,
    `Unsubscribe from reminder e-mails: ${props.unsubscribeUrl}`,
  ].join('\n\n');
  // Plain markup: the mail client's own styles.
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"></head><body>' +
    paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(props.settingsUrl)}">Open Settings</a></p>` +
    `<p><small>${escapeHtml(footer)} <a href="${escapeHtml(props.unsubscribeUrl)}">Unsubscribe from reminder e-mails</a></small></p>` +
    '</body></html>';
  return { subject: channelOffSubject(props.kind), html, text };
}
