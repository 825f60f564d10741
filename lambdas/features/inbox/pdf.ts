/**
 * A PDF's text, page by page, through unpdf (PDF.js built for servers), loaded only when a PDF
 * arrives. Only the first pages are read (a renewal's figures are on its first page or two; the
 * policy booklet after them is not), a PDF with more pages than any letter is refused from its page
 * count alone, scripting is off, and the deadline destroys the document if the time runs out.
 */
import type { Deadline } from './deadline.ts';
import { Unreadable, type ReadLimits } from './document.ts';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

export async function pdfText(bytes: Uint8Array, limits: ReadLimits, deadline: Deadline): Promise<string> {
  const { getResolvedPDFJS } = await deadline.race(import('unpdf'));
  const pdfjs = await deadline.race(getResolvedPDFJS());
  const task = pdfjs.getDocument({
    // PDF.js takes the buffer over (it is detached), and refuses a Buffer: a plain copy.
    data: new Uint8Array(bytes),
    stopAtErrors: false,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    // Text only: no image is decoded past this many pixels.
    maxImageSize: 1,
  });
  // Destroyed when the time runs out, however far it got.
  const forget = deadline.onExpiry(() => task.destroy());
  try {
    let doc: Awaited<typeof task.promise>;
    try {
      doc = await deadline.race(task.promise);
    } catch (error) {
      if (error instanceof Unreadable) throw error;
      if ((error as { name?: string }).name === 'PasswordException')
        throw new Unreadable('encrypted', 'The PDF needs a password');
      throw new Unreadable('malformed', 'Not a readable PDF');
    }
    if (doc.numPages > limits.maxPdfPages)
      throw new Unreadable(
        'too_many_pages',
        `The PDF has ${doc.numPages} pages; the limit is ${limits.maxPdfPages}`,
      );
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, limits.pdfPagesRead); n++) {
      deadline.check();
      const page = await deadline.race(doc.getPage(n));
      const content = await deadline.race(page.getTextContent());
      pages.push(
        (content.items as TextItem[])
          .filter((item) => typeof item.str === 'string')
          .map((item) => item.str + (item.hasEOL ? '\n' : ''))
          .join(''),
      );
      page.cleanup();
    }
    return pages.join('\n');
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw new Unreadable('malformed', 'The PDF is damaged');
  } finally {
    forget();
    await task.destroy().catch(() => undefined);
  }
}
