/**
 * Hostile input to the inbox: whatever arrives, `readDocument` answers with a document or a typed
 * 'could not be read' and its reason, never a throw, a crash or a hang past its time limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../lambdas/features/inbox/read.ts';
import type { ReadInput, ReadResult } from '../../lambdas/features/inbox/document.ts';
import { UNREADABLE_REASONS } from '../../shared/inbox/unreadable.ts';
import { letterPages, makePdf } from '../support/pdf.ts';

const encode = (text: string) => new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'));
const file = (name: string, bytes: Uint8Array, mediaType = 'application/octet-stream'): ReadInput => ({
  kind: 'file',
  name,
  mediaType,
  bytes,
});
const reasonOf = (result: ReadResult) => (result.ok ? 'read' : result.reason);

/** A mail with these attachments, each `[name, type, base64 content]`. */
function mailWith(
  attachments: [string, string, string][],
  body = 'Your policy renews on 1 March 2027.',
): Uint8Array {
  const parts = attachments.map(
    ([name, type, content]) =>
      `--b\nContent-Type: ${type}; name="${name}"\nContent-Disposition: attachment; filename="${name}"\nContent-Transfer-Encoding: base64\n\n${content}\n`,
  );
  return encode(
    `From: Jo <jo@example.org>\nTo: in@inbox.example\nSubject: Renewal\nDate: Sat, 28 Nov 2026 10:00:00 +0000\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\n${body}\n${parts.join('')}--b--\n`,
  );
}

/** A PNG's first bytes with this size in its header, and nothing decodable after it. */
function pngHeader(width: number, height: number): Uint8Array {
  const png = new Uint8Array(64);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(png.buffer).setUint32(16, width);
  new DataView(png.buffer).setUint32(20, height);
  return png;
}

