/**
 * What a stage's templates cost by the count: CloudWatch bills an alarm per metric it reads (a metric
 * math alarm for each metric in its expression; the expression itself is free). docs/operations.md's
 * cost table is held to these counts by test/infra/cost.test.ts.
 */

interface TemplateJson {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

/** US$ a month per metric an alarm reads (standard resolution). */
export const ALARM_METRIC_PRICE = 0.1;

/** US$ a month per custom metric that receives data (the first 10,000). */
export const CUSTOM_METRIC_PRICE = 0.3;

/** The alarms of the templates and the metrics they read, as CloudWatch bills them. */
export function alarmCount(templates: readonly TemplateJson[]): { alarms: number; metrics: number } {
  let alarms = 0;
  let metrics = 0;
  for (const template of templates) {
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::CloudWatch::Alarm') continue;
      alarms += 1;
      const queries = resource.Properties?.Metrics as { MetricStat?: unknown }[] | undefined;
      metrics += queries ? queries.filter((q) => q.MetricStat !== undefined).length : 1;
    }
  }
  return { alarms, metrics };
}
