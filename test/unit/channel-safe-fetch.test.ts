/**
 * The server's one way to call a user's address (an ntfy topic, a webhook): nothing inside is
 * reached. The usual tricks are refused before any request (IP literals in every spelling, names of
 * this machine, names that resolve to a private address, other ports, http, user names), the
 * connection goes to the address checked (no second lookup), redirects are not followed, and the
 * answer is cut at 16 KB and the wait at the time-out. The local stand-ins are plain http servers
 * on this machine, reached only at the exact origins allowed.
 */
import http from 'node:http';
import type https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkedTarget,
  pinnedLookup,
  safeFetch,
  type ResolvedAddress,
} from '../../lambdas/features/channels/safeFetch.ts';
import { isPublicAddress } from '../../shared/channels/addresses.ts';

const PUBLIC: ResolvedAddress = { address: '93.184.216.34', family: 4 };
const resolvesTo =
  (...addresses: ResolvedAddress[]) =>
  async () =>
    addresses;
const noDns = async () => {
  throw new Error('no lookup expected');
};

describe('refused before any request', () => {
  it.each([
    // The classic spellings of 127.0.0.1: decimal, hex, octal, short forms, full-width digits.
    'https://2130706433/',
    'https://0x7f000001/',
    'https://0x7f.0.0.1/',
    'https://0177.0.0.1/',
    'https://017700000001/',
    'https://127.1/',
    'https://１２７．０．０．１/',
    'https://127.0.0.1./',
    'https://0.0.0.0/',
    'https://0/',
    // IPv6 loopback, mapped, compatible, unique-local, link-local, NAT64 and 6to4 forms.
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[::127.0.0.1]/',
    'https://[fc00::1]/',
    'https://[fe80::1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:a9fe:a9fe::]/',
    // The cloud metadata service, both families.
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/',
    // Private networks and carrier-grade NAT.
    'https://10.0.0.1/',
    'https://172.16.5.4/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    // Names of this machine, an IDN that normalises to one, and single-label names.
    'https://localhost/',
    'https://localhost./',
    'https://api.localhost/',
    'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/',
    'https://metadata/',
    'https://printer.local/',
    'https://metadata.google.internal/',
  ])('%s', async (target) => {
    const resolve = vi.fn(noDns);
    expect(await safeFetch(target, { resolve })).toMatchObject({ outcome: 'refused' });
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each([
    ['http://2130706433/', 'https'],
    ['http://example.com/hook', 'https'],
    ['https://example.com:8443/hook', 'port'],
    ['https://example.com:80/hook', 'port'],
    ['https://user:secret@example.com/hook', 'user name'],
    ['https://user@example.com/hook', 'user name'],
    ['ftp://example.com/hook', 'https'],
    ['not a url', 'full address'],
  ])('%s: %s', async (target, words) => {
    const result = await safeFetch(target, { resolve: noDns });
    expect(result.outcome).toBe('refused');
    expect((result as { reason: string }).reason).toContain(words);
  });

  it('a name that resolves to a private address (or has one among public ones) is refused', async () => {
    for (const addresses of [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
      [{ address: '::1', family: 6 }],
      [{ address: '::ffff:10.0.0.1', family: 6 }],
      [PUBLIC, { address: '10.1.2.3', family: 4 }],
    ]) {
      const request = vi.fn();
      expect(
        await safeFetch('https://rebind.example.com/hook', {
          resolve: resolvesTo(...addresses),
          request: request as unknown as typeof https.request,
        }),
      ).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('private network') });
      expect(request).not.toHaveBeenCalled();
    }
  });

  it('a name that does not resolve is refused in words', async () => {
    expect(await checkedTarget(new URL('https://nowhere.example/'), noDns)).toEqual({
      refused: 'No such address: nowhere.example does not resolve',
    });
  });
});

