import type { MessageHeader } from '@aws-sdk/client-sesv2';
import { sesClient } from '../runtime/clients.ts';
import { env } from '../runtime/env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** RFC 8058 one-click unsubscribe URL (List-Unsubscribe + List-Unsubscribe-Post). */
  oneClickUnsubscribeUrl?: string;
  tags?: Record<string, string>;
}

/**
 * Sends one mail through SES v2 (and the stage's configuration set); returns the SES message id.
 * Every product mail is marked automatic (RFC 3834), so out-of-office replies are not sent back.
 */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const headers: MessageHeader[] = [
    { Name: 'Auto-Submitted', Value: 'auto-generated' },
    ...(mail.oneClickUnsubscribeUrl
      ? [
          { Name: 'List-Unsubscribe', Value: `<${mail.oneClickUnsubscribeUrl}>` },
          { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
        ]
      : []),
  ];
  const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const result = await (
    await sesClient()
  ).send(
    new SendEmailCommand({
      FromEmailAddress: env().EMAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      ConfigurationSetName: env().SES_CONFIGURATION_SET,
      EmailTags: Object.entries(mail.tags ?? {}).map(([Name, Value]) => ({ Name, Value })),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          Headers: headers,
        },
      },
    }),
  );
  return result.MessageId ?? '';
}
