/**
 * CloudFormation's per-template limits, with a fifth kept free: a stack that passes 80% of any of
 * them fails here, long before a deploy would (each API route adds about 8 resources: function,
 * role, policy, log group, alarm, integration, route, permission).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, synth } from './harness.ts';

afterAll(cleanUp);

/** https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html */
const CLOUDFORMATION_LIMITS = {
  resources: 500,
  /** Template body uploaded through S3, in bytes (CDK uploads templates as assets). */
  templateBytes: 1_000_000,
  outputs: 200,
  parameters: 200,
} as const;
const HEADROOM = 0.8;

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
const API_CERTIFICATE = 'arn:aws:acm:eu-west-2:123456789012:certificate/11111111-1111-1111-1111-111111111111';

/** The largest stage: prod with its domain, both certificates, a zone, alarm mail and DMARC reports. */
const largest = synth({
  stage: 'prod',
  domain: 'example.com',
  certificateArn: CERTIFICATE,
  apiCertificateArn: API_CERTIFICATE,
  hostedZoneId: 'Z0000000000000000000',
  alarmEmail: 'ops@example.com',
  dmarcReportEmail: 'dmarc@example.com',
});
const dev = synth();

function usage(template: Template) {
  const json = template.toJSON() as Record<string, Record<string, unknown> | undefined>;
  return {
    resources: Object.keys(json.Resources ?? {}).length,
    // As CDK writes the file (one-space indentation).
    templateBytes: Buffer.byteLength(JSON.stringify(json, undefined, 1)),
    outputs: Object.keys(json.Outputs ?? {}).length,
    parameters: Object.keys(json.Parameters ?? {}).length,
  };
}

describe('every stack stays under 80% of CloudFormation’s template limits', () => {
  for (const [label, s] of [
    ['prod with certificates', largest],
    ['dev', dev],
  ] as const) {
    it(label, () => {
      for (const stack of [s.stack, s.stack.edge!]) {
        const used = usage(Template.fromStack(stack));
        for (const [limit, max] of Object.entries(CLOUDFORMATION_LIMITS)) {
          const value = used[limit as keyof typeof used];
          expect(value, `${stack.stackName}: ${limit} ${value} of ${max}`).toBeLessThanOrEqual(
            max * HEADROOM,
          );
        }
      }
    });
  }
});
