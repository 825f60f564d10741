import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { CronRun } from '../../shared/api.ts';
import {
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  type JobMetric,
  type MetricName,
  type ProductMetric,
} from '../../shared/metrics.ts';
import { env } from './env.ts';
import { logger, serviceName } from './logger.ts';

export { JOB_METRICS, PRODUCT_METRICS, type JobMetric, type ProductMetric } from '../../shared/metrics.ts';

/**
 * Counts as CloudWatch metrics: each a Count, with the stage as a dimension (beside Powertools' own
 * `service`), zeros left out, written at once as one Embedded Metric Format line on stdout, which CloudWatch Logs
 * turns into metrics (no PutMetricData call, no extra permission). Off where
 * POWERTOOLS_METRICS_DISABLED is true: the local stack sets it unless asked otherwise.
 *
 * A Metrics object is made per call: it reads the environment when made, and the local stack and the
 * tests set it after the modules load. Publishing never throws: a metric lost is logged, and what was
 * being counted (a run, a sign-up, a reminder) goes on as if nothing happened.
 */
function publishCounts(counts: Partial<Record<MetricName, number>>, lostMessage: string): void {
  try {
    const metrics = new Metrics({
      namespace: METRICS_NAMESPACE,
      serviceName: serviceName(),
      defaultDimensions: { [METRIC_DIMENSIONS.stage]: env().STAGE },
    });
    for (const name of METRIC_NAMES) {
      const value = counts[name];
      // A zero is not published: CloudWatch bills each custom metric for every hour it receives a
      // value, and an idle stage's hourly run would keep seven of them (US$2.10 a month) alive to say
      // nothing happened. The alarms read a missing hour as none (FILL, or missing data as not
      // breaching); `runs` is never zero, so the no-run alarm still sees every run.
      if (value !== undefined && value !== 0) metrics.addMetric(name, MetricUnit.Count, value);
    }
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  } catch (error) {
    logger.warn(lostMessage, { error });
  }
}

/** The job's counts (the planner's per run, the senders' per batch). */
export function publishJobCounts(counts: Partial<Record<JobMetric, number>>): void {
  publishCounts(counts, 'Job metrics not published');
}

/** One of the product's own figures: a sign-up, or the reminders an owner just created (1 or an import's count). */
export function publishProductCount(name: ProductMetric, value = 1): void {
  publishCounts({ [name]: value }, 'Product metric not published');
}

/**
 * Publishes a finished run's counts. A simulation publishes nothing: it sends nothing, and counting
 * it as a run would hide a job that no longer runs from the alarm that watches `runs`.
 */
export function publishRunCounts(run: Omit<CronRun, 'status'>): void {
  if (!run.simulated) publishJobCounts(jobCounts(run));
}

/**
 * What the planner knows of a run: what it planned, settled and left unqueued (held with sending
 * disabled, or refused by SQS). `sent` and `failed` are the senders' to publish, as they send.
 */
export function jobCounts(run: Omit<CronRun, 'status'>): Partial<Record<JobMetric, number>> {
  return {
    runs: 1,
    planned: run.planned,
    late: run.late,
    superseded: run.superseded,
    missed: run.missed,
    left: Math.max(0, run.planned - run.skipped - run.queued),
    rolled: run.rolled,
  };
}
