/**
 * The local stand-in for CloudFront + API Gateway: one HTTP server that serves the web build, the
 * runtime config, `/api/*` (verifying the access token as the JWT authorizer does, then passing the
 * same APIGatewayProxyEventV2 to the same handlers) and `/_cognito` (a proxy to cognito-local).
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { matchPath, ROUTES, type RouteDef } from '../../shared/routes.ts';
import type { WebConfig } from '../../shared/api.ts';
import type { ApiEvent } from '../../lambdas/runtime/http.ts';
import { buildApiEvent, claimsAsApiGateway, lambdaContext } from '../../lambdas/runtime/apiEvent.ts';

type ApiHandler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyResultV2>;

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

const MAX_BODY_BYTES = 1024 * 1024;

const MIME: Record<string, string> = {
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

/** Handlers are loaded on first use, like a cold start, from the files the CDK stack bundles. */
const handlerCache = new Map<string, Promise<ApiHandler>>();
function loadHandler(name: string): Promise<ApiHandler> {
  let loaded = handlerCache.get(name);
  if (!loaded) {
    loaded = import(`../../lambdas/api/${name}.ts`).then((m: { handler: ApiHandler }) => m.handler);
    handlerCache.set(name, loaded);
  }
  return loaded;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('Payload too large'), { statusCode: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startAdapter(options: AdapterOptions) {
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: `${options.issuer}/.well-known/jwks.json`,
      audience: null,
      // What the HTTP API JWT authorizer checks for an access token: client_id among the audiences.
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== options.clientId) throw new Error('Token issued to another client');
      },
    },
    // aws-jwt-verify's default fetcher speaks https only; cognito-local serves its JWKS over http.
    {
      jwksCache: new SimpleJwksCache({
        fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
      }),
    },
  );

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    const method = req.method ?? 'GET';
    let matched: { route: RouteDef; params: Record<string, string> } | undefined;
    for (const route of ROUTES) {
      if (route.method !== method) continue;
      const params = matchPath(route.path, url.pathname);
      if (params) {
        matched = { route, params };
        break;
      }
    }
    if (!matched) {
      sendJson(res, 404, { message: 'Not Found' });
      return 404;
    }
    const { route, params } = matched;
    let claims: Record<string, string> | undefined;
    if (route.access !== 'public') {
      const header = req.headers.authorization ?? '';
      const token = header.replace(/^Bearer\s+/i, '');
      try {
        claims = claimsAsApiGateway((await verifier.verify(token)) as Record<string, unknown>);
      } catch {
        sendJson(res, 401, { message: 'Unauthorized' });
        return 401;
      }
    }
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(',') : value;
    }
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = query[key] ? `${query[key]},${value}` : value;
    const event = buildApiEvent({
      method,
      routePath: route.path,
      rawPath: url.pathname,
      params,
      query,
      headers,
      body: body.length ? body.toString('utf8') : undefined,
      claims,
      host: url.host,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    });
    const handler = await loadHandler(route.name);
    const raw = await handler(event, lambdaContext(route.name));
    const result: APIGatewayProxyStructuredResultV2 =
      typeof raw === 'string' ? { statusCode: 200, body: raw } : raw;
    const status = result.statusCode ?? 200;
    res.writeHead(status, (result.headers ?? {}) as Record<string, string>);
    res.end(result.body ?? '');
    return status;
  }

  /** Amplify talks to Cognito here. Two calls cognito-local lacks are answered or translated. */
  async function handleCognito(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = await readBody(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.split('.')[1] ?? '';
    const contentType = 'application/x-amz-json-1.1';
    if (operation === 'GlobalSignOut') {
      // cognito-local keeps no sessions to revoke; Amplify only needs the call to succeed.
      res.writeHead(200, { 'content-type': contentType });
      res.end('{}');
      return 200;
    }
    let forwardTarget = target;
    let forwardBody: string = body.toString('utf8');
    if (operation === 'GetTokensFromRefreshToken') {
      const request = JSON.parse(forwardBody || '{}') as { ClientId?: string; RefreshToken?: string };
      forwardTarget = 'AWSCognitoIdentityProviderService.InitiateAuth';
      forwardBody = JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: request.ClientId,
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      });
    }
    const upstream = await fetch(options.cognitoUrl, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-amz-target': forwardTarget },
      body: forwardBody,
    });
    let text = await upstream.text();
    const status = upstream.status;
    if (operation === 'ConfirmSignUp' && status === 400 && (await alreadyConfirmed(forwardBody))) {
      // Real Cognito says this when a confirmation link is opened twice; cognito-local says the code expired.
      text = JSON.stringify({
        __type: 'NotAuthorizedException',
        message: 'User cannot be confirmed. Current status is CONFIRMED',
      });
    }
    res.writeHead(status, { 'content-type': contentType });
    res.end(text);
    return status;
  }

  async function alreadyConfirmed(confirmBody: string): Promise<boolean> {
    const { Username } = JSON.parse(confirmBody || '{}') as { Username?: string };
    const response = await fetch(options.cognitoUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
      },
      body: JSON.stringify({ UserPoolId: options.userPoolId, Username }),
    });
    if (!response.ok) return false;
    const user = (await response.json()) as { UserStatus?: string };
    return user.UserStatus === 'CONFIRMED';
  }

  function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL): number {
    const indexPath = path.join(options.webDir, 'index.html');
    if (!fs.existsSync(indexPath)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
      return 503;
    }
    const relative = path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    const filePath = path.join(options.webDir, relative);
    if (!filePath.startsWith(options.webDir)) {
      res.writeHead(400).end();
      return 400;
    }
    const ext = path.extname(filePath);
    if (relative && ext && fs.existsSync(filePath) && fs.statSync(filePath).isFile()) {
      const immutable = relative.startsWith('assets/');
      res.writeHead(200, {
        'content-type': MIME[ext] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
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
      return handleStatic(req, res, url);
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
