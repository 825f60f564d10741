/**
 * The inbox's reading: mails through postal-mime with the forwarded letter's own sender, date and
 * subject read out of the body (Gmail, Outlook, Apple Mail, '-----Original Message-----', a reply),
 * HTML turned to text without running anything, PDFs and files taken for what their bytes are.
 */
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../lambdas/features/inbox/read.ts';
import { parseMailbox, unwrapForwarded } from '../../lambdas/features/inbox/forwarded.ts';
import { htmlToText } from '../../lambdas/features/inbox/html.ts';
import { plainSubject, toLines } from '../../lambdas/features/inbox/lines.ts';
import { jpegDimensions, pngDimensions, sniff } from '../../lambdas/features/inbox/sniff.ts';
import type { InboxDocument } from '../../lambdas/features/inbox/document.ts';
import { letterPages, makePdf } from '../support/pdf.ts';

const mail = (headers: string, body: string, type = 'text/plain') =>
  new TextEncoder().encode(
    `${headers}\r\nMIME-Version: 1.0\r\nContent-Type: ${type}; charset=utf-8\r\n\r\n${body.replace(/\n/g, '\r\n')}`,
  );
const FROM_USER =
  'From: Jo Bloggs <jo@example.org>\r\nTo: in@inbox.example\r\nDate: Sat, 28 Nov 2026 10:00:00 +0000';

async function readMail(raw: Uint8Array): Promise<InboxDocument> {
  const result = await readDocument({ kind: 'mail', raw });
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
  return result.document;
}

