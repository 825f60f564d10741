/**
 * Text as the extraction reads it: one trimmed, non-empty line each, spaces collapsed, invisible and
 * direction-changing characters removed, quote markers ('> ') of a quoted reply taken off.
 */

/* eslint-disable no-misleading-character-class -- single invisible code points, each matched on its own */
const INVISIBLE =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/* eslint-enable no-misleading-character-class */
const SPACES = /[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g;

/** The lines of `text`, normalised; at most `maxLines` of them, each at most `maxLineChars` long. */
export function toLines(text: string, maxLines = 5_000, maxLineChars = 2_000): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n|\u2028|\u2029/)) {
    const line = raw
      .replace(INVISIBLE, '')
      .replace(/^(?:\s*>)+/, '')
      .replace(SPACES, ' ')
      .trim();
    if (line === '') continue;
    lines.push(line.length > maxLineChars ? line.slice(0, maxLineChars) : line);
    if (lines.length >= maxLines) break;
  }
  return lines;
}

/** A subject without the 'Fwd:', 'FW:', 'Re:' prefixes that forwarding and replying add. */
export function plainSubject(subject: string | null | undefined): string | null {
  if (!subject) return null;
  const plain = subject.replace(/^(?:\s*(?:fwd?|fw|re|tr|wg|aw)\s*(?:\[\d+\])?\s*:\s*)+/i, '').trim();
  return plain === '' ? null : plain;
}
