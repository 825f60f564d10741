/**
 * A stand-in for the DVLA's Vehicle Enquiry Service, answering from fixtures: a car with its MOT and
 * tax dates, a new car with no MOT yet, a car with dates years ahead (for the job's re-check), and
 * a 404, a 429 and a 500 for the registration numbers below. Anything else is a 404, as the DVLA answers a number it does not know; a wrong key is a 403.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardHost } from './ownHost.ts';

export const LOCAL_DVLA_KEY = 'local-dvla-key';

/** The registration numbers the stand-in knows, and what each answers. */
export const DVLA_FIXTURES = {
  full: 'AB12CDE',
  newCar: 'LN25NEW',
  notFound: 'NO51FND',
  throttled: 'TH29RTL',
  failing: 'ER50RRR',
  /** A car whose dates lie years ahead: the job's re-check of a kept registration, in tests of far-off runs. */
  renewed: 'RE45NEW',
} as const;

const RECORDS: Record<string, { status: number; body: unknown }> = {
  [DVLA_FIXTURES.full]: {
    status: 200,
    body: {
      registrationNumber: DVLA_FIXTURES.full,
      taxStatus: 'Taxed',
      taxDueDate: '2027-02-01',
      motStatus: 'Valid',
      motExpiryDate: '2027-03-14',
      make: 'FORD',
      yearOfManufacture: 2012,
      monthOfFirstRegistration: '2012-03',
      colour: 'BLUE',
      fuelType: 'PETROL',
    },
  },
  [DVLA_FIXTURES.newCar]: {
    status: 200,
    body: {
      registrationNumber: DVLA_FIXTURES.newCar,
      taxStatus: 'Taxed',
      taxDueDate: '2026-09-01',
      motStatus: 'No details held by DVLA',
      make: 'KIA',
      yearOfManufacture: 2025,
      monthOfFirstRegistration: '2025-09',
      colour: 'WHITE',
      fuelType: 'ELECTRICITY',
    },
  },
  [DVLA_FIXTURES.renewed]: {
    status: 200,
    body: {
      registrationNumber: DVLA_FIXTURES.renewed,
      taxStatus: 'Taxed',
      taxDueDate: '2045-02-01',
      motStatus: 'Valid',
      motExpiryDate: '2045-03-14',
      make: 'VOLKSWAGEN',
      monthOfFirstRegistration: '2019-05',
    },
  },
  [DVLA_FIXTURES.throttled]: { status: 429, body: { message: 'Too Many Requests' } },
  [DVLA_FIXTURES.failing]: {
    status: 500,
    body: { errors: [{ status: '500', code: 'ENQ103', title: 'Internal Server Error' }] },
  },
};

const NOT_FOUND = { errors: [{ status: '404', code: '404', title: 'Vehicle Not Found' }] };

export interface DvlaStandIn {
  url: string;
  /** The registration numbers asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startDvlaStandIn(port = 0): Promise<DvlaStandIn> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/vehicle-enquiry/v1/vehicles') return send(404, NOT_FOUND);
      if (req.headers['x-api-key'] !== LOCAL_DVLA_KEY) return send(403, { message: 'Forbidden' });
      let registration = '';
      try {
        registration = String(
          (JSON.parse(Buffer.concat(chunks).toString()) as { registrationNumber?: unknown })
            .registrationNumber,
        );
      } catch {
        return send(400, { errors: [{ status: '400', title: 'Bad Request' }] });
      }
      requests.push(registration);
      const answer = RECORDS[registration];
      return answer ? send(answer.status, answer.body) : send(404, NOT_FOUND);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  // Like every local server: this machine's names only, against DNS rebinding (ownHost.ts).
  guardHost(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
