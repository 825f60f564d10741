import type { EmailType, SendIdentity } from '../../shared/emailTypes.ts';
import { env } from '../runtime/env.ts';
import { unsubscribeUrls } from '../runtime/signingKey.ts';
import type { OutgoingMail } from './send.ts';

/** An absolute link into the site, for the buttons of product mails. */
export const siteLink = (path: string) => new URL(path, env().SITE_URL).toString();

export interface Recipient {
  userId: string;
  email: string;
}

export interface MailIdentity {
  type: EmailType;
  dedupeKey: string;
  reminderId: string | null;
  daysBefore: number | null;
  /** Put before the rendered subject ('[Test] '). */
  subjectPrefix?: string;
}

type Render = (links: { unsubscribeUrl: string }) => Promise<{ subject: string; html: string; text: string }>;

/** A product mail ready for deliverOnce: what identifies it (its claim) and what goes to SES. */
export interface ComposedMail {
  identity: SendIdentity;
  mail: OutgoingMail;
}

/**
 * Assembles a product mail: the recipient's signed unsubscribe links (the page link in the body, the
 * one-click URL in the List-Unsubscribe headers), the rendered template, the type tag, and the send
 * identity its claim is made under.
 */
export async function composeMail(
  recipient: Recipient,
  what: MailIdentity,
  render: Render,
): Promise<ComposedMail> {
  const urls = await unsubscribeUrls(recipient.userId);
  const rendered = await render({ unsubscribeUrl: urls.page });
  const subject = `${what.subjectPrefix ?? ''}${rendered.subject}`;
  return {
    identity: {
      dedupeKey: what.dedupeKey,
      emailType: what.type,
      userId: recipient.userId,
      reminderId: what.reminderId,
      daysBefore: what.daysBefore,
      toEmail: recipient.email,
      subject,
    },
    mail: {
      to: recipient.email,
      subject,
      html: rendered.html,
      text: rendered.text,
      oneClickUnsubscribeUrl: urls.oneClick,
      tags: { type: what.type },
    },
  };
}
