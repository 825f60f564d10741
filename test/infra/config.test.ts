import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, readStageConfig } from '../../lib/config.ts';

const read = (context: Record<string, unknown>) => readStageConfig(new App({ context }).node);

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

  it('derives mail and the site URL from the domain', () => {
    expect(read({ stage: 'prod', domain: 'example.com' })).toMatchObject({
      isProd: true,
      emailProvider: 'ses',
      emailFromAddress: 'reminders@example.com',
      emailFrom: 'Renewal Reminders <reminders@example.com>',
      siteUrl: 'https://example.com',
      logRetention: 90,
    });
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
  });
});
