/**
 * `npm run bench:inbox`: the renewal inbox over its corpus (test/fixtures/inbox). Reads and extracts
 * every document as the product does, then prints the share of documents each field was read right
 * for (an empty field where the document says nothing counts as right), the number of wrong dates
 * shown as found (a date given that is not the document's: the one figure that must stay 0), and the
 * time per document by kind: e-mail, PDF, photo (OCR), pasted text. `-- --verbose` lists each miss;
 * `-- --dir <folder>` runs another set of documents laid out the same way.
 *
 * Times include loading the PDF and OCR libraries on first use, as a cold Lambda would; the slowest
 * document of each kind is printed beside the median.
 */
import { readAndExtract } from '../lambdas/features/inbox/index.ts';
import { INBOX_FIELDS } from '../shared/inbox/fields.ts';
import { corpusCases, differences, type CorpusCase } from '../test/support/inbox-cases.ts';

const verbose = process.argv.includes('--verbose');
const dirAt = process.argv.indexOf('--dir');
const cases = corpusCases(dirAt > -1 ? process.argv[dirAt + 1] : undefined);
const right = Object.fromEntries(INBOX_FIELDS.map((f) => [f, 0])) as Record<
  (typeof INBOX_FIELDS)[number],
  number
>;
let wrongDates = 0;
let unreadable = 0;
const times = new Map<CorpusCase['group'], { name: string; ms: number }[]>();

for (const c of cases) {
  const started = performance.now();
  const result = await readAndExtract(c.input, { today: c.today });
  const ms = performance.now() - started;
  times.set(c.group, [...(times.get(c.group) ?? []), { name: c.name, ms }]);
  if (!result.ok) {
    unreadable++;
    console.log(`  ${c.name}: could not be read (${result.reason}: ${result.detail})`);
    continue;
  }
  for (const f of INBOX_FIELDS) if (result.fields[f] === c.expected[f]) right[f]++;
  if (result.fields.renewal_date !== null && result.fields.renewal_date !== c.expected.renewal_date) {
    wrongDates++;
    console.log(
      `  WRONG DATE ${c.name}: ${result.fields.renewal_date} (${result.fields.sources.renewal_date})`,
    );
  }
  const misses = differences(result.fields, c.expected);
  if (verbose && misses.length > 0) console.log(`  ${c.name}\n    ${misses.join('\n    ')}`);
}

const pct = (n: number) => `${((100 * n) / cases.length).toFixed(1)}%`.padStart(7);
console.log(`\nInbox corpus: ${cases.length} documents (${unreadable} could not be read)\n`);
const label: Record<string, string> = {
  provider: 'provider',
  category: 'category',
  renewal_date: 'date',
  date_kind: 'date kind',
  amount: 'price',
  repeats: 'how often paid',
  previous_amount: "last year's price",
};
for (const f of INBOX_FIELDS)
  console.log(`  ${label[f]!.padEnd(20)}${pct(right[f])}  (${right[f]}/${cases.length})`);
console.log(`\n  wrong dates shown as found: ${wrongDates}\n`);
console.log('  time per document (read + extract):');
for (const [group, list] of [...times.entries()].sort()) {
  const sorted = list.map((t) => t.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const slowest = list.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `    ${group.padEnd(8)} ${String(list.length).padStart(3)} docs  median ${median.toFixed(0).padStart(5)} ms  slowest ${slowest.ms.toFixed(0).padStart(5)} ms (${slowest.name})`,
  );
}
