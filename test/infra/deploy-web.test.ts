// What a deploy ships: the web build, its assets first and never pruned, then its pages, and no
// deploy without a build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/app.ts';
import { readStageConfig } from '../../lib/config.ts';
import { cacheControl } from '../../lib/local/static.ts';
import { WEB_BUILD_MISSING, WEB_CACHE_CONTROL, WEB_PLACEHOLDER_HTML, webBuild } from '../../lib/web.ts';
import { SITE_ORIGIN_MARKER } from '../../shared/sitePaths.ts';
import { logicalIdWhere, newApp, resourcesOfType, synth } from './harness.ts';
import { useWebBuilds } from './web-build.ts';

const { webDist, noBuild } = useWebBuilds();

describe('web deployment', () => {
  const s = synth({ stage: 'dev', 'aws:cdk:disable-asset-staging': false }, { webDist });
  const deployments = () => resourcesOfType(s.template, 'Custom::CDKBucketDeployment');
  const assetsId = () =>
    logicalIdWhere(
      s.template,
      'Custom::CDKBucketDeployment',
      (p) => p.DestinationBucketKeyPrefix === 'assets/',
    );
  const rootId = () =>
    logicalIdWhere(s.template, 'Custom::CDKBucketDeployment', (p) => p.DistributionId !== undefined);

  it('uploads the hashed assets first, never pruned, cached for a year', () => {
    const assets = deployments()[assetsId()]!;
    expect(assets.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(assets.Properties!.DistributionId).toBeUndefined();
    expect(WEB_CACHE_CONTROL.assets).toBe('public, max-age=31536000, immutable');
    const root = deployments()[rootId()]!;
    expect([root.DependsOn].flat()).toContain(assetsId());
  });

  it('then index.html and config.json, revalidated on every load, pruning all but assets/, and invalidates CloudFront', () => {
    const root = deployments()[rootId()]!;
    expect(root.Properties).toMatchObject({
      Prune: true,
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    // The local server sends the same Cache-Control (lib/local/static.ts).
    expect(cacheControl('assets/index-Abc123.js')).toBe(WEB_CACHE_CONTROL.assets);
    expect(cacheControl('index.html')).toBe(WEB_CACHE_CONTROL.other);
    expect(cacheControl('config.json')).toBe(WEB_CACHE_CONTROL.other);
    // CachingOptimized honours the origin's no-cache after its 1 s minimum TTL.
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
        }),
      }),
    });
  });

  it('ships the build, not a placeholder: assets in one asset, the other files without a stray config.json, the pages with the site URL', () => {
    const staged = readdirSync(s.app.outdir)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(s.app.outdir, name));
    const holding = (file: string) => staged.filter((dir) => existsSync(join(dir, file)));
    expect(holding('favicon.svg')).toHaveLength(1);
    expect(readdirSync(holding('favicon.svg')[0]!)).toEqual(['favicon.svg']);
    // The pages and robots.txt: each its own data source, the deploy writing the site URL for the marker.
    for (const file of ['index.html', 'app.html', 'robots.txt']) {
      expect(holding(file), file).toHaveLength(1);
      const text = readFileSync(join(holding(file)[0]!, file), 'utf8');
      expect(text, file).not.toContain(SITE_ORIGIN_MARKER);
      expect(text, file).not.toBe(WEB_PLACEHOLDER_HTML);
    }
    expect(readFileSync(join(holding('index.html')[0]!, 'index.html'), 'utf8')).toMatch(
      /<link rel="canonical" href="[^"]+\/">/,
    );
    // config.json is the stage's own (Source.jsonData), never the stray one of the build.
    for (const dir of holding('config.json')) {
      expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain('"local"');
    }
    const chunks = holding('index-Abc123.js');
    expect(chunks).toHaveLength(1);
    expect(readdirSync(chunks[0]!).sort()).toEqual(['DashboardPage-Def456.js', 'index-Abc123.js']);
  });

  it('refuses to synthesize a deploy without a web build, before bundling any function', () => {
    // No 'aws:cdk:bundling-stacks' context: what `cdk deploy` and `cdk synth` pass (every stack bundles).
    const app = newApp({ context: { stage: 'dev' } });
    expect(() => buildApp(app, { nag: false, webDist: noBuild })).toThrow(WEB_BUILD_MISSING);
    expect(WEB_BUILD_MISSING).toMatch(/^Build the web app first: npm run build:web/);
  });

  it('allows the placeholder where nothing is bundled (these tests), or with webPlaceholder=true', () => {
    const bundling = (context: Record<string, unknown>) =>
      new Stack(newApp({ context }), 'Probe', { env: { region: 'eu-west-2' } });
    const config = (context: Record<string, unknown>) => readStageConfig(newApp({ context }).node);
    expect(bundling({}).bundlingRequired).toBe(true);
    expect(() => webBuild(bundling({}), config({}), noBuild)).toThrow(WEB_BUILD_MISSING);
    expect(webBuild(bundling({}), config({ webPlaceholder: 'true' }), noBuild)).toEqual({
      dir: noBuild,
      built: false,
    });
    expect(webBuild(bundling({}), config({}), webDist)).toEqual({ dir: webDist, built: true });
    const tests = bundling({ 'aws:cdk:bundling-stacks': [] });
    expect(webBuild(tests, config({}), noBuild).built).toBe(false);

    const placeholder = synth({ stage: 'dev' }, { webDist: noBuild });
    placeholder.template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    placeholder.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: true,
      Exclude: ['assets/*'],
    });
  });

  it('builds the web app in `npm run deploy` before deploying, then deploys through the guard', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // scripts/deploy.ts then prepares, checks and executes the change sets (lib/deploy/guardedDeploy.ts).
    expect(pkg.scripts.deploy).toBe('npm run build:web && tsx scripts/deploy.ts');
    expect(readFileSync(new URL('../../scripts/deploy.ts', import.meta.url), 'utf8')).toContain(
      'await guardedDeploy(',
    );
  });
});
