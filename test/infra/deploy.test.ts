// What a deploy is: the deploy guide's commands and the mail settings it takes. (The web build it
// ships: deploy-web.test.ts.)
import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it, vi } from 'vitest';
import { readStageConfig, RUN_OPTIONS } from '../../lib/config.ts';
import { parseStageFile, readStageFile } from '../../lib/stages.ts';
import { dmarcRecordValue, MAIL_FROM_SPF } from '../../lib/mail.ts';
import { newApp, resourcesOfType, synth, type Synthesized } from './harness.ts';
import { useWebBuilds } from './web-build.ts';

const { webDist } = useWebBuilds();

type Context = Record<string, string>;

const GUIDE = readFileSync(new URL('../../docs/deploying.md', import.meta.url), 'utf8');

/** The guide's shell commands that run the CDK app (deploy, preflight, synth, bootstrap), one per line. */
const GUIDE_COMMANDS = [...GUIDE.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1]!.replace(/\\\n\s*/g, ' ').split('\n'))
  .map((line) => line.trim())
  .filter((line) => /\b(npm run (deploy|preflight)|cdk (deploy|synth|diff|bootstrap))\b/.test(line));

/**
 * The stage files of the deploy guide (docs/deploying.md), in order: each a ```json block whose info
 * string names its file (```json stages/prod.json), as the context a deploy of that stage synthesizes
 * with (true and false as the command line gives them).
 */
function guideStageFiles(): { file: string; context: Context }[] {
  return [...GUIDE.matchAll(/```json (stages\/([a-z][a-z0-9-]*)\.json)\n([\s\S]*?)```/g)].map(
    ([, file, stage, json]) => {
      const settings = parseStageFile(json!, file!);
      const context: Context = { stage: stage! };
      for (const [key, value] of Object.entries(settings)) context[key] = String(value);
      return { file: file!, context };
    },
  );
}

const STAGE_FILES = guideStageFiles();

const recordSets = (s: Synthesized, type: string) =>
  Object.values(resourcesOfType(s.template, 'AWS::Route53::RecordSet'))
    .map((r) => r.Properties!)
    .filter((p) => p.Type === type);

/** Every statement that allows ses:SendEmail, with its resources as JSON. */
const sendStatements = (s: Synthesized) =>
  Object.values(resourcesOfType(s.template, 'AWS::IAM::Policy'))
    .flatMap(
      (p) =>
        (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    )
    .filter((st) => [st.Action].flat().includes('ses:SendEmail'))
    .map((st) => JSON.stringify(st.Resource));

/** The ARN of the SES identity of that name in the stack's account and region, as the template has it. */
const identityArn = (s: Synthesized, name: string): unknown =>
  s.stack.resolve(s.stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name }));

/** The account of the deploy guide's commands: `cdk deploy` sets CDK_DEFAULT_ACCOUNT from the credentials. */
const ACCOUNT = '111122223333';

