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
import {
  APP_ROUTE_PATTERNS,
  APP_SHELL_FILE,
  NOT_FOUND_FILE,
  pageFile,
  PRERENDERED_PATHS,
} from '../shared/sitePaths.ts';
import { contentSecurityPolicy, SECURITY_HEADERS } from './securityHeaders.ts';

// lib/web.ts re-exports it from here.
export { contentSecurityPolicy } from './securityHeaders.ts';

/**
 * The site's viewer function, generated at synth time from the route table's lists (shared/sitePaths.ts,
 * which the local server answers with): on the request, a prerendered page's path becomes its file
 * (/privacy → /privacy.html), a client-side route the app shell (/app.html), a path that names no
 * file and no page the 404 page; on the response, the 404 page gets its 404 status. A function on the
 * default behaviour, not the distribution's error responses: those would also rewrite the API's own
 * 403s and 404s.
 */
export function siteFunctionCode(): string {
  const pages = Object.fromEntries(PRERENDERED_PATHS.map((p) => [p, `/${pageFile(p)}`]));
  return `var PAGES = ${JSON.stringify(pages)};
var APP_ROUTES = [${APP_ROUTE_PATTERNS.map((p) => `/${p.replaceAll('/', '\\/')}/`).join(', ')}];
function answer(uri) {
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  if (Object.prototype.hasOwnProperty.call(PAGES, path)) return { file: PAGES[path], status: 200 };
  for (var i = 0; i < APP_ROUTES.length; i++) {
    if (APP_ROUTES[i].test(path)) return { file: '/${APP_SHELL_FILE}', status: 200 };
  }
  if (path.substring(path.lastIndexOf('/') + 1).indexOf('.') !== -1) return null;
  return { file: '/${NOT_FOUND_FILE}', status: 404 };
}
function handler(event) {
  var request = event.request;
  var found = answer(request.uri);
  if (event.context.eventType === 'viewer-response') {
    var response = event.response;
    var notFound = (found && found.status === 404) || request.uri === '/${NOT_FOUND_FILE}';
    if (notFound && response.statusCode === 200) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  if (found) request.uri = found.file;
  return request;
}`;
}

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

/**
 * The site's viewer function (siteFunctionCode), for the request and the response of the default
 * behaviour. Its logical id is the one the SPA rewrite had, so a deploy updates it in place.
 */
export function siteFunction(scope: Construct): CloudFrontFunction {
  return new CloudFrontFunction(scope, 'SpaRewrite', {
    comment: 'Map paths to prerendered pages, the app shell or the 404 page',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(siteFunctionCode()),
  });
}
