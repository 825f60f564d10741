/**
 * A raw mail as text lines, through postal-mime. The outer From and subject are kept as they are
 * (who forwarded it); the letter's own sender, date and subject come from the forwarded block in the
 * body, or from a mail forwarded as an attachment, or else from the mail's own headers. The HTML body
 * is preferred (providers' plain-text parts are often a stub), then each attachment is read in turn.
 *
 * Refused whole: over the size limit, more attachments than the limit, any archive (we never unpack
 * one), no mail headers at all. An attachment that cannot be read is skipped and noted.
 */
import PostalMime, { type Attachment, type Email } from 'postal-mime';
import { plainSubject, toLines } from './lines.ts';
import { headerDay, unwrapForwarded } from './forwarded.ts';
import { htmlToText } from './html.ts';
import {
  EMPTY_ORIGIN,
  Unreadable,
  type InboxDocument,
  type Origin,
  type PartNote,
  type ReadLimits,
} from './document.ts';
import { sniff } from './sniff.ts';

/** A mail as read: the outer sender and subject, the letter's origin, its lines and parts. */
export type MailRead = Omit<InboxDocument, 'kind'>;

/** How the caller reads an attached file (a PDF or a photo): its lines, or Unreadable. */
export type ReadAttachment = (file: {
  name: string;
  bytes: Uint8Array;
  kind: 'pdf' | 'image';
}) => Promise<string[]>;

/** A mail forwarded inside a mail inside a mail: deeper than this is not opened. */
const MAX_DEPTH = 3;
/** Below this much body text, a mail is taken to be a photo pasted into a message. */
const PHOTO_ONLY_BODY = 80;

const ARCHIVE_TYPES = /zip|compressed|x-7z|x-rar|x-tar|gzip|x-bzip|java-archive|vnd\.rar|x-xz/i;
const ARCHIVE_NAMES = /\.(zip|7z|rar|gz|tgz|tar|bz2|xz|jar|cab|iso|zipx)$/i;

const bytesOf = (content: Attachment['content']): Uint8Array =>
  typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);

const header = (email: Email, key: string) => email.headers.find((h) => h.key === key)?.value ?? null;

function firstMailbox(email: Email): { name: string | null; address: string | null } {
  const from = email.from;
  const mailbox = from?.group ? from.group[0] : from;
  if (!mailbox?.address) return { name: mailbox?.name || null, address: null };
  return { name: mailbox.name || null, address: mailbox.address.toLowerCase() };
}

