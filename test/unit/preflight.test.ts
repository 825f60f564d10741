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
import { fakeClient } from '../support/fakeClient.ts';

type Answer = (command: object) => unknown;
const nothing: Answer = () => undefined;
/** How the account answers each service, as a test sets it; a command nobody answers gets nothing. */
const account: Record<'lambda' | 'ses' | 'ssm' | 'route53' | 'cloudFormation' | 'secrets', Answer> = {
  lambda: nothing,
  ses: nothing,
  ssm: nothing,
  route53: nothing,
  cloudFormation: nothing,
  secrets: nothing,
};
/** The Systems Manager client the last preflight was given (the commands it was sent). */
let ssm = fakeClient<SSMClient>(nothing);
/** The account's ACM certificates by ARN (the preflight asks the AWS CLI; here a table). */
let acm: Record<string, CertificateDescription> = {};
const certificateCalls: [string, string][] = [];
let certificates: CertificateLookup = (arn, region) => {
  certificateCalls.push([arn, region]);
  return Promise.resolve(acm[arn]);
};
const clients = () => {
  ssm = fakeClient<SSMClient>((command) => account.ssm(command));
  return {
    lambda: fakeClient<LambdaClient>((command) => account.lambda(command)).client,
    ses: fakeClient<SESv2Client>((command) => account.ses(command)).client,
    ssm: ssm.client,
    route53: fakeClient<Route53Client>((command) => account.route53(command)).client,
    cloudFormation: fakeClient<CloudFormationClient>((command) => account.cloudFormation(command)).client,
    secrets: fakeClient<SecretsManagerClient>((command) => account.secrets(command)).client,
    certificates: (arn: string, region: string) => certificates(arn, region),
  };
};
/** An answer of one kind of command only (others get nothing), or its failure. */
const answering =
  <Input>(kind: abstract new (input: Input) => { input: Input }, answer: (input: Input) => unknown): Answer =>
  (command) =>
    command instanceof kind ? answer((command as { input: Input }).input) : undefined;
const failing = (error: Error) => () => {
  throw error;
};
/** The stage's stack as CloudFormation describes it once it was created. */
const stageStack = () =>
  answering(DescribeStacksCommand, () => ({
    Stacks: [
      { StackName: 'RenewalReminders-prod', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() },
    ],
  }));

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
/** The Lambda account's concurrency. */
const concurrency = (ConcurrentExecutions: number) =>
  answering(GetAccountSettingsCommand, () => ({ AccountLimit: { ConcurrentExecutions } }));
/** SES: out of the sandbox or not, and the domain's identity (or its failure). */
const sesOf = (production: boolean, identity: () => unknown) => (command: object) => {
  if (command instanceof GetAccountCommand) return { ProductionAccessEnabled: production };
  if (command instanceof GetEmailIdentityCommand) return identity();
  return undefined;
};
const noIdentity = () => {
  throw new NotFoundException({ message: 'Email identity example.com does not exist.', $metadata: {} });
};
/** A zone whose only record is its SOA. */
const emptyZone = answering(ListResourceRecordSetsCommand, () => ({
  ResourceRecordSets: [{ Name: 'example.com.', Type: 'SOA' }],
}));

/** A fresh account as a first deploy meets it: concurrency 10, the SES sandbox, a zone with a DMARC record. */
function freshAccount() {
  account.lambda = concurrency(10);
  account.ses = sesOf(false, noIdentity);
  account.ssm = answering(GetParameterCommand, () => ({
    Parameter: { Value: 'arn:aws:lambda:eu-west-2:094274105915:layer:x:1' },
  }));
  account.route53 = answering(ListResourceRecordSetsCommand, (input) => ({
    ResourceRecordSets:
      input.StartRecordName === '_dmarc.example.com' && input.StartRecordType === 'TXT'
        ? [{ Name: '_dmarc.example.com.', Type: 'TXT' }]
        : [],
  }));
  account.cloudFormation = failing(new Error('Stack with id RenewalReminders-prod does not exist'));
  account.secrets = failing(
    new ResourceNotFoundException({
      message: "Secrets Manager can't find the specified secret.",
      $metadata: {},
    }),
  );
}

/** An account with nothing in the way of a first deploy. */
function readyAccount() {
  freshAccount();
  account.lambda = concurrency(1000);
  account.ses = sesOf(true, noIdentity);
  account.route53 = emptyZone;
}

beforeEach(() => {
  for (const service of Object.keys(account) as (keyof typeof account)[]) account[service] = nothing;
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
    expect(ssm.inputsOf(GetParameterCommand)[0]!.Name).toBe(powertoolsLayerParameter());
  });

  it('passes an account that is ready, with the sandbox acknowledged as a warning', async () => {
    freshAccount();
    account.lambda = concurrency(1000);
    account.route53 = emptyZone;
    const found = await preflight(configOf(['-c', 'sesSandbox=true']), clients());
    expect(found.filter((f) => f.status === 'fail')).toEqual([]);
    expect(byCheck(found)['SES sandbox']!.status).toBe('warn');
  });

  it('reports a missing layer parameter and a call it may not make as failures of those checks', async () => {
    freshAccount();
    account.ssm = failing(new Error('ParameterNotFound'));
    account.lambda = failing(new Error('AccessDenied'));
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
    account.ses = sesOf(true, () => ({ VerifiedForSendingStatus: true }));
    expect(byCheck(await preflight(configOf(), clients()))['SES identity']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('"mailIdentity": "shared"'),
    });
    account.cloudFormation = stageStack();
    expect(byCheck(await preflight(configOf(), clients()))['SES identity']).toMatchObject({
      status: 'ok',
      message: 'example.com exists and is verified',
    });
  });

  it('fails sesVerified=true before SES has verified the domain, and a shared identity no stage made yet', async () => {
    readyAccount();
    account.ses = sesOf(true, () => ({ VerifiedForSendingStatus: false }));
    account.cloudFormation = stageStack();
    expect(
      byCheck(await preflight(configOf(['-c', 'sesVerified=true']), clients()))['SES identity'],
    ).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('not verified yet: Cognito would refuse'),
    });
    account.ses = sesOf(true, () => {
      throw new NotFoundException({ message: 'nope', $metadata: {} });
    });
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
    account.secrets = answering(DescribeSecretCommand, ({ SecretId }) => {
      expect(SecretId).toBe('renewal-reminders/dvla');
      return { Name: 'renewal-reminders/dvla' };
    });
    expect(byCheck(await preflight(dvla(), clients()))['DVLA key']!.status).toBe('ok');
    account.secrets = answering(DescribeSecretCommand, () => ({
      Name: 'renewal-reminders/dvla',
      DeletedDate: new Date(),
    }));
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
    for (const service of Object.keys(account) as (keyof typeof account)[]) account[service] = failing(none);
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
