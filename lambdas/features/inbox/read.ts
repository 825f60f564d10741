/**
 * `readDocument`: whatever the user sent (a raw mail, an uploaded file, pasted text) as text lines,
 * or a typed reason it could not be read. It never throws and never runs past its time limit: every
 * failure inside becomes `{ ok: false, reason, detail }`.
 *
 * A file is taken for what its bytes are, not what its name or declared type says. PDFs and photos
 * load their readers (unpdf, tesseract.js) on first use, so reading a mail loads neither.
 */
import { Deadline } from './deadline.ts';
import {
  DEFAULT_LIMITS,
  EMPTY_ORIGIN,
  Unreadable,
  type InboxDocument,
  type ReadInput,
  type ReadLimits,
  type ReadResult,
} from './document.ts';
import { toLines } from './lines.ts';
import { readMail, type ReadAttachment } from './mail.ts';
import type { Ocr } from './ocr.ts';
import { jpegDimensions, pngDimensions, sniff } from './sniff.ts';

/** A saved mail, when no name or type says so: it starts with mail headers. */
const MAIL_START =
  /^(?:received|return-path|from|delivered-to|mime-version|message-id|date|x-[\w-]+|to|subject)\s*:/i;

/** A photo's size from its header, refused before decoding when it is too big. */
function checkImage(bytes: Uint8Array, kind: 'png' | 'jpeg', limits: ReadLimits): void {
  const size = kind === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
  if (!size || size.width === 0 || size.height === 0)
    throw new Unreadable('malformed', `The ${kind.toUpperCase()} has no readable size`);
  if (
    size.width > limits.maxImageSide ||
    size.height > limits.maxImageSide ||
    size.width * size.height > limits.maxImagePixels
  )
    throw new Unreadable('image_too_large', `The image is ${size.width} × ${size.height} pixels`);
}

/** One read's readers: the OCR worker starts with the first photo and serves the rest. */
function readers(limits: ReadLimits, deadline: Deadline) {
  let ocr: Promise<Ocr> | null = null;
  const image = async (bytes: Uint8Array, kind: 'png' | 'jpeg') => {
    checkImage(bytes, kind, limits);
    const { startOcr } = await import('./ocr.ts');
    ocr ??= startOcr(deadline, limits.ocrLangPath);
    return (await ocr).lines(bytes);
  };
  const pdf = async (bytes: Uint8Array) => {
    const { pdfText } = await import('./pdf.ts');
    return toLines(await pdfText(bytes, limits, deadline), limits.maxLines);
  };
  const attachment: ReadAttachment = async ({ bytes, kind }) => {
    if (kind === 'pdf') return pdf(bytes);
    const sniffed = sniff(bytes);
    if (sniffed !== 'png' && sniffed !== 'jpeg') throw new Unreadable('unsupported', 'Not a PNG or JPEG');
    return image(bytes, sniffed);
  };
  // After a timeout the deadline has terminated the worker, which may never have finished starting.
  const close = async () => {
    if (ocr && !deadline.expired) await ocr.then((o) => o.close()).catch(() => undefined);
  };
  return { image, pdf, attachment, close };
}

const documentOf = (kind: InboxDocument['kind'], lines: string[], name: string): InboxDocument => ({
  kind,
  sender: null,
  envelopeSender: null,
  subject: null,
  origin: EMPTY_ORIGIN,
  lines,
  parts: [{ name, kind: kind === 'mail' ? 'body' : kind }],
});

async function readInput(
  input: ReadInput,
  limits: ReadLimits,
  read: ReturnType<typeof readers>,
): Promise<InboxDocument> {
  if (input.kind === 'text') {
    if (input.text.length > limits.maxBytes) throw new Unreadable('too_large', 'The text is too long');
    return documentOf('text', toLines(input.text, limits.maxLines), 'text');
  }
  const bytes = input.kind === 'mail' ? input.raw : input.bytes;
  if (bytes.byteLength > limits.maxBytes)
    throw new Unreadable('too_large', `${bytes.byteLength} bytes; the limit is ${limits.maxBytes}`);
  if (input.kind === 'mail') return mailDocument(bytes, limits, read);

  const kind = sniff(bytes);
  switch (kind) {
    case 'pdf':
      return documentOf('pdf', await read.pdf(bytes), input.name);
    case 'png':
    case 'jpeg':
      return documentOf('image', await read.image(bytes, kind), input.name);
    case 'archive':
      throw new Unreadable('archive', `${input.name} is an archive`);
    case 'text': {
      const text = new TextDecoder().decode(bytes);
      const saidMail = /\.eml$/i.test(input.name) || /^message\/rfc822\b/i.test(input.mediaType);
      if (saidMail || MAIL_START.test(text.trimStart())) return mailDocument(bytes, limits, read);
      if (/html/i.test(input.mediaType) || /\.html?$/i.test(input.name)) {
        const { htmlToText } = await import('./html.ts');
        return documentOf('text', toLines(htmlToText(text), limits.maxLines), input.name);
      }
      return documentOf('text', toLines(text, limits.maxLines), input.name);
    }
    default:
      throw new Unreadable('unsupported', `${input.name} is not a PDF, PNG, JPEG, mail or text`);
  }
}

async function mailDocument(raw: Uint8Array, limits: ReadLimits, read: ReturnType<typeof readers>) {
  const mail = await readMail(raw, limits, read.attachment);
  // Nothing in the body and every attachment failed: say why the attachment failed.
  const failed = mail.parts.find((p) => p.reason);
  if (mail.lines.length <= 1 && failed?.reason)
    throw new Unreadable(failed.reason, `${failed.name}: ${failed.skipped}`);
  const document: InboxDocument = {
    kind: 'mail',
    sender: mail.sender,
    envelopeSender: mail.envelopeSender,
    subject: mail.subject,
    origin: mail.origin,
    lines: mail.lines,
    parts: mail.parts,
  };
  return document;
}

/** Keeps at most `maxChars` characters and `maxLines` lines of the text. */
function capped(document: InboxDocument, limits: ReadLimits): InboxDocument {
  const lines: string[] = [];
  let chars = 0;
  for (const line of document.lines) {
    if (lines.length >= limits.maxLines || chars + line.length > limits.maxChars) break;
    lines.push(line);
    chars += line.length;
  }
  return { ...document, lines };
}

/** Whether any line holds a letter or a digit: a document of punctuation is no text. */
const hasText = (lines: readonly string[]) => lines.some((line) => /[\p{L}\p{N}]/u.test(line));

export async function readDocument(input: ReadInput, limits: Partial<ReadLimits> = {}): Promise<ReadResult> {
  const within: ReadLimits = { ...DEFAULT_LIMITS, ...limits };
  const deadline = new Deadline(within.timeMs);
  const read = readers(within, deadline);
  try {
    const document = capped(await deadline.race(readInput(input, within, read)), within);
    if (!hasText(document.lines)) return { ok: false, reason: 'no_text', detail: 'No text found' };
    return { ok: true, document };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: error.reason, detail: error.detail };
    return { ok: false, reason: 'malformed', detail: `Could not be read: ${String(error).slice(0, 200)}` };
  } finally {
    deadline.clear();
    await read.close();
  }
}