describe('the address checked is the address connected to', () => {
  it('resolves once; the socket’s lookup answers with the checked address (no second lookup to rebind)', async () => {
    const resolve = vi.fn(resolvesTo(PUBLIC));
    let options: https.RequestOptions | undefined;
    const request = ((opts: https.RequestOptions) => {
      options = opts;
      const fake = new http.ClientRequest('http://127.0.0.1:9', () => undefined);
      fake.on('error', () => undefined);
      setImmediate(() => fake.destroy(new Error('stop here')));
      return fake;
    }) as unknown as typeof https.request;

    await safeFetch('https://hooks.example.com./in?x=1', { resolve, request, body: '{}' });

    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith('hooks.example.com');
    expect(options).toMatchObject({
      hostname: 'hooks.example.com.',
      servername: 'hooks.example.com',
      port: 443,
      path: '/in?x=1',
      method: 'POST',
    });
    const answers: unknown[] = [];
    options!.lookup!('hooks.example.com', {}, (...args: unknown[]) => answers.push(args));
    options!.lookup!('hooks.example.com', { all: true }, (...args: unknown[]) => answers.push(args));
    expect(answers).toEqual([
      [null, PUBLIC.address, 4],
      [null, [PUBLIC]],
    ]);
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('a public IP literal goes as it is, with no lookup', async () => {
    expect(await checkedTarget(new URL('https://8.8.8.8/'), noDns)).toEqual({
      address: { address: '8.8.8.8', family: 4 },
    });
    expect(await checkedTarget(new URL('https://[2606:4700:4700::1111]/'), noDns)).toEqual({
      address: { address: '2606:4700:4700::1111', family: 6 },
    });
  });

  it('the pinned lookup never asks anyone', () => {
    const answers: unknown[] = [];
    pinnedLookup(PUBLIC)('elsewhere.example', {}, (...args) => answers.push(args));
    expect(answers).toEqual([[null, PUBLIC.address, 4]]);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['100.63.255.255', true],
    ['100.64.0.0', false],
    ['100.127.255.255', false],
    ['172.15.255.255', true],
    ['172.32.0.0', true],
    ['172.31.255.255', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['::ffff:8.8.8.8', false],
    ['not an address', false],
    ['1.2.3', false],
    ['01.2.3.4', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('at a local stand-in’s exact origin', () => {
  let server: http.Server;
  let origin = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (req.url === '/big') {
        res.writeHead(200).end('x'.repeat(100_000));
      } else if (req.url === '/silent') {
        // Never answers: the caller's time-out ends it.
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"abc"}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers as the server said', async () => {
    expect(await safeFetch(`${origin}/topic`, { allowOrigins: [origin], body: 'hi' })).toMatchObject({
      outcome: 'answered',
      status: 200,
      body: '{"id":"abc"}',
      truncated: false,
    });
  });

  it('is refused at any other origin, even on this machine', async () => {
    const port = Number(new URL(origin).port);
    for (const target of [`http://127.0.0.1:${port + 1}/topic`, `http://localhost:${port}/topic`])
      expect(await safeFetch(target, { allowOrigins: [origin], resolve: noDns })).toMatchObject({
        outcome: 'refused',
      });
    expect(await safeFetch(`${origin}/topic`, { resolve: noDns })).toMatchObject({ outcome: 'refused' });
  });

  it('a redirect is answered as it is and never followed', async () => {
    seen.length = 0;
    const result = await safeFetch(`${origin}/redirect`, { allowOrigins: [origin] });
    expect(result).toMatchObject({ outcome: 'answered', status: 302 });
    expect(seen).toEqual(['/redirect']);
  });

  it('reads at most 16 KB of an answer', async () => {
    const result = await safeFetch(`${origin}/big`, { allowOrigins: [origin] });
    expect(result).toMatchObject({ outcome: 'answered', status: 200, truncated: true });
    expect((result as { body: string }).body).toHaveLength(16 * 1024);
  });

  it('gives up when no answer comes in time', async () => {
    expect(await safeFetch(`${origin}/silent`, { allowOrigins: [origin], timeoutMs: 50 })).toEqual({
      outcome: 'failed',
      reason: 'No answer within 0.05 seconds',
    });
  });
});
