/**
 * The renewal inbox's reading and extraction, as the plumbing calls them: `readDocument` turns a
 * raw mail, an uploaded file or pasted text into text lines (or a typed reason it cannot), and
 * `extractRenewal` reads the renewal's fields out of them. docs/inbox.md describes both.
 */
import type { InboxFields } from '../../../shared/inbox/fields.ts';
import type { UnreadableReason } from '../../../shared/inbox/unreadable.ts';
import type { InboxDocument, ReadInput, ReadLimits } from './document.ts';
import { extractRenewal, type ExtractOptions } from './extract/index.ts';
import { readDocument } from './read.ts';

export type { InboxDocument, Origin, PartNote, ReadInput, ReadLimits, ReadResult } from './document.ts';
export { DEFAULT_LIMITS } from './document.ts';
export { extractRenewal, type ExtractableDocument, type ExtractOptions } from './extract/index.ts';
export { readDocument } from './read.ts';

export type ReadAndExtractResult =
  | { ok: true; document: InboxDocument; fields: InboxFields }
  | { ok: false; reason: UnreadableReason; detail: string };

/** Reads `input` and extracts its fields; `document.sender` and `document.subject` are the outer mail's. */
export async function readAndExtract(
  input: ReadInput,
  options: { limits?: Partial<ReadLimits> } & ExtractOptions = {},
): Promise<ReadAndExtractResult> {
  const read = await readDocument(input, options.limits);
  if (!read.ok) return read;
  return {
    ok: true,
    document: read.document,
    fields: extractRenewal(read.document, { today: options.today }),
  };
}