/** The resources a deploy with this context must have: what the deploy guide says each setting does. */
function expectDeployedAs(s: Synthesized, context: Context): void {
  const domain = context.domain!;
  const shared = context.mailIdentity === 'shared';
  const from = context.emailFromAddress ?? `reminders@${domain}`;

  // Cognito: its own e-mail until the identity is verified, then SES from the domain.
  if (context.sesVerified === 'true') {
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: `Renewal Reminders <${from}>`,
        SourceArn: identityArn(s, domain),
        ConfigurationSet: Match.anyValue(),
      },
    });
  } else {
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  }

  // The identity: created by its owner with a MAIL FROM domain and records in the zone; else by name.
  if (shared) {
    s.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    for (const type of ['CNAME', 'MX', 'TXT']) expect(recordSets(s, type), type).toEqual([]);
  } else {
    const mailFrom = context.mailFromDomain ?? `bounce.${domain}`;
    s.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: domain,
      MailFromAttributes: { MailFromDomain: mailFrom, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
    });
    expect(context.hostedZoneId).toBeDefined();
    expect(recordSets(s, 'CNAME')).toHaveLength(3);
    // MAIL FROM's bounces, and the renewal inbox's receiving (in its region: the stage's by default).
    expect(recordSets(s, 'MX')).toEqual([
      expect.objectContaining({
        Name: `${mailFrom}.`,
        ResourceRecords: [`10 feedback-smtp.${s.stack.region}.amazonses.com`],
      }),
      expect.objectContaining({
        Name: `inbox.${domain}.`,
        ResourceRecords: [`10 inbound-smtp.${context.inboxRegion ?? s.stack.region}.amazonaws.com`],
      }),
    ]);
    const txt = recordSets(s, 'TXT').map((r) => [r.Name, r.ResourceRecords]);
    expect(txt).toContainEqual([`${mailFrom}.`, [`"${MAIL_FROM_SPF}"`]]);
    if (context.dmarcRecord !== 'false') {
      expect(txt).toContainEqual([`_dmarc.${domain}.`, [`"${dmarcRecordValue(context.dmarcReportEmail)}"`]]);
    }
  }

  // Sending: the domain identity and the configuration set; every identity only in the sandbox.
  const statements = sendStatements(s);
  expect(statements.length).toBeGreaterThan(0);
  for (const resources of statements) {
    expect(resources).toContain(`:identity/${shared ? domain : ''}`);
    expect(resources).toContain(':configuration-set/');
    expect(resources.includes(':identity/*'), resources).toBe(context.sesSandbox === 'true');
  }

  // The site on the domain and the API on api.{domain}, each with its certificate.
  if (context.certificateArn) {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [domain],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: context.certificateArn }),
      }),
    });
  }
  if (context.apiCertificateArn) {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: `api.${domain}`,
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: context.apiCertificateArn })],
    });
  }

  if (context.alarmEmail) {
    s.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: context.alarmEmail,
    });
  }
  // The real web build, in its two deployments.
  s.template.resourceCountIs('Custom::CDKBucketDeployment', 2);
}

describe("the deploy guide's stage files and commands", () => {
  it('are there: a first deploy on Cognito mail in the sandbox, the switch to SES, the certificates after it, a stage sharing the identity', () => {
    const prod = STAGE_FILES.filter((f) => f.file === 'stages/prod.json').map((f) => f.context);
    const [first, verified, last] = prod;
    expect(prod).toHaveLength(3);
    expect(first).toMatchObject({ sesSandbox: 'true' });
    expect(first!.domain && first!.hostedZoneId && first!.alarmEmail && first!.dmarcReportEmail).toBeTruthy();
    expect(first!.sesVerified).toBeUndefined();
    expect(verified).toEqual({ ...first, sesVerified: 'true' });
    const { sesSandbox: _, ...afterSandbox } = first!;
    expect(last).toMatchObject({ ...afterSandbox, sesVerified: 'true' });
    expect(last!.sesSandbox).toBeUndefined();
    expect(last!.certificateArn && last!.apiCertificateArn).toBeTruthy();
    const shared = STAGE_FILES.filter((f) => f.context.mailIdentity === 'shared');
    expect(shared.map((f) => f.file)).toEqual(['stages/staging.json']);
    expect(shared[0]!.context).toMatchObject({ domain: first!.domain, sesVerified: 'true' });
  });

  it("ends with prod's file as committed", () => {
    const last = STAGE_FILES.filter((f) => f.file === 'stages/prod.json').at(-1)!;
    const { stage: _, ...settings } = last.context;
    const committed = Object.fromEntries(
      Object.entries(readStageFile('prod')!).map(([k, v]) => [k, String(v)]),
    );
    expect(settings).toEqual(committed);
  });

  it('deploys, checks and bootstraps with the stage alone, its settings from its file, and bootstraps in the stage’s region', () => {
    expect(GUIDE_COMMANDS.length).toBeGreaterThanOrEqual(3);
    for (const command of GUIDE_COMMANDS) {
      // No stage setting on a command line: a stage with a file refuses one it does not hold.
      for (const [, key] of command.matchAll(/(?:^|\s)-c\s+([\w:-]+)=/g))
        expect(['stage', ...RUN_OPTIONS], command).toContain(key);
    }
    const bootstrap = GUIDE_COMMANDS.filter((c) => c.includes('cdk bootstrap'));
    expect(bootstrap).toEqual([
      'AWS_REGION=eu-west-2 npx cdk bootstrap aws://111122223333/eu-west-2 aws://111122223333/us-east-1',
    ]);
    expect(GUIDE_COMMANDS).toContain('npm run preflight -- -c stage=prod');
    expect(GUIDE_COMMANDS).toContain('npm run deploy -- -c stage=prod');
    expect(GUIDE_COMMANDS).toContain('npm run deploy -- -c stage=prod --allow-destroy');
  });

  describe.each(STAGE_FILES.map((f, i): [string, Context] => [`${f.file} (${i + 1})`, f.context]))(
    '%s',
    (_file, context) => {
      // As `cdk deploy` synthesizes: with the account's id, and the cdk-nag checks registered as
      // bin/app.ts registers them (a finding fails the synth). Acknowledgements that name the account
      // must match its id, not the token an offline synth has.
      const s = (() => {
        vi.stubEnv('CDK_DEFAULT_ACCOUNT', ACCOUNT);
        try {
          return synth(context, { nag: true, webDist });
        } finally {
          vi.unstubAllEnvs();
        }
      })();

      it('synthesizes for a real account, with no unacknowledged cdk-nag finding', () => {
        expect(s.stack.account).toBe(ACCOUNT);
        const report = new AwsSolutionsChecks().validateScope(s.app);
        expect(report.violations.map((v) => v.ruleName)).toEqual([]);
      });

      it('has the resources the deploy guide says it has', () => {
        expectDeployedAs(s, context);
      });
    },
  );
});

