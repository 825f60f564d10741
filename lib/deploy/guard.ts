/**
 * What `npm run deploy` refuses without `--allow-destroy` (decision 0048): a change that deletes or
 * replaces a resource that holds data, or that the stage's domain and mail depend on. A pure
 * decision over the resource changes of the deploy's CloudFormation change sets (lib/deploy/
 * changeSets.ts reads them); scripts/deploy.ts runs it between preparing and executing them.
 */

/** What CloudFormation will do to one resource. Replace is a Modify that needs a new resource. */
export type ChangeAction = 'Add' | 'Modify' | 'Remove' | 'Replace' | 'Import' | 'Dynamic';

export interface ResourceChange {
  /** The stack, or nested stack (parent/logical id), that holds the resource. */
  stack: string;
  logicalId: string;
  /** CloudFormation type, e.g. AWS::DynamoDB::Table. */
  type: string;
  action: ChangeAction;
  /** For a Modify: the property paths it changes (/Properties/DistributionConfig/Aliases), when known. */
  paths?: readonly string[];
}

/**
 * Resource types a deploy may not delete or replace unasked, with what would be lost. Stateful: data,
 * keys, messages, logs, confirmed subscriptions. Domain: what the site, the API and the mail are
 * reached by and sent as.
 */
export const GUARDED_TYPES: Readonly<Record<string, string>> = {
  'AWS::DynamoDB::Table': "the table: every user's data",
  'AWS::Cognito::UserPool': 'the user pool: every account and password',
  'AWS::Cognito::UserPoolGroup': "a user pool group: its members (the admin group's admins)",
  'AWS::Cognito::UserPoolClient': "the SPA's app client: a new one signs every user out",
  'AWS::S3::Bucket': 'a bucket and its files',
  'AWS::KMS::Key': 'a KMS key: what it encrypted',
  'AWS::SecretsManager::Secret':
    'a secret: a new value breaks what the old one signed (unsubscribe links, push subscriptions)',
  'AWS::SQS::Queue': 'a queue and the messages in it',
  'AWS::Logs::LogGroup': 'a log group and its logs',
  'AWS::SNS::Topic': 'the alarm topic and its subscriptions',
  'AWS::SNS::Subscription': 'an alarm subscription (a new one must be confirmed again)',
  'AWS::CloudWatch::Alarm': 'an alarm',
  'AWS::SES::EmailIdentity': 'the SES domain identity: its verification, DKIM and MAIL FROM',
  'AWS::SES::ConfigurationSet': 'the SES configuration set every mail goes through',
  'AWS::Route53::RecordSet': 'a DNS record (DKIM, MAIL FROM, DMARC or an alias)',
  'AWS::ApiGatewayV2::DomainName': "the API's custom domain",
  'AWS::ApiGatewayV2::ApiMapping': "the API's custom domain mapping",
  'AWS::ApiGatewayV2::Api': 'the HTTP API (a new one has a new address)',
  'AWS::CloudFront::Distribution': "the site's distribution (a new one has a new domain name)",
  'AWS::WAFv2::WebACL': 'the web ACL in front of the site',
  'AWS::CloudFormation::Stack': 'a nested stack and everything in it',
};

/** Property changes of a kept resource that still take away a domain (the stage file left out a setting). */
const GUARDED_PATHS: Readonly<Record<string, readonly { prefix: string; what: string }[]>> = {
  'AWS::CloudFront::Distribution': [
    { prefix: '/Properties/DistributionConfig/Aliases', what: "the site's domain names (aliases)" },
    { prefix: '/Properties/DistributionConfig/ViewerCertificate', what: "the site's certificate" },
  ],
};

/** A change the guard refuses, with what it would lose. */
export interface Refusal {
  change: ResourceChange;
  why: string;
}

/** The changes that delete, replace or take the domain from a guarded resource. */
export function destructiveChanges(changes: readonly ResourceChange[]): Refusal[] {
  const refusals: Refusal[] = [];
  for (const change of changes) {
    const what = GUARDED_TYPES[change.type];
    if (what && (change.action === 'Remove' || change.action === 'Replace')) {
      refusals.push({ change, why: `${change.action === 'Remove' ? 'deletes' : 'replaces'} ${what}` });
      continue;
    }
    if (change.action !== 'Modify') continue;
    const touched = (GUARDED_PATHS[change.type] ?? []).filter((guarded) =>
      (change.paths ?? []).some((path) => path.startsWith(guarded.prefix)),
    );
    if (touched.length > 0)
      refusals.push({ change, why: `changes ${touched.map((t) => t.what).join(' and ')}` });
  }
  return refusals;
}

export interface Verdict {
  proceed: boolean;
  refusals: Refusal[];
  /** What to print: the refused changes and what to do, or that none was found. */
  lines: string[];
}

/**
 * Whether the deploy goes ahead: yes when nothing guarded is deleted or replaced, or when the one
 * deploying said `--allow-destroy` (the refusals are then printed as what will go).
 */
export function guardVerdict(changes: readonly ResourceChange[], allowDestroy: boolean): Verdict {
  const refusals = destructiveChanges(changes);
  if (refusals.length === 0)
    return { proceed: true, refusals, lines: ['No stateful or domain resource is deleted or replaced.'] };
  const listed = refusals.map(
    ({ change, why }) => `  ${change.action} ${change.stack} ${change.logicalId} (${change.type}): ${why}`,
  );
  if (allowDestroy)
    return { proceed: true, refusals, lines: ['--allow-destroy: this deploy will', ...listed] };
  return {
    proceed: false,
    refusals,
    lines: [
      'This deploy would delete or replace what the stage keeps:',
      ...listed,
      'Nothing was changed. If a setting is missing, put it in the stage file (stages/{stage}.json) and deploy again.',
      'If this is meant, run the same deploy with --allow-destroy (docs/deploying.md, "What a deploy refuses").',
    ],
  };
}
