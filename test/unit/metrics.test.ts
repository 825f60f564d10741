/**
 * The job's metrics: one Embedded Metric Format line on stdout per run, in the RenewalReminders
 * namespace, every count a Count with the service and stage dimensions; nothing when disabled (the
 * local stack and the tests) and nothing for a simulation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { logger } from '../../lambdas/runtime/logger.ts';
import { JOB_METRICS, publishJobCounts, publishRunCounts } from '../../lambdas/runtime/metrics.ts';
import type { CronRun } from '../../shared/api.ts';

const saved = { ...process.env };
let lines: string[] = [];

beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit', STAGE: 'prod', POWERTOOLS_METRICS_DISABLED: 'false' });
  delete process.env.POWERTOOLS_SERVICE_NAME;
  resetEnvCache();
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  resetEnvCache();
});

interface Emf {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [field: string]: unknown;
}
const emf = () => lines.map((line) => JSON.parse(line) as Emf);

const run: CronRun = {
  id: 'r',
  ran_at: '2027-01-08T08:00:00.000Z',
  date: '2027-01-08',
  trigger: 'schedule',
  simulated: false,
  items_processed: 0,
  queued: 40,
  planned: 43,
  skipped: 1,
  late: 3,
  superseded: 5,
  missed: 2,
  rolled: 0,
  errors: ['one', 'two'],
  duration_ms: 1000,
};

describe('publishJobCounts', () => {
  it('writes one EMF line: the namespace, the service and stage dimensions, every count a Count', () => {
    const counts = {
      runs: 1,
      planned: 43,
      sent: 40,
      late: 3,
      superseded: 5,
      missed: 2,
      failed: 2,
      left: 0,
      rolled: 1,
    };
    publishJobCounts(counts);
    expect(lines).toHaveLength(1);
    const [line] = emf();
    const [directive] = line!._aws.CloudWatchMetrics;
    expect(directive!.Namespace).toBe('RenewalReminders');
    expect(directive!.Dimensions).toEqual([['service', 'stage']]);
    expect(line).toMatchObject({ service: 'renewal-reminders', stage: 'prod', ...counts });
    expect(directive!.Metrics).toEqual(JOB_METRICS.map((name) => ({ Name: name, Unit: 'Count' })));
  });

  it('leaves out the counts it is not given, and names only the closed list', () => {
    publishJobCounts({ runs: 1, failed: 0 });
    expect(emf()[0]!._aws.CloudWatchMetrics[0]!.Metrics.map((m) => m.Name)).toEqual(['runs', 'failed']);
    // @ts-expect-error: a name outside JOB_METRICS does not compile.
    publishJobCounts({ sends: 1 });
  });

  it('writes nothing when POWERTOOLS_METRICS_DISABLED is true (the local stack and the tests)', () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    publishJobCounts({ runs: 1 });
    expect(lines).toEqual([]);
  });

  it('never throws: a bad environment loses the metrics, not the run', () => {
    delete process.env.TABLE_NAME;
    resetEnvCache();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(() => publishJobCounts({ runs: 1 })).not.toThrow();
    expect(warn).toHaveBeenCalledWith('Job metrics not published', expect.anything());
  });
});

describe('publishRunCounts', () => {
  it("publishes the planner's counts of a run: left is what was due but neither skipped nor queued", () => {
    publishRunCounts(run);
    expect(emf()[0]).toMatchObject({ runs: 1, planned: 43, late: 3, superseded: 5, missed: 2, left: 2 });
    // Sent and failed are the senders' to count.
    expect(emf()[0]).not.toHaveProperty('sent');
    expect(emf()[0]).not.toHaveProperty('failed');
  });

  it('publishes nothing for a simulation', () => {
    publishRunCounts({ ...run, simulated: true });
    expect(lines).toEqual([]);
  });
});
