/**
 * Each stage's settings in a committed file (stages/{stage}.json, lib/stages.ts) and the deploy guard
 * (lib/deploy/guard.ts): a deploy of `-c stage=prod` alone synthesizes prod as committed, and the
 * change that deploy made before the files (every setting back to its default) is refused.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Node } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { readStageConfig, RUN_OPTIONS, STAGE_SETTINGS } from '../../lib/config.ts';
import { guardVerdict } from '../../lib/deploy/guard.ts';
import { argsContext, stageTarget } from '../../lib/deploy/stageArgs.ts';
import { templateChanges } from '../../lib/deploy/templateDiff.ts';
import { parseStageFile, readStageFile, stageContext, STAGES_DIR } from '../../lib/stages.ts';
import { cleanUp, resourcesOfType, synth } from './harness.ts';

const scratch = mkdtempSync(join(tmpdir(), 'stages-test-'));
afterAll(() => {
  cleanUp();
  rmSync(scratch, { recursive: true, force: true });
});

const STAGE_FILES = readdirSync(STAGES_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.replace(/\.json$/, ''))
  .sort();

describe('the stage files', () => {
  it('are there for dev and prod, and hold stage settings only', () => {
    expect(STAGE_FILES).toEqual(['dev', 'prod']);
    for (const stage of STAGE_FILES) {
      const settings = readStageFile(stage)!;
      for (const key of Object.keys(settings)) expect(STAGE_SETTINGS, `${stage}: ${key}`).toContain(key);
    }
  });

  it('name every setting the stage configuration reads, and nothing else', () => {
    const read = new Set<string>();
    const node = {
      tryGetContext: (key: string) => {
        read.add(key);
        return key === 'domain' ? 'example.com' : undefined;
      },
    } as unknown as Node;
    readStageConfig(node);
    const runOptions = new Set<string>(RUN_OPTIONS);
    expect([...read].filter((key) => !runOptions.has(key)).sort()).toEqual([...STAGE_SETTINGS].sort());
  });

  it('give prod its domain, zone, certificates, alarm mail and DMARC reports, and SES once verified', () => {
    const config = readStageConfig(synth(stageContext({ stage: 'prod' })).app.node);
    expect(config).toMatchObject({ isProd: true, region: 'eu-west-2', emailProvider: 'ses' });
    expect(
      config.domain && config.hostedZoneId && config.certificateArn && config.apiCertificateArn,
    ).toBeTruthy();
    expect(config.alarmEmail && config.mail.dmarcReportEmail).toBeTruthy();
    expect(config.mail).toMatchObject({ identity: 'own', sesVerified: true, sesSandbox: false });
  });

  it('synthesize dev offline with no account, as CI does (`cdk synth -c stage=dev`)', () => {
    const { stack, template } = synth(stageContext({ stage: 'dev' }));
    expect(stack.region).toBe('eu-west-2');
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(stageTarget(stageContext({ stage: 'dev' })).stacks.map((s) => s.name)).toEqual([
      'RenewalReminders-dev-edge',
      'RenewalReminders-dev',
    ]);
  });

  it('are what a deploy and the preflight read from their arguments', () => {
    expect(argsContext(['-c', 'stage=prod', '-c', 'fast=true'])).toEqual({
      stage: 'prod',
      fast: 'true',
      ...readStageFile('prod'),
    });
    expect(stageTarget(argsContext(['-c', 'stage=prod'])).region).toBe('eu-west-2');
  });
});

describe('settings on the command line', () => {
  writeFileSync(join(scratch, 'qa.json'), JSON.stringify({ domain: 'example.com', sesVerified: true }));

  it('are refused for a stage with a file when the file lacks them or says otherwise, naming the file', () => {
    expect(() => stageContext({ stage: 'qa', alarmEmail: 'ops@example.com' }, scratch)).toThrow(
      `Stage 'qa' takes its settings from stages/qa.json, which has no 'alarmEmail': put "alarmEmail": "ops@example.com" in the file`,
    );
    expect(() => stageContext({ stage: 'qa', domain: 'example.org' }, scratch)).toThrow(
      `where 'domain' is "example.com", not "example.org"`,
    );
    expect(() => argsContext(['-c', 'stage=prod', '-c', 'domain=example.com'])).toThrow(/stages\/prod\.json/);
  });

  it('may repeat what the file says, and run options stay on the command line', () => {
    expect(
      stageContext({ stage: 'qa', domain: 'example.com', sesVerified: 'true', fast: 'true' }, scratch),
    ).toEqual({ stage: 'qa', domain: 'example.com', sesVerified: true, fast: 'true' });
  });

  it('still make a stage that has no file (a developer’s own)', () => {
    expect(stageContext({ stage: 'alice', domain: 'example.org' }, scratch)).toEqual({
      stage: 'alice',
      domain: 'example.org',
    });
  });

  it('cannot go into a file: unknown keys, run options and odd values are refused', () => {
    expect(() => parseStageFile('{"domian":"example.com"}', 'stages/x.json')).toThrow(
      "stages/x.json: 'domian' is not a stage setting",
    );
    expect(() => parseStageFile('{"firstCreate":true}', 'stages/x.json')).toThrow(/on the command line/);
    expect(() => parseStageFile('{"domain":["a"]}', 'stages/x.json')).toThrow(
      /string, number or true\/false/,
    );
    expect(() => parseStageFile('[]', 'stages/x.json')).toThrow(/JSON object/);
    expect(() => parseStageFile('{', 'stages/x.json')).toThrow(/not JSON/);
    expect(parseStageFile('{"featureFlags":{"country_cta_v1":true}}', 'x')).toEqual({
      featureFlags: { country_cta_v1: true },
    });
  });
});

describe('a deploy that leaves out the settings', () => {
  const committed = synth(stageContext({ stage: 'prod' }));
  /** What `-c stage=prod` alone synthesized before the stage files: every setting at its default. */
  const bare = synth({ stage: 'prod' });
  const changes = templateChanges(
    'RenewalReminders-prod',
    committed.template.toJSON(),
    bare.template.toJSON(),
  );

  it('is refused: it would delete the mail identity and records, the API domain, the subscription and alarms', () => {
    const verdict = guardVerdict(changes, false);
    expect(verdict.proceed).toBe(false);
    const refused = new Set(verdict.refusals.map((r) => r.change.type));
    for (const type of [
      'AWS::SES::EmailIdentity',
      'AWS::Route53::RecordSet',
      'AWS::ApiGatewayV2::DomainName',
      'AWS::ApiGatewayV2::ApiMapping',
      'AWS::SNS::Subscription',
      'AWS::CloudWatch::Alarm',
      'AWS::CloudFront::Distribution',
    ])
      expect(refused, type).toContain(type);
    // Every DNS record the committed prod has: DKIM, MAIL FROM, DMARC and the aliases.
    const records = Object.keys(resourcesOfType(committed.template, 'AWS::Route53::RecordSet'));
    expect(records.length).toBeGreaterThanOrEqual(10);
    for (const id of records) expect(verdict.refusals.map((r) => r.change.logicalId)).toContain(id);
    expect(verdict.refusals.find((r) => r.change.type === 'AWS::CloudFront::Distribution')?.why).toMatch(
      /aliases/,
    );
  });

  it('goes ahead only with --allow-destroy', () => {
    expect(guardVerdict(changes, true).proceed).toBe(true);
  });

  it('cannot happen with the file: `-c stage=prod` alone synthesizes prod as committed', () => {
    const again = synth(argsContext(['-c', 'stage=prod']));
    expect(
      templateChanges('RenewalReminders-prod', committed.template.toJSON(), again.template.toJSON()),
    ).toEqual([]);
    expect(Template.fromJSON(again.template.toJSON())).toBeDefined();
  });
});
