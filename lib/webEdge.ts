import { Duration, Stack } from 'aws-cdk-lib';
import {
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { stageName, type StageConfig } from './config.ts';

/**
 * Rewrites client-side routes (/dashboard, /savings/123) to /index.html so the SPA can render them.
 * A viewer-request function on the default behaviour, not the distribution's error responses: those
 * would also turn the API's 403s and 404s into index.html.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** Content-Security-Policy of the SPA; Amplify talks to the Cognito endpoint of the region. */
export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Security headers on every response of the site and the API: CSP, HSTS, no framing, no sniffing. */
export function securityHeadersPolicy(scope: Construct, config: StageConfig): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: `${stageName(config)} security headers`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy(Stack.of(scope).region),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    },
  });
}

/** The viewer-request function that serves index.html for client-side routes. */
export function spaRewriteFunction(scope: Construct): CloudFrontFunction {
  return new CloudFrontFunction(scope, 'SpaRewrite', {
    comment: 'Serve index.html for client-side routes',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
  });
}
