import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ListResourceRecordSetsCommand, Route53Client } from '@aws-sdk/client-route-53';
import {
  DescribeSecretCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { App } from 'aws-cdk-lib';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStageConfig } from '../../lib/config.ts';
import {
  covers,
  parseCertificate,
  type CertificateDescription,
  type CertificateLookup,
} from '../../lib/deploy/certificates.ts';
import { credentialsProblem, plannedRecords, preflight, type Finding } from '../../lib/deploy/preflight.ts';
import { contextOf } from '../../lib/deploy/stageArgs.ts';
import { powertoolsLayerParameter } from '../../lib/powertools.ts';

const lambda = mockClient(LambdaClient);
const ses = mockClient(SESv2Client);
const ssm = mockClient(SSMClient);
const route53 = mockClient(Route53Client);
const cloudFormation = mockClient(CloudFormationClient);
const secrets = mockClient(SecretsManagerClient);
/** The account's ACM certificates by ARN (the preflight asks the AWS CLI; here a table). */
let acm: Record<string, CertificateDescription> = {};
const certificateCalls: [string, string][] = [];
let certificates: CertificateLookup = (arn, region) => {
  certificateCalls.push([arn, region]);
  return Promise.resolve(acm[arn]);
};
const clients = () => ({
  lambda: new LambdaClient({}),
  ses: new SESv2Client({}),
  ssm: new SSMClient({}),
  route53: new Route53Client({}),
  cloudFormation: new CloudFormationClient({}),
  secrets: new SecretsManagerClient({}),
  certificates: (arn: string, region: string) => certificates(arn, region),
});
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
const API_CERTIFICATE = 'arn:aws:acm:eu-west-2:123456789012:certificate/11111111-1111-1111-1111-111111111111';
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
  ses
    .on(GetEmailIdentityCommand)
    .rejects(new NotFoundException({ message: 'Email identity example.com does not exist.', $metadata: {} }));
  cloudFormation
    .on(DescribeStacksCommand)
    .rejects(new Error('Stack with id RenewalReminders-prod does not exist'));
  secrets.on(DescribeSecretCommand).rejects(
    new ResourceNotFoundException({
      message: "Secrets Manager can't find the specified secret.",
      $metadata: {},
    }),
  );
}

/** An account with nothing in the way of a first deploy. */
function readyAccount() {
  freshAccount();
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true });
  route53
    .on(ListResourceRecordSetsCommand)
    .resolves({ ResourceRecordSets: [{ Name: 'example.com.', Type: 'SOA' }] });
}

beforeEach(() => {
  for (const mock of [lambda, ses, ssm, route53, cloudFormation, secrets]) mock.reset();
  acm = {};
  certificateCalls.length = 0;
  certificates = (arn, region) => {
    certificateCalls.push([arn, region]);
    return Promise.resolve(acm[arn]);
  };
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
      message: expect.stringContaining('"sesSandbox": true in the stage file'),
    });
    expect(found['Powertools layer']!.status).toBe('ok');
    expect(found['DNS records']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('TXT _dmarc.example.com') as string,
    });
    expect(found['DNS records']!.message).toContain('"dmarcRecord": false in the stage file');
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

describe('preflight of the certificates', () => {
  const withCertificates = () =>
    configOf(['-c', `certificateArn=${CERTIFICATE}`, '-c', `apiCertificateArn=${API_CERTIFICATE}`]);

  it('passes issued certificates for the domain (us-east-1) and api.{domain} (the stage’s region), each asked in its region', async () => {
    readyAccount();
    acm[CERTIFICATE] = { status: 'ISSUED', names: ['example.com', 'www.example.com'] };
    acm[API_CERTIFICATE] = { status: 'ISSUED', names: ['*.example.com'] };
    const found = byCheck(await preflight(withCertificates(), clients()));
    expect(found['Site certificate']).toEqual({
      check: 'Site certificate',
      status: 'ok',
      message: 'issued for example.com in us-east-1',
    });
    expect(found['API certificate']).toMatchObject({
      status: 'ok',
      message: 'issued for api.example.com in eu-west-2',
    });
    expect(certificateCalls).toEqual([
      [CERTIFICATE, 'us-east-1'],
      [API_CERTIFICATE, 'eu-west-2'],
    ]);
  });

  it('fails one that is missing, not issued yet, or for another name, saying what to do', async () => {
    readyAccount();
    acm[API_CERTIFICATE] = { status: 'PENDING_VALIDATION', names: ['api.example.com'] };
    let found = byCheck(await preflight(withCertificates(), clients()));
    expect(found['Site certificate']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'aws acm request-certificate --region us-east-1 --domain-name example.com',
      ),
    });
    expect(found['API certificate']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('PENDING_VALIDATION, not issued: publish its DNS validation records'),
    });
    acm[CERTIFICATE] = { status: 'ISSUED', names: ['*.example.com'] };
    acm[API_CERTIFICATE] = { status: 'ISSUED', names: ['example.com'] };
    found = byCheck(await preflight(withCertificates(), clients()));
    // A wildcard does not cover the bare domain, nor the domain api.{domain}.
    expect(found['Site certificate']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('covers *.example.com, not example.com'),
    });
    expect(found['API certificate']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('not api.example.com'),
    });
  });

  it('knows what a certificate covers, and reads the AWS CLI’s answer', () => {
    expect(covers(['*.example.com'], 'api.example.com')).toBe(true);
    expect(covers(['*.example.com'], 'example.com')).toBe(false);
    expect(covers(['*.example.com'], 'a.api.example.com')).toBe(false);
    expect(covers(['Example.com'], 'example.COM')).toBe(true);
    expect(
      parseCertificate(
        JSON.stringify({
          Certificate: {
            Status: 'ISSUED',
            DomainName: 'example.com',
            SubjectAlternativeNames: ['example.com', 'api.example.com'],
          },
        }),
      ),
    ).toEqual({ status: 'ISSUED', names: ['example.com', 'api.example.com'] });
  });
});

