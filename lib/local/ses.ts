import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as sesModule from 'aws-ses-v2-local';
import { guardHost } from './ownHost.ts';
import type { MailboxPages } from './channelsMailbox.ts';
import { startSesEventProxy, type PublishSesEvent } from './sesEvents.ts';

// A CommonJS module with an ES default export: unwrap whichever shape the loader hands us.
const sesServer = ((sesModule.default as unknown as { default?: typeof sesModule.default }).default ??
  sesModule.default) as typeof sesModule.default;

export interface LocalSes {
  endpoint: string;
  server: Server;
  stop(): Promise<void>;
}

/**
 * The SES v2 emulator behind the proxy that publishes its Send events (sesEvents.ts): the endpoint
 * is the proxy's, and its mailbox UI is at the root URL, its JSON store at /store.
 */
export async function startLocalSes(
  port: number,
  maxSendRate: number,
  publish: PublishSesEvent,
  log: (line: string) => void = () => undefined,
  pages?: MailboxPages,
): Promise<LocalSes> {
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
  const emulator = await sesServer({ host: '127.0.0.1', port: 0 });
  guardHost(emulator);
  const proxy = await startSesEventProxy(port, (emulator.address() as AddressInfo).port, publish, log, pages);
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    endpoint: `http://127.0.0.1:${proxy.port}`,
    server: proxy.server,
    stop: async () => {
      proxy.server.closeAllConnections();
      await close(proxy.server);
      emulator.closeAllConnections();
      await close(emulator);
    },
  };
}
