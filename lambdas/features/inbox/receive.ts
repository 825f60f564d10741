/**
 * The renewal inbox's use cases: a mail that arrived at a user's address (SES receiving on AWS, the
 * SMTP stand-in locally, by the same code) and a letter uploaded on the site each become one item
 * of what was read. Only mail from the account's own address is taken; on AWS its SPF or DKIM must
 * pass and SES's spam and virus scans must not fail. A mail delivered twice makes one item (its id
 * is derived from the delivery), and a day takes at most INBOX_DAILY_LIMIT items.
 */
import { createHash, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { todayIn, UK_ZONE } from '../../../shared/dates.ts';
import { NO_FIELDS, type InboxFields } from '../../../shared/inbox/fields.ts';
import {
  INBOX_MESSAGES,
  INBOX_SUBJECT_MAX,
  type InboxItem,
  type InboxSource,
  type InboxUpload,
} from '../../../shared/inbox/items.ts';
import { UNREADABLE } from '../../../shared/inbox/unreadable.ts';
import type { Profile } from '../../../shared/api.ts';
import { inboxLetter } from '../../../shared/reminder/mails/inboxLetter.ts';
import { sendOnEvent } from '../engine/eventMail.ts';
import { composeMail, siteLink } from '../../mail/compose.ts';
import { renderInboxLetter } from '../../mail/inboxLetter.ts';
import { AccountGoneError } from '../../store/liveAccount.ts';
import { getProfile, inboxOwner, storeInboxItem, type StoreOutcome } from '../../store/account/index.ts';
import { getReminder, listReminders } from '../../store/reminders/index.ts';
import { readAndExtract, type ReadAndExtractResult } from './index.ts';
import { matchingReminder } from './match.ts';

export interface InboundMail {
  /** The whole RFC 822 mail. */
  raw: Uint8Array;
  /** The envelope recipients the receiving server accepted. */
  recipients: readonly string[];
  /** MAIL FROM. */
  envelopeFrom: string;
  /** SES's verdicts on AWS (receipt.spfVerdict.status and the others); null locally. */
  verdicts: { spf: string; dkim: string; spam: string; virus: string; dmarc: string } | null;
  /** A stable id of this delivery (SES's mail.messageId, the stand-in's own): a redelivery makes no second item. */
  deliveryId: string;
}

export type ReceiveOutcome =
  { outcome: Exclude<StoreOutcome, 'gone'>; itemId: string } | { outcome: 'refused'; reason: string };

const sameAddress = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** SES's checks: the sender's domain vouched for it (SPF or DKIM), and neither scan found harm. */
function passesChecks(verdicts: InboundMail['verdicts']): boolean {
  if (verdicts === null) return true;
  const harmful = verdicts.spam === 'FAIL' || verdicts.virus === 'FAIL';
  return !harmful && (verdicts.dkim === 'PASS' || verdicts.spf === 'PASS');
}

/** An item id derived from the delivery (UUID-shaped, as the routes take ids), the same each time. */
function deliveryItemId(userId: string, deliveryId: string): string {
  const hex = createHash('sha256').update(`inbox:${userId}:${deliveryId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const cut = (text: string | null | undefined) =>
  text ? text.replace(/\s+/g, ' ').trim().slice(0, INBOX_SUBJECT_MAX) || null : null;

/** The item for what was read: ready with a renewal date, else nothing found; failed when unreadable. */
async function itemOf(
  userId: string,
  id: string,
  source: InboxSource,
  result: ReadAndExtractResult,
  subject: string | null,
  now: Date,
): Promise<InboxItem> {
  const base = { id, received_at: now.toISOString(), source, subject };
  if (!result.ok)
    return { ...base, status: 'failed', fields: NO_FIELDS, match: null, message: UNREADABLE[result.reason] };
  const fields: InboxFields = result.fields;
  const match = matchingReminder(fields, await listReminders(userId));
  if (fields.renewal_date === null) {
    const message = source === 'email' ? INBOX_MESSAGES.noDate : INBOX_MESSAGES.noDateUpload;
    return { ...base, status: 'nothing_found', fields, match, message };
  }
  return { ...base, status: 'ready', fields, match, message: null };
}

/** A mail that arrived at an inbox address: one item for its owner, or a refusal with the reason. */
export async function receiveMail(mail: InboundMail, now = new Date()): Promise<ReceiveOutcome> {
  let userId: string | undefined;
  for (const recipient of mail.recipients) {
    userId = await inboxOwner(recipient);
    if (userId) break;
  }
  if (!userId) return { outcome: 'refused', reason: 'no inbox at that address' };
  const profile = await getProfile(userId);
  if (!profile) return { outcome: 'refused', reason: 'no inbox at that address' };
  if (!passesChecks(mail.verdicts)) return { outcome: 'refused', reason: 'the sender could not be verified' };

  const zone = profile.timezone || UK_ZONE;
  const result = await readAndExtract(
    { kind: 'mail', raw: mail.raw },
    { today: todayIn(zone, DateTime.fromJSDate(now)), accountAddress: profile.email },
  );
  // Only the account's own address: the mail's From when it could be read, else the envelope's.
  const sender = result.ok ? result.document.sender : mail.envelopeFrom;
  if (!sameAddress(sender, profile.email))
    return { outcome: 'refused', reason: 'not from the account’s address' };

  const id = deliveryItemId(userId, mail.deliveryId);
  const subject = result.ok ? cut(result.document.origin.subject ?? result.document.subject) : null;
  const item = await itemOf(userId, id, 'email', result, subject, now);
  const stored = await storeInboxItem(userId, item, todayIn(UK_ZONE, DateTime.fromJSDate(now)), now);
  if (stored === 'gone') return { outcome: 'refused', reason: 'no inbox at that address' };
  if (stored === 'stored' && item.status === 'ready' && profile.reminder_emails)
    await mailLetterRead(profile, item, now);
  return { outcome: stored, itemId: id };
}

/**
 * 'Your renewal inbox received a letter' for an item that filled in a renewal: once per item (a
 * redelivery stores no second item, and the claim holds against a retried invocation), to an
 * account that takes reminder e-mails (its unsubscribe link turns this mail off with them).
 */
async function mailLetterRead(profile: Profile, item: InboxItem, now: Date): Promise<void> {
  const renewalDate = item.fields.renewal_date;
  if (renewalDate === null) return;
  await sendOnEvent(
    'Inbox letter mail',
    async () => {
      const matched = item.match === null ? undefined : await getReminder(profile.user_id, item.match);
      return composeMail(
        { userId: profile.user_id, email: profile.email },
        {
          type: inboxLetter.type,
          dedupeKey: inboxLetter.dedupeKey(item.id),
          reminderId: matched?.id ?? null,
          daysBefore: null,
        },
        ({ unsubscribeUrl }) =>
          renderInboxLetter({
            firstName: profile.first_name,
            provider: item.fields.provider,
            renewalDate,
            reminderTitle: matched?.title ?? null,
            dashboardUrl: siteLink('/dashboard'),
            unsubscribeUrl,
          }),
      );
    },
    () => now,
  );
}

/** 'Upload a letter': read now; the item says what was found. 'limited' when the day is full. */
export async function uploadLetter(
  userId: string,
  upload: InboxUpload,
  now = new Date(),
): Promise<{ item: InboxItem } | { limited: true }> {
  const profile = await getProfile(userId);
  if (!profile) throw new AccountGoneError();
  const today = todayIn(profile.timezone || UK_ZONE, DateTime.fromJSDate(now));
  const options = { today, accountAddress: profile.email };
  const result =
    upload.kind === 'text'
      ? await readAndExtract({ kind: 'text', text: upload.text }, options)
      : await readAndExtract(
          {
            kind: 'file',
            name: upload.name,
            mediaType: upload.media_type,
            bytes: new Uint8Array(Buffer.from(upload.data, 'base64')),
          },
          options,
        );
  const subject =
    upload.kind === 'file' ? cut(upload.name) : result.ok ? cut(result.document.origin.subject) : null;
  const item = await itemOf(userId, randomUUID(), 'upload', result, subject, now);
  const stored = await storeInboxItem(userId, item, todayIn(UK_ZONE, DateTime.fromJSDate(now)), now);
  if (stored === 'gone') throw new AccountGoneError();
  return stored === 'limited' ? { limited: true } : { item };
}
