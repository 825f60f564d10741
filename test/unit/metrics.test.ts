/**
 * The product's metrics: one Embedded Metric Format line on stdout per run (the job's counts), per
 * sign-up and per reminder created or import (the product's figures), in the RenewalReminders
 * namespace, every count a Count with the service and stage dimensions; nothing when disabled (the
 * local stack and the tests) and nothing for a simulation.
 */
import type { Context, PostConfirmationTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createReminderRoute } from '../../lambdas/handlers/api/createReminder.ts';
import { handler as importRemindersRoute } from '../../lambdas/handlers/api/importReminders.ts';
import { buildApiEvent } from '../../lambdas/runtime/apiEvent.ts';
import { resetEnvCache } from '../../lambdas/runtime/env.ts';
import { logger } from '../../lambdas/runtime/logger.ts';
import {
  JOB_METRICS,
  publishJobCounts,
  publishProductCount,
  publishRunCounts,
} from '../../lambdas/runtime/metrics.ts';
import { ensureProfile } from '../../lambdas/store/account/index.ts';
import { importReminders } from '../../lambdas/store/reminders/index.ts';
import { handler as postConfirmation } from '../../lambdas/handlers/triggers/postConfirmation.ts';
import type { CronRun, Profile, Reminder } from '../../shared/api.ts';
import { METRIC_NAMES, PRODUCT_METRICS } from '../../shared/metrics.ts';

// The handlers' stores and mail, so that each handler runs here without a table or SES.
// The caller's profile that route() reads for the session check: none, as for a new account.
vi.mock('../../lambdas/store/account/profiles.ts', () => ({
  ensureProfile: vi.fn(),
  readSessionProfile: vi.fn(async () => undefined),
}));
vi.mock('../../lambdas/store/account/linkSignIns.ts', () => ({
  offerLinkSignIn: vi.fn(async () => undefined),
}));
vi.mock('../../lambdas/features/engine/welcome.ts', () => ({ sendWelcome: vi.fn(async () => 'sent') }));
vi.mock('../../lambdas/store/reminders/reminders.ts', () => ({
  createReminder: vi.fn(async (userId: string) => ({ id: 'r1', user_id: userId }) as Reminder),
}));
vi.mock('../../lambdas/store/reminders/imports.ts', () => ({
  importReminders: vi.fn(),
  IMPORT_BUDGET_MS: 7500,
  IMPORT_MARGIN_MS: 2500,
}));

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
// Only the EMF lines: a handler may log too.
const emf = () => lines.map((line) => JSON.parse(line) as Emf).filter((line) => '_aws' in line);
const names = (line: Emf | undefined) => line?._aws.CloudWatchMetrics[0]?.Metrics.map((m) => m.Name);

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
  planning: false,
  done: 40,
  status: 'failed',
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
      left: 4,
      rolled: 1,
      pushed: 12,
      push_failed: 1,
      channel_sent: 7,
      channel_failed: 1,
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

  it('leaves out the counts it is not given and those that are zero, and names only the closed list', () => {
    publishJobCounts({ runs: 1, failed: 0, sent: 3 });
    expect(emf()[0]!._aws.CloudWatchMetrics[0]!.Metrics.map((m) => m.Name)).toEqual(['runs', 'sent']);
    expect(emf()[0]).not.toHaveProperty('failed');
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

  it("publishes an idle stage's hourly run as `runs` alone: one custom metric, not seven", () => {
    const idle = { ...run, queued: 0, planned: 0, skipped: 0, late: 0, superseded: 0, missed: 0, rolled: 0 };
    publishRunCounts(idle);
    expect(emf()).toHaveLength(1);
    expect(names(emf()[0])).toEqual(['runs']);
  });

  it('publishes nothing for a simulation', () => {
    publishRunCounts({ ...run, simulated: true });
    expect(lines).toEqual([]);
  });
});

