/**
 * The product's custom CloudWatch metrics, named once: the job publishes them (lambdas/runtime/
 * metrics.ts, as Embedded Metric Format log lines) and the alarms read them (lib/alarms.ts).
 */
export const METRICS_NAMESPACE = 'RenewalReminders';

/**
 * The daily job's counts, one data point each per run: runs (1), mails planned, sent, sent late,
 * superseded, missed, failed (the run's errors), left for a later run (out of time), and
 * repeating reminders rolled forward.
 */
export const JOB_METRICS = [
  'runs',
  'planned',
  'sent',
  'late',
  'superseded',
  'missed',
  'failed',
  'left',
  'rolled',
] as const;
export type JobMetric = (typeof JOB_METRICS)[number];

/** Dimensions of every metric: Powertools' service (POWERTOOLS_SERVICE_NAME) and the stage (STAGE). */
export const METRIC_DIMENSIONS = { service: 'service', stage: 'stage' } as const;
