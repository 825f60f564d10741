import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageConfig } from './config.ts';
import { EDGE_REGION, EdgeStack } from './edge.ts';
import { RenewalRemindersStack, type RenewalRemindersStackProps } from './stack.ts';

export interface BuildAppOptions {
  /** Run the cdk-nag AwsSolutions checks at synth (default true). */
  nag?: boolean;
  routes?: RenewalRemindersStackProps['routes'];
  webDist?: string;
}

/**
 * The CDK app: per stage, `RenewalReminders-{stage}` and, in us-east-1 because CloudFront takes its
 * web ACL from there, `RenewalReminders-{stage}-edge` (`cdk deploy --all -c stage=prod`).
 * Account and region come from the CLI's environment; the region defaults to eu-west-2 (London).
 */
export function buildApp(app: App, options: BuildAppOptions = {}): RenewalRemindersStack {
  const config = readStageConfig(app.node);
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const common = {
    terminationProtection: config.isProd,
    tags: { app: 'renewal-reminders', stage: config.stage },
  };
  const edge = new EdgeStack(app, `RenewalReminders-${config.stage}-edge`, {
    config,
    env: { account, region: EDGE_REGION },
    description: `Renewal reminders (${config.stage}): CloudFront web ACL`,
    ...common,
  });
  const stack = new RenewalRemindersStack(app, `RenewalReminders-${config.stage}`, {
    config,
    routes: options.routes,
    webDist: options.webDist,
    edge,
    env: {
      account,
      region: process.env.AWS_REGION ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-2',
    },
    // The web ACL's ARN comes from the edge stack in us-east-1.
    crossRegionReferences: true,
    description: `Renewal reminders (${config.stage})`,
    ...common,
  });
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