describe('the closed list of metric names', () => {
  it("is the job's counts and the product's figures, each named once", () => {
    expect(METRIC_NAMES).toEqual([...JOB_METRICS, ...PRODUCT_METRICS]);
    expect(PRODUCT_METRICS).toEqual(['signups', 'reminders_created']);
    expect(new Set(METRIC_NAMES).size).toBe(METRIC_NAMES.length);
  });
});

describe('publishProductCount', () => {
  it('writes one EMF line with the one count, the namespace and the service and stage dimensions', () => {
    publishProductCount('reminders_created', 12);
    expect(emf()).toHaveLength(1);
    const [line] = emf();
    expect(line!._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'RenewalReminders',
      Dimensions: [['service', 'stage']],
      Metrics: [{ Name: 'reminders_created', Unit: 'Count' }],
    });
    expect(line).toMatchObject({ service: 'renewal-reminders', stage: 'prod', reminders_created: 12 });
    // @ts-expect-error: only the product's figures, not the job's counts.
    publishProductCount('runs');
  });

  it('counts one by default, writes nothing when disabled, and never throws', () => {
    publishProductCount('signups');
    expect(emf()[0]).toMatchObject({ signups: 1 });
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    publishProductCount('signups');
    expect(emf()).toHaveLength(1);
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    delete process.env.TABLE_NAME;
    resetEnvCache();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(() => publishProductCount('signups')).not.toThrow();
    expect(warn).toHaveBeenCalledWith('Product metric not published', expect.anything());
  });
});

describe('the handlers that publish the product figures', () => {
  const context = {} as Context;
  const claims = { sub: 'u1', token_use: 'access' };
  const draft = {
    title: 'Car insurance',
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: '2031-01-01',
    amount: 412.35,
  };
  const confirmation = {
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    request: { userAttributes: { sub: 'u1', email: 'ann@example.com', given_name: 'Ann' } },
    response: {},
  } as unknown as PostConfirmationTriggerEvent;
  const profile = (createdAt: Date) => ({ user_id: 'u1', created_at: createdAt.toISOString() }) as Profile;

  it('PostConfirmation: one `signups` line for a new profile', async () => {
    vi.mocked(ensureProfile).mockImplementation(async () => profile(new Date()));
    await postConfirmation(confirmation);
    expect(emf()).toHaveLength(1);
    expect(names(emf()[0])).toEqual(['signups']);
    expect(emf()[0]).toMatchObject({ signups: 1 });
  });

  it('PostConfirmation: nothing when a retry finds the profile made the first time', async () => {
    vi.mocked(ensureProfile).mockImplementation(async () => profile(new Date(Date.now() - 60_000)));
    await postConfirmation(confirmation);
    expect(emf()).toEqual([]);
  });

  it('POST /api/reminders: one `reminders_created` line of 1', async () => {
    const event = buildApiEvent({
      method: 'POST',
      routePath: '/api/reminders',
      claims,
      body: JSON.stringify(draft),
    });
    expect((await createReminderRoute(event, context)).statusCode).toBe(201);
    expect(emf()).toHaveLength(1);
    expect(names(emf()[0])).toEqual(['reminders_created']);
    expect(emf()[0]).toMatchObject({ reminders_created: 1 });
  });

  it('POST /api/reminders/import: one `reminders_created` line of the count imported; none for none', async () => {
    const body = JSON.stringify({ reminders: [draft, draft, draft] });
    const event = () => buildApiEvent({ method: 'POST', routePath: '/api/reminders/import', claims, body });
    vi.mocked(importReminders).mockResolvedValueOnce({ imported: 2, skipped: 1 });
    expect((await importRemindersRoute(event(), context)).statusCode).toBe(200);
    expect(emf()).toHaveLength(1);
    expect(names(emf()[0])).toEqual(['reminders_created']);
    expect(emf()[0]).toMatchObject({ reminders_created: 2 });
    vi.mocked(importReminders).mockResolvedValueOnce({ imported: 0, skipped: 3 });
    expect((await importRemindersRoute(event(), context)).statusCode).toBe(200);
    expect(emf()).toHaveLength(1);
  });
});
