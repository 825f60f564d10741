/**
 * Makes the inbox corpus's PDFs and photos from their sources in test/fixtures/inbox/src:
 *
 * - `<name>.pdf.json`: a letter's lines (see letterPages in pdf.ts), as `{ "lines": [...] }`, with
 *   `"filler": n` to add n pages of small print after it (a policy booklet) → `<name>.pdf`;
 * - `<name>.html`: a letter as a page, screenshotted by headless Chromium → `<name>.png` or
 *   `<name>.jpg` (`<meta name="shot" content="width=…,height=…,type=jpeg,quality=…">`);
 * - `<name>.eml.src`: a mail whose `{{base64:<file>}}` is replaced by that corpus file in base64
 *   (a letter attached as a PDF or a photo) → `<name>.eml`.
 *
 * The outputs are committed; run this only to change them: `npx tsx test/support/inbox-corpus.ts`.
 * PDFs come out the same every run; photos need /usr/bin/chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { letterPages, makePdf, type PdfText } from './pdf.ts';

const DIR = path.join(import.meta.dirname, '../fixtures/inbox');
const SRC = path.join(DIR, 'src');

type Line = string | [string, string];

/** Small print: the kind of booklet text that follows a renewal letter, with no dates or prices in it. */
function fillerPage(n: number): PdfText[] {
  const words =
    'This section explains the cover provided under your policy the conditions that apply and the exclusions which limit it please read it carefully and keep it with your schedule'.split(
      ' ',
    );
  return Array.from({ length: 50 }, (_, i) => ({
    x: 40,
    y: 800 - i * 15,
    size: 8,
    text: Array.from({ length: 16 }, (_, j) => words[(n * 7 + i * 3 + j) % words.length]).join(' '),
  }));
}

function makePdfs(only: string | undefined): void {
  for (const file of fs.readdirSync(SRC).filter((f) => f.endsWith('.pdf.json'))) {
    const name = file.slice(0, -'.pdf.json'.length);
    if (only && name !== only) continue;
    const spec = JSON.parse(fs.readFileSync(path.join(SRC, file), 'utf8')) as {
      lines: Line[];
      filler?: number;
    };
    const pages = [
      ...letterPages(spec.lines),
      ...Array.from({ length: spec.filler ?? 0 }, (_, i) => fillerPage(i)),
    ];
    fs.writeFileSync(path.join(DIR, `${name}.pdf`), makePdf(pages));
    console.log(`${name}.pdf`);
  }
}

async function makePhotos(only: string | undefined): Promise<void> {
  const sources = fs.readdirSync(SRC).filter((f) => f.endsWith('.html') && (!only || f === `${only}.html`));
  if (sources.length === 0) return;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const file of sources) {
      const html = fs.readFileSync(path.join(SRC, file), 'utf8');
      const shot = Object.fromEntries(
        (/<meta name="shot" content="([^"]+)"/.exec(html)?.[1] ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.split('=') as [string, string]),
      );
      const type = shot.type === 'jpeg' ? 'jpeg' : 'png';
      const page = await browser.newPage({
        viewport: { width: Number(shot.width ?? 800), height: Number(shot.height ?? 1000) },
      });
      await page.setContent(html);
      const out = path.join(DIR, `${file.slice(0, -5)}.${type === 'jpeg' ? 'jpg' : 'png'}`);
      await page.screenshot({
        path: out,
        type,
        ...(type === 'jpeg' ? { quality: Number(shot.quality ?? 70) } : {}),
      });
      await page.close();
      console.log(path.basename(out), fs.statSync(out).size, 'bytes');
    }
  } finally {
    await browser.close();
  }
}

/** Mails with a corpus file attached, made after the files they attach. */
function makeMails(only: string | undefined): void {
  for (const file of fs.readdirSync(SRC).filter((f) => f.endsWith('.eml.src'))) {
    const name = file.slice(0, -'.eml.src'.length);
    if (only && name !== only) continue;
    const mail = fs
      .readFileSync(path.join(SRC, file), 'utf8')
      .replace(/\{\{base64:([^}]+)\}\}/g, (_, attached: string) =>
        fs.readFileSync(path.join(DIR, attached)).toString('base64').replace(/.{76}/g, '$&\n'),
      )
      .replace(/\r?\n/g, '\r\n');
    fs.writeFileSync(path.join(DIR, `${name}.eml`), mail);
    console.log(`${name}.eml`);
  }
}

const only = process.argv[2];
makePdfs(only);
await makePhotos(only);
makeMails(only);
