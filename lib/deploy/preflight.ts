import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ListResourceRecordSetsCommand, Route53Client } from '@aws-sdk/client-route-53';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { apiDomainName, type StageConfig } from '../config.ts';
import { EDGE_REGION } from '../edge.ts';
import { powertoolsLayerParameter } from '../powertools.ts';
import { awsCliCertificateLookup, certificateFinding, type CertificateLookup } from './certificates.ts';
import type { Finding } from './finding.ts';
import { neverCreated } from './firstCreate.ts';

export type { Finding } from './finding.ts';

/** The AWS clients the checks use; read-only calls only. Tests hand in mocked ones. */
export interface PreflightClients {
  lambda: LambdaClient;
  ses: SESv2Client;
  ssm: SSMClient;
  route53: Route53Client;
  cloudFormation: CloudFormationClient;
  secrets: SecretsManagerClient;
  /** ACM certificates, each asked for in its own region. */
  certificates: CertificateLookup;
}

export const defaultClients = (region: string): PreflightClients => ({
  lambda: new LambdaClient({ region }),
  ses: new SESv2Client({ region }),
  ssm: new SSMClient({ region }),
  // Route 53 is global.
  route53: new Route53Client({ region: 'us-east-1' }),
  cloudFormation: new CloudFormationClient({ region }),
  secrets: new SecretsManagerClient({ region }),
  certificates: awsCliCertificateLookup,
});

/**
 * Lambda concurrency the stage needs: the senders alone may run 10 at once (lib/schedule.ts), the
 * API's routes and the job beside them. New accounts can start at 10 for the whole account.
 */
export const MIN_LAMBDA_CONCURRENCY = 100;

