/**
 * The renewal inbox as the API shows it: the user's own address to forward renewal letters to, and
 * the items read from what arrived there or was uploaded ('From your inbox'). Each item holds only
 * what was read (the fields and the line each came from), never the mail or the file itself, and
 * goes after INBOX_ITEM_DAYS, when dismissed, or with the account. Nothing from an item reaches a
 * reminder until the user confirms it ('Update {reminder}' or 'Add reminder').
 */
import * as z from 'zod';
import { dateSchema, MESSAGES, moneyAmount } from '../schemas/fields.ts';
import type { InboxFields } from './fields.ts';
import { MAX_DOCUMENT_BYTES } from './unreadable.ts';

export const INBOX_STATUSES = ['processing', 'ready', 'nothing_found', 'failed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_SOURCES = ['email', 'upload'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

/** Days an item is kept before it goes by itself (DynamoDB TTL on AWS; the list hides older ones). */
export const INBOX_ITEM_DAYS = 30;
/** Items a user's inbox takes in a day (London's day), mail and uploads together. */
export const INBOX_DAILY_LIMIT = 30;
/** A subject is kept to this length. */
export const INBOX_SUBJECT_MAX = 200;

export interface InboxItem {
  id: string;
  /** `processing` while a mail is read; then `ready` (something found), `nothing_found` or `failed`. */
  status: InboxStatus;
  received_at: string;
  source: InboxSource;
  /** The letter's own subject (a forwarded mail's, not the forward's), or an upload's file name; null for pasted text. */
  subject: string | null;
  /** What was read, each field null where not found, with the line it came from (`sources`). */
  fields: InboxFields;
  /** The user's reminder with the same provider and category, which 'Update' fills; null when none. */
  match: string | null;
  /** Why nothing could be used, in words ('We couldn't find a renewal date in this e-mail'); null when ready. */
  message: string | null;
}

export interface Inbox {
  /** The user's own forwarding address; null where the stage receives no mail. */
  address: string | null;
  /** Newest first. */
  items: InboxItem[];
}

/** The messages of the inbox's answers and refusals. */
export const INBOX_MESSAGES = {
  noDate: "We couldn't find a renewal date in this e-mail",
  noDateUpload: "We couldn't find a renewal date in this letter",
  itemNotFound: 'Inbox item not found',
  dailyLimit: `Your inbox takes ${INBOX_DAILY_LIMIT} letters a day: try again tomorrow`,
  textRequired: 'Paste the text of the letter',
  textTooLong: 'That is more text than a letter: paste the part about the renewal',
  fileTooLarge: `This is too big to read: the limit is ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`,
  fileType: 'Upload a PDF, a PNG or JPEG photo, an .eml e-mail or a text file',
  fileData: 'The file did not arrive whole: try again',
  notMatched: 'This item does not match that reminder',
} as const;

/** Pasted text: a letter, not a book. */
export const INBOX_TEXT_MAX = 50_000;

/** What an upload may be, by media type (a file's own type is checked again when it is read). */
export const INBOX_UPLOAD_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'message/rfc822',
  'text/plain',
] as const;

/** The largest file an upload carries, in bytes (base64 in JSON is a third more: within the API's limits). */
export const INBOX_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** The upload request's largest body: the file's base64, its name and type. */
export const INBOX_UPLOAD_BODY_MAX = Math.ceil((INBOX_UPLOAD_MAX_BYTES * 4) / 3) + 4096;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** 'Upload a letter': a file (base64) or pasted text. */
export const inboxUploadSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      text: z
        .string({ error: INBOX_MESSAGES.textRequired })
        .trim()
        .min(1, INBOX_MESSAGES.textRequired)
        .max(INBOX_TEXT_MAX, INBOX_MESSAGES.textTooLong),
    }),
    z.object({
      kind: z.literal('file'),
      name: z.string().trim().min(1).max(INBOX_SUBJECT_MAX),
      media_type: z.enum(INBOX_UPLOAD_TYPES, { error: INBOX_MESSAGES.fileType }),
      data: z
        .string()
        .max(Math.ceil((INBOX_UPLOAD_MAX_BYTES * 4) / 3) + 4, INBOX_MESSAGES.fileTooLarge)
        .refine((v) => v.length > 0 && v.length % 4 === 0 && BASE64.test(v), INBOX_MESSAGES.fileData),
    }),
  ],
  { error: 'Upload a file or paste the text' },
);
export type InboxUpload = z.infer<typeof inboxUploadSchema>;

/**
 * 'Update {reminder}': the new term's date and the renewal price (kept as the renewal offer, a quote
 * marked so), both as the user confirmed them; last year's price fills the reminder's amount only
 * where it has none.
 */
export const inboxApplySchema = z.object({
  reminder_id: z.string().uuid('Choose one of your reminders'),
  renewal_date: dateSchema(MESSAGES.renewalDateInvalid),
  renewal_price: moneyAmount,
  previous_amount: moneyAmount,
});
export type InboxApply = z.output<typeof inboxApplySchema>;

/** Path parameter {id} of an inbox item. */
export const inboxItemParamSchema = z.object({ id: z.string().uuid(INBOX_MESSAGES.itemNotFound) });
