/**
 * The DVLA client against the local stand-in (lib/local/dvla.ts): a full record, a new car with no
 * MOT date, a 404, a 429 and a 500, a wrong key, a service that never answers and one that answers
 * nonsense. Every failure comes back as an outcome, never thrown.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpVehicle } from '../../lambdas/features/vehicles/dvla.ts';
import { DVLA_FIXTURES, LOCAL_DVLA_KEY, startDvlaStandIn, type DvlaStandIn } from '../../lib/local/dvla.ts';

let dvla: DvlaStandIn;
beforeAll(async () => {
  dvla = await startDvlaStandIn();
});
afterAll(() => dvla.close());

const lookUp = (registration: string, apiKey = LOCAL_DVLA_KEY) =>
  lookUpVehicle(registration, { url: dvla.url, apiKey });

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('DVLA look-up', () => {
  it('reads a full record', async () => {
    expect(await lookUp(DVLA_FIXTURES.full)).toEqual({
      outcome: 'found',
      dates: {
        registration: 'AB12CDE',
        make: 'FORD',
        mot_due: '2027-03-14',
        mot_estimated: false,
        tax_due: '2027-02-01',
      },
    });
    expect(dvla.requests.at(-1)).toBe('AB12CDE');
  });

  it('estimates a new car’s first MOT', async () => {
    expect(await lookUp(DVLA_FIXTURES.newCar)).toMatchObject({
      outcome: 'found',
      dates: { mot_due: '2028-09-01', mot_estimated: true, tax_due: '2026-09-01' },
    });
  });

  it('a 404 is no such vehicle; a 429, a 500 and a refused key are the DVLA not answering', async () => {
    expect(await lookUp(DVLA_FIXTURES.notFound)).toEqual({ outcome: 'not_found' });
    expect(await lookUp(DVLA_FIXTURES.throttled)).toEqual({ outcome: 'unavailable', reason: 'HTTP 429' });
    expect(await lookUp(DVLA_FIXTURES.failing)).toEqual({ outcome: 'unavailable', reason: 'HTTP 500' });
    expect(await lookUp(DVLA_FIXTURES.full, 'wrong')).toEqual({ outcome: 'unavailable', reason: 'HTTP 403' });
  });

  it('a service that hangs or answers nonsense is the DVLA not answering', async () => {
    const hanging = await serve(() => undefined);
    const nonsense = await serve((_req, res) => res.end('<html>'));
    try {
      expect(await lookUpVehicle('AB12CDE', { url: hanging.url, apiKey: 'k', timeoutMs: 50 })).toMatchObject({
        outcome: 'unavailable',
      });
      expect(await lookUpVehicle('AB12CDE', { url: nonsense.url, apiKey: 'k' })).toEqual({
        outcome: 'unavailable',
        reason: 'unreadable answer',
      });
    } finally {
      hanging.server.closeAllConnections();
      hanging.server.close();
      nonsense.server.close();
    }
  });
});