describe('preflight of the SES identity', () => {
  it('passes none yet on a first deploy: the deploy creates it', async () => {
    readyAccount();
    expect(byCheck(await preflight(configOf(), clients()))['SES identity']).toMatchObject({
      status: 'ok',
      message: 'none yet for example.com: this deploy creates it',
    });
  });

  it('fails one that exists before the stage does (CloudFormation cannot create it), and passes the stage’s own', async () => {
    readyAccount();
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
    expect(byCheck(await preflight(configOf(), clients()))['SES identity']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('"mailIdentity": "shared"'),
    });
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [
        { StackName: 'RenewalReminders-prod', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() },
      ],
    });
    expect(byCheck(await preflight(configOf(), clients()))['SES identity']).toMatchObject({
      status: 'ok',
      message: 'example.com exists and is verified',
    });
  });

  it('fails sesVerified=true before SES has verified the domain, and a shared identity no stage made yet', async () => {
    readyAccount();
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false });
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [
        { StackName: 'RenewalReminders-prod', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() },
      ],
    });
    expect(
      byCheck(await preflight(configOf(['-c', 'sesVerified=true']), clients()))['SES identity'],
    ).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('not verified yet: Cognito would refuse'),
    });
    ses.on(GetEmailIdentityCommand).rejects(new NotFoundException({ message: 'nope', $metadata: {} }));
    const shared = configOf(['-c', 'mailIdentity=shared']);
    expect(byCheck(await preflight(shared, clients()))['SES identity']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('deploy the stage that owns it first'),
    });
  });
});

describe('preflight of the DVLA key', () => {
  const dvla = () => configOf(['-c', 'dvlaKeySecret=renewal-reminders/dvla']);

  it('fails a secret that is not there, saying how to create it, and passes one that is', async () => {
    readyAccount();
    expect(byCheck(await preflight(dvla(), clients()))['DVLA key']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'aws secretsmanager create-secret --region eu-west-2 --name renewal-reminders/dvla',
      ),
    });
    secrets
      .on(DescribeSecretCommand, { SecretId: 'renewal-reminders/dvla' })
      .resolves({ Name: 'renewal-reminders/dvla' });
    expect(byCheck(await preflight(dvla(), clients()))['DVLA key']!.status).toBe('ok');
    secrets.on(DescribeSecretCommand).resolves({ Name: 'renewal-reminders/dvla', DeletedDate: new Date() });
    expect(byCheck(await preflight(dvla(), clients()))['DVLA key']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('restore-secret'),
    });
  });
});

describe('preflight without credentials', () => {
  it('says so once, as the cause, instead of every check failing alike', async () => {
    const none = Object.assign(new Error('Could not load credentials from any providers'), {
      name: 'CredentialsProviderError',
    });
    lambda.onAnyCommand().rejects(none);
    ses.onAnyCommand().rejects(none);
    ssm.onAnyCommand().rejects(none);
    route53.onAnyCommand().rejects(none);
    cloudFormation.onAnyCommand().rejects(none);
    secrets.onAnyCommand().rejects(none);
    certificates = () =>
      Promise.reject(
        new Error('Unable to locate credentials. You can configure credentials by running "aws configure".'),
      );
    const findings = await preflight(
      configOf(['-c', `certificateArn=${CERTIFICATE}`, '-c', 'dvlaKeySecret=renewal-reminders/dvla']),
      clients(),
    );
    expect(findings).toEqual([
      {
        check: 'AWS credentials',
        status: 'fail',
        message:
          'no AWS credentials were found: sign in (aws sso login, or set AWS_PROFILE) and run it again',
      },
      expect.objectContaining({ check: 'CloudFront', status: 'hint' }),
    ]);
  });

  it('tells expired credentials from other failures', () => {
    expect(
      credentialsProblem(
        Object.assign(new Error('The security token included in the request is expired'), {
          name: 'ExpiredTokenException',
        }),
      ),
    ).toMatch(/have expired/);
    expect(credentialsProblem(new Error('AccessDenied'))).toBeUndefined();
  });
});
