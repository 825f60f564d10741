/**
 * A reserved port stays held from the moment it is picked until the server that needs it listens:
 * the stack names the app's port (SITE_URL) before the app serves, and a port closed and listened on
 * again could be taken in between by any other socket on the machine (seen as EADDRINUSE when four
 * browser files started their stacks at once).
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOn, reservePort } from '../../lib/local/ports.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** Whether another socket can listen on `port` now (it is closed again at once if it could). */
function takenBy(port: number): Promise<'free' | 'held'> {
  return new Promise((resolve, reject) => {
    const other = net.createServer();
    other.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve('held') : reject(error),
    );
    other.listen(port, '127.0.0.1', () => other.close(() => resolve('free')));
  });
}

describe('reservePort and listenOn', () => {
  it('hold the port from the reservation to the server, and free it when the server closes', async () => {
    const reservation = await reservePort();
    expect(await takenBy(reservation.port)).toBe('held');

    const app = http.createServer((_req, res) => res.end('served'));
    // Another socket asks for the port right as the app takes it: it never gets it.
    const competitor = takenBy(reservation.port);
    await listenOn(app, reservation);
    expect(await competitor).toBe('held');
    expect((app.address() as net.AddressInfo).port).toBe(reservation.port);
    expect(await (await fetch(`http://127.0.0.1:${reservation.port}/`)).text()).toBe('served');

    app.closeAllConnections();
    await new Promise((done) => app.close(done));
    expect(await takenBy(reservation.port)).toBe('free');
  });

  it('listen on a number as given (0: any free port)', async () => {
    const server = net.createServer();
    servers.push(server);
    await listenOn(server, 0);
    expect((server.address() as net.AddressInfo).port).toBeGreaterThan(0);
  });
});
