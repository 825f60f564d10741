import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  CachePolicy,
  Distribution,
  FunctionEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ARecord, AaaaRecord, PublicHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../shared/api.ts';
import { ORIGIN_VERIFY_HEADER } from '../shared/identity.ts';
import { CALENDAR_PATH_PATTERN, FEED_CACHE_SECONDS } from '../shared/routes.ts';
import { APP_SHELL_FILE, holdsSiteOrigin, SITE_ORIGIN_MARKER } from '../shared/sitePaths.ts';
import { removalPolicy, stageName, type StageConfig } from './config.ts';
import { acknowledgeDeploymentHandler } from './webDeployment.ts';
import { securityHeadersPolicy, siteFunction } from './webEdge.ts';

export { contentSecurityPolicy, siteFunctionCode } from './webEdge.ts';
import { REPO_ROOT } from './function.ts';

/**
 * Cache-Control of the deployed files (lib/local/static.ts sends the same locally): Vite's hashed
 * files under assets/ never change, so browsers keep them for a year; everything else (index.html,
 * config.json, favicon, robots.txt) is revalidated on every load, so a deploy is seen at once.
 */
export const WEB_CACHE_CONTROL = {
  assets: 'public, max-age=31536000, immutable',
  other: 'no-cache',
} as const;

/** The placeholder page a synth without a web build deploys (only with -c webPlaceholder=true). */
export const WEB_PLACEHOLDER_HTML =
  '<!doctype html><title>Renewal Reminders</title><p>Run <code>npm run build:web</code>, then deploy again.</p>';

/** The error a bundling synth without a web build stops with. */
export const WEB_BUILD_MISSING =
  'Build the web app first: npm run build:web (npm run deploy does it). Without a build in web/dist this deploy would replace the live site with a placeholder page. For a synth that is never deployed, add -c webPlaceholder=true.';

/**
 * The SPA build directory and whether it holds a build. A synth that bundles (`cdk synth`,
 * `cdk deploy`: CDK's bundling-stacks context includes this stack) refuses to go on without one,
 * unless `-c webPlaceholder=true`; the infra tests synthesize without bundling and may use the
 * placeholder.
 */
export function webBuild(
  scope: Construct,
  config: StageConfig,
  webDist?: string,
): { dir: string; built: boolean } {
  const dir = webDist ?? `${REPO_ROOT}web/dist`;
  const built = existsSync(`${dir}/${APP_SHELL_FILE}`);
  if (!built && Stack.of(scope).bundlingRequired && !config.webPlaceholder) {
    throw new Error(WEB_BUILD_MISSING);
  }
  return { dir, built };
}

/**
 * The build's top-level files: as they are, but the pages, the sitemap and robots.txt with the stage's
 * site URL where the build left its origin marker (canonical links, Open Graph URLs); it can be a
 * deploy-time value (the distribution's name), which Source.data fills in. config.json is the stage's
 * (below), never a stray one from a local build.
 */
function siteSources(dir: string, siteUrl: string): ISource[] {
  const withOrigin = readdirSync(dir).filter(holdsSiteOrigin);
  return [
    Source.asset(dir, { exclude: ['config.json', 'assets', ...withOrigin] }),
    ...withOrigin.map((file) =>
      Source.data(file, readFileSync(`${dir}/${file}`, 'utf8').replaceAll(SITE_ORIGIN_MARKER, siteUrl)),
    ),
  ];
}

export interface WebProps {
  config: StageConfig;
  /** The API's host name: its own api.{domain}, or its execute-api name on stages without one. */
  apiOriginDomain: string;
  /** The value of ORIGIN_VERIFY_HEADER that the API requires (a deploy-time secret reference). */
  apiOriginSecret: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Directory of the SPA build; default web/dist. */
  webDist?: string;
  /** The web ACL (us-east-1) in front of the distribution: per-client rate limits, managed rules. */
  webAclArn: string | undefined;
}

/** Removal of the site's buckets: kept on prod, emptied and deleted with any other stage. */
const bucketRemoval = (config: StageConfig) => ({
  removalPolicy: removalPolicy(config),
  ...(config.isProd ? {} : { autoDeleteObjects: true }),
});

/**
 * Server access logs of the site bucket and CloudFront standard logs. CloudFront's standard
 * logging writes with ACLs, hence ObjectOwnership BUCKET_OWNER_PREFERRED on this bucket only.
 */
function logsBucket(scope: Construct, config: StageConfig): Bucket {
  const bucket = new Bucket(scope, 'LogsBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(config.isProd ? 365 : 30) }],
    ...bucketRemoval(config),
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is the access-log bucket itself; logging it into itself would loop.',
  });
  return bucket;
}

