import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { stageName, type StageConfig } from './config.ts';

/** CloudFront takes web ACLs from us-east-1 only, whatever the region of the rest of the stage. */
export const EDGE_REGION = 'us-east-1';

/**
 * Requests one client address may send in the rate rule's window before the web ACL blocks it until
 * its rate drops. The API limit counts only /api/* (a page load is one call or two); the site limit
 * counts everything, static files included (a cold page load is about ten).
 */
export const RATE_LIMITS = {
  windowSeconds: 300,
  apiPerClient: 600,
  sitePerClient: 3000,
} as const;

/** The AWS managed rule groups the web ACL runs before the rate rules. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

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

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const name = stageName(props.config);
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });

    const managed = MANAGED_RULE_GROUPS.map((group, index): CfnWebACL.RuleProperty => ({
      name: group,
      priority: index,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: group } },
      visibilityConfig: visibility(group),
    }));
    const rateRule = (
      ruleName: string,
      priority: number,
      limit: number,
      scopeDownStatement?: CfnWebACL.StatementProperty,
    ): CfnWebACL.RuleProperty => ({
      name: ruleName,
      priority,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          // The viewer's own address (CloudFront's c-ip), not a header a client could forge.
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: RATE_LIMITS.windowSeconds,
          ...(scopeDownStatement ? { scopeDownStatement } : {}),
        },
      },
      visibilityConfig: visibility(ruleName),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: `${name}: per-client rate limits and AWS managed rules in front of the site and its API`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      rules: [
        ...managed,
        rateRule('ApiRatePerClient', managed.length, RATE_LIMITS.apiPerClient, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        }),
        rateRule('SiteRatePerClient', managed.length + 1, RATE_LIMITS.sitePerClient),
      ],
    });
  }
}
