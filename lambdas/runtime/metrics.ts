import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { CronRun } from '../../shared/api.ts';
import { JOB_METRICS, METRIC_DIMENSIONS, METRICS_NAMESPACE, type JobMetric } from '../../shared/metrics.ts';
import { env } from './env.ts';
import { logger, serviceName } from './logger.ts';

export { JOB_METRICS, type JobMetric } from '../../shared/metrics.ts';

/**
 * The job's counts as CloudWatch metrics: each a Count, with the stage as a dimension (beside
 * Powertools' own `service`), written at once as one Embedded Metric Format line on stdout, which
 * CloudWatch Logs turns into metrics (no PutMetricData call, no extra permission). Off where
 * POWERTOOLS_METRICS_DISABLED is true: the local stack sets it unless asked otherwise.
 *
 * A Metrics object is made per call: it reads the environment when made, and the local stack and the
 * tests set it after the modules load. Publishing never throws: a metric lost is logged, the run goes
 * on to record itself.
 */
export function publishJobCounts(counts: Partial<Record<JobMetric, number>>): void {
  try {
    const metrics = new Metrics({
      namespace: METRICS_NAMESPACE,
      serviceName: serviceName(),
      defaultDimensions: { [METRIC_DIMENSIONS.stage]: env().STAGE },
    });
    for (const name of JOB_METRICS) {
      const value = counts[name];
      if (value !== undefined) metrics.addMetric(name, MetricUnit.Count, value);
    }
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  } catch (error) {
    logger.warn('Job metrics not published', { error });
  }
}

/**
 * Publishes a finished run's counts. A simulation publishes nothing: it sends nothing, and counting
 * it as a run would hide a job that no longer runs from the alarm that watches `runs`.
 */
export function publishRunCounts(run: CronRun): void {
  if (!run.simulated) publishJobCounts(jobCounts(run));
}

/**
 * What the planner knows of a run: what it planned, settled and left unqueued (held with sending
 * disabled, or refused by SQS). `sent` and `failed` are the senders' to publish, as they send.
 */
export function jobCounts(run: CronRun): Partial<Record<JobMetric, number>> {
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
