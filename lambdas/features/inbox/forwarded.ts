/**
 * A forwarded letter's own header, read out of the forwarding mail's body: Gmail's
 * '---------- Forwarded message ---------', Outlook's 'From: … Sent: … To: … Subject:' block (under a
 * rule or '-----Original Message-----'), Apple Mail's 'Begin forwarded message:', Yahoo's and
 * Thunderbird's, and a reply's 'On …, X wrote:'. The innermost block names the letter's sender, date
 * and subject; every block's lines leave the body, so the forward's own dates are never read as the
 * renewal's.
 */
import * as chrono from 'chrono-node';
import type { Origin } from './document.ts';

const MARKER =
  /^(?:-{2,}\s*(?:forwarded message|original message|forwarded by .*|message transféré|weitergeleitete nachricht)\s*-*|begin forwarded message:?|_{8,}|-{8,})$/i;
const LABEL = /^(from|date|sent|to|cc|bcc|subject|reply-to|importance|attachments?)\s*:\s*(.*)$/i;
// The date may hold commas ('On Thu, 26 Nov 2026 at 09:12, Aviva <…> wrote:'): the sender follows the last one.
const REPLY = /^on (.{6,160}), (.{1,160}?) wrote:$/i;

/** A mailbox as a header writes it: 'Name <addr>', 'Name [mailto:addr]', 'addr' or a bare name. */
export function parseMailbox(value: string): { name: string | null; address: string | null } {
  const text = value.replace(/\s+/g, ' ').trim();
  const bracket = /^(.*?)\s*[<[](?:mailto:)?([^\s<>[\]]+@[^\s<>[\]]+)[>\]]/i.exec(text);
  if (bracket) return { name: cleanName(bracket[1]!), address: bracket[2]!.toLowerCase() };
  const bare = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.exec(text);
  if (bare) return { name: null, address: text.toLowerCase() };
  return { name: cleanName(text), address: null };
}

const cleanName = (name: string) => {
  const plain = name.replace(/^["'\s]+|["'\s]+$/g, '').trim();
  return plain === '' ? null : plain;
};

/** The day a header's date names, YYYY-MM-DD (day first when it is written in figures). */
export function headerDay(value: string): string | null {
  const [found] = chrono.en.GB.parse(value);
  if (!found || !found.start.isCertain('day') || !found.start.isCertain('month')) return null;
  const year = found.start.get('year');
  const month = found.start.get('month');
  const day = found.start.get('day');
  if (year === null || month === null || day === null) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface Block {
  start: number;
  end: number;
  origin: Partial<Origin>;
}

/** The header block that starts at line `i`, if one does. */
function blockAt(lines: readonly string[], i: number): Block | null {
  const line = lines[i]!;
  const reply = REPLY.exec(line);
  if (reply) {
    const mailbox = parseMailbox(reply[2]!);
    return { start: i, end: i + 1, origin: { ...mailbox, date: headerDay(reply[1]!) } };
  }
  const marked = MARKER.test(line);
  let j = marked ? i + 1 : i;
  // Without a marker, a block is a 'From:' line with two more header labels close under it.
  if (!marked) {
    if (!/^from\s*:/i.test(line)) return null;
    const labels = lines.slice(i + 1, i + 7).filter((l) => /^(date|sent|to|subject)\s*:/i.test(l));
    if (labels.length < 2) return null;
  }
  const origin: Partial<Origin> = {};
  let labelled = 0;
  while (j < lines.length) {
    const label = LABEL.exec(lines[j]!);
    if (!label) {
      // One wrapped line (a long 'To:') inside the block, when a label follows it.
      if (labelled > 0 && j + 1 < lines.length && LABEL.test(lines[j + 1]!)) {
        j++;
        continue;
      }
      break;
    }
    labelled++;
    const key = label[1]!.toLowerCase();
    const value = label[2]!;
    if (key === 'from') Object.assign(origin, parseMailbox(value));
    else if (key === 'date' || key === 'sent') origin.date = headerDay(value);
    else if (key === 'subject') origin.subject = value.trim() || null;
    j++;
  }
  // A marker with less than a header under it (a rule, then 'From: our Leeds office') is not a block.
  if (labelled < 2) return null;
  return { start: i, end: j, origin };
}

/**
 * The body without its forwarded and quoted header blocks, and the innermost block's sender, date and
 * subject (null when there is none).
 */
export function unwrapForwarded(lines: readonly string[]): {
  lines: string[];
  origin: Partial<Origin> | null;
} {
  const kept: string[] = [];
  let origin: Partial<Origin> | null = null;
  let i = 0;
  while (i < lines.length) {
    const block = blockAt(lines, i);
    if (block) {
      origin = block.origin;
      i = block.end;
      continue;
    }
    kept.push(lines[i]!);
    i++;
  }
  return { lines: kept, origin };
}
