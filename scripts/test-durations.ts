/**
 * Writes test/durations.json, the seconds each test file took, from the Vitest JSON report(s) of a
 * full run: the order files start in (test/support/sequencer.ts) is longest first by it.
 *
 *   npx vitest run --reporter=json --outputFile=/tmp/vitest.json && npm run test:durations -- /tmp/vitest.json
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { DURATIONS_FILE } from '../test/support/sequencer.ts';

const report = z.object({
  testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() })),
});

const inputs = process.argv.slice(2);
if (inputs.length === 0) {
  console.error('Usage: npm run test:durations -- <vitest JSON report>...');
  process.exit(2);
}
const root = path.dirname(path.dirname(DURATIONS_FILE));
const testResults = inputs.flatMap(
  (input) => report.parse(JSON.parse(fs.readFileSync(input, 'utf8'))).testResults,
);
const durations = Object.fromEntries(
  testResults
    .map((file) => [
      path.relative(root, file.name).split(path.sep).join('/'),
      Math.round((file.endTime - file.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => String(a).localeCompare(String(b))),
);
fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files: ${path.relative(process.cwd(), DURATIONS_FILE)}`);
