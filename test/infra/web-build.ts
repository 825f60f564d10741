/**
 * The deploy files' web builds (deploy, deploy-web): one shaped like ours, and a checkout where
 * `npm run build:web` has not run; both removed after the file with its synths.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SITE_ORIGIN_MARKER } from '../../shared/sitePaths.ts';
import { cleanUp } from './harness.ts';

/** A page of the build: its canonical link on the site-origin marker, its hashed entry chunk. */
const PAGE = `<!doctype html><link rel="canonical" href="${SITE_ORIGIN_MARKER}/"><script type="module" src="/assets/index-Abc123.js"></script>`;

/**
 * A web build shaped like ours: pages naming hashed chunks under assets/ and the site-origin marker
 * (canonical links), the app shell, robots.txt, the favicon, and a stray config.json; and a checkout
 * where `npm run build:web` has not run. Called at a file's top: the file's synths and both
 * directories go after its last test.
 */
export function useWebBuilds(): { webDist: string; noBuild: string } {
  const webDist = mkdtempSync(join(tmpdir(), 'deploy-test-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), PAGE);
  writeFileSync(
    join(webDist, 'app.html'),
    '<!doctype html><script type="module" src="/assets/index-Abc123.js"></script>',
  );
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, 'assets', 'index-Abc123.js'), 'import("./DashboardPage-Def456.js");');
  writeFileSync(join(webDist, 'assets', 'DashboardPage-Def456.js'), 'export default 1;');
  writeFileSync(join(webDist, 'robots.txt'), `User-agent: *\nSitemap: ${SITE_ORIGIN_MARKER}/sitemap.xml`);
  writeFileSync(join(webDist, 'config.json'), '{"stage":"local"}');
  const noBuild = mkdtempSync(join(tmpdir(), 'deploy-test-nobuild-'));
  afterAll(() => {
    cleanUp();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(noBuild, { recursive: true, force: true });
  });
  return { webDist, noBuild };
}
