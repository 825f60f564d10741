/**
 * The local stand-in for CloudFront + API Gateway: one HTTP server that serves the web build, the
 * runtime config, `/api/*` (verifying the access token as the JWT authorizer does, then passing the
 * same APIGatewayProxyEventV2 to the same handlers) and `/_cognito` (a proxy to cognito-local).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebConfig } from '../../shared/api.ts';
import { apiDispatch } from './apiDispatch.ts';
import { cognitoProxy } from './cognitoProxy.ts';
import { sendJson } from './requests.ts';
import { serveStatic } from './static.ts';

export interface AdapterOptions {
  port: number;
  webDir: string;
  webConfig: WebConfig;
  cognitoUrl: string;
  userPoolId: string;
  issuer: string;
  clientId: string;
  /** Per-request log line (method, path, status, ms); off in tests. */
  log?: (line: string) => void;
}

export async function startAdapter(options: AdapterOptions) {
  const handleApi = apiDispatch(options);
  const handleCognito = cognitoProxy(options.cognitoUrl, options.userPoolId);

  const server = http.createServer((req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const work = async (): Promise<number> => {
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(req, res, url);
      if (url.pathname === '/_cognito' || url.pathname === '/_cognito/') {
        if (req.method !== 'POST') {
          res.writeHead(405).end();
          return 405;
        }
        return handleCognito(req, res);
      }
      if (url.pathname === '/config.json') {
        // Same origin as the page that asks (port 3000, or Vite's dev server proxying to us), so
        // Amplify's calls to Cognito never cross origins.
        const forwarded = req.headers['x-forwarded-host'];
        const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? req.headers.host ?? url.host;
        const origin = `http://${host}`;
        sendJson(res, 200, { ...options.webConfig, userPoolEndpoint: `${origin}/_cognito` });
        return 200;
      }
      return serveStatic(options.webDir, req, res, url);
    };
    work()
      .then((status) => options.log?.(`${req.method} ${url.pathname} ${status} ${Date.now() - started}ms`))
      .catch((error: Error & { statusCode?: number }) => {
        const status = error.statusCode ?? 500;
        options.log?.(`${req.method} ${url.pathname} ${status} ${error.message}`);
        if (!res.headersSent)
          sendJson(res, status, { message: status === 413 ? 'Payload too large' : 'Internal server error' });
        else res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
