/**
 * The product's custom CloudWatch metrics, named once: the functions publish them (lambdas/runtime/
 * metrics.ts, as Embedded Metric Format log lines), the alarms (lib/alarms.ts) and the dashboard
 * (lib/dashboard.ts) read them. METRIC_NAMES is the one closed list: a name outside it does not compile.
 */
export const METRICS_NAMESPACE = 'RenewalReminders';

/**
 * The reminder job's counts, one data point each per run: runs (1), mails planned, sent, sent late,
 * superseded, missed, failed (the run's errors), left for a later run (out of time), repeating
 * reminders rolled forward, the day's pushes: delivered to a device (pushed), or failed for good,
 * and the day's messages on the alert channels (Telegram, ntfy, webhook): accepted, or failed for good.
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
  'pushed',
  'push_failed',
  'channel_sent',
  'channel_failed',
] as const;
export type JobMetric = (typeof JOB_METRICS)[number];

/**
 * The product's own figures, one data point as they happen: a confirmed sign-up (the PostConfirmation
 * trigger, a new profile only), and reminders created by their owner (one from the form, an import's
 * count from an import; the admin system test's reminder is not counted).
 */
export const PRODUCT_METRICS = ['signups', 'reminders_created'] as const;
export type ProductMetric = (typeof PRODUCT_METRICS)[number];

/** Every metric the product publishes. */
export const METRIC_NAMES = [...JOB_METRICS, ...PRODUCT_METRICS] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** Dimensions of every metric: Powertools' service (POWERTOOLS_SERVICE_NAME) and the stage (STAGE). */
export const METRIC_DIMENSIONS = { service: 'service', stage: 'stage' } as const;
