/**
 * The inbox corpus (test/fixtures/inbox): each document with the fields a careful reader would write
 * down from it, in `<name>.expected.json` beside it. The corpus test and `npm run bench:inbox` both
 * read it through here, so they judge the same documents the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INBOX_FIELDS, type InboxFields } from '../../shared/inbox/fields.ts';
import type { ReadInput } from '../../lambdas/features/inbox/document.ts';

export const CORPUS_DIR = path.join(import.meta.dirname, '../fixtures/inbox');

/** The reference day of documents with no date of their own (PDFs, photos, pasted text). */
export const CORPUS_TODAY = '2026-11-28';

export type Expected = Omit<InboxFields, 'sources'>;

export interface CorpusCase {
  name: string;
  file: string;
  /** How the benchmark groups it: by what has to be read. */
  group: 'e-mail' | 'PDF' | 'photo' | 'text';
  /** Whether reading it needs OCR (slow: kept out of the unit run). */
  ocr: boolean;
  input: ReadInput;
  today: string;
  expected: Expected;
  why: string;
}

const MEDIA: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** The documents of the corpus, or of another folder laid out the same way. */
export function corpusCases(dir = CORPUS_DIR): CorpusCase[] {
  return fs
    .readdirSync(dir)
    .filter((f) => !f.endsWith('.expected.json') && fs.statSync(path.join(dir, f)).isFile())
    .sort()
    .map((file) => {
      const ext = path.extname(file);
      const name = file.slice(0, -ext.length);
      const meta = JSON.parse(fs.readFileSync(path.join(dir, `${name}.expected.json`), 'utf8')) as {
        expected: Expected;
        why: string;
        today?: string;
        ocr?: boolean;
      };
      const bytes = new Uint8Array(fs.readFileSync(path.join(dir, file)));
      const input: ReadInput =
        ext === '.eml'
          ? { kind: 'mail', raw: bytes }
          : ext === '.txt'
            ? { kind: 'text', text: new TextDecoder().decode(bytes) }
            : { kind: 'file', name: file, mediaType: MEDIA[ext] ?? 'application/octet-stream', bytes };
      const image = ext === '.png' || ext === '.jpg';
      const ocr = image || meta.ocr === true;
      const group =
        ext === '.eml' ? (ocr ? 'photo' : 'e-mail') : ext === '.pdf' ? 'PDF' : image ? 'photo' : 'text';
      return {
        name,
        file,
        group,
        ocr,
        input,
        today: meta.today ?? CORPUS_TODAY,
        expected: meta.expected,
        why: meta.why,
      };
    });
}

/** The fields of `actual` that differ from `expected`, as 'field: got x, want y'. */
export function differences(actual: InboxFields, expected: Expected): string[] {
  return INBOX_FIELDS.filter((f) => actual[f] !== expected[f]).map(
    (f) => `${f}: got ${JSON.stringify(actual[f])}, want ${JSON.stringify(expected[f])}`,
  );
}
