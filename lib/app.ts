import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageConfig, type StageConfig } from './config.ts';
import { EDGE_REGION, EdgeStack } from './edge.ts';
import { InboxStack } from './inbox.ts';
import { enforceStageLogRetention } from './logs.ts';
import { RenewalRemindersStack, type RenewalRemindersStackProps } from './stack.ts';

export interface BuildAppOptions {
  /** Run the cdk-nag AwsSolutions checks at synth (default true). */
  nag?: boolean;
  routes?: RenewalRemindersStackProps['routes'];
  routeStackMap?: RenewalRemindersStackProps['routeStackMap'];
  webDist?: string;
  /**
   * The region the CDK CLI runs in (it sets CDK_DEFAULT_REGION from AWS_REGION, the profile, or
   * us-east-1 when neither names one); default that variable. Tests pass their own.
   */
  cliRegion?: string;
}

/**
 * Stops a synth or deploy whose CLI region is not the stage's: the stage's region comes from its
 * context alone, and a CLI pointed elsewhere usually means the wrong profile or a forgotten
 * AWS_REGION, which would otherwise go unnoticed until the stack is in the wrong place.
 */
export function checkCliRegion(config: StageConfig, cliRegion: string | undefined): void {
  if (cliRegion === undefined || cliRegion === config.region) return;
  throw new Error(
    `Stage '${config.stage}' lives in ${config.region}, but the AWS CLI's region is ${cliRegion}. ` +
      `Run with AWS_REGION=${config.region} (or a profile in that region), or, if the stage really belongs ` +
      `there, give it "region": "${cliRegion}" in stages/${config.stage}.json (-c region=${cliRegion} for a stage ` +
      'without a file; moving an existing stage means deleting the stack that holds its data).',
  );
}

/**
 * What a synth checks. Context `fast=true` leaves out cdk-nag and CDK's CloudFormation schema check
 * (about half of a synth's time) for a quick look at a template; CI, `npm test` and a deploy without
 * it run both.
 */
export function synthChecks(fast: unknown): { nag: boolean; builtinCloudFormationValidation: boolean } {
  const on = !(fast === true || fast === 'true');
  return { nag: on, builtinCloudFormationValidation: on };
}

/**
 * Termination protection of prod's stacks: on, except while they are first created
 * (`-c firstCreate=true`, which `npm run deploy` passes when the stack does not exist yet): a first
 * create that fails must be able to roll back and delete itself. The deploy script turns it on once
 * the create succeeds (scripts/deploy.ts).
 */
export const terminationProtection = (config: StageConfig, firstCreate: boolean) =>
  config.isProd && !firstCreate;

/**
 * The CDK app: per stage, `RenewalReminders-{stage}` in the stage's region (context `region`,
 * default eu-west-2) and, in us-east-1 because CloudFront takes its web ACL from there,
 * `RenewalReminders-{stage}-edge` (`cdk deploy --all -c stage=prod`). The account comes from the
 * CLI's environment.
 */
export function buildApp(app: App, options: BuildAppOptions = {}): RenewalRemindersStack {
  const config = readStageConfig(app.node);
  checkCliRegion(config, 'cliRegion' in options ? options.cliRegion : process.env.CDK_DEFAULT_REGION);
  const flag = (key: string) => ['true', true].includes(app.node.tryGetContext(key) as string | boolean);
  const firstCreate = flag('firstCreate');
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const common = {
    terminationProtection: terminationProtection(config, firstCreate),
    tags: { app: 'renewal-reminders', stage: config.stage },
  };
  const edge = config.webAcl
    ? new EdgeStack(app, `RenewalReminders-${config.stage}-edge`, {
        config,
        env: { account, region: EDGE_REGION },
        description: `Renewal reminders (${config.stage}): CloudFront web ACL`,
        ...common,
      })
    : undefined;
  const inboxElsewhere = config.inbox !== undefined && config.inbox.region !== config.region;
  const stack = new RenewalRemindersStack(app, `RenewalReminders-${config.stage}`, {
    config,
    routes: options.routes,
    routeStackMap: options.routeStackMap,
    // `-c withoutRoutes=true`: the first of the two deploys that move routes between stacks.
    withoutRoutes: flag('withoutRoutes'),
    webDist: options.webDist,
    edge,
    env: { account, region: config.region },
    // The web ACL's ARN comes from the edge stack in us-east-1; the inbox's stack in another region
    // reads the table's name and ARN.
    crossRegionReferences: edge !== undefined || inboxElsewhere,
    description: `Renewal reminders (${config.stage})`,
    ...common,
  });
  if (config.inbox && inboxElsewhere) {
    const inbox = new InboxStack(app, `RenewalReminders-${config.stage}-inbox`, {
      config,
      inbox: config.inbox,
      data: stack.data,
      environment: stack.functionEnvironment,
      mail: stack.mail,
      env: { account, region: config.inbox.region },
      crossRegionReferences: true,
      description: `Renewal reminders (${config.stage}): the renewal inbox's mail receiving`,
      ...common,
    });
    enforceStageLogRetention(inbox, config);
  }
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
