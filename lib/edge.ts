import { ArnFormat, Aws, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API, CALENDAR_PATH_PATTERN } from '../shared/routes.ts';
import { removalPolicy, stageName, type StageConfig } from './config.ts';

/** CloudFront takes web ACLs from us-east-1 only, whatever the region of the rest of the stage. */
export const EDGE_REGION = 'us-east-1';

/**
 * Requests one client address may send in the rate rule's window before the web ACL blocks it until
 * its rate drops. The API limit counts only /api/* (a page load is one call or two); the site limit
 * counts everything else, static files included (a cold page load is about ten). The calendar files
 * are counted per token instead (the path): calendar services such as Google fetch every subscribed
 * feed from a few shared addresses, which a per-address limit would block for all their users.
 */
export const RATE_LIMITS = {
  windowSeconds: 300,
  apiPerClient: 600,
  sitePerClient: 3000,
  /** Per calendar file (its token) in the window: a client polls hourly; the handler allows 30 a minute. */
  calendarPerToken: 100,
} as const;

/** The calendar files' path prefix: counted per token, not per address. */
export const CALENDAR_PATH_PREFIX = CALENDAR_PATH_PATTERN.replace(/\*$/, '');

/** The AWS managed rule groups the web ACL runs before the rate rules. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * The common rule set's body-size rule (it matches bodies over 8 KB). It counts instead of blocking,
 * and labels what it matched; BODY_SIZE_RULE blocks the labelled requests except the import, the one
 * route whose valid bodies are larger (up to IMPORT_BODY_MAX_BYTES, which the route enforces itself:
 * the web ACL sees at most the first 64 KB of a body). Every other rule still inspects the import.
 */
export const BODY_SIZE_RULE = {
  managedRule: 'SizeRestrictions_BODY',
  label: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
  name: 'BodySizeExceptImport',
  exempt: { method: API.importReminders.method, path: API.importReminders.path },
} as const;

/** WAF sends logs only to a CloudWatch log group whose name starts with this. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/**
 * What the web ACL's log keeps: the requests a rule blocked or counted (the body-size rule counts,
 * the rate rules block), not every allowed request (CloudFront's own logs have those). The request's
 * Authorization header, cookies and query string are redacted: they carry access tokens and
 * unsubscribe tokens.
 */
export const WAF_LOGGING = {
  keep: ['BLOCK', 'COUNT'],
  redacted: [
    { singleHeader: { Name: 'authorization' } },
    { singleHeader: { Name: 'cookie' } },
    { queryString: {} },
  ],
} as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** A request whose `field` is `value` exactly, or starts with it. */
const matching = (
  field: CfnWebACL.FieldToMatchProperty,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH',
  value: string,
): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: field,
    positionalConstraint,
    searchString: value,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const startsWith = (prefix: string) => matching({ uriPath: {} }, 'STARTS_WITH', prefix);

/** AWS's managed rule groups, first; the common set's body-size rule only counts (BODY_SIZE_RULE decides). */
const managedRules = (): CfnWebACL.RuleProperty[] =>
  MANAGED_RULE_GROUPS.map((group, index) => ({
    name: group,
    priority: index,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: group,
        ...(group === 'AWSManagedRulesCommonRuleSet'
          ? { ruleActionOverrides: [{ name: BODY_SIZE_RULE.managedRule, actionToUse: { count: {} } }] }
          : {}),
      },
    },
    visibilityConfig: visibility(group),
  }));

/** A body over the managed rule's size is blocked, except on the import's own route. */
const bodySizeRule = (priority: number): CfnWebACL.RuleProperty => ({
  name: BODY_SIZE_RULE.name,
  priority,
  action: { block: {} },
  statement: {
    andStatement: {
      statements: [
        { labelMatchStatement: { scope: 'LABEL', key: BODY_SIZE_RULE.label } },
        {
          notStatement: {
            statement: {
              andStatement: {
                statements: [
                  matching({ method: {} }, 'EXACTLY', BODY_SIZE_RULE.exempt.method),
                  matching({ uriPath: {} }, 'EXACTLY', BODY_SIZE_RULE.exempt.path),
                ],
              },
            },
          },
        },
      ],
    },
  },
  visibilityConfig: visibility(BODY_SIZE_RULE.name),
});

/** At most `limit` requests in the window per client address (or, `perPath`, per path) among those in scope. */
const rateRule = (
  ruleName: string,
  priority: number,
  limit: number,
  scopeDownStatement: CfnWebACL.StatementProperty,
  perPath = false,
): CfnWebACL.RuleProperty => ({
  name: ruleName,
  priority,
  action: { block: {} },
  statement: {
    rateBasedStatement: {
      // The viewer's own address (CloudFront's c-ip), not a header a client could forge; or the
      // path, which for a calendar file holds its token.
      ...(perPath
        ? {
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [{ uriPath: { textTransformations: [{ priority: 0, type: 'NONE' }] } }],
          }
        : { aggregateKeyType: 'IP' }),
      limit,
      evaluationWindowSec: RATE_LIMITS.windowSeconds,
      scopeDownStatement,
    },
  },
  visibilityConfig: visibility(ruleName),
});

/** The web ACL's rules in order: the managed groups, the body size, then the rate limits. */
function webAclRules(): CfnWebACL.RuleProperty[] {
  const managed = managedRules();
  const notCalendar: CfnWebACL.StatementProperty = {
    notStatement: { statement: startsWith(CALENDAR_PATH_PREFIX) },
  };
  return [
    ...managed,
    bodySizeRule(managed.length),
    rateRule('ApiRatePerClient', managed.length + 1, RATE_LIMITS.apiPerClient, {
      andStatement: { statements: [startsWith('/api/'), notCalendar] },
    }),
    rateRule('SiteRatePerClient', managed.length + 2, RATE_LIMITS.sitePerClient, notCalendar),
    rateRule(
      'CalendarRatePerToken',
      managed.length + 3,
      RATE_LIMITS.calendarPerToken,
      startsWith(CALENDAR_PATH_PREFIX),
      true,
    ),
  ];
}

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * The stage's resources that CloudFront needs from us-east-1: the web ACL in front of the whole
 * distribution (site and /api/*). Per client address: a rate limit on the API and a looser one on
 * everything; for every request: AWS's common and known-bad-input rules. The main stack reads the
 * ACL's ARN through a cross-region reference (an SSM parameter CDK writes here and reads there).
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** The web ACL's log (WAF_LOGGING), in us-east-1 beside it, with the stage's retention. */
  readonly webAclLogs: LogGroup;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const name = stageName(props.config);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: `${name}: per-client rate limits and AWS managed rules in front of the site and its API`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      rules: webAclRules(),
    });

    // The name must start with aws-waf-logs-, so CloudFormation cannot generate it; the stack id's
    // unique part makes it new with each create of the stack, so that a prod create that rolled back
    // (leaving its retained log group) can run again.
    this.webAclLogs = new LogGroup(this, 'WebAclLogs', {
      logGroupName: Fn.join('-', [
        `${WAF_LOG_GROUP_PREFIX}${name}`,
        Fn.select(2, Fn.split('/', Aws.STACK_ID)),
      ]),
      retention: props.config.logRetention,
      removalPolicy: removalPolicy(props.config),
    });
    new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the ':*' of its Arn attribute.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.webAclLogs.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: WAF_LOGGING.redacted.map((field) => ({ ...field })),
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: WAF_LOGGING.keep.map((action) => ({ ActionCondition: { Action: action } })),
          },
        ],
      },
    });
  }
}