const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('refused, with a reason', () => {
  it('a mail, a file or text over 10 MB', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41);
    expect(reasonOf(await readDocument({ kind: 'mail', raw: big }))).toBe('too_large');
    expect(reasonOf(await readDocument(file('big.pdf', big, 'application/pdf')))).toBe('too_large');
    expect(reasonOf(await readDocument({ kind: 'text', text: 'a'.repeat(10 * 1024 * 1024 + 1) }))).toBe(
      'too_large',
    );
  });

  it('a mail with more than 5 attachments', async () => {
    const six = Array.from({ length: 6 }, (_, i): [string, string, string] => [
      `n${i}.txt`,
      'text/plain',
      b64(encode('hi')),
    ]);
    expect(reasonOf(await readDocument({ kind: 'mail', raw: mailWith(six) }))).toBe('too_many_attachments');
    expect(reasonOf(await readDocument({ kind: 'mail', raw: mailWith(six.slice(0, 5)) }))).toBe('read');
  });

  it('any archive: uploaded, attached, or named as something else', async () => {
    expect(reasonOf(await readDocument(file('letters.zip', ZIP, 'application/zip')))).toBe('archive');
    expect(reasonOf(await readDocument(file('letter.pdf', ZIP, 'application/pdf')))).toBe('archive');
    expect(
      reasonOf(
        await readDocument({ kind: 'mail', raw: mailWith([['letter.pdf', 'application/pdf', b64(ZIP)]]) }),
      ),
    ).toBe('archive');
    expect(
      reasonOf(
        await readDocument({
          kind: 'mail',
          raw: mailWith([['a.bin', 'application/x-zip-compressed', 'AAAA']]),
        }),
      ),
    ).toBe('archive');
  });

  it('a PDF of thousands of pages, from its page count alone', async () => {
    const pages = Array.from({ length: 2000 }, () => [{ x: 50, y: 700, text: 'Terms' }]);
    expect(reasonOf(await readDocument(file('pack.pdf', makePdf(pages), 'application/pdf')))).toBe(
      'too_many_pages',
    );
  });

  it('a damaged PDF', async () => {
    const pdf = makePdf(letterPages(['Your renewal']));
    expect(reasonOf(await readDocument(file('cut.pdf', pdf.slice(0, 40), 'application/pdf')))).toBe(
      'malformed',
    );
    const garbage = encode('%PDF-1.7\n' + 'x'.repeat(5000));
    expect(reasonOf(await readDocument(file('junk.pdf', garbage, 'application/pdf')))).toBe('malformed');
  });

  it('a 20,000 × 20,000 photo, by its header, before anything decodes it', async () => {
    expect(reasonOf(await readDocument(file('huge.png', pngHeader(20_000, 20_000), 'image/png')))).toBe(
      'image_too_large',
    );
    expect(reasonOf(await readDocument(file('tall.png', pngHeader(400, 12_000), 'image/png')))).toBe(
      'image_too_large',
    );
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x4e, 0x20, 0x4e, 0x20, 3, 0, 0, 0, 0]);
    expect(reasonOf(await readDocument(file('huge.jpg', jpeg, 'image/jpeg')))).toBe('image_too_large');
  });

  it('a photo whose header is broken, and pictures we do not read', async () => {
    const broken = pngHeader(100, 100);
    broken.set([0x58, 0x58, 0x58, 0x58], 12);
    expect(reasonOf(await readDocument(file('broken.png', broken, 'image/png')))).toBe('malformed');
    expect(reasonOf(await readDocument(file('a.gif', encode('GIF89a\u0001\u0000'), 'image/gif')))).toBe(
      'unsupported',
    );
    expect(reasonOf(await readDocument(file('a.exe', new Uint8Array([0x4d, 0x5a, 0, 0, 3, 0]))))).toBe(
      'unsupported',
    );
  });

  it('a mail that is not one, and a mail with nothing to read', async () => {
    expect(reasonOf(await readDocument({ kind: 'mail', raw: new Uint8Array([0, 1, 2, 3, 255, 254]) }))).toBe(
      'malformed',
    );
    expect(reasonOf(await readDocument({ kind: 'mail', raw: encode('just some words') }))).toBe('malformed');
    const scriptOnly = encode(
      'From: a@b.example\nDate: Sat, 28 Nov 2026 10:00:00 +0000\nContent-Type: text/html\n\n<script>while(true){}</script><style>p{}</style>',
    );
    expect(reasonOf(await readDocument({ kind: 'mail', raw: scriptOnly }))).toBe('no_text');
    expect(reasonOf(await readDocument({ kind: 'text', text: ' \n\t…  ' }))).toBe('no_text');
  });

  it('opens at most 5 files of a mail, however many it shows inline', async () => {
    const pdf = b64(makePdf(letterPages(['Renewal letter'])));
    const ids = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const raw = encode(
      [
        'From: Jo <jo@example.org>',
        'Subject: pictures',
        'MIME-Version: 1.0',
        'Content-Type: multipart/related; boundary="r"',
        '',
        '--r',
        'Content-Type: text/html',
        '',
        ids.map((id) => `<img src="cid:${id}">`).join(''),
        ...ids.flatMap((id) => [
          '--r',
          'Content-Type: application/pdf',
          `Content-ID: <${id}>`,
          'Content-Transfer-Encoding: base64',
          '',
          pdf,
        ]),
        '--r--',
        '',
      ].join('\n'),
    );
    const result = await readDocument({ kind: 'mail', raw });
    expect(result.ok && result.document.lines.filter((l) => l === 'Renewal letter')).toHaveLength(5);
    expect(result.ok && result.document.parts.filter((p) => p.skipped === 'more than 5 files')).toHaveLength(
      3,
    );
  });

  it('an attachment that cannot be read is skipped, and named when nothing else could be read', async () => {
    const brokenPdf = b64(encode('%PDF-1.4\n' + 'y'.repeat(300)));
    const withBody = await readDocument({
      kind: 'mail',
      raw: mailWith([['r.pdf', 'application/pdf', brokenPdf]]),
    });
    expect(withBody.ok && withBody.document.parts).toContainEqual(
      expect.objectContaining({ name: 'r.pdf', reason: 'malformed' }),
    );
    const alone = await readDocument({
      kind: 'mail',
      raw: mailWith([['r.pdf', 'application/pdf', brokenPdf]], ''),
    });
    expect(reasonOf(alone)).toBe('malformed');
  });

  it('a photo not read within the time limit: its text recognition is stopped', async () => {
    // A real, valid picture: recognising it takes far longer than 100 ms (starting the worker alone does).
    const png = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../fixtures/inbox/mot-certificate-photo.png', import.meta.url)),
    );
    const result = await readDocument(file('slow.png', new Uint8Array(png), 'image/png'), { timeMs: 100 });
    expect(result).toEqual({ ok: false, reason: 'timeout', detail: 'Not read within 100 ms' });
  });
});

describe('never a throw', () => {
  it('for any bytes as a mail or a file, or any text', async () => {
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((raw): ReadInput => ({ kind: 'mail', raw })),
      fc
        .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.uint8Array({ maxLength: 2000 }))
        .map(([name, mediaType, bytes]) => file(name, bytes, mediaType)),
      fc.string({ unit: 'binary', maxLength: 2000 }).map((text): ReadInput => ({ kind: 'text', text })),
      // MIME-shaped junk: headers, boundaries and encodings mixed at random.
      fc
        .array(
          fc.constantFrom(
            'From: a@b.example',
            'Content-Type: multipart/mixed; boundary="x"',
            '--x',
            '--x--',
            'Content-Transfer-Encoding: base64',
            'Content-Type: message/rfc822',
            'Content-Type: application/pdf',
            '%PDF-1.4',
            '=?utf-8?B?w6k=?=',
            '',
            '<html><script>',
          ),
          { maxLength: 40 },
        )
        .map((lines): ReadInput => ({ kind: 'mail', raw: encode(lines.join('\n')) })),
    );
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const result = await readDocument(input, { timeMs: 5_000 });
        expect(result.ok || UNREADABLE_REASONS.includes(result.reason)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
