import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, readStageConfig } from '../../lib/config.ts';
import { cleanUp, newApp } from './harness.ts';

afterAll(cleanUp);

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
const read = (context: Record<string, unknown>) => readStageConfig(newApp({ context }).node);

describe('stage configuration from context', () => {
  it('defaults to dev without mail, on the CloudFront URL', () => {
    const config = read({});
    expect(config).toMatchObject({
      stage: 'dev',
      isProd: false,
      emailProvider: 'disabled',
      siteUrl: undefined,
      featureFlags: DEFAULT_FEATURE_FLAGS,
      logRetention: 14,
    });
  });

  it('derives mail from the domain, and the site URL when CloudFront serves the domain', () => {
    expect(read({ stage: 'prod', domain: 'example.com' })).toMatchObject({
      isProd: true,
      emailProvider: 'ses',
      emailFromAddress: 'reminders@example.com',
      emailFrom: 'Renewal Reminders <reminders@example.com>',
      siteUrl: undefined,
      logRetention: 90,
    });
    expect(read({ domain: 'example.com', certificateArn: CERTIFICATE }).siteUrl).toBe('https://example.com');
    expect(read({ domain: 'example.com', emailProvider: 'disabled' }).emailProvider).toBe('disabled');
    expect(read({ domain: 'example.com', siteUrl: 'https://app.example.com/' }).siteUrl).toBe(
      'https://app.example.com',
    );
  });

  it('merges feature flags given as JSON text or as an object', () => {
    expect(read({ featureFlags: '{"country_cta_v1":true}' }).featureFlags).toEqual({
      admin_dashboard_v1: true,
      country_cta_v1: true,
    });
    expect(read({ featureFlags: { admin_dashboard_v1: false } }).featureFlags).toEqual({
      admin_dashboard_v1: false,
      country_cta_v1: false,
    });
  });

  it('rejects bad values with a readable message', () => {
    expect(() => read({ stage: 'Prod_1' })).toThrow(/Stage 'Prod_1'/);
    expect(() => read({ emailProvider: 'ses' })).toThrow(/needs the sending domain/);
    expect(() => read({ emailProvider: 'smtp', domain: 'example.com' })).toThrow(/'ses' or 'disabled'/);
    expect(() => read({ featureFlags: '{"nope":true}' })).toThrow(/Unknown feature flag 'nope'/);
    expect(() => read({ featureFlags: '{"country_cta_v1":"yes"}' })).toThrow(/true or false/);
    expect(() => read({ siteUrl: 'https://example.com/app' })).toThrow(/must be an origin/);
    expect(() => read({ logRetentionDays: 10 })).toThrow(/retention period/);
    expect(() => read({ certificateArn: CERTIFICATE })).toThrow(/needs -c domain/);
    expect(() =>
      read({ domain: 'example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-2') }),
    ).toThrow(/us-east-1/);
  });

  it("refuses an API certificate outside the stage's region: CloudFront's us-east-1 one would fail the deploy", () => {
    expect(() => read({ domain: 'example.com', apiCertificateArn: CERTIFICATE })).toThrow(
      "Context 'apiCertificateArn' must be an ACM certificate in the stage's region (eu-west-2), not us-east-1",
    );
    const inRegion = CERTIFICATE.replace('us-east-1', 'eu-west-1');
    expect(() => read({ domain: 'example.com', apiCertificateArn: inRegion })).toThrow(
      /\(eu-west-2\), not eu-west-1/,
    );
    expect(
      read({ domain: 'example.com', region: 'eu-west-1', apiCertificateArn: inRegion }).apiCertificateArn,
    ).toBe(inRegion);
  });
});
