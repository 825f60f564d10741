/** The web distribution (CloudFront, S3, headers, functions) and the custom domain. */
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { REPO_ROOT } from '../../lib/function.ts';
import {
  APP_SHELL_FILE,
  holdsSiteOrigin,
  PRERENDERED_PATHS,
  resolveSitePath,
} from '../../shared/sitePaths.ts';
import { contentSecurityPolicy, securityHeaderValues } from '../../lib/securityHeaders.ts';
import {
  devAndProd,
  dependencyCycle,
  logicalIdWhere,
  resourcesOfType,
  synth,
  type Synthesized,
} from './harness.ts';
import { functionId, envOf, postConfirmationId } from './stack-helpers.ts';

const { dev, prod } = devAndProd();

describe('web', () => {
  it('keeps the buckets private and TLS-only', () => {
    const buckets = resourcesOfType(dev.template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThan(0);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    for (const policy of Object.values(resourcesOfType(dev.template, 'AWS::S3::BucketPolicy'))) {
      expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('reads the site bucket through origin access control', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('forwards /api/* to the HTTP API uncached, with every viewer header but Host (the calendar files aside)', () => {
    const apiId = logicalIdWhere(dev.template, 'AWS::ApiGatewayV2::Api', () => true);
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          // Cached by CloudFront (test/infra/calendar-cache.test.ts).
          Match.objectLike({ PathPattern: '/api/calendar/*' }),
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: {
              'Fn::Join': [
                '',
                [{ Ref: apiId }, `.execute-api.${dev.stack.region}.`, { Ref: 'AWS::URLSuffix' }],
              ],
            },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
      }),
    });
  });

  it('maps paths to pages, the app shell or the 404 page with one viewer function, as the local server does', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            Match.objectLike({ EventType: 'viewer-request' }),
            Match.objectLike({ EventType: 'viewer-response' }),
          ],
        }),
      }),
    });
    const functions = dev.template.findResources('AWS::CloudFront::Function');
    expect(Object.keys(functions)).toHaveLength(1);
    const { FunctionCode: code, FunctionConfig: config } = Object.values(functions)[0]!.Properties as {
      FunctionCode: string;
      FunctionConfig: { Runtime: string };
    };
    expect(config.Runtime).toBe('cloudfront-js-2.0');
    // CloudFront Functions take at most 10 KB of code.
    expect(code.length).toBeLessThan(10 * 1024);
    // The synthesized code itself, run as CloudFront runs it: once per request, once per response.
    type Event = {
      context: { eventType: string };
      request: { uri: string };
      response?: { statusCode: number; statusDescription?: string };
    };
    const handler = new Function(`${code}; return handler;`)() as (e: Event) => Record<string, unknown>;
    const onRequest = (uri: string) =>
      handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
    const onResponse = (uri: string) =>
      handler({ context: { eventType: 'viewer-response' }, request: { uri }, response: { statusCode: 200 } })
        .statusCode;
    const uris = [
      ...PRERENDERED_PATHS,
      ...PRERENDERED_PATHS.filter((p) => p !== '/').map((p) => `${p}/`),
      '/auth',
      '/auth/callback',
      '/dashboard',
      '/settings',
      '/savings',
      '/savings/',
      '/savings/3f2a9c1e-0b7d-4e55-9a51-6f1b2c3d4e5f',
      '/reminders/abc',
      '/admin',
      '/admin/run-cron',
      '/404',
      '/404.html',
      '/no-such-page',
      '/privacy/extra',
      '/reminders',
      '/admin/nope',
      '/assets/index-abc123.js',
      '/config.json',
      '/favicon.svg',
      '/sitemap.xml',
    ];
    for (const uri of uris) {
      const answer = resolveSitePath(uri);
      expect(onRequest(uri), uri).toBe(answer === 'asIs' ? uri : `/${answer.file}`);
      const status = answer === 'asIs' ? (uri === '/404.html' ? 404 : 200) : answer.status;
      expect(onResponse(uri), uri).toBe(status);
    }
    expect(onRequest('/')).toBe('/index.html');
    expect(onRequest('/energy')).toBe('/energy.html');
    expect(onRequest('/dashboard')).toBe('/app.html');
    expect(onRequest('/no-such-page')).toBe('/404.html');
    // Whichever URI CloudFront hands the response event (the viewer's or the rewritten one), the 404 page is a 404.
    expect(onResponse('/404.html')).toBe(404);
    expect(
      handler({
        context: { eventType: 'viewer-response' },
        request: { uri: '/no-such-page' },
        response: { statusCode: 304 },
      }).statusCode,
    ).toBe(304);
  });

  it('sends CSP, HSTS and the other security headers, as the shared definition has them', () => {
    // The local server sends securityHeaderValues('same-origin'): the same headers but connect-src.
    const local = securityHeaderValues('same-origin');
    const csp = contentSecurityPolicy({ region: dev.stack.region });
    expect(csp).toMatch(
      new RegExp(
        `^default-src 'self'; connect-src 'self' https://cognito-idp\\.${dev.stack.region}\\.amazonaws\\.com;.*script-src 'self';.*frame-ancestors 'none'`,
      ),
    );
    expect(csp.replace(/connect-src [^;]*/, '')).toBe(
      local['content-security-policy']!.replace(/connect-src [^;]*/, ''),
    );
    dev.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          FrameOptions: { FrameOption: local['x-frame-options'], Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: local['referrer-policy'], Override: true },
        },
        CustomHeadersConfig: {
          Items: [{ Header: 'Permissions-Policy', Value: local['permissions-policy'], Override: true }],
        },
      }),
    });
    expect(local['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    const policyId = logicalIdWhere(dev.template, 'AWS::CloudFront::ResponseHeadersPolicy', () => true);
    const distribution = Object.values(resourcesOfType(dev.template, 'AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties!.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { ResponseHeadersPolicyId: unknown }[];
    };
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors[0]!.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('deploys the SPA with its runtime config.json and invalidates the cache', () => {
    dev.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      DistributionId: Match.anyValue(),
    });
    // The deployment of index.html and config.json (the hashed assets go in another: deploy.test.ts).
    const deployment = Object.values(resourcesOfType(dev.template, 'Custom::CDKBucketDeployment')).find(
      (d) => d.Properties!.DistributionId !== undefined,
    )!;
    // The build (or the placeholder) and config.json; with a build in web/dist, also each page, the
    // sitemap and robots.txt on their own, with the site URL written in (deploy.test.ts).
    const dist = `${REPO_ROOT}web/dist`;
    const pages = existsSync(`${dist}/${APP_SHELL_FILE}`)
      ? readdirSync(dist).filter(holdsSiteOrigin).length
      : 0;
    expect(deployment.Properties!.SourceBucketNames).toHaveLength(2 + pages);
    expect(deployment.Properties!.SourceObjectKeys).toHaveLength(2 + pages);
    // config.json carries the pool ids as deploy-time markers.
    expect(JSON.stringify(deployment.Properties!.SourceMarkers)).toMatch(/UserPool/);
  });

  it('links mails to the CloudFront URL when no domain is given (no dependency cycle)', () => {
    const distributionId = logicalIdWhere(dev.template, 'AWS::CloudFront::Distribution', () => true);
    const expected = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(envOf(dev, functionId(dev, /^Cognito CustomMessage/)).SITE_URL).toEqual(expected);
    expect(envOf(dev, functionId(dev, /^Reminder job/)).SITE_URL).toEqual(expected);
    expect(envOf(dev, postConfirmationId(dev)).SITE_URL).toEqual(expected);
    dev.template.hasOutput('SiteUrl', { Value: expected });
  });
});

