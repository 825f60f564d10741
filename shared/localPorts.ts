/**
 * The ports of the product on one machine: `npm start` listens on them (bin/local.ts) and the dev
 * server of `npm run dev` sends the API to the app's (web/vite.config.ts). PORT moves the app,
 * MAILBOX_PORT the mailbox, INBOX_PORT the renewal inbox's SMTP stand-in; a value that is not a port is refused in words, never taken as "any
 * free port".
 */
import * as z from 'zod';

export const LOCAL_PORT_DEFAULTS = { app: 3000, mailbox: 8005, inbox: 2525 } as const;

/**
 * The alert channels' stand-ins (lib/local/telegram.ts, ntfy.ts, webhookReceiver.ts): TELEGRAM_PORT,
 * NTFY_PORT and WEBHOOK_PORT move them.
 */
export const CHANNEL_PORT_DEFAULTS = { telegram: 8006, ntfy: 8007, webhooks: 8008 } as const;

const portText = z
  .string()
  .regex(/^\d{1,5}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(65535));

function portOf(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined) return fallback;
  const parsed = portText.safeParse(value);
  if (!parsed.success)
    throw new Error(`${name} must be a port number from 1 to 65535 (got ${JSON.stringify(value)})`);
  return parsed.data;
}

/** The app's, the mailbox's and the inbox's ports from an environment such as process.env. */
export function localPorts(env: Readonly<Record<string, string | undefined>>): {
  app: number;
  mailbox: number;
  inbox: number;
} {
  const app = portOf(env, 'PORT', LOCAL_PORT_DEFAULTS.app);
  const mailbox = portOf(env, 'MAILBOX_PORT', LOCAL_PORT_DEFAULTS.mailbox);
  const inbox = portOf(env, 'INBOX_PORT', LOCAL_PORT_DEFAULTS.inbox);
  if (app === mailbox) throw new Error(`PORT and MAILBOX_PORT must differ (both ${app})`);
  if (inbox === app || inbox === mailbox)
    throw new Error(`INBOX_PORT must differ from PORT and MAILBOX_PORT (all ${inbox})`);
  return { app, mailbox, inbox };
}

/**
 * The channel stand-ins' ports from an environment such as process.env: each its own, and none of
 * the app's, the mailbox's or the inbox's (`taken`).
 */
export function localChannelPorts(
  env: Readonly<Record<string, string | undefined>>,
  taken: readonly number[] = [],
): { telegram: number; ntfy: number; webhooks: number } {
  const ports = {
    telegram: portOf(env, 'TELEGRAM_PORT', CHANNEL_PORT_DEFAULTS.telegram),
    ntfy: portOf(env, 'NTFY_PORT', CHANNEL_PORT_DEFAULTS.ntfy),
    webhooks: portOf(env, 'WEBHOOK_PORT', CHANNEL_PORT_DEFAULTS.webhooks),
  };
  const all = [...taken, ...Object.values(ports)];
  if (new Set(all).size !== all.length)
    throw new Error(
      `TELEGRAM_PORT, NTFY_PORT and WEBHOOK_PORT must differ from each other and from PORT, MAILBOX_PORT and INBOX_PORT (${all.join(', ')})`,
    );
  return ports;
}
