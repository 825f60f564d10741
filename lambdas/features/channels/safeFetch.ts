/**
 * The one way the server calls an address a user gave (an ntfy topic, a webhook), so that no such
 * address can reach inside: the cloud's metadata service, this network's private hosts, the machine
 * itself. Only https on port 443, no user name or password; the name is resolved once, every
 * address it has must be public (shared/channels/addresses.ts), and the connection goes to the
 * address checked (the socket's lookup answers with it: no second lookup that DNS could rebind).
 * Redirects are never followed (the caller counts a 3xx as a failure), the whole exchange has 5
 * seconds, and at most 16 KB of the answer is read.
 *
 * The local stack's own stand-ins (its ntfy server and webhook receiver, plain http on this
 * machine) are reached only at their exact origins, which the local stage alone names
 * (LOCAL_CHANNEL_ORIGINS); no other http or local address is ever called.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  CHANNEL_URL_MESSAGES as CHANNEL_MESSAGES,
  channelUrlProblem,
} from '../../../shared/channels/urls.ts';
import { isPublicAddress } from '../../../shared/channels/addresses.ts';

export const SAFE_FETCH_TIMEOUT_MS = 5000;
export const SAFE_FETCH_MAX_BYTES = 16 * 1024;

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface SafeFetchOptions {
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** The local stage's stand-ins' exact origins (http://127.0.0.1:port): reached as they are. */
  allowOrigins?: readonly string[];
  /** Tests: the name's addresses. */
  resolve?: Resolver;
  /** Tests: what makes the https request (https.request). */
  request?: typeof https.request;
  timeoutMs?: number;
  maxBytes?: number;
}

export type SafeFetchResult =
  /** The address answered (any status: a 3xx is not followed). */
  | {
      outcome: 'answered';
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
      truncated: boolean;
    }
  /** Not called: the address is not one the server may reach. */
  | { outcome: 'refused'; reason: string }
  /** Called, and no answer: a time-out, a refused connection, a TLS failure. */
  | { outcome: 'failed'; reason: string };

/**
 * Why `url` may not be called, or the address to connect to. Every address the name resolves to
 * must be public: a name with one private address among public ones is refused, as a rebinding
 * server would hand out either.
 */
export async function checkedTarget(
  url: URL,
  resolve: Resolver = systemResolver,
): Promise<{ refused: string } | { address: ResolvedAddress }> {
  const problem = channelUrlProblem(url.href);
  if (problem) return { refused: problem };
  if (url.protocol !== 'https:') return { refused: CHANNEL_MESSAGES.urlHttps };
  // URL gives IPv6 in brackets and IPv4 in its canonical dotted form (2130706433, 0x7f.1 and the like
  // become 127.0.0.1): an IP literal is checked as it is, with no lookup.
  const host = url.hostname.replace(/\.$/, '');
  const literal = host.startsWith('[') ? host.slice(1, -1) : /^[0-9.]+$/.test(host) ? host : undefined;
  if (literal !== undefined) {
    return isPublicAddress(literal)
      ? { address: { address: literal, family: literal.includes(':') ? 6 : 4 } }
      : { refused: CHANNEL_MESSAGES.urlPrivate };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return { refused: `No such address: ${host} does not resolve` };
  }
  const [first] = addresses;
  if (!first || addresses.some(({ address }) => !isPublicAddress(address)))
    return { refused: CHANNEL_MESSAGES.urlPrivate };
  return { address: first };
}

/** A socket lookup that answers with the checked address and asks no resolver. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

const isAllowedStandIn = (url: URL, allowOrigins: readonly string[] | undefined) =>
  url.protocol === 'http:' && (allowOrigins ?? []).includes(url.origin);

/** Calls a user's address under the rules above. Never throws. */
export async function safeFetch(target: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  if (!URL.canParse(target)) return { outcome: 'refused', reason: CHANNEL_MESSAGES.urlInvalid };
  const url = new URL(target);
  let transport: (
    opts: https.RequestOptions,
    done: (res: http.IncomingMessage) => void,
  ) => http.ClientRequest;
  if (isAllowedStandIn(url, options.allowOrigins)) {
    // The local stand-in, at the origin the local stage named: this machine, as it is.
    transport = (opts, done) => {
      const { servername: _sni, ...plain } = opts;
      return http.request({ ...plain, hostname: '127.0.0.1' }, done);
    };
  } else {
    const checked = await checkedTarget(url, options.resolve);
    if ('refused' in checked) return { outcome: 'refused', reason: checked.refused };
    const request = options.request ?? https.request;
    transport = (opts, done) => request({ ...opts, lookup: pinnedLookup(checked.address) }, done);
  }
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_MAX_BYTES;
  const body = options.body === undefined ? undefined : Buffer.from(options.body, 'utf8');
  return new Promise<SafeFetchResult>((resolve) => {
    let settled = false;
    const finish = (result: SafeFetchResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        servername: url.hostname.startsWith('[') ? undefined : url.hostname.replace(/\.$/, ''),
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'POST',
        headers: {
          ...options.headers,
          host: url.host,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        response.on('data', (chunk: Buffer) => {
          if (size >= maxBytes) {
            truncated = true;
            response.destroy();
            done();
            return;
          }
          chunks.push(chunk.subarray(0, maxBytes - size));
          if (chunk.length > maxBytes - size) truncated = true;
          size += Math.min(chunk.length, maxBytes - size);
        });
        const done = () =>
          finish({
            outcome: 'answered',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            truncated,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ outcome: 'failed', reason: `No answer within ${timeoutMs / 1000} seconds` });
    }, timeoutMs);
    request.on('error', (error) => finish({ outcome: 'failed', reason: connectionProblem(error) }));
    request.end(body);
  });
}

/** A connection failure in words, without the machine's own details. */
function connectionProblem(error: Error & { code?: string }): string {
  const code = error.code ?? 'error';
  if (code === 'ECONNREFUSED') return 'The server refused the connection';
  if (/CERT|TLS/.test(code)) return 'The server’s certificate is not valid';
  return `The connection failed (${code})`;
}
