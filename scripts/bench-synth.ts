/**
 * `npm run bench:synth`: wall time of `cdk synth -c stage=dev` as a developer runs it (the CLI, the
 * app, every function bundled, cdk-nag and CloudFormation's schema check), and with `-c fast=true`.
 * Prints the median of `--runs` runs (default 3) and the load average, since the machine is shared.
 * Uses the web build when there is one, else the placeholder page. Nothing is deployed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_REGION } from '../lib/config.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const web = existsSync('web/dist/index.html') ? [] : ['-c', 'webPlaceholder=true'];

function synthSeconds(extra: string[]): number {
  const out = mkdtempSync(join(tmpdir(), 'bench-synth-'));
  const started = performance.now();
  const run = spawnSync('npx', ['cdk', 'synth', '-c', 'stage=dev', ...web, ...extra, '--quiet', '-o', out], {
    env: { ...process.env, AWS_REGION: DEFAULT_REGION },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = (performance.now() - started) / 1000;
  rmSync(out, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`cdk synth failed:\n${run.stderr.toString()}`);
  return seconds;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [label, extra] of [
  ['cdk synth -c stage=dev', []],
  ['cdk synth -c stage=dev -c fast=true', ['-c', 'fast=true']],
] as const) {
  const times = Array.from({ length: runs }, () => synthSeconds([...extra]));
  console.log(
    `${label}: median ${median(times).toFixed(1)} s wall (${times.map((t) => t.toFixed(1)).join(', ')}; ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
}
