import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as sesModule from 'aws-ses-v2-local';

// A CommonJS module with an ES default export: unwrap whichever shape the loader hands us.
const sesServer = ((sesModule.default as unknown as { default?: typeof sesModule.default }).default ??
  sesModule.default) as typeof sesModule.default;

export interface LocalSes {
  endpoint: string;
  server: Server;
  stop(): Promise<void>;
}

/** The SES v2 emulator: its mailbox UI is at the root URL, its JSON store at /store. */
export async function startLocalSes(port: number, maxSendRate: number): Promise<LocalSes> {
  // GetAccount answers from this variable; without it the emulator returns 400.
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify({
    DedicatedIpAutoWarmupEnabled: false,
    Details: {
      AdditionalContactEmailAddresses: [],
      ContactLanguage: 'EN',
      MailType: 'TRANSACTIONAL',
      ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
      UseCaseDescription: 'Local development',
      WebsiteURL: 'http://localhost:3000',
    },
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50000, MaxSendRate: maxSendRate, SentLast24Hours: 0 },
    SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
  });
  const server = await sesServer({ host: '127.0.0.1', port });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, server, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
