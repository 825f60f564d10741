import { Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, synthChecks } from '../../lib/app.ts';
import { readStageConfig } from '../../lib/config.ts';
import { cleanUp, newApp, synth } from './harness.ts';

afterAll(cleanUp);

/** Builds the app (no synth) as the CLI would run it in `cliRegion`. */
const build = (context: Record<string, unknown>, cliRegion: string | undefined) =>
  buildApp(newApp({ context: { 'aws:cdk:bundling-stacks': [], ...context } }), { nag: false, cliRegion });

describe("the stage's region", () => {
  it('is eu-west-2 unless the context names another, whatever the CLI would default to', () => {
    expect(build({ stage: 'prod' }, undefined).region).toBe('eu-west-2');
    expect(build({ stage: 'prod', region: 'eu-west-1' }, 'eu-west-1').region).toBe('eu-west-1');
  });

  it('stops a synth or deploy whose CLI region differs, saying how to fix it', () => {
    // The CDK CLI sets us-east-1 when no profile or AWS_REGION names a region: the old app followed it.
    expect(() => build({ stage: 'prod' }, 'us-east-1')).toThrow(
      "Stage 'prod' lives in eu-west-2, but the AWS CLI's region is us-east-1. Run with AWS_REGION=eu-west-2",
    );
    expect(() => build({ stage: 'dev', region: 'eu-west-1' }, 'eu-west-2')).toThrow(
      /"region": "eu-west-2" in stages\/dev\.json \(-c region=eu-west-2 for a stage without a file/,
    );
    expect(build({ stage: 'dev' }, 'eu-west-2').region).toBe('eu-west-2');
  });

  it('refuses a region that is not one', () => {
    expect(() => readStageConfig(newApp({ context: { region: 'London' } }).node)).toThrow(
      "Context 'region' must be an AWS region such as eu-west-2, not 'London'",
    );
  });

  it('reads the web ACL across regions through SSM, never a CloudFormation export', () => {
    const { template } = synth({ stage: 'prod' });
    const text = JSON.stringify(template.toJSON());
    expect(text).not.toContain('Fn::ImportValue');
    expect(text).toContain('Custom::CrossRegionExportReader');
  });
});

describe('termination protection of prod', () => {
  it('is on for prod and off for other stages', () => {
    const prod = build({ stage: 'prod' }, undefined);
    expect(prod.terminationProtection).toBe(true);
    expect(prod.edge!.terminationProtection).toBe(true);
    expect(build({ stage: 'dev' }, undefined).terminationProtection).toBe(false);
  });

  it('is off while the stacks are first created, so a failed create can roll back and delete itself', () => {
    const first = build({ stage: 'prod', firstCreate: 'true' }, undefined);
    expect(first.terminationProtection).toBe(false);
    expect(first.edge!.terminationProtection).toBe(false);
  });
});

describe('what a synth checks', () => {
  it('runs cdk-nag and the CloudFormation schema check unless -c fast=true', () => {
    const all = { nag: true, builtinCloudFormationValidation: true };
    expect(synthChecks(undefined)).toEqual(all);
    expect(synthChecks('false')).toEqual(all);
    expect(synthChecks('true')).toEqual({ nag: false, builtinCloudFormationValidation: false });
    expect(synthChecks(true)).toEqual({ nag: false, builtinCloudFormationValidation: false });
  });
});

describe('the web ACL of a non-prod stage', () => {
  it('can be left out (-c webAcl=false): one stack, a distribution without a web ACL, no cross-region reader', () => {
    const { app, stack, template } = synth({ stage: 'dev', webAcl: 'false' });
    expect(stack.edge).toBeUndefined();
    expect(app.node.children.filter((c) => c instanceof Stack).map((s) => (s as Stack).stackName)).toEqual([
      'RenewalReminders-dev',
    ]);
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: Record<string, unknown> };
    };
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeUndefined();
    expect(JSON.stringify(template.toJSON())).not.toContain('CrossRegionExportReader');
  });

  it('stays in prod', () => {
    expect(() => readStageConfig(newApp({ context: { stage: 'prod', webAcl: 'false' } }).node)).toThrow(
      "Context 'webAcl=false' is for non-prod stages: prod keeps its web ACL",
    );
    expect(readStageConfig(newApp({ context: { stage: 'qa' } }).node).webAcl).toBe(true);
  });
});
