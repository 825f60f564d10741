/** Serving the web build locally as the site bucket behind CloudFront does (lib/webEdge.ts). */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  APP_SHELL_FILE,
  holdsSiteOrigin,
  resolveSitePath,
  SITE_ORIGIN_MARKER,
} from '../../shared/sitePaths.ts';
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
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Hashed build assets never change; everything else is revalidated. */
export const cacheControl = (relativePath: string) =>
  relativePath.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

export interface StaticAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const notBuilt = (): StaticAnswer => ({
  status: 503,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: Buffer.from('The web app is not built yet: run `npm run build:web` (npm start does it for you).'),
});

/**
 * What the site answers for `pathname` (decoded): a prerendered page, the app shell or the 404 page
 * as the CloudFront function maps them (shared/sitePaths.ts), or a file of the build. `origin` takes
 * the place of the build's site-origin marker (canonical links, sitemap, robots.txt).
 */
export function staticAnswer(webDir: string, pathname: string, origin: string): StaticAnswer {
  if (!fs.existsSync(path.join(webDir, APP_SHELL_FILE))) return notBuilt();
  const answer = resolveSitePath(pathname);
  const relative = answer === 'asIs' ? path.normalize(pathname).replace(/^([/\\])+/, '') : answer.file;
  const filePath = path.join(webDir, relative);
  if (!filePath.startsWith(webDir)) return { status: 400, headers: {}, body: Buffer.alloc(0) };
  if (!relative || !fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) {
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('Not found') };
  }
  let body = fs.readFileSync(filePath);
  if (holdsSiteOrigin(relative))
    body = Buffer.from(body.toString('utf8').replaceAll(SITE_ORIGIN_MARKER, origin));
  const headers = {
    'content-type': MIME[path.extname(filePath)] ?? 'application/octet-stream',
    'cache-control': cacheControl(relative),
  };
  return { status: answer === 'asIs' ? 200 : answer.status, headers, body };
}

/** Answers a request for the web build; `siteUrl` is the stack's own (never the request's Host). */
export function serveStatic(
  web: { dir: string; siteUrl: string },
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): number {
  const answer = staticAnswer(web.dir, decodedPath(url), web.siteUrl);
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
  return answer.status;
}
