/** Serving the web build locally as the site bucket behind CloudFront does. */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { decodedPath } from './requests.ts';

export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Hashed build assets never change; everything else is revalidated. */
export const cacheControl = (relativePath: string) =>
  relativePath.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/** A file of the build, or index.html for client routes (as the CloudFront function rewrites them). */
export function serveStatic(webDir: string, _req: IncomingMessage, res: ServerResponse, url: URL): number {
  const indexPath = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
    return 503;
  }
  const relative = path.normalize(decodedPath(url)).replace(/^([/\\])+/, '');
  const filePath = path.join(webDir, relative);
  if (!filePath.startsWith(webDir)) {
    res.writeHead(400).end();
    return 400;
  }
  const ext = path.extname(filePath);
  if (relative && ext && fs.existsSync(filePath) && fs.statSync(filePath).isFile()) {
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl(relative),
    });
    fs.createReadStream(filePath).pipe(res);
    return 200;
  }
  if (ext && ext !== '.html') {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return 404;
  }
  // SPA fallback: client routes get index.html, as the CloudFront function does.
  res.writeHead(200, { 'content-type': MIME['.html']!, 'cache-control': 'no-cache' });
  fs.createReadStream(indexPath).pipe(res);
  return 200;
}
