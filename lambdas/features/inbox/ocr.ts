/**
 * Text from a photo of a letter, by tesseract.js (Tesseract compiled to WebAssembly, in a worker
 * thread), with its English model read from the `@tesseract.js-data/eng` package on disk: nothing is
 * downloaded, nothing is cached to disk. Loaded only when a photo arrives; one worker serves every
 * photo of one read and the deadline terminates it if the time runs out. Lines tesseract itself is
 * unsure of are dropped, so a smudge is not read as a figure.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Deadline } from './deadline.ts';
import { Unreadable } from './document.ts';

/** Tesseract's confidence (0–100) below which a line is dropped. */
export const MIN_LINE_CONFIDENCE = 50;

/** The LSTM model ('best_int'): smaller and faster than the legacy one, and what OEM 1 runs. */
export function defaultLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface Ocr {
  lines(image: Uint8Array): Promise<string[]>;
  close(): Promise<void>;
}

interface OcrLine {
  text: string;
  confidence: number;
}
interface OcrBlock {
  paragraphs: { lines: OcrLine[] }[];
}

export async function startOcr(deadline: Deadline, langPath = defaultLangPath()): Promise<Ocr> {
  const { createWorker, OEM } = await deadline.race(import('tesseract.js'));
  const creating = createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
    logger: () => undefined,
    // Errors come back as rejections too; without a handler the worker would throw them again.
    errorHandler: () => undefined,
  });
  // Terminated when the time runs out, even if it is still starting.
  const forget = deadline.onExpiry(() => creating.then((w) => w.terminate()));
  let worker: Awaited<typeof creating>;
  try {
    worker = await deadline.race(creating);
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw new Unreadable('no_text', `Text recognition could not start: ${String(error)}`);
  }
  return {
    async lines(image) {
      try {
        const { data } = await deadline.race(
          worker.recognize(Buffer.from(image), {}, { text: true, blocks: true }),
        );
        const blocks = (data.blocks ?? []) as OcrBlock[];
        return blocks
          .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
          .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
          .map((line) => line.text.trim());
      } catch (error) {
        if (error instanceof Unreadable) throw error;
        throw new Unreadable('malformed', 'The image could not be decoded');
      }
    },
    async close() {
      forget();
      await worker.terminate().catch(() => undefined);
    },
  };
}
