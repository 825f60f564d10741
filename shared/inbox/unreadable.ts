/**
 * Why the inbox could not read what it was given, each with the sentence the user sees. A document
 * that cannot be read is an answer, never an error: the user is told why and can type the renewal in.
 */
/** The largest mail or file the inbox reads; the upload form checks it before sending. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** The most attachments one mail may carry. */
export const MAX_ATTACHMENTS = 5;

export const UNREADABLE = {
  too_large: `This is too big to read: the limit is ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`,
  too_many_attachments: 'This e-mail has too many attachments to read: forward the letter on its own.',
  archive: 'We do not open zip or other archive files: forward or upload the letter itself.',
  unsupported: 'We can read e-mails, PDFs, PNG and JPEG photos, and text: this is none of those.',
  malformed: 'This file is damaged or not what its name says, so it could not be read.',
  too_many_pages: 'This PDF has too many pages to be a letter: upload the letter on its own.',
  image_too_large:
    'This photo is too large to read: take it again at a lower resolution or crop it to the letter.',
  encrypted: 'This PDF is protected by a password, so it could not be read.',
  timeout: 'This took too long to read: try a clearer photo, a smaller file or paste the text.',
  no_text: 'No text could be found in this: try a clearer photo or paste the text.',
} as const;

export type UnreadableReason = keyof typeof UNREADABLE;
export const UNREADABLE_REASONS = Object.keys(UNREADABLE) as [UnreadableReason, ...UnreadableReason[]];
