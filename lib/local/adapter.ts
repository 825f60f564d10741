/**
 * The local stand-in for CloudFront + API Gateway: one HTTP server that serves the web build, the
 * runtime config, `/api/*` (verifying the access token as the JWT authorizer does, then passing the
 * same APIGatewayProxyEventV2 to the same handlers) and `/_cognito` (a proxy to cognito-local).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOn, type PortReservation } from './ports.ts';
import type { WebConfig } from '../../shared/api.ts';
import { apiDispatch } from './apiDispatch.ts';
import { cognitoProxy } from './cognitoProxy.ts';
import { securityHeaderValues } from '../securityHeaders.ts';
import { decodedPath, RequestError, sendJson } from './requests.ts';
import { serveStatic } from './static.ts';
import { isOwnHost, MISDIRECTED, refuseForeignHost } from './ownHost.ts';

export interface AdapterOptions {
  /** A port (0: any), or a reservation the adapter takes over (the port SITE_URL already names). */
  port: number | PortReservation;
  webDir: string;
  webConfig: WebConfig;
  cognitoUrl: string;
  userPoolId: string;
  issuer: string;
  clientId: string;
  /** The local pool's public keys (tokenKey.ts): tokens signed otherwise are refused. */
  jwks: { keys: Record<string, unknown>[] };
  /** Per-request log line (method, path, status, ms); off in tests. */
  log?: (line: string) => void;
}

export async function startAdapter(options: AdapterOptions) {
  const handleApi = apiDispatch({ ...options, host: new URL(options.webConfig.siteUrl).host });
  const handleCognito = cognitoProxy(options.cognitoUrl, options.userPoolId);
  // What CloudFront adds to every response of the site and the API; Amplify's Cognito calls go to
  // /_cognito on the page's own origin, so 'self' is all connect-src needs here.
  const securityHeaders = Object.entries(securityHeaderValues('same-origin'));

  const server = http.createServer((req, res) => {
    const started = Date.now();
    let pathname = '';
    const work = async (): Promise<number> => {
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
      // Before anything else: a rebinding page's requests carry its own name (ownHost.ts).
      if (!isOwnHost(req.headers.host, (server.address() as AddressInfo).port)) {
        refuseForeignHost(req, res);
        return MISDIRECTED;
      }
      // Origin-form only ("/path?query"); the host is ours, never the request's Host header.
      if (!req.url?.startsWith('/')) throw new RequestError(400, 'Bad request target');
      const url = new URL(`http://localhost${req.url}`);
      pathname = url.pathname;
      decodedPath(url);
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(req, res, url);
      if (url.pathname === '/_cognito' || url.pathname === '/_cognito/') {
        if (req.method !== 'POST') {
          res.writeHead(405).end();
          return 405;
        }
        return handleCognito(req, res);
      }
      if (url.pathname === '/config.json') {
        // The stack's own settings, whoever asks and whatever the request's Host or X-Forwarded-Host say.
        sendJson(res, 200, options.webConfig);
        return 200;
      }
      return serveStatic({ dir: options.webDir, siteUrl: options.webConfig.siteUrl }, req, res, url);
    };
    work()
      .then((status) => options.log?.(`${req.method} ${pathname} ${status} ${Date.now() - started}ms`))
      .catch((error: Error) => {
        const status = error instanceof RequestError ? error.statusCode : 500;
        options.log?.(`${req.method} ${pathname} ${status} ${error.message}`);
        if (res.headersSent) res.end();
        else sendJson(res, status, { message: status === 500 ? 'Internal server error' : error.message });
      });
  });
  await listenOn(server, options.port);
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
