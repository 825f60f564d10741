/** A plain SMTP client for the tests: one mail per connection, each reply's code kept. */
import net from 'node:net';

export interface SmtpResult {
  /** The reply codes, in order: greeting, EHLO, MAIL FROM, RCPT TO (each), DATA, end of data. */
  codes: number[];
  /** Whether the server took the mail (250 after the data). */
  accepted: boolean;
}

/** Sends `raw` from `from` to `to` over SMTP on localhost:`port`, stopping at the first refusal. */
export async function sendSmtp(
  port: number,
  from: string,
  to: readonly string[],
  raw: string,
): Promise<SmtpResult> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // A reply's last line is 'NNN text' (a dash after the code continues it).
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^\d{3} /.test(line)) waiting.shift()?.(line);
    }
  });
  const reply = () =>
    new Promise<number>((resolve) => waiting.push((line) => resolve(Number(line.slice(0, 3)))));
  const codes: number[] = [];
  const step = async (command: string | null) => {
    const next = reply();
    if (command !== null) socket.write(`${command}\r\n`);
    const code = await next;
    codes.push(code);
    return code;
  };
  try {
    if ((await step(null)) !== 220) return { codes, accepted: false };
    await step('EHLO test.localhost');
    if ((await step(`MAIL FROM:<${from}>`)) !== 250) return { codes, accepted: false };
    for (const rcpt of to) if ((await step(`RCPT TO:<${rcpt}>`)) !== 250) return { codes, accepted: false };
    if ((await step('DATA')) !== 354) return { codes, accepted: false };
    const body = raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const accepted = (await step(`${body}\r\n.`)) === 250;
    return { codes, accepted };
  } finally {
    socket.end('QUIT\r\n');
  }
}
