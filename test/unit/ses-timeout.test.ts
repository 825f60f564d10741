/**
 * A hung SES call ends: the client's request timeout (SES_TIMEOUT_MS) turns a connection that never
 * answers into an error, so a send can never outlive its claim lease.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { resetClients, sesClient } from '../../lambdas/runtime/clients.ts';
import { env, resetEnvCache } from '../../lambdas/runtime/env.ts';

let server: Server;
const sockets: Socket[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  // Accepts every connection and never answers.
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  Object.assign(process.env, {
    TABLE_NAME: 'unused',
    SES_ENDPOINT: `http://127.0.0.1:${port}`,
    SES_TIMEOUT_MS: '200',
  });
  resetEnvCache();
  resetClients();
});

afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  resetClients();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('gives up on an SES endpoint that never answers, with a timeout error', async () => {
  expect(env().SES_TIMEOUT_MS).toBe(200);
  const error = await (await sesClient()).send(new GetAccountCommand({})).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error?.name).toBe('TimeoutError');
  expect(sockets.length).toBeGreaterThan(0);
});

it('defaults to 10 seconds, far inside the 2-minute claim lease', async () => {
  const { CLAIM_LEASE_MS } = await import('../../lambdas/store/sends.ts');
  delete process.env.SES_TIMEOUT_MS;
  resetEnvCache();
  expect(env().SES_TIMEOUT_MS).toBe(10_000);
  expect(env().SES_TIMEOUT_MS * 4).toBeLessThan(CLAIM_LEASE_MS);
});
