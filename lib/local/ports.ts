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
 * A free port on 127.0.0.1, held until `release`: for a stand-in whose URL must be known long before
 * it listens (the app's, which the handlers' SITE_URL names). Held, no other process (another test
 * file's stack starting at the same time) can be given it in between; released just before the
 * stand-in listens on it.
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const holder = net.createServer();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => {
      const { port } = holder.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => holder.close(() => done())) });
    });
  });
}
