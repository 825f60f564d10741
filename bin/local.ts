/**
 * `npm start`: the whole product locally. App on http://localhost:3000 (PORT), mailbox on
 * http://localhost:8005 (MAILBOX_PORT), data under .local/ (kept between starts; `npm run reset` wipes it).
 */
import path from 'node:path';
import { ROOT, startLocalStack } from '../lib/local/stack.ts';
import { ensureLocalAdmin, LOCAL_ADMIN } from '../lib/local/adminAccount.ts';
import { localChannelPorts, localPorts } from '../shared/localPorts.ts';

let ports: ReturnType<typeof localPorts>;
let channelPorts: ReturnType<typeof localChannelPorts>;
try {
  ports = localPorts(process.env);
  channelPorts = localChannelPorts(process.env, [ports.app, ports.mailbox, ports.inbox]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { app: appPort, mailbox: mailboxPort, inbox: inboxPort } = ports;
const verbose = process.argv.includes('--verbose');

const stack = await startLocalStack({
  dataDir: path.join(ROOT, '.local'),
  appPort,
  mailboxPort,
  inboxPort,
  channelPorts,
  emailProvider: process.env.EMAIL_PROVIDER === 'disabled' ? 'disabled' : 'ses',
  runScheduler: true,
  senderThreads: true,
  log: verbose ? (line) => console.log(line) : undefined,
}).catch((error: Error & { code?: string }) => {
  if (error.code === 'EADDRINUSE') {
    console.error(
      `A port is already in use (${error.message}). Is another copy running? Stop it, or set PORT / MAILBOX_PORT / INBOX_PORT / TELEGRAM_PORT / NTFY_PORT / WEBHOOK_PORT.`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});

const admin = await ensureLocalAdmin(stack.cognitoEndpoint, stack.userPoolId);
/** A stand-in's address as a newcomer types it. */
const named = (url: string) => url.replace('127.0.0.1', 'localhost');

console.log(`
  Renewal Reminders is running locally.

  App:      ${stack.appUrl}
  Mailbox:  ${stack.mailboxUrl}   (every e-mail the product sends lands here)
  Inbox:    ${stack.inbox.url}   (forward renewal letters to your inbox address, from your account's address)
  Alerts:   Telegram ${named(stack.telegram.url)}, ntfy ${named(stack.ntfy.url)}, webhooks ${named(stack.webhooks.url)}
            (stand-ins: what they receive shows in the mailbox's Telegram, ntfy and Webhooks tabs)
  Admin:    ${LOCAL_ADMIN.email} / ${LOCAL_ADMIN.password}   (local only${admin === 'created' ? ', created now' : ''})

  Data is kept in .local/ between starts; \`npm run reset\` wipes it. Press Ctrl-C to stop.
`);

// `npm run dev`: Vite with hot reload in front of the same backend (it proxies /api, /_cognito, /config.json).
let stopVite: () => Promise<void> = async () => undefined;
if (process.argv.includes('--dev')) {
  const { createServer } = await import('vite');
  const vite = await createServer({ configFile: path.join(ROOT, 'web', 'vite.config.ts') });
  await vite.listen();
  console.log(`  Dev server with hot reload: http://localhost:${vite.config.server.port}\n`);
  stopVite = () => vite.close();
}

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  const forced = setTimeout(() => process.exit(0), 3000);
  forced.unref();
  await stopVite();
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
