/**
 * The inbox corpus (test/fixtures/inbox): every e-mail, PDF and pasted text read and extracted as the
 * product does, each field as its `.expected.json` says, and no date given that is not the
 * document's. Photos need OCR (about a second each), so one stands for them here; `npm run
 * bench:inbox` runs them all and prints the accuracy and the times.
 */
import { describe, expect, it } from 'vitest';
import { readAndExtract } from '../../lambdas/features/inbox/index.ts';
import { INBOX_FIELDS, inboxFieldsSchema } from '../../shared/inbox/fields.ts';
import { corpusCases, type CorpusCase } from '../support/inbox-cases.ts';

const cases = corpusCases();
const ONE_PHOTO = 'direct-line-car-letter-photo';

async function check(c: CorpusCase) {
  const result = await readAndExtract(c.input, { today: c.today });
  if (!result.ok) throw new Error(`${c.name} could not be read: ${result.reason} (${result.detail})`);
  const { sources, ...fields } = inboxFieldsSchema.parse(result.fields);
  expect(fields, c.why).toEqual(c.expected);
  // Every field found says where it was read.
  for (const field of INBOX_FIELDS) expect(sources[field] !== undefined, field).toBe(fields[field] !== null);
}

describe('the corpus', () => {
  it('holds at least 40 documents of every kind, some with nothing to find', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.group))).toEqual(new Set(['e-mail', 'PDF', 'photo', 'text']));
    expect(
      cases.filter((c) => Object.values(c.expected).every((v) => v === null)).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it.each(cases.filter((c) => !c.ocr).map((c) => [c.name, c] as const))('%s', async (_, c) => {
    await check(c);
  });

  it(`reads a photographed letter (${ONE_PHOTO}) by OCR`, { timeout: 30_000 }, async () => {
    await check(cases.find((c) => c.name === ONE_PHOTO)!);
  });
});
