/**
 * A tiny PDF writer for test documents: pages of text lines in Helvetica (regular and bold), placed
 * where a letter would place them, so the inbox's PDF reading is tested on real PDF files without a
 * PDF library. Text is WinAnsi (Latin-1 plus '£', '€' and typographic quotes); anything else becomes
 * '?'. The output is a valid PDF 1.4 file with a correct cross-reference table.
 */

/** One run of text at a position on the page (points from the bottom-left, A4 is 595 × 842). */
export interface PdfText {
  x: number;
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
}

/** WinAnsi codes of the characters outside Latin-1 that letters use. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  '•': 0x95,
};

/** A PDF string literal: parentheses and backslashes escaped, non-ASCII as octal WinAnsi codes. */
function literal(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else if (code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

function contentOf(texts: readonly PdfText[]): string {
  return texts
    .map((t) => `BT /${t.bold ? 'F2' : 'F1'} ${t.size ?? 11} Tf ${t.x} ${t.y} Td ${literal(t.text)} Tj ET`)
    .join('\n');
}

/** A PDF file of `pages`, each a list of text runs. */
export function makePdf(pages: readonly (readonly PdfText[])[]): Uint8Array {
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 and 4 the fonts, then per page its page object and its content stream.
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((texts, i) => {
    const content = contentOf(texts);
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * A letter's lines laid out top to bottom: a string is a line at the left margin; a pair is a table
 * row (label at the margin, value in a second column); '' is a blank line.
 */
export function letterPages(
  lines: readonly (string | readonly [string, string])[],
  perPage = 60,
): PdfText[][] {
  const pages: PdfText[][] = [];
  let page: PdfText[] = [];
  let y = 790;
  for (const line of lines) {
    if (y < 60 || page.length >= perPage) {
      pages.push(page);
      page = [];
      y = 790;
    }
    if (typeof line === 'string') {
      if (line !== '') page.push({ x: 56, y, text: line, bold: line.startsWith('# ') ? true : undefined });
    } else {
      page.push({ x: 56, y, text: line[0], bold: true });
      page.push({ x: 300, y, text: line[1] });
    }
    y -= 16;
  }
  pages.push(page);
  return pages.map((p) =>
    p.map((t) => (t.text.startsWith('# ') ? { ...t, text: t.text.slice(2), size: 14 } : t)),
  );
}
