/**
 * Writes the service worker (web/sw.js) into the build with what it needs to know, in place of its
 * '__SERVICE_WORKER_BUILD__' placeholder: the hashed JavaScript and CSS it precaches, the routes the
 * app shell answers (shared/sitePaths.ts), and a version made from both and the worker's own source.
 * Any deploy that changes one of them changes sw.js, so browsers install the new worker on their next
 * visit. The dev server serves the worker with no assets: it caches nothing there.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { APP_ROUTE_PATTERNS } from '../../shared/sitePaths.ts';

const SOURCE = fileURLToPath(new URL('../sw.js', import.meta.url));
const PLACEHOLDER = `'__SERVICE_WORKER_BUILD__'`;
export const SERVICE_WORKER_FILE = 'sw.js';

export function serviceWorkerSource(assets: readonly string[]): string {
  const source = fs.readFileSync(SOURCE, 'utf8');
  if (!source.includes(PLACEHOLDER)) throw new Error(`web/sw.js has no ${PLACEHOLDER}`);
  const files = assets.map((file) => `/${file}`).sort();
  const version = assets.length
    ? createHash('sha256')
        .update(JSON.stringify([source, files, APP_ROUTE_PATTERNS]))
        .digest('hex')
        .slice(0, 16)
    : 'dev';
  return source.replace(
    PLACEHOLDER,
    JSON.stringify({ version, assets: files, appRoutes: APP_ROUTE_PATTERNS }),
  );
}

export function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    // After Vite's own CSS plugin, which drops the chunks that held only CSS from the bundle (a
    // stylesheet two lazy chunks share): listed, they would fail the worker's install with a 404.
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use(`/${SERVICE_WORKER_FILE}`, (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(serviceWorkerSource([]));
      });
    },
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle).filter(
        (file) => file.startsWith('assets/') && /\.(js|css)$/.test(file),
      );
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: serviceWorkerSource(assets) });
    },
  };
}
