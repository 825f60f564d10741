/**
 * What a stage costs, measured: docs/operations.md's alarm counts and cost table against the alarms
 * and metrics of the synthesized templates (lib/cost.ts) and the custom metrics an idle run
 * publishes; the alarms stay right when a count of zero is not published; and the web ACL's log.
 */
import { readFileSync } from 'node:fs';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { jobCounts } from '../../lambdas/runtime/metrics.ts';
import { ALARM_METRIC_PRICE, alarmCount, CUSTOM_METRIC_PRICE } from '../../lib/cost.ts';
import { WAF_LOG_GROUP_PREFIX } from '../../lib/edge.ts';
import { stageContext } from '../../lib/stages.ts';
import type { CronRun } from '../../shared/api.ts';
import { METRICS_NAMESPACE } from '../../shared/metrics.ts';
import { cleanUp, resourcesOfType, synth, type Synthesized } from './harness.ts';
import { aCronRun } from '../support/builders.ts';

afterAll(cleanUp);

const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');

/** Every template of the stage: its own stack, each route stack, the us-east-1 edge stack. */
const templatesOf = (s: Synthesized) =>
  s.app.node
    .findAll()
    .filter((node): node is Stack => node instanceof Stack)
    .map((stack) => Template.fromStack(stack).toJSON());

const stages = {
  'idle dev (defaults)': synth({ stage: 'dev' }),
  'idle dev, `webAcl=false`': synth({ stage: 'dev', webAcl: 'false' }),
  'idle prod': synth(stageContext({ stage: 'prod' })),
};

