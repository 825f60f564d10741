import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longestFirst, readDurations } from '../support/sequencer.ts';

type File = { project: string; path: string };
const order = (files: File[], durations: Record<string, number>) =>
  longestFirst(
    files,
    (f) => f.project,
    (f) => f.path,
    durations,
  ).map((f) => f.path);

describe('the test files’ order', () => {
  it('is longest first within each project, and the projects by their longest file', () => {
    const files = [
      { project: 'infra', path: 'a' },
      { project: 'infra', path: 'b' },
      { project: 'e2e', path: 'small-file-long-run' },
      { project: 'e2e', path: 'big-file-short-run' },
    ];
    expect(order(files, { a: 1, b: 9, 'small-file-long-run': 200, 'big-file-short-run': 20 })).toEqual([
      'small-file-long-run',
      'big-file-short-run',
      'b',
      'a',
    ]);
    // A project whose longest file is the longer goes first, whatever its place was.
    expect(order(files, { a: 1, b: 300, 'small-file-long-run': 200, 'big-file-short-run': 20 })).toEqual([
      'b',
      'a',
      'small-file-long-run',
      'big-file-short-run',
    ]);
  });

  it('counts a file the table does not know as short, keeping the given order among equals', () => {
    const files = ['x', 'new-1', 'y', 'new-2'].map((p) => ({ project: 'unit', path: p }));
    expect(order(files, { x: 2, y: 30 })).toEqual(['y', 'new-1', 'new-2', 'x']);
  });

  it('never splits a project that comes back later into one run', () => {
    const files = [
      { project: 'unit', path: 'u1' },
      { project: 'web', path: 'w1' },
      { project: 'unit', path: 'u2' },
    ];
    expect(order(files, { u1: 1, u2: 50, w1: 3 })).toEqual(['u2', 'w1', 'u1']);
  });

  it('reads only numbers from the table, and nothing from a missing or broken one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'durations-'));
    const file = path.join(dir, 'durations.json');
    fs.writeFileSync(file, JSON.stringify({ 'test/a.test.ts': 3.5, 'test/b.test.ts': 'slow' }));
    expect(readDurations(file)).toEqual({ 'test/a.test.ts': 3.5 });
    fs.writeFileSync(file, '{ not json');
    expect(readDurations(file)).toEqual({});
    expect(readDurations(path.join(dir, 'absent.json'))).toEqual({});
    fs.rmSync(dir, { recursive: true });
  });
});