describe('custom domain', () => {
  let custom: Synthesized;
  beforeAll(() => {
    custom = synth({
      stage: 'prod',
      domain: 'example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      hostedZoneId: 'Z0000000000000000000',
    });
  });

  it('links mails to the domain', () => {
    expect(envOf(custom, functionId(custom, /^Reminder job/)).SITE_URL).toBe('https://example.com');
    expect(envOf(custom, postConfirmationId(custom)).SITE_URL).toBe('https://example.com');
    custom.template.hasOutput('SiteUrl', { Value: 'https://example.com' });
  });

  it('has no dependency cycle', () => {
    expect(dependencyCycle(custom.template)).toBeUndefined();
  });

  it('serves the domain with a modern TLS policy and alias records', () => {
    custom.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['example.com'],
        ViewerCertificate: Match.objectLike({
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        }),
      }),
    });
    custom.template.hasResourceProperties('AWS::Route53::RecordSet', { Type: 'A', Name: 'example.com.' });
    custom.template.hasResourceProperties('AWS::Route53::RecordSet', { Type: 'AAAA', Name: 'example.com.' });
  });

  it('publishes the SES DKIM records in the zone', () => {
    const cnames = Object.values(resourcesOfType(custom.template, 'AWS::Route53::RecordSet')).filter(
      (r) => r.Properties?.Type === 'CNAME',
    );
    expect(cnames).toHaveLength(3);
    const dkimOutputs = (s: Synthesized) =>
      Object.keys(s.template.findOutputs('*')).filter((name) => name.startsWith('DkimRecord'));
    expect(dkimOutputs(custom)).toEqual([]);
    expect(dkimOutputs(prod)).toHaveLength(3);
    expect(dkimOutputs(dev)).toEqual([]);
  });
});
