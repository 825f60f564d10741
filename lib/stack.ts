import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type RouteDef } from '../shared/routes.ts';
import type { RouteStackMap } from './routeStackMap.ts';
import { TABLE_KEYS } from '../shared/table.ts';
import { Alarms } from './alarms.ts';
import { Api } from './api.ts';
import { Auth } from './auth.ts';
import { OperationsDashboard } from './dashboard.ts';
import { SERVICE_NAME, type StageConfig } from './config.ts';
import { Data } from './data.ts';
import type { EdgeStack } from './edge.ts';
import { enforceStageLogRetention } from './logs.ts';
import { InboxReceiving } from './inbox.ts';
import { Mail, MailEvents } from './mail.ts';
import { ReminderJob } from './schedule.ts';
import { Web, webBuild } from './web.ts';

export interface RenewalRemindersStackProps extends StackProps {
  config: StageConfig;
  /** Route manifest override (tests); default shared/routes.ts. */
  routes?: readonly RouteDef[];
  /** Route stack map override (tests); default lib/routeStacks.json. */
  routeStackMap?: RouteStackMap;
  /** The route functions without their routes: the first deploy of a route move (decision 0049). */
  withoutRoutes?: boolean;
  /** SPA build directory override (tests); default web/dist. */
  webDist?: string;
  /** The stage's us-east-1 stack: the distribution's web ACL (none with `webAcl=false`). */
  edge: EdgeStack | undefined;
}

/** One stage of the product: data, mail (and its SES events), auth, the reminder job, the API and the site. */
export class RenewalRemindersStack extends Stack {
  readonly data: Data;
  readonly mail: Mail;
  readonly auth: Auth;
  readonly reminderJob: ReminderJob;
  readonly mailEvents: MailEvents;
  readonly api: Api;
  readonly web: Web;
  readonly edge?: EdgeStack;
  readonly alarms: Alarms;
  /** The inbox's mail receiving, where the stage has a domain and receives in its own region. */
  readonly inbox?: InboxReceiving;
  /** The environment every function of the stage gets (the inbox's stack gives it to its function). */
  readonly functionEnvironment: Record<string, string>;
  /** Only where the stage has one (StageConfig.dashboard). */
  readonly dashboard?: OperationsDashboard;

  constructor(scope: Construct, id: string, props: RenewalRemindersStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.edge = props.edge;
    // Before anything is bundled: a deploy without a web build stops here, not after the functions.
    webBuild(this, config, props.webDist);

    this.alarms = new Alarms(this, 'Alarms', { config });
    this.data = new Data(this, 'Data', { config });
    this.mail = new Mail(this, 'Mail', { config });

    // Every function gets these. The pool ids are added by the API only: the Cognito triggers
    // must not reference the pool that references them. UNSUBSCRIBE_SECRET_ARN is added only to the
    // functions that sign or verify unsubscribe links (Mail.grantUnsubscribeKey).
    const environment: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      STAGE: config.stage,
      // The configured URL, else the distribution's (resolved once the Web construct exists below).
      // No cycle: the distribution references only the HTTP API resource, not its routes/functions.
      SITE_URL: config.siteUrl ?? Lazy.string({ produce: () => this.web.siteUrl }),
      EMAIL_PROVIDER: config.emailProvider,
      EMAIL_FROM: config.emailFrom,
      SES_CONFIGURATION_SET: this.mail.configurationSetName,
      FEATURE_FLAGS: JSON.stringify(config.featureFlags),
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    };
    this.functionEnvironment = environment;

    this.auth = new Auth(this, 'Auth', {
      config,
      data: this.data,
      mail: this.mail,
      triggerEnvironment: environment,
    });
    // The construct id keeps its first name: renaming it would replace every resource under it.
    this.reminderJob = new ReminderJob(this, 'DailyReminders', {
      config,
      data: this.data,
      mail: this.mail,
      environment,
    });
    this.mailEvents = new MailEvents(this, 'MailEvents', {
      config,
      data: this.data,
      mail: this.mail,
      environment,
    });
    // In another region, the inbox's receiving is a stack of its own (lib/app.ts, decision 0053).
    if (config.inbox && config.inbox.region === config.region)
      this.inbox = new InboxReceiving(this, 'Inbox', {
        config,
        inbox: config.inbox,
        data: this.data,
        environment,
        mail: this.mail,
        // The stage's domain identity (its own or the shared one) covers the inbox subdomain.
        ownIdentity: false,
      });
    this.api = new Api(this, 'Api', {
      config,
      data: this.data,
      mail: this.mail,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      reminderJob: this.reminderJob.job.fn,
      scheduleName: this.reminderJob.schedule.scheduleName,
      environment,
      routes: props.routes,
      routeStackMap: props.routeStackMap,
      withoutRoutes: props.withoutRoutes,
    });
    this.web = new Web(this, 'Web', {
      config,
      apiOriginDomain: this.api.originDomainName,
      apiOriginSecret: this.api.originSecret.secretValue.unsafeUnwrap(),
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      webDist: props.webDist,
      webAclArn: props.edge?.webAcl.attrArn,
    });

    // The API's 5xx and latency, the table's throttles (each function has its own, AppFunction).
    this.alarms.watchApi(this.api.httpApi);
    this.alarms.watchTable(this.data.table, [TABLE_KEYS.dueIndex.name]);
    // Last, once every construct exists: each alarm of the stack reaches the stage's topic.
    this.alarms.notifyAllUnder(this);
    if (config.dashboard)
      this.dashboard = new OperationsDashboard(this, 'Dashboard', {
        config,
        api: this.api.httpApi,
        table: this.data.table,
        indexNames: [TABLE_KEYS.dueIndex.name],
        alarms: Alarms.allUnder(this),
      });
    // Every log group of the stage's stacks keeps the stage's retention, CDK's own included.
    for (const stack of [this, ...this.api.routeStacks, ...(props.edge ? [props.edge] : [])])
      enforceStageLogRetention(stack, config);

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteUrl, description: 'The site' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: 'CloudFront domain (the CNAME/alias target of a custom domain)',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.url,
      description: 'HTTP API (CloudFront origin of /api/*; the site uses /api)',
    });
    if (this.api.customDomain && !config.hostedZoneId) {
      new CfnOutput(this, 'ApiDomainTarget', {
        value: this.api.customDomain.regionalDomainName,
        description: `CNAME target of ${this.api.domainName} (no Route 53 zone given)`,
      });
    }
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ReminderJobFunctionName', { value: this.reminderJob.job.fn.functionName });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: "The stage's alarms (ALARM and OK): subscribe more people here",
    });
  }
}