describe('forwarded letters', () => {
  it("reads a Gmail forward's own sender, date and subject, and keeps the forwarder as the sender", async () => {
    const doc = await readMail(
      mail(
        `Return-Path: <Jo@Example.org>\r\n${FROM_USER}\r\nSubject: Fwd: Your renewal`,
        [
          'Please add this',
          '',
          '---------- Forwarded message ---------',
          'From: Admiral <renewals@email.admiral.com>',
          'Date: Tue, 10 Nov 2026 at 07:15',
          'Subject: Your renewal',
          'To: <jo@example.org>',
          '',
          'Your policy renews on 18 December 2026.',
        ].join('\n'),
      ),
    );
    expect(doc.sender).toBe('jo@example.org');
    expect(doc.envelopeSender).toBe('jo@example.org');
    expect(doc.subject).toBe('Fwd: Your renewal');
    expect(doc.origin).toEqual({
      address: 'renewals@email.admiral.com',
      name: 'Admiral',
      date: '2026-11-10',
      subject: 'Your renewal',
    });
    // The forward's header lines leave the text, so their dates are never candidates.
    expect(doc.lines).toEqual(['Your renewal', 'Please add this', 'Your policy renews on 18 December 2026.']);
  });

  it.each([
    [
      'Outlook, under a rule',
      [
        '________________________________',
        'From: EDF <a@edfenergy.com>',
        'Sent: 16 November 2026 15:14',
        'To: jo@example.org',
        'Subject: Ending',
      ],
    ],
    [
      'Outlook, no marker, American Sent line',
      [
        'From: EDF [mailto:a@edfenergy.com]',
        'Sent: Monday, November 16, 2026 3:14 PM',
        'To: Jo',
        'Cc: Sam',
        'Subject: Ending',
      ],
    ],
    [
      "Outlook's Original Message",
      [
        '-----Original Message-----',
        'From: EDF <a@edfenergy.com>',
        'Sent: 16/11/2026 15:14',
        'To: jo@example.org',
        'Subject: Ending',
      ],
    ],
    [
      'Apple Mail, quoted',
      [
        'Begin forwarded message:',
        '> From: EDF <a@edfenergy.com>',
        '> Subject: Ending',
        '> Date: 16 November 2026 at 15:14:00 GMT',
        '> To: jo@example.org',
      ],
    ],
    [
      'Yahoo',
      [
        '----- Forwarded Message -----',
        'From: EDF <a@edfenergy.com>',
        'To: jo@example.org',
        'Sent: Monday, 16 November 2026, 15:14:00 GMT',
        'Subject: Ending',
      ],
    ],
  ])('reads the block of %s', (_, block) => {
    const { lines, origin } = unwrapForwarded(
      toLines(['My note', ...block, 'Your tariff ends on 15 January 2027.'].join('\n')),
    );
    expect(origin).toMatchObject({ address: 'a@edfenergy.com', date: '2026-11-16' });
    expect(lines).toEqual(['My note', 'Your tariff ends on 15 January 2027.']);
  });

  it("takes a reply's 'On …, X wrote:' line as a header, and the innermost of nested forwards", () => {
    const { origin, lines } = unwrapForwarded([
      '---------- Forwarded message ---------',
      'From: Sam <sam@gmail.com>',
      'Date: Fri, 27 Nov 2026 at 08:00',
      'Subject: Fwd: renewal',
      'On Thu, 26 Nov 2026 at 09:12, Aviva <noreply@aviva.co.uk> wrote:',
      'Your policy renews on 1 January 2027.',
    ]);
    expect(origin).toMatchObject({ address: 'noreply@aviva.co.uk', name: 'Aviva', date: '2026-11-26' });
    expect(lines).toEqual(['Your policy renews on 1 January 2027.']);
  });

  it('leaves a lone rule or a single From line in a letter alone', () => {
    const text = ['__________', 'From: our Leeds office', 'Your renewal is due.'];
    expect(unwrapForwarded(text)).toEqual({ lines: text, origin: null });
  });

  it('reads a mail forwarded as an attachment by its own headers', async () => {
    const raw = new TextEncoder().encode(
      [
        FROM_USER,
        'Subject: Fw: renewal',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'see attached',
        '--b',
        'Content-Type: message/rfc822',
        'Content-Disposition: attachment; filename="renewal.eml"',
        '',
        'From: Saga <insurance@saga.co.uk>',
        'Date: Tue, 10 Nov 2026 09:00:00 +0000',
        'Subject: Saga renewal',
        'Content-Type: text/plain',
        '',
        'Renewal premium: £356.20',
        '--b--',
        '',
      ].join('\r\n'),
    );
    const doc = await readMail(raw);
    expect(doc.sender).toBe('jo@example.org');
    expect(doc.origin).toMatchObject({
      address: 'insurance@saga.co.uk',
      date: '2026-11-10',
      subject: 'Saga renewal',
    });
    expect(doc.lines).toContain('Renewal premium: £356.20');
  });

  it('names a mailbox however a header writes it', () => {
    expect(parseMailbox('"Direct Line" <No-Reply@DirectLine.com>')).toEqual({
      name: 'Direct Line',
      address: 'no-reply@directline.com',
    });
    expect(parseMailbox('Aviva [mailto:a@aviva.co.uk]')).toEqual({ name: 'Aviva', address: 'a@aviva.co.uk' });
    expect(parseMailbox('a@aviva.co.uk')).toEqual({ name: null, address: 'a@aviva.co.uk' });
    expect(parseMailbox('Direct Line')).toEqual({ name: 'Direct Line', address: null });
  });

  it("drops 'Fwd:' and 'FW:' and 'Re:' from a subject", () => {
    expect(plainSubject('Fwd: FW: Re: Your renewal')).toBe('Your renewal');
    expect(plainSubject('Fwd:')).toBeNull();
  });
});

