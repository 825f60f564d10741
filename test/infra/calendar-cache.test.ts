import { afterAll, describe, expect, it } from 'vitest';
import { FEED_CACHE_SECONDS } from '../../shared/routes.ts';
import { cleanUp, resourcesOfType, synth } from './harness.ts';

afterAll(cleanUp);

const dev = synth();

interface Behavior {
  PathPattern: string;
  TargetOriginId: string;
  CachePolicyId: unknown;
  AllowedMethods: string[];
  CachedMethods?: string[];
  OriginRequestPolicyId?: unknown;
}

describe('calendar files at CloudFront', () => {
  const distribution = Object.values(resourcesOfType(dev.template, 'AWS::CloudFront::Distribution'))[0]!;
  const behaviors = (distribution.Properties!.DistributionConfig as { CacheBehaviors: Behavior[] })
    .CacheBehaviors;
  const calendar = behaviors.find((b) => b.PathPattern === '/api/calendar/*')!;
  const api = behaviors.find((b) => b.PathPattern === '/api/*')!;

  it('are cached for an hour, keyed by the path (the token) alone, GET and HEAD', () => {
    // CloudFront takes the first behavior that matches: the calendar's must come before /api/*.
    expect(behaviors.indexOf(calendar)).toBeLessThan(behaviors.indexOf(api));
    expect(calendar.TargetOriginId).toBe(api.TargetOriginId);
    expect(calendar.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(calendar.CachedMethods?.sort()).toEqual(['GET', 'HEAD']);
    // No viewer header, cookie or query string reaches the API or the key.
    expect(calendar.OriginRequestPolicyId).toBeUndefined();
    const policyId = (calendar.CachePolicyId as { Ref: string }).Ref;
    const policy = resourcesOfType(dev.template, 'AWS::CloudFront::CachePolicy')[policyId]!;
    const config = policy.Properties!.CachePolicyConfig as Record<string, unknown>;
    expect(config).toMatchObject({
      MinTTL: FEED_CACHE_SECONDS,
      DefaultTTL: FEED_CACHE_SECONDS,
      MaxTTL: FEED_CACHE_SECONDS,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
      },
    });
    expect(FEED_CACHE_SECONDS).toBe(3600);
  });

  it('leave every other API answer uncached', () => {
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
  });
});
