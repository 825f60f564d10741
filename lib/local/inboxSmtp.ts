/**
 * The renewal inbox's stand-in for SES receiving: an SMTP server on localhost (INBOX_PORT, 2525 by
 * default) that takes mail for the users' inbox addresses and hands each to the same use case the
 * AWS receiving function calls (lambdas/features/inbox/receive.ts). As SES is set up to, it refuses in the
 * SMTP conversation what it would otherwise have to take and bill: an address that is no one's
 * (550 at RCPT TO), mail whose MAIL FROM is not that account's own address (550), and mail over
 * 10 MB (552, announced with SIZE). No login, no TLS: it listens on the loopback address only.
 */
import { randomUUID } from 'node:crypto';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { MAX_DOCUMENT_BYTES } from '../../shared/inbox/unreadable.ts';

export interface InboxSmtp {
  /** smtp://localhost:{port} */
  url: string;
  port: number;
  /** What became of each mail the server took, oldest first (tests read it). */
  received: { deliveryId: string; outcome: string }[];
  close(): Promise<void>;
}

/** Whose inbox an address is, and their account's address (the only sender taken for it). */
export type OwnerOf = (address: string) => Promise<{ userId: string; email: string } | undefined>;

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

export async function startInboxSmtp(port: number, ownerOf: OwnerOf): Promise<InboxSmtp> {
  const received: InboxSmtp['received'] = [];
  const server = new SMTPServer({
    name: 'inbox.localhost',
    banner: 'Renewal Reminders inbox (local)',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_DOCUMENT_BYTES,
    logger: false,
    async onRcptTo(
      address: SMTPServerAddress,
      session: SMTPServerSession,
      callback: (error?: Error) => void,
    ) {
      try {
        const owner = await ownerOf(address.address);
        if (!owner) return callback(smtpError(550, '5.1.1 No such inbox here'));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        if (from.toLowerCase() !== owner.email.toLowerCase())
          return callback(smtpError(550, "5.7.1 This inbox takes mail only from its account's own address"));
        callback();
      } catch {
        callback(smtpError(451, '4.3.0 Try again later'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 The mail is larger than 10 MB'));
        const deliveryId = randomUUID();
        const mail = {
          raw: new Uint8Array(Buffer.concat(chunks)),
          recipients: session.envelope.rcptTo.map((r) => r.address),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          verdicts: null,
          deliveryId,
        };
        // The same use case as on AWS; its answer is the SMTP answer (a failure asks the sender to retry).
        import('../../lambdas/features/inbox/receive.ts')
          .then(({ receiveMail }) => receiveMail(mail))
          .then((result) => {
            received.push({ deliveryId, outcome: result.outcome });
            callback();
          })
          .catch(() => callback(smtpError(451, '4.3.0 Try again later')));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://localhost:${actual}`,
    port: actual,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