describe('HTML to text', () => {
  it('drops scripts, styles, comments, the head and hidden elements, and ends lines at blocks and rows', () => {
    const html = `<html><head><title>T</title><style>p{color:red}</style><script>document.write('x')</script></head>
      <body onload="alert(1)"><!-- renews on 1 May 2027 --><span style="display: none !important">hidden 1 May 2027</span>
      <div hidden>also hidden</div><div aria-hidden="true">and this</div>
      <p>Your policy renews on <b>14&nbsp;March&nbsp;2027</b>.</p>
      <table><tr><td>Premium</td><td>&pound;642.18</td></tr><tr><th>Last year&#8217;s</th><td>&#xA3;498.20</td></tr></table>
      <noscript>Your fixed tariff ends on 2 January 2027</noscript><iframe src="x">renews on 3 Jan 2027</iframe>
      <img alt=it's src="x.png">After the image<br>a &lt;tag&gt; &amp; more</body></html>`;
    expect(htmlToText(html).split('\n')).toEqual([
      'Your policy renews on 14 March 2027.',
      'Premium £642.18',
      'Last year’s £498.20',
      'After the image',
      'a <tag> & more',
    ]);
  });

  it('costs time in proportion to its length, however it is broken', () => {
    // Thousands of unclosed scripts, tags and quotes: one pass, no backtracking.
    const broken =
      '<script>'.repeat(20_000) + '<a href="'.repeat(20_000) + '<div style="display:none">'.repeat(20_000);
    expect(htmlToText(broken)).toBe('');
    expect(htmlToText('<p>ok</p>' + '<'.repeat(100_000))).toMatch(/^ok/);
  });
});

describe('files are what their bytes say', () => {
  it('knows PDFs, PNG and JPEG, archives, other pictures and text from their first bytes', () => {
    expect(sniff(makePdf(letterPages(['x'])))).toBe('pdf');
    expect(sniff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe('archive');
    expect(sniff(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe('archive');
    expect(sniff(new TextEncoder().encode('GIF89a....'))).toBe('other_image');
    expect(sniff(new TextEncoder().encode('Your renewal is due'))).toBe('text');
    expect(sniff(new Uint8Array([1, 2, 0, 4]))).toBe('binary');
  });

  it("reads a PNG's and a JPEG's size from its header alone", () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 20_000);
    new DataView(png.buffer).setUint32(20, 15_000);
    expect(pngDimensions(png)).toEqual({ width: 20_000, height: 15_000 });
    // SOI, an APP0 segment of 16 bytes, then a baseline frame header: height 3000, width 4000.
    const jpeg = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...new Array(14).fill(0),
      0xff,
      0xc0,
      0,
      17,
      8,
      0x0b,
      0xb8,
      0x0f,
      0xa0,
      3,
    ]);
    expect(jpegDimensions(jpeg)).toEqual({ width: 4000, height: 3000 });
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1]))).toBeNull();
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBeNull();
  });

  it('reads an uploaded PDF, a saved .eml and a text file', async () => {
    const pdf = await readDocument({
      kind: 'file',
      name: 'letter.pdf',
      mediaType: 'application/pdf',
      bytes: makePdf(letterPages(['Your policy renews on 3 April 2027.', ['Annual premium', '£312.40']])),
    });
    expect(pdf).toMatchObject({
      ok: true,
      document: { kind: 'pdf', lines: ['Your policy renews on 3 April 2027.', 'Annual premium £312.40'] },
    });
    const eml = await readDocument({
      kind: 'file',
      name: 'saved.eml',
      mediaType: 'application/octet-stream',
      bytes: mail(`${FROM_USER}\r\nSubject: Renewal`, 'Renews on 3 April 2027'),
    });
    expect(eml).toMatchObject({ ok: true, document: { kind: 'mail', sender: 'jo@example.org' } });
    const text = await readDocument({
      kind: 'file',
      name: 'notes.txt',
      mediaType: 'text/plain',
      bytes: new TextEncoder().encode('  Renews\ton 3 April 2027  \r\n\r\n\u202Eevil\n> quoted'),
    });
    expect(text).toMatchObject({
      ok: true,
      document: { kind: 'text', lines: ['Renews on 3 April 2027', 'evil', 'quoted'] },
    });
  });

  it('reads only the first pages of a long PDF', async () => {
    const pages = Array.from({ length: 14 }, (_, i) => [{ x: 50, y: 700, text: `Page ${i + 1}` }]);
    const result = await readDocument({
      kind: 'file',
      name: 'b.pdf',
      mediaType: 'application/pdf',
      bytes: makePdf(pages),
    });
    expect(result.ok && result.document.lines).toEqual(Array.from({ length: 10 }, (_, i) => `Page ${i + 1}`));
  });
});