/** The DNS records the stack writes into the stage's zone (CloudFormation fails on one that exists). */
export function plannedRecords(config: StageConfig): { name: string; type: string }[] {
  if (!config.hostedZoneId || !config.domain) return [];
  const records: { name: string; type: string }[] = [];
  if (config.certificateArn)
    records.push({ name: config.domain, type: 'A' }, { name: config.domain, type: 'AAAA' });
  const api = apiDomainName(config);
  if (api) records.push({ name: api, type: 'A' }, { name: api, type: 'AAAA' });
  if (config.mail.identity === 'own') {
    if (config.mail.mailFromDomain) {
      records.push(
        { name: config.mail.mailFromDomain, type: 'MX' },
        { name: config.mail.mailFromDomain, type: 'TXT' },
      );
    }
    if (config.mail.dmarcRecord) records.push({ name: `_dmarc.${config.domain}`, type: 'TXT' });
  }
  return records;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/**
 * Why a call could not be made when the cause is the caller's credentials (none found, or expired),
 * in words that say what to do; undefined for any other cause.
 */
export function credentialsProblem(error: unknown): string | undefined {
  const text = errorText(error);
  if (
    errorName(error) === 'CredentialsProviderError' ||
    /Could not load credentials|Unable to locate credentials|no credentials/i.test(text)
  )
    return 'no AWS credentials were found: sign in (aws sso login, or set AWS_PROFILE) and run it again';
  if (
    /ExpiredToken/.test(errorName(error)) ||
    /token (included in the request )?(is|has) expired|ExpiredToken/i.test(text)
  )
    return 'your AWS credentials have expired: sign in again (aws sso login) and run it again';
  return undefined;
}

async function lambdaConcurrency(clients: PreflightClients): Promise<Finding> {
  const check = 'Lambda concurrency';
  const { AccountLimit } = await clients.lambda.send(new GetAccountSettingsCommand({}));
  const limit = AccountLimit?.ConcurrentExecutions ?? 0;
  if (limit >= MIN_LAMBDA_CONCURRENCY)
    return { check, status: 'ok', message: `${limit} concurrent executions` };
  return {
    check,
    status: 'fail',
    message:
      `the account may run ${limit} functions at once, and the stage needs at least ${MIN_LAMBDA_CONCURRENCY} ` +
      '(the senders alone take 10). Ask for more in Service Quotas: "AWS Lambda", "Concurrent executions".',
  };
}

async function sesSandbox(config: StageConfig, clients: PreflightClients): Promise<Finding> {
  const check = 'SES sandbox';
  const account = await clients.ses.send(new GetAccountCommand({}));
  if (account.ProductionAccessEnabled) return { check, status: 'ok', message: 'production access' };
  if (config.emailProvider === 'disabled') {
    return { check, status: 'ok', message: 'in the sandbox; this stage sends no mail' };
  }
  return {
    check,
    status: config.mail.sesSandbox ? 'warn' : 'fail',
    message: config.mail.sesSandbox
      ? 'in the sandbox: mail reaches verified addresses only until production access is granted (docs/deploying.md, step 5)'
      : 'in the sandbox: put "sesSandbox": true in the stage file until production access is granted (docs/deploying.md, step 5)',
  };
}

async function powertoolsParameter(clients: PreflightClients, region: string): Promise<Finding> {
  const check = 'Powertools layer';
  const name = powertoolsLayerParameter();
  try {
    const { Parameter } = await clients.ssm.send(new GetParameterCommand({ Name: name }));
    return { check, status: 'ok', message: String(Parameter?.Value) };
  } catch (error) {
    if (credentialsProblem(error)) throw error;
    return {
      check,
      status: 'fail',
      message: `${name} is not readable in ${region} (${errorText(error)}): the layer is not published there, or the role may not call ssm:GetParameter. Pick a region that has it, or pin the Powertools version whose parameter exists (docs/decisions/0024).`,
    };
  }
}

async function existingRecords(config: StageConfig, clients: PreflightClients): Promise<Finding> {
  const check = 'DNS records';
  const planned = plannedRecords(config);
  if (planned.length === 0)
    return { check, status: 'ok', message: 'the stack writes no records (no hostedZoneId)' };
  const taken: string[] = [];
  for (const record of planned) {
    const { ResourceRecordSets } = await clients.route53.send(
      new ListResourceRecordSetsCommand({
        HostedZoneId: config.hostedZoneId,
        StartRecordName: record.name,
        StartRecordType: record.type as never,
        MaxItems: 1,
      }),
    );
    const found = ResourceRecordSets?.[0];
    if (found && found.Name?.replace(/\.$/, '') === record.name && found.Type === record.type) {
      taken.push(`${record.type} ${record.name}`);
    }
  }
  if (taken.length === 0)
    return { check, status: 'ok', message: `none of the ${planned.length} records exists yet` };
  const dmarcOnly = taken.every((t) => t.startsWith('TXT _dmarc.'));
  return {
    check,
    status: 'fail',
    message:
      `the zone already has ${taken.join(', ')}, which the stack would create (CloudFormation fails on a record that exists). ` +
      (dmarcOnly
        ? 'Keep the zone\'s DMARC record with "dmarcRecord": false in the stage file.'
        : 'Delete those records (after noting their values), or leave hostedZoneId out of the stage file and publish the records from the outputs yourself.'),
  };
}

/** The certificates the stage names: CloudFront's in us-east-1 for the domain, the API's in the stage's region. */
async function certificates(config: StageConfig, clients: PreflightClients): Promise<Finding[]> {
  const findings: Finding[] = [];
  if (config.certificateArn && config.domain)
    findings.push(
      await certificateFinding(
        'Site certificate',
        config.certificateArn,
        config.domain,
        EDGE_REGION,
        clients.certificates,
      ),
    );
  const api = apiDomainName(config);
  if (config.apiCertificateArn && api)
    findings.push(
      await certificateFinding(
        'API certificate',
        config.apiCertificateArn,
        api,
        config.region,
        clients.certificates,
      ),
    );
  return findings;
}

const isNotFound = (error: unknown) => /NotFound/.test(errorName(error));

/**
 * The domain's SES identity as the stage will meet it: one the stage would create must not exist yet
 * (CloudFormation cannot create it), unless the stage's own stack made it; one it shares must exist;
 * and sesVerified=true needs it verified (Cognito checks it when the pool is updated).
 */
async function sesIdentity(config: StageConfig, clients: PreflightClients): Promise<Finding> {
  const check = 'SES identity';
  const domain = config.domain;
  if (!domain || config.emailProvider === 'disabled')
    return { check, status: 'ok', message: 'the stage sends no mail through SES' };
  let identity: { verified: boolean } | undefined;
  try {
    const found = await clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
    identity = { verified: found.VerifiedForSendingStatus === true };
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const verifiedNeeded = config.mail.sesVerified;
  if (config.mail.identity === 'shared') {
    if (!identity)
      return {
        check,
        status: 'fail',
        message: `there is no SES identity for ${domain} in ${config.region}: deploy the stage that owns it first (mailIdentity=shared uses another stage's)`,
      };
  } else if (identity && (await neverCreated(clients.cloudFormation, `RenewalReminders-${config.stage}`))) {
    return {
      check,
      status: 'fail',
      message: `an SES identity for ${domain} already exists in ${config.region}, made by hand or by another stage, and CloudFormation cannot create it again: give this stage "mailIdentity": "shared" in its stage file, or delete the identity if nothing sends from it (aws sesv2 delete-email-identity --region ${config.region} --email-identity ${domain})`,
    };
  }
  if (verifiedNeeded && !identity?.verified)
    return {
      check,
      status: 'fail',
      message: `sesVerified is true, but the identity for ${domain} is ${identity ? 'not verified yet' : 'not there yet'}: Cognito would refuse the user pool's update. Leave sesVerified out until SES has verified it (docs/deploying.md, step 4)`,
    };
  if (!identity) return { check, status: 'ok', message: `none yet for ${domain}: this deploy creates it` };
  return {
    check,
    status: 'ok',
    message: `${domain} exists${identity.verified ? ' and is verified' : ', not verified yet'}${config.mail.identity === 'shared' ? ' (shared)' : ''}`,
  };
}

/** The DVLA key's secret, which the stage names and the deploy cannot make (the key comes from the DVLA). */
async function dvlaSecret(config: StageConfig, clients: PreflightClients): Promise<Finding> {
  const check = 'DVLA key';
  if (!config.dvla) return { check, status: 'ok', message: 'no dvlaKeySecret: the look-up stays off' };
  const name = config.dvla.keySecretName;
  try {
    const secret = await clients.secrets.send(new DescribeSecretCommand({ SecretId: name }));
    if (secret.DeletedDate)
      return {
        check,
        status: 'fail',
        message: `the secret ${name} is scheduled for deletion: restore it (aws secretsmanager restore-secret --region ${config.region} --secret-id ${name})`,
      };
    return { check, status: 'ok', message: `${name} exists in ${config.region}` };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return {
      check,
      status: 'fail',
      message: `there is no secret ${name} in ${config.region}: create it with the key the DVLA sent (aws secretsmanager create-secret --region ${config.region} --name ${name} --secret-string '<the key>'), or leave dvlaKeySecret out`,
    };
  }
}

/**
 * Read-only checks of what commonly fails a first deploy on a fresh account, each with what to do.
 * A check that cannot run (no permission) is reported as a failure of that check; when the cause is
 * the caller's credentials, one finding says so instead of every check failing alike.
 */
export async function preflight(config: StageConfig, clients: PreflightClients): Promise<Finding[]> {
  let credentials: string | undefined;
  const guarded = async (check: string, run: () => Promise<Finding | Finding[]>): Promise<Finding[]> => {
    try {
      return [await run()].flat();
    } catch (error) {
      const problem = credentialsProblem(error);
      if (problem) {
        credentials = problem;
        return [];
      }
      return [{ check, status: 'fail', message: `could not check: ${errorText(error)}` }];
    }
  };
  const checks = [
    ...(await guarded('Lambda concurrency', () => lambdaConcurrency(clients))),
    ...(await guarded('SES sandbox', () => sesSandbox(config, clients))),
    ...(await guarded('SES identity', () => sesIdentity(config, clients))),
    ...(await guarded('Certificates', () => certificates(config, clients))),
    ...(await guarded('DVLA key', () => dvlaSecret(config, clients))),
    ...(await guarded('Powertools layer', () => powertoolsParameter(clients, config.region))),
    ...(await guarded('DNS records', () => existingRecords(config, clients))),
  ];
  return [
    ...(credentials ? [{ check: 'AWS credentials', status: 'fail' as const, message: credentials }] : []),
    {
      check: 'CloudFront',
      status: 'hint',
      message:
        'a new account may have to be verified before it can create a CloudFront distribution; if the deploy fails with "Your account must be verified", open a case with AWS Support and deploy again once they answer.',
    },
    ...checks,
  ];
}
