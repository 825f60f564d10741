/**
 * The order test files start in: each project's files longest first, by the seconds a full run
 * took (test/durations.json, written by `npm run test:durations`). Vitest's own order is by its
 * cache of the last run's durations, which a fresh clone (CI) does not have; it then falls back to
 * the biggest file first, and the e2e files that are a short list of journeys from other modules
 * (short-journeys-*.test.ts, a few lines each, minutes to run) started last and ran on alone at
 * the end. Longest first lets the short files fill in around the long ones. A project's files stay
 * together (a worker that shares its modules serves one project at a time), and the projects go
 * longest first too; groups keep Vitest's order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DURATIONS_FILE = path.join(ROOT, 'test/durations.json');

/** Seconds per test file (its path from the repository's root), as the last full run measured them. */
export function readDurations(file = DURATIONS_FILE): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/**
 * `files` in runs of one project's files, as Vitest gives them, each run longest first and the runs
 * by their longest file; a file not in the table keeps its place among the others, counted as
 * lasting `unknownSeconds` (a new file is likely short, and runs after the known long ones).
 */
export function longestFirst<T>(
  files: readonly T[],
  projectOf: (file: T) => string,
  pathOf: (file: T) => string,
  durations: Record<string, number>,
  unknownSeconds = 5,
): T[] {
  const runs: T[][] = [];
  for (const file of files) {
    const last = runs.at(-1);
    if (last && projectOf(last[0]!) === projectOf(file)) last.push(file);
    else runs.push([file]);
  }
  const seconds = (file: T) => durations[pathOf(file)] ?? unknownSeconds;
  // Array.prototype.sort is stable: equal durations keep Vitest's order.
  const sorted = runs.map((run) => [...run].sort((a, b) => seconds(b) - seconds(a)));
  // The runs too, by their longest file: a project whose files are all short (unit, web) fills the
  // end, and the integration files, the longest, no longer start last and run on alone.
  const longest = (run: T[]) => seconds(run[0]!);
  return sorted.sort((a, b) => longest(b) - longest(a)).flat();
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return longestFirst(
      ordered,
      (spec) => spec.project.name,
      (spec) => path.relative(ROOT, spec.moduleId).split(path.sep).join('/'),
      readDurations(),
    );
  }
}
