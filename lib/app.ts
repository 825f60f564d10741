import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageConfig } from './config.ts';
import { RenewalRemindersStack, type RenewalRemindersStackProps } from './stack.ts';

export interface BuildAppOptions {
  /** Run the cdk-nag AwsSolutions checks at synth (default true). */
  nag?: boolean;
  routes?: RenewalRemindersStackProps['routes'];
  webDist?: string;
}

/**
 * The CDK app: one stack per stage, `RenewalReminders-{stage}` (`cdk deploy -c stage=prod`).
 * Account and region come from the CLI's environment; the region defaults to eu-west-2 (London).
 */
export function buildApp(app: App, options: BuildAppOptions = {}): RenewalRemindersStack {
  const config = readStageConfig(app.node);
  const stack = new RenewalRemindersStack(app, `RenewalReminders-${config.stage}`, {
    config,
    routes: options.routes,
    webDist: options.webDist,
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.AWS_REGION ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-2',
    },
    description: `Renewal reminders (${config.stage})`,
    terminationProtection: config.isProd,
    tags: { app: 'renewal-reminders', stage: config.stage },
  });
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