export async function readMail(
  raw: Uint8Array,
  limits: ReadLimits,
  readAttachment: ReadAttachment,
  depth = 0,
): Promise<MailRead> {
  if (raw.byteLength > limits.maxBytes)
    throw new Unreadable('too_large', `The mail is ${raw.byteLength} bytes; the limit is ${limits.maxBytes}`);
  let email: Email;
  try {
    email = await PostalMime.parse(raw, {
      // A forwarded-as-attachment mail is opened here, with its own headers, not merged into the body.
      forceRfc822Attachments: true,
      attachmentEncoding: 'arraybuffer',
      maxNestingDepth: 32,
      maxHeadersSize: 256 * 1024,
    });
  } catch {
    throw new Unreadable('malformed', 'Not a readable mail');
  }
  if (email.headers.length === 0 || (!email.from && !email.subject && !email.date))
    throw new Unreadable('malformed', 'No mail headers');

  const attachments = email.attachments;
  // Pictures an HTML body shows inline (logos, banners) are part of the body, not attachments.
  const attached = attachments.filter((a) => !a.related || a.disposition === 'attachment');
  if (attached.length > limits.maxAttachments)
    throw new Unreadable(
      'too_many_attachments',
      `The mail has ${attached.length} attachments; the limit is ${limits.maxAttachments}`,
    );
  for (const a of attachments) {
    const bytes = bytesOf(a.content);
    if (ARCHIVE_TYPES.test(a.mimeType) || ARCHIVE_NAMES.test(a.filename ?? '') || sniff(bytes) === 'archive')
      throw new Unreadable('archive', `The mail carries an archive (${a.filename ?? a.mimeType})`);
  }

  const html = email.html ? htmlToText(email.html) : '';
  const body = html !== '' ? html : (email.text ?? '');
  const unwrapped = unwrapForwarded(toLines(body, limits.maxLines));
  const own: Origin = {
    ...firstMailbox(email),
    date: headerDay(header(email, 'date') ?? ''),
    subject: plainSubject(email.subject),
  };
  let origin: Origin = unwrapped.origin ? { ...EMPTY_ORIGIN, ...unwrapped.origin } : own;
  const subject = origin.subject ?? own.subject;
  const lines = [...(subject ? [subject] : []), ...unwrapped.lines];
  const parts: PartNote[] = [{ name: 'body', kind: 'body' }];
  const bodyChars = unwrapped.lines.join('').length;

  // Files opened (PDFs, photos, mails): at most as many as a mail may attach, inline pictures included.
  let opened = 0;
  for (const a of attachments) {
    const name = a.filename ?? a.mimeType;
    const bytes = bytesOf(a.content);
    const type = a.mimeType.toLowerCase();
    const kind = sniff(bytes);
    // An inline picture is read only when the mail is little more than that picture.
    if (
      (kind === 'png' || kind === 'jpeg') &&
      a.related &&
      a.disposition !== 'attachment' &&
      bodyChars >= PHOTO_ONLY_BODY
    ) {
      parts.push({ name, kind: 'image', skipped: 'a picture in the message' });
      continue;
    }
    const opens =
      type === 'message/rfc822' ||
      /\.eml$/i.test(name) ||
      kind === 'pdf' ||
      kind === 'png' ||
      kind === 'jpeg';
    if (opens && opened >= limits.maxAttachments) {
      parts.push({ name, kind: 'other', skipped: `more than ${limits.maxAttachments} files` });
      continue;
    }
    if (opens) opened++;
    try {
      if (type === 'message/rfc822' || /\.eml$/i.test(name)) {
        if (depth + 1 >= MAX_DEPTH) {
          parts.push({ name, kind: 'mail', skipped: 'forwarded too many times over' });
          continue;
        }
        const inner = await readMail(bytes, limits, readAttachment, depth + 1);
        // A letter forwarded as an attachment: its own headers are the letter's.
        if (!unwrapped.origin) origin = inner.origin;
        lines.push(...inner.lines);
        parts.push({ name, kind: 'mail' }, ...inner.parts.filter((p) => p.kind !== 'body'));
      } else if (kind === 'pdf') {
        lines.push(...(await readAttachment({ name, bytes, kind: 'pdf' })));
        parts.push({ name, kind: 'pdf' });
      } else if (kind === 'png' || kind === 'jpeg') {
        lines.push(...(await readAttachment({ name, bytes, kind: 'image' })));
        parts.push({ name, kind: 'image' });
      } else if (type === 'text/plain' && kind === 'text') {
        lines.push(...toLines(new TextDecoder().decode(bytes), limits.maxLines));
        parts.push({ name, kind: 'text' });
      } else if (type === 'text/html' && kind === 'text') {
        lines.push(...toLines(htmlToText(new TextDecoder().decode(bytes)), limits.maxLines));
        parts.push({ name, kind: 'text' });
      } else {
        parts.push({ name, kind: 'other', skipped: 'not a kind of file we read' });
      }
    } catch (error) {
      // The time limit ends the whole read; any other failure skips this attachment only.
      if (error instanceof Unreadable && error.reason === 'timeout') throw error;
      parts.push({
        name,
        kind: kind === 'pdf' ? 'pdf' : kind === 'png' || kind === 'jpeg' ? 'image' : 'other',
        skipped: error instanceof Unreadable ? error.detail : 'could not be read',
        reason: error instanceof Unreadable ? error.reason : 'malformed',
      });
    }
  }

  return {
    sender: firstMailbox(email).address,
    envelopeSender: email.returnPath?.replace(/^<|>$/g, '').trim().toLowerCase() || null,
    subject: email.subject ?? null,
    origin,
    lines,
    parts,
  };
}
