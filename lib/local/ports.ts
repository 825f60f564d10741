import net from 'node:net';

/** A port free on 127.0.0.1 now, for stand-ins that must know their own URL before they listen. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A free port on 127.0.0.1, held by a listening socket: for the stand-in whose URL must be known long
 * before it serves (the app's, which the handlers' SITE_URL names). The stand-in takes the socket
 * over (`listenOn`) rather than closing it and listening again: in between, the kernel could give the
 * port to any other socket on the machine (a browser's or a client's outgoing connection, another
 * test file's stand-in), and the listen would fail with EADDRINUSE.
 */
export interface PortReservation {
  port: number;
  /** The socket holding the port, until a server takes it over. */
  holder: net.Server;
}

export function reservePort(): Promise<PortReservation> {
  return new Promise((resolve, reject) => {
    const holder = net.createServer();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => {
      resolve({ port: (holder.address() as net.AddressInfo).port, holder });
    });
  });
}

/**
 * `server` listening on `at`: a port number (0 for any), or a reservation whose socket it takes over
 * (closing `server` then frees the port).
 */
export function listenOn(server: net.Server, at: number | PortReservation): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (typeof at === 'number') server.listen(at, '127.0.0.1', () => resolve());
    else server.listen(at.holder, () => resolve());
  });
}
