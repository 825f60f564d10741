/**
 * The inbox's reading side, as types: what it is given (a raw mail, an uploaded file or pasted text),
 * the limits it reads within, and what it gives back: a document of text lines with the letter's own
 * sender, date and subject, or a typed reason it could not be read.
 */
import {
  MAX_ATTACHMENTS,
  MAX_DOCUMENT_BYTES,
  type UnreadableReason,
} from '../../../shared/inbox/unreadable.ts';

export type ReadInput =
  /** A whole RFC 822 mail as it arrived (SES receiving, the SMTP stand-in). */
  | { kind: 'mail'; raw: Uint8Array }
  /** An uploaded file: a PDF, a PNG or JPEG photo, a saved .eml mail or a .txt file. */
  | { kind: 'file'; name: string; mediaType: string; bytes: Uint8Array }
  /** Text the user pasted. */
  | { kind: 'text'; text: string };

export interface ReadLimits {
  /** The largest mail or file, in bytes. */
  maxBytes: number;
  /** The most attachments a mail may carry (inline pictures of an HTML mail are not counted). */
  maxAttachments: number;
  /** PDF pages read: a letter's first pages hold the renewal; the policy booklet after them is skipped. */
  pdfPagesRead: number;
  /** A PDF with more pages than this is refused: no letter is that long. */
  maxPdfPages: number;
  /** A photo's largest side and pixel count, checked from its header before it is decoded. */
  maxImageSide: number;
  maxImagePixels: number;
  /** The whole read, in milliseconds; past it the work is stopped and the result is 'timeout'. */
  timeMs: number;
  /** Text kept: characters and lines (the rest of a long document is dropped). */
  maxChars: number;
  maxLines: number;
  /** Where tesseract's English data is (a folder holding eng.traineddata.gz); by default its npm package. */
  ocrLangPath?: string;
}

export const DEFAULT_LIMITS: ReadLimits = {
  maxBytes: MAX_DOCUMENT_BYTES,
  maxAttachments: MAX_ATTACHMENTS,
  pdfPagesRead: 10,
  maxPdfPages: 500,
  maxImageSide: 10_000,
  maxImagePixels: 40_000_000,
  timeMs: 20_000,
  maxChars: 200_000,
  maxLines: 5_000,
};

/** The letter's own sender, date and subject: the forwarded mail's, else the mail's. */
export interface Origin {
  /** The sender's address, lower case. */
  address: string | null;
  /** The sender's display name. */
  name: string | null;
  /** The day it was sent, YYYY-MM-DD. */
  date: string | null;
  subject: string | null;
}

/** A part of the input that was read, or skipped with the reason. */
export interface PartNote {
  name: string;
  kind: 'body' | 'pdf' | 'image' | 'text' | 'mail' | 'other';
  /** Why it was not read, when it was not. */
  skipped?: string;
  /** The reason, when it could not be read (rather than was not meant to be). */
  reason?: UnreadableReason;
}

export interface InboxDocument {
  /** What was given: a mail (raw or an uploaded .eml), a PDF, a photo, or text. */
  kind: 'mail' | 'pdf' | 'image' | 'text';
  /**
   * The outer mail's From address, lower case: for a forwarded letter, whoever forwarded it (the
   * plumbing accepts mail only from the account's own address). Null for files and text.
   */
  sender: string | null;
  /**
   * The envelope's sender, from the Return-Path header the receiving server writes (SES does),
   * lower case; null when there is none, and for files and text.
   */
  envelopeSender: string | null;
  /** The outer mail's subject, as sent. */
  subject: string | null;
  origin: Origin;
  /** The text, one trimmed non-empty line each: the subject, the body, then each attachment read. */
  lines: string[];
  parts: PartNote[];
}

export type ReadResult =
  { ok: true; document: InboxDocument } | { ok: false; reason: UnreadableReason; detail: string };

/** A read stopped with its reason; thrown inside the reader and turned into a result at its edge. */
export class Unreadable extends Error {
  constructor(
    readonly reason: UnreadableReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const EMPTY_ORIGIN: Origin = { address: null, name: null, date: null, subject: null };
