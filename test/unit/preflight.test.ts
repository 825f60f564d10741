import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ListResourceRecordSetsCommand, Route53Client } from '@aws-sdk/client-route-53';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { App } from 'aws-cdk-lib';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStageConfig } from '../../lib/config.ts';
import { plannedRecords, preflight, type Finding } from '../../lib/deploy/preflight.ts';
import { contextOf } from '../../lib/deploy/stageArgs.ts';
import { powertoolsLayerParameter } from '../../lib/powertools.ts';

const lambda = mockClient(LambdaClient);
const ses = mockClient(SESv2Client);
const ssm = mockClient(SSMClient);
const route53 = mockClient(Route53Client);
const clients = () => ({
  lambda: new LambdaClient({}),
  ses: new SESv2Client({}),
  ssm: new SSMClient({}),
  route53: new Route53Client({}),
});
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
const args = [
  '-c',
  'stage=prod',
  '-c',
  'domain=example.com',
  '--context',
  'hostedZoneId=Z0123456789ABCDEFGHIJ',
];
const configOf = (extra: string[] = []) =>
  readStageConfig(new App({ autoSynth: false, context: contextOf([...args, ...extra]) }).node);
const byCheck = (findings: Finding[]) => Object.fromEntries(findings.map((f) => [f.check, f]));

/** A fresh account as a first deploy meets it: concurrency 10, the SES sandbox, a zone with a DMARC record. */
function freshAccount() {
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false });
  ssm
    .on(GetParameterCommand)
    .resolves({ Parameter: { Value: 'arn:aws:lambda:eu-west-2:094274105915:layer:x:1' } });
  route53.on(ListResourceRecordSetsCommand).resolves({ ResourceRecordSets: [] });
  route53
    .on(ListResourceRecordSetsCommand, { StartRecordName: '_dmarc.example.com', StartRecordType: 'TXT' })
    .resolves({ ResourceRecordSets: [{ Name: '_dmarc.example.com.', Type: 'TXT' }] });
}

beforeEach(() => {
  for (const mock of [lambda, ses, ssm, route53]) mock.reset();
});

describe('preflight of a first deploy', () => {
  it('reads the context as the deploy does', () => {
    expect(contextOf(args)).toEqual({
      stage: 'prod',
      domain: 'example.com',
      hostedZoneId: 'Z0123456789ABCDEFGHIJ',
    });
    expect(configOf().region).toBe('eu-west-2');
  });

  it('finds what would fail on a fresh account, each with what to do', async () => {
    freshAccount();
    const found = byCheck(await preflight(configOf(), clients()));
    expect(found['CloudFront']!.status).toBe('hint');
    expect(found['Lambda concurrency']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('Service Quotas'),
    });
    expect(found['SES sandbox']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('-c sesSandbox=true'),
    });
    expect(found['Powertools layer']!.status).toBe('ok');
    expect(found['DNS records']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('TXT _dmarc.example.com') as string,
    });
    expect(found['DNS records']!.message).toContain('-c dmarcRecord=false');
    expect(ssm.commandCalls(GetParameterCommand)[0]!.args[0].input.Name).toBe(powertoolsLayerParameter());
  });

  it('passes an account that is ready, with the sandbox acknowledged as a warning', async () => {
    freshAccount();
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
    route53
      .on(ListResourceRecordSetsCommand)
      .resolves({ ResourceRecordSets: [{ Name: 'example.com.', Type: 'SOA' }] });
    const found = await preflight(configOf(['-c', 'sesSandbox=true']), clients());
    expect(found.filter((f) => f.status === 'fail')).toEqual([]);
    expect(byCheck(found)['SES sandbox']!.status).toBe('warn');
  });

  it('reports a missing layer parameter and a call it may not make as failures of those checks', async () => {
    freshAccount();
    ssm.on(GetParameterCommand).rejects(new Error('ParameterNotFound'));
    lambda.on(GetAccountSettingsCommand).rejects(new Error('AccessDenied'));
    const found = byCheck(await preflight(configOf(), clients()));
    expect(found['Powertools layer']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('ParameterNotFound'),
    });
    expect(found['Lambda concurrency']).toMatchObject({
      status: 'fail',
      message: 'could not check: AccessDenied',
    });
  });

  it('checks exactly the records the stack would write', () => {
    expect(plannedRecords(configOf())).toEqual([
      { name: 'bounce.example.com', type: 'MX' },
      { name: 'bounce.example.com', type: 'TXT' },
      { name: '_dmarc.example.com', type: 'TXT' },
    ]);
    expect(
      plannedRecords(configOf(['-c', `certificateArn=${CERTIFICATE}`, '-c', 'dmarcRecord=false'])),
    ).toEqual([
      { name: 'example.com', type: 'A' },
      { name: 'example.com', type: 'AAAA' },
      { name: 'bounce.example.com', type: 'MX' },
      { name: 'bounce.example.com', type: 'TXT' },
    ]);
    expect(plannedRecords(readStageConfig(new App({ autoSynth: false }).node))).toEqual([]);
  });
});
