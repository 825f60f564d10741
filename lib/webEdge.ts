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
import { contentSecurityPolicy, SECURITY_HEADERS } from './securityHeaders.ts';

// lib/web.ts re-exports it from here.
export { contentSecurityPolicy } from './securityHeaders.ts';

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

/** CDK's enum member for a Referrer-Policy value; a value CloudFront does not offer fails synth. */
function referrerPolicy(value: string): HeadersReferrerPolicy {
  const member = Object.values(HeadersReferrerPolicy).find((policy) => policy === value);
  if (!member) throw new Error(`CloudFront has no Referrer-Policy ${value}`);
  return member;
}

/** The shared security headers (lib/securityHeaders.ts) as a CloudFront response headers policy. */
export function securityHeadersPolicy(scope: Construct, config: StageConfig): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: `${stageName(config)} security headers`,
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({ region: Stack.of(scope).region }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hstsMaxAgeSeconds),
        includeSubdomains: SECURITY_HEADERS.hstsIncludeSubdomains,
        preload: SECURITY_HEADERS.hstsPreload,
        override: true,
      },
      frameOptions: { frameOption: HeadersFrameOption[SECURITY_HEADERS.frameOptions], override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: referrerPolicy(SECURITY_HEADERS.referrerPolicy),
        override: true,
      },
    },
    // CloudFront's security headers behaviour has no Permissions-Policy; it goes as a custom header.
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: SECURITY_HEADERS.permissionsPolicy, override: true },
      ],
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
