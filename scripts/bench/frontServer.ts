import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { staticAnswer } from '../../lib/local/static.ts';

/** Content types CloudFront compresses (text, JSON, XML, SVG). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** `webDir` with gzip (like CloudFront), its paths mapped as CloudFront maps them; /api, /config.json and /_cognito go to the stack. */
export function startFrontServer(
  webDir: string,
  backend: URL,
): Promise<{ url: string; close: () => Promise<void> }> {
  let origin = '';
  // CloudFront compresses an object once and serves it from its cache: so does this server, so that
  // a page's forty requests do not each wait for gzip's level 9 on this process's one thread.
  const compressed = new Map<string, Buffer>();
  const gzip = (body: Buffer) => {
    const key = createHash('sha1').update(body).digest('hex');
    let zipped = compressed.get(key);
    if (!zipped) compressed.set(key, (zipped = zlib.gzipSync(body, { level: 9 })));
    return zipped;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (
      url.pathname.startsWith('/api/') ||
      url.pathname === '/config.json' ||
      url.pathname.startsWith('/_cognito')
    ) {
      const upstream = http.request(
        {
          host: backend.hostname,
          port: backend.port,
          path: req.url,
          method: req.method,
          // The stack answers its own Host only (lib/local/ownHost.ts), as CloudFront sends the API's.
          headers: { ...req.headers, host: backend.host },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502).end();
      });
      req.pipe(upstream);
      return;
    }
    const answer = staticAnswer(webDir, decodeURIComponent(url.pathname), origin);
    const headers = answer.headers;
    let body = answer.body;
    if (
      COMPRESSIBLE.test(headers['content-type'] ?? '') &&
      /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    ) {
      body = gzip(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(answer.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      origin = `http://127.0.0.1:${port}`;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
