import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ListResourceRecordSetsCommand, Route53Client } from '@aws-sdk/client-route-53';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { apiDomainName, type StageConfig } from '../config.ts';
import { powertoolsLayerParameter } from '../powertools.ts';

/** What a check found: `fail` stops a first deploy, `warn` and `hint` are worth reading first. */
export interface Finding {
  check: string;
  status: 'ok' | 'fail' | 'warn' | 'hint';
  /** What was found, and what to do about it. */
  message: string;
}

/** The AWS clients the checks use; read-only calls only. Tests hand in mocked ones. */
export interface PreflightClients {
  lambda: LambdaClient;
  ses: SESv2Client;
  ssm: SSMClient;
  route53: Route53Client;
}

export const defaultClients = (region: string): PreflightClients => ({
  lambda: new LambdaClient({ region }),
  ses: new SESv2Client({ region }),
  ssm: new SSMClient({ region }),
  // Route 53 is global.
  route53: new Route53Client({ region: 'us-east-1' }),
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
      : 'in the sandbox: deploy with -c sesSandbox=true until production access is granted (docs/deploying.md, step 5)',
  };
}

async function powertoolsParameter(clients: PreflightClients, region: string): Promise<Finding> {
  const check = 'Powertools layer';
  const name = powertoolsLayerParameter();
  try {
    const { Parameter } = await clients.ssm.send(new GetParameterCommand({ Name: name }));
    return { check, status: 'ok', message: String(Parameter?.Value) };
  } catch (error) {
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
        ? "Keep the zone's DMARC record with -c dmarcRecord=false."
        : 'Delete those records (after noting their values), or leave out hostedZoneId and publish the records from the outputs yourself.'),
  };
}

/**
 * Read-only checks of what commonly fails a first deploy on a fresh account, each with what to do.
 * A check that cannot run (no permission, no credentials) is reported as a failure of that check.
 */
export async function preflight(config: StageConfig, clients: PreflightClients): Promise<Finding[]> {
  const guarded = async (check: string, run: () => Promise<Finding>): Promise<Finding> => {
    try {
      return await run();
    } catch (error) {
      return { check, status: 'fail', message: `could not check: ${errorText(error)}` };
    }
  };
  return [
    {
      check: 'CloudFront',
      status: 'hint',
      message:
        'a new account may have to be verified before it can create a CloudFront distribution; if the deploy fails with "Your account must be verified", open a case with AWS Support and deploy again once they answer.',
    },
    await guarded('Lambda concurrency', () => lambdaConcurrency(clients)),
    await guarded('SES sandbox', () => sesSandbox(config, clients)),
    await guarded('Powertools layer', () => powertoolsParameter(clients, config.region)),
    await guarded('DNS records', () => existingRecords(config, clients)),
  ];
}