describe('mail on a first deploy and after', () => {
  const domain = 'example.com';
  const zone = { hostedZoneId: 'Z0000000000000000000' };

  it('gives the pool no SES identity to check until sesVerified=true, in both phases of own and shared', () => {
    for (const extra of [{}, { mailIdentity: 'shared' }] as Context[]) {
      const first = synth({ stage: 'prod', domain, ...zone, ...extra }, { webDist });
      const verified = synth({ stage: 'prod', domain, ...zone, sesVerified: 'true', ...extra }, { webDist });
      expectDeployedAs(first, { domain, ...zone, ...extra, sesVerified: 'false' });
      const pool = JSON.stringify(first.template.findResources('AWS::Cognito::UserPool'));
      expect(pool).not.toMatch(/SourceArn|:identity\//);
      expectDeployedAs(verified, { domain, ...zone, ...extra, sesVerified: 'true' });
    }
  });

  it('lets a sharing stage send from and read the status of the identity another stage owns, by its name', () => {
    const s = synth({ stage: 'staging', domain, mailIdentity: 'shared' }, { webDist });
    s.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    const arn = JSON.stringify(identityArn(s, domain));
    for (const resources of sendStatements(s)) expect(resources).toContain(arn);
    const policies = JSON.stringify(resourcesOfType(s.template, 'AWS::IAM::Policy'));
    expect(policies).toContain('"ses:GetEmailIdentity"');
    // Its own configuration set: its bounces and complaints come back to it.
    s.template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    const outputs = Object.keys(s.template.findOutputs('*'));
    expect(outputs.filter((o) => /^(Dkim|MailFrom|Dmarc)/.test(o))).toEqual([]);
  });

  it('prints the DKIM, MAIL FROM and DMARC records to publish when there is no zone', () => {
    const s = synth({ stage: 'prod', domain, dmarcReportEmail: 'dmarc@example.com' }, { webDist });
    expect(recordSets(s, 'TXT')).toEqual([]);
    s.template.hasOutput('MailFromMxRecord', {
      Value: `bounce.example.com MX 10 feedback-smtp.${s.stack.region}.amazonses.com`,
    });
    s.template.hasOutput('MailFromSpfRecord', {
      Value: 'bounce.example.com TXT "v=spf1 include:amazonses.com ~all"',
    });
    s.template.hasOutput('DmarcRecord', {
      Value: '_dmarc.example.com TXT "v=DMARC1; p=none; rua=mailto:dmarc@example.com"',
    });
    expect(Object.keys(s.template.findOutputs('*')).filter((o) => o.startsWith('DkimRecord'))).toHaveLength(
      3,
    );
  });

  it('writes DMARC without reports unless an address is given, none with dmarcRecord=false, and takes another MAIL FROM name', () => {
    expect(dmarcRecordValue()).toBe('v=DMARC1; p=none;');
    const quiet = synth(
      { stage: 'prod', domain, ...zone, mailFromDomain: 'mail-from.example.com' },
      { webDist },
    );
    expectDeployedAs(quiet, { domain, ...zone, mailFromDomain: 'mail-from.example.com' });
    const keep = synth({ stage: 'prod', domain, ...zone, dmarcRecord: 'false' }, { webDist });
    expect(recordSets(keep, 'TXT').map((r) => r.Name)).toEqual(['bounce.example.com.']);
  });
});

describe('mail settings from context', () => {
  const read = (context: Record<string, unknown>) => readStageConfig(newApp({ context }).node);

  it('defaults to owning the identity, unverified, out of the sandbox, MAIL FROM bounce.{domain} and a DMARC record', () => {
    expect(read({ domain: 'example.com' }).mail).toEqual({
      identity: 'own',
      sesVerified: false,
      sesSandbox: false,
      mailFromDomain: 'bounce.example.com',
      dmarcRecord: true,
      dmarcReportEmail: undefined,
    });
    expect(read({ domain: 'example.com', mailIdentity: 'shared', sesVerified: true }).mail).toEqual({
      identity: 'shared',
      sesVerified: true,
      sesSandbox: false,
      mailFromDomain: undefined,
      dmarcRecord: false,
      dmarcReportEmail: undefined,
    });
    expect(read({}).mail.sesVerified).toBe(false);
    expect(read({ webPlaceholder: 'true' }).webPlaceholder).toBe(true);
  });

  it('rejects bad values with a readable message', () => {
    const d = { domain: 'example.com' };
    expect(() => read({ ...d, mailIdentity: 'mine' })).toThrow(/'mailIdentity' must be 'own' or 'shared'/);
    expect(() => read({ ...d, sesVerified: 'yes' })).toThrow(/'sesVerified' must be true or false/);
    expect(() => read({ ...d, sesSandbox: 1 })).toThrow(/'sesSandbox' must be true or false/);
    expect(() => read({ ...d, dmarcReportEmail: 'dmarc' })).toThrow(
      /'dmarcReportEmail' must be an e-mail address/,
    );
    expect(() => read({ ...d, mailFromDomain: 'bounce.example.org' })).toThrow(/subdomain of example.com/);
    expect(() => read({ ...d, mailFromDomain: 'bad_name.example.com' })).toThrow(/must be a domain name/);
    expect(() => read({ sesVerified: 'true' })).toThrow(/'sesVerified' needs the mail domain/);
    expect(() => read({ mailIdentity: 'shared' })).toThrow(/'mailIdentity' needs the mail domain/);
    expect(() => read({ ...d, mailIdentity: 'shared', dmarcReportEmail: 'a@example.com' })).toThrow(
      /belongs to the stage that owns the SES identity/,
    );
    expect(() => read({ ...d, dmarcRecord: 'false', dmarcReportEmail: 'a@example.com' })).toThrow(
      /dmarcRecord=false leaves out/,
    );
    expect(() => read({ ...d, hostedZoneId: '/hostedzone/Z0123' })).toThrow(/without \/hostedzone\//);
    expect(() => read({ hostedZoneId: 'Z0123' })).toThrow(/'hostedZoneId' needs -c domain/);
    expect(() => read({ webPlaceholder: 'maybe' })).toThrow(/'webPlaceholder' must be true or false/);
  });
});