/** The calendar files' cache: an hour per path, the same for everyone (the token is the credential). */
function calendarCachePolicy(scope: Construct, config: StageConfig): CachePolicy {
  return new CachePolicy(scope, 'CalendarCache', {
    comment: `${stageName(config)}: calendar files, an hour per path (the token is the credential)`,
    // min = default = max: CloudFront keeps the answer an hour even though it says `private`
    // to the calendar clients and any other shared cache.
    minTtl: Duration.seconds(FEED_CACHE_SECONDS),
    defaultTtl: Duration.seconds(FEED_CACHE_SECONDS),
    maxTtl: Duration.seconds(FEED_CACHE_SECONDS),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
}

/**
 * The distribution: the bucket by default (the site's paths and headers), the calendar files and
 * /api/* from the API's origin, which CloudFront calls with the stage's origin secret.
 */
function siteDistribution(
  scope: Construct,
  props: WebProps,
  bucket: Bucket,
  logs: Bucket,
  customDomain: string | undefined,
): Distribution {
  const { config } = props;
  const headers = securityHeadersPolicy(scope, config);
  const paths = siteFunction(scope);
  const apiOrigin = new HttpOrigin(props.apiOriginDomain, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    // CloudFront replaces any viewer-sent copy of this header with the stage's secret.
    customHeaders: { [ORIGIN_VERIFY_HEADER]: props.apiOriginSecret },
  });
  return new Distribution(scope, 'Distribution', {
    comment: stageName(config),
    webAclId: props.webAclArn,
    defaultRootObject: 'index.html',
    httpVersion: HttpVersion.HTTP2_AND_3,
    // Users are in the UK: North America and Europe edge locations are enough.
    priceClass: PriceClass.PRICE_CLASS_100,
    enableLogging: true,
    logBucket: logs,
    logFilePrefix: 'cloudfront/',
    ...(customDomain && config.certificateArn
      ? {
          domainNames: [customDomain],
          certificate: Certificate.fromCertificateArn(scope, 'Certificate', config.certificateArn),
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {}),
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
      compress: true,
      functionAssociations: [
        { function: paths, eventType: FunctionEventType.VIEWER_REQUEST },
        { function: paths, eventType: FunctionEventType.VIEWER_RESPONSE },
      ],
    },
    additionalBehaviors: {
      // The calendar files: the same origin, cached for everyone by the token in the path.
      [CALENDAR_PATH_PATTERN]: {
        origin: apiOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy: calendarCachePolicy(scope, config),
        responseHeadersPolicy: headers,
        compress: true,
      },
      '/api/*': {
        origin: apiOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // Everything but Host (API Gateway routes on its own host name); Authorization included.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: headers,
      },
    },
  });
}

/**
 * The SPA build and its runtime config.json into the bucket, in two deployments so that a deploy
 * never breaks a page that is open. The hashed files under assets/ are only ever added (prune:
 * false): a tab loaded before the deploy still finds the lazily loaded chunks its old index.html
 * names. They go first; then index.html and config.json, whose sync prunes everything else but never
 * assets/, and the invalidation.
 */
function deploySite(
  scope: Construct,
  props: WebProps,
  { bucket, distribution, siteUrl }: Pick<Web, 'bucket' | 'distribution' | 'siteUrl'>,
): void {
  const web = webBuild(scope, props.config, props.webDist);
  const webConfig: WebConfig = {
    stage: props.config.stage,
    region: Stack.of(scope).region,
    userPoolId: props.userPoolId,
    userPoolClientId: props.userPoolClientId,
    siteUrl,
  };
  const assetsDir = `${web.dir}/assets`;
  const assets =
    web.built && existsSync(assetsDir)
      ? new BucketDeployment(scope, 'DeployAssets', {
          sources: [Source.asset(assetsDir)],
          destinationBucket: bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [CacheControl.fromString(WEB_CACHE_CONTROL.assets)],
          memoryLimit: 512,
        })
      : undefined;
  const deployment = new BucketDeployment(scope, 'Deploy', {
    sources: [
      ...(web.built
        ? siteSources(web.dir, siteUrl)
        : // A synth without a web build: the infra tests, or -c webPlaceholder=true (webBuild).
          [Source.data('index.html', WEB_PLACEHOLDER_HTML)]),
      // The SPA's runtime configuration (shared/api.ts WebConfig), read at start-up.
      Source.jsonData('config.json', webConfig),
    ],
    destinationBucket: bucket,
    // Prune stale top-level files, never the hashed assets of earlier deploys.
    prune: true,
    exclude: ['assets/*'],
    cacheControl: [CacheControl.fromString(WEB_CACHE_CONTROL.other)],
    // CloudFront's cache policy keeps a no-cache object for its minimum TTL (1 s) at most; the
    // invalidation makes the new index.html and config.json visible at once.
    distribution,
    distributionPaths: ['/*'],
    memoryLimit: 512,
  });
  if (assets) deployment.node.addDependency(assets);
  acknowledgeDeploymentHandler(deployment, bucket);
}

/** The cdk-nag rules the distribution answers otherwise, each with why. */
function acknowledgeDistribution(
  distribution: Distribution,
  webAclArn: string | undefined,
  customDomain: string | undefined,
): void {
  if (!webAclArn) {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'A non-prod stage deployed with webAcl=false: its team alone uses it; the API throttles and the origin secret still hold (docs/operations.md, "Cost").',
    });
  }
  Validations.of(distribution).acknowledge(
    {
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: the product is for UK consumers but travelling users must keep access.',
    },
    ...(customDomain
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be set.',
          },
        ]),
  );
}

/**
 * The site: a private S3 bucket behind CloudFront (origin access control), /api/* forwarded to the
 * HTTP API on the same origin (no CORS), security headers on every response, and the SPA build plus
 * its runtime config.json deployed to the bucket.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;
  /** https://{domain} or https://{distribution}.cloudfront.net */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    this.logsBucket = logsBucket(this, config);
    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      ...bucketRemoval(config),
    });

    // The site answers on the domain only with a certificate for it (us-east-1, validated in config).
    const customDomain = config.domain && config.certificateArn ? config.domain : undefined;
    this.distribution = siteDistribution(this, props, this.bucket, this.logsBucket, customDomain);

    if (customDomain && config.hostedZoneId) {
      const zone = PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: config.hostedZoneId,
        zoneName: customDomain,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, target });
      new AaaaRecord(this, 'AliasAaaa', { zone, target });
    }

    this.siteUrl = config.siteUrl ?? `https://${this.distribution.distributionDomainName}`;
    deploySite(this, props, this);
    acknowledgeDistribution(this.distribution, props.webAclArn, customDomain);
  }
}