/** The cost table of docs/operations.md: each line's cells by column heading. */
function costTable(): Map<string, Record<string, string>> {
  const section = operations.slice(operations.indexOf('## Cost\n'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const [heading, ...lines] = rows;
  return new Map(
    lines.map((cells) => [
      cells[0]!,
      Object.fromEntries(heading!.slice(1).map((h, i) => [h, cells[i + 1]!])),
    ]),
  );
}

/** A cell's amount: "16 metrics: 1.60" and "1.60" are 1.60, "under 0.10" 0.10, "none" 0. */
const amount = (cell: string) => (cell === 'none' ? 0 : Number(/([\d.]+)\**$/.exec(cell)?.[1]));

/** An idle run: the hourly job found nothing due. */
const IDLE_RUN: Omit<CronRun, 'status'> = aCronRun();

describe('the cost of a stage, as docs/operations.md gives it', () => {
  const table = costTable();
  const alarmLine = table.get('CloudWatch alarms (US$0.10 per metric)')!;
  const customLine = [...table.entries()].find(([line]) => line.startsWith('custom metrics'))![1];

  it('counts the alarms and their metrics of prod and of a dev stage as the templates have them', () => {
    const prod = alarmCount(templatesOf(stages['idle prod']));
    const dev = alarmCount(templatesOf(stages['idle dev (defaults)']));
    expect(operations).toContain(`prod has ${prod.alarms} alarms reading ${prod.metrics} metrics`);
    expect(operations).toContain(
      `keeps the\nstage's own ${dev.alarms} alarms (${dev.metrics} metrics, US$${(dev.metrics * ALARM_METRIC_PRICE).toFixed(2)})`,
    );
    for (const [column, s] of Object.entries(stages)) {
      const { metrics } = alarmCount(templatesOf(s));
      expect(amount(alarmLine[column]!), column).toBeCloseTo(metrics * ALARM_METRIC_PRICE, 2);
    }
    expect(alarmLine['idle prod']).toBe(
      `${prod.metrics} metrics: ${(prod.metrics * ALARM_METRIC_PRICE).toFixed(2)}`,
    );
  });

  it('counts the custom metrics an idle run publishes: runs alone, not its zeros', () => {
    const published = Object.entries(jobCounts(IDLE_RUN)).filter(([, value]) => value !== 0);
    expect(published).toEqual([['runs', 1]]);
    expect(customLine['idle dev (defaults)']).toBe(
      `${published.length} metric: ${(published.length * CUSTOM_METRIC_PRICE).toFixed(2)}`,
    );
    for (const column of Object.keys(stages))
      expect(amount(customLine[column]!), column).toBeCloseTo(published.length * CUSTOM_METRIC_PRICE, 2);
  });

  it('adds each idle column up to its total, and keeps an idle dev stage without the web ACL under US$5', () => {
    for (const column of Object.keys(stages)) {
      const lines = [...table.entries()].filter(([line]) => line !== '**total**');
      const sum = lines.reduce((total, [, cells]) => total + amount(cells[column]!), 0);
      expect(amount(table.get('**total**')![column]!), column).toBeCloseTo(sum, 2);
    }
    expect(amount(table.get('**total**')!['idle dev, `webAcl=false`']!)).toBeLessThan(5);
  });
});

describe('alarms on the metrics the job publishes only when they are not zero', () => {
  it('read a missing hour as nothing happened, but for the no-run alarm, whose runs is never zero', () => {
    for (const s of Object.values(stages)) {
      const onJobMetrics = Object.values(resourcesOfType(s.template, 'AWS::CloudWatch::Alarm')).filter((a) =>
        JSON.stringify(a.Properties).includes(`"Namespace":"${METRICS_NAMESPACE}"`),
      );
      expect(onJobMetrics).toHaveLength(2);
      for (const alarm of onJobMetrics) {
        const props = alarm.Properties!;
        if (props.MetricName === 'runs') {
          expect(props.TreatMissingData).toBe('breaching');
          continue;
        }
        expect(props.TreatMissingData).toBe('notBreaching');
        const expression = (props.Metrics as { Expression?: string }[]).find(
          (m) => m.Expression,
        )!.Expression!;
        const ids = (props.Metrics as { Id: string; MetricStat?: unknown }[])
          .filter((m) => m.MetricStat)
          .map((m) => m.Id);
        for (const id of ids) expect(expression).toContain(`FILL(${id}, 0)`);
      }
    }
  });
});

describe("the web ACL's log", () => {
  const edge = Template.fromStack(stages['idle prod'].stack.edge!);

  it('goes to a log group of the edge stack named aws-waf-logs-…, with the stage’s retention, kept in prod', () => {
    const groups = Object.entries(resourcesOfType(edge, 'AWS::Logs::LogGroup')).filter(([, g]) =>
      JSON.stringify(g.Properties?.LogGroupName ?? '').includes(WAF_LOG_GROUP_PREFIX),
    );
    expect(groups).toHaveLength(1);
    const [id, group] = groups[0]! as [
      string,
      { Properties: Record<string, unknown>; DeletionPolicy?: string },
    ];
    expect(group.Properties.RetentionInDays).toBe(90);
    expect(group.DeletionPolicy).toBe('Retain');
    const name = group.Properties.LogGroupName as { 'Fn::Join': [string, unknown[]] };
    expect(name['Fn::Join'][1][0]).toBe('aws-waf-logs-renewal-reminders-prod');
    // A new name with each create of the stack (its id's unique part).
    expect(JSON.stringify(name)).toContain('AWS::StackId');
    const [logging] = Object.values(resourcesOfType(edge, 'AWS::WAFv2::LoggingConfiguration'));
    const webAcl = Object.keys(resourcesOfType(edge, 'AWS::WAFv2::WebACL'))[0]!;
    expect(logging!.Properties).toMatchObject({
      ResourceArn: { 'Fn::GetAtt': [webAcl, 'Arn'] },
      LoggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
      RedactedFields: [
        { SingleHeader: { Name: 'authorization' } },
        { SingleHeader: { Name: 'cookie' } },
        { QueryString: {} },
      ],
    });
    // The log group's ARN without the ':*' its Arn attribute has.
    const destination = JSON.stringify((logging!.Properties!.LogDestinationConfigs as unknown[])[0]);
    expect(destination).toContain(`:log-group:",{"Ref":"${id}"}`);
    expect(destination).not.toContain(':*');
  });

  it('is not there without the web ACL', () => {
    expect(stages['idle dev, `webAcl=false`'].stack.edge).toBeUndefined();
  });
});
